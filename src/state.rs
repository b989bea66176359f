//! What every handler is given: the services the server holds (database, live hub, caches, search,
//! mail, files, clock). It imports only those services, never the router (`app.rs` assembles the
//! router from the areas and builds this state), so no area depends on `app.rs`.

use std::sync::Arc;

use axum::http::HeaderMap;

use crate::{
    auth::rate_limit::LoginLimiter, auth::session_cache::SessionCache, config::Config, db::Db,
    notifications::kept::KeptNotifications, notifications::push::Pusher, projects::cards::Cards, realtime,
    rewards::top::Top, safety::hidden::Hidden, web,
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
    /// The live channel: this instance's sockets and what each listens to.
    pub hub: realtime::Hub,
    /// The reads this instance keeps, each let go by the domain events that change it (`app::effects`).
    pub kept: Kept,
    /// Web Push: the VAPID key and the delivery worker.
    pub pusher: Pusher,
    /// The time day-based rules read (tests move it forward).
    pub clock: crate::time::Clock,
    /// Uploaded files (profile photos, …).
    pub files: crate::files::FileStore,
    /// The discovery search index (kept following the database by a task of `start`).
    pub search: crate::search::Search,
    pub openapi_json: Arc<String>,
}

impl Shared {
    /// True when a request may change state or open a socket: it carries no `Origin`, or its origin is the app's
    /// own (API.md "Cross-site requests").
    pub fn origin_allowed(&self, headers: &HeaderMap) -> bool {
        // (`public_url` is `GROW_PUBLIC_URL` when configured, else the bound address.)
        web::origin_is_own(headers, &self.public_url, self.config.public_url.is_some())
    }
}

/// What an instance keeps of reads many requests share. Each is let go, in part or whole, by the domain events that
/// change what it holds (the dispatcher, `app::effects`, says which), and whole when events may have been missed.
#[derive(Default)]
pub struct Kept {
    /// Signed-in sessions with their user's record.
    pub sessions: SessionCache,
    /// The deck's and the feed's pages and cards.
    pub cards: Cards,
    /// The leaderboard's head.
    pub top: Top,
    /// Who is hidden from whom by a block.
    pub hidden: Hidden,
    /// Each person's unread count and first page of notifications.
    pub notifications: KeptNotifications,
}

impl Kept {
    /// Events may have been missed (the live bridge lost its connection, or another instance dropped some): nothing
    /// kept is trusted.
    pub fn let_go_of_everything(&self) {
        self.sessions.clear();
        self.cards.everyone_changed();
        self.top.everyone_changed();
        self.hidden.clear();
        self.notifications.clear();
    }
}
