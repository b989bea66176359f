//! What every handler is given: the services the server holds (database, live hub, caches, search,
//! mail, files, clock). It imports only those services, never the router (`app.rs` assembles the
//! router from the areas and builds this state), so no area depends on `app.rs`.

use std::sync::Arc;

use axum::http::HeaderMap;

use crate::{
    auth::rate_limit::LoginLimiter,
    config::Config,
    db::{Db, Tx},
    notifications::push::Pusher,
    realtime::{self, Event},
    web,
};

/// What every handler reaches, shared: cloning it (once or twice a request) is one reference count.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }

    /// A handle that does not keep the state alive: what a listener of the database holds, since the database is
    /// part of the state.
    pub fn downgrade(&self) -> std::sync::Weak<Shared> {
        Arc::downgrade(&self.0)
    }

    /// The state a [`downgrade`](Self::downgrade)d handle names, while it lives.
    pub fn upgrade(weak: &std::sync::Weak<Shared>) -> Option<Self> {
        weak.upgrade().map(Self)
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    /// Where people reach the app, without a trailing slash: `GROW_PUBLIC_URL` or the bound address.
    pub public_url: Arc<str>,
    pub login_limiter: Arc<LoginLimiter>,
    /// The counts of the per-call budgets (in memory, shared across instances).
    pub call_counts: Arc<crate::safety::call_counts::CallCounts>,
    pub mailer: Arc<crate::mail::Mailer>,
    /// The live channel; it also owns the session cache it keeps fresh.
    pub hub: realtime::Hub,
    /// Web Push: the VAPID key and the delivery worker.
    pub pusher: Pusher,
    /// The time day-based rules read (tests move it forward).
    pub clock: crate::time::Clock,
    /// Uploaded files (profile photos, …).
    pub files: crate::files::FileStore,
    /// The discovery search index (kept following the database by a task of `start`).
    pub search: crate::search::Search,
    /// The read model of the deck and the feed (kept fresh through the hub's events).
    pub cards: crate::projects::cards::Cards,
    pub openapi_json: Arc<String>,
}

impl Shared {
    /// A change to a user's record in `tx`: once it commits, every instance drops its cached copy and
    /// the user's open tabs refetch. Every write to `users` that a session shows calls this.
    pub fn user_changed(&self, tx: &mut Tx, user_id: i64) {
        self.hub.emit_after(tx, Event::UserChanged { user_id, coins: None });
    }

    /// A move of a user's balance to `coins` in `tx` (with what follows it in their record: progress,
    /// achievements), announced as [`Shared::user_changed`] is, saying the balance it reached.
    pub fn balance_moved(&self, tx: &mut Tx, user_id: i64, coins: i64) {
        self.hub.emit_after(tx, Event::UserChanged { user_id, coins: Some(coins) });
    }

    /// A change to these people's connections or requests in `tx` (made, answered, removed, ended by a block or by
    /// an account leaving): once it commits, each one's open tabs refetch their lists.
    pub fn connections_changed(&self, tx: &mut Tx, people: &[i64]) {
        for person in people {
            self.hub.publish_after(tx, realtime::Topic::User(*person), realtime::ServerFrame::ConnectionsChanged);
        }
    }

    /// True when a request may change state or open a socket: it carries no `Origin`, or its origin is the app's
    /// own (API.md "Cross-site requests").
    pub fn origin_allowed(&self, headers: &HeaderMap) -> bool {
        // (`public_url` is `GROW_PUBLIC_URL` when configured, else the bound address.)
        web::origin_is_own(headers, &self.public_url, self.config.public_url.is_some())
    }
}
