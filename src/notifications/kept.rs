//! A person's unread count and first page of notifications, kept until one of theirs is created, read or
//! deleted: the app asks for the count on every screen and both again after every frame, while a person's
//! notifications change a few times a day.
//!
//! Every such change records a domain event (`Notified` from [`super::notify`], `NotificationsChanged` from
//! reading and deleting; nothing else writes the table but an account's deletion, which ends its sessions), and
//! the dispatcher (`app::effects`) lets the person's values go, on every instance. The page is kept as the bytes it was answered with.

use std::{sync::Arc, time::Duration};

use axum::{
    body::Bytes,
    response::{IntoResponse, Response},
};

use super::{model::Notification, store};
use crate::{
    db::{
        page::{add_next_link, PageRequest},
        Db,
    },
    per_person::PerPerson,
    prepared::PreparedJson,
};

/// The longest a value is served: every change is announced, so this only bounds a lost announcement.
const TTL: Duration = Duration::from_secs(60);
/// People whose count is kept (a number each).
const MAX_COUNTS: usize = 100_000;
/// People whose first page is kept (up to a page of 50, some KiB each).
const MAX_PAGES: usize = 4_096;

#[derive(Clone)]
pub struct KeptNotifications {
    counts: PerPerson<i64>,
    first_pages: PerPerson<Arc<FirstPage>>,
}

/// A first page as answered: the request it answered (its path and query: the limit, other parameters
/// the link carries on), its JSON and the link to the next page.
pub struct FirstPage {
    asked: Box<str>,
    body: Bytes,
    next: Option<String>,
}

impl Default for KeptNotifications {
    fn default() -> Self {
        Self { counts: PerPerson::new(TTL, MAX_COUNTS), first_pages: PerPerson::new(TTL, MAX_PAGES) }
    }
}

impl KeptNotifications {
    /// The person's unread count.
    pub async fn count(&self, db: &Db, person: i64) -> Result<i64, sqlx::Error> {
        self.counts.get_or_read(person, async || store::unread_count(&mut *db.conn().await?, person).await).await
    }

    /// A page of the person's notifications, newest first; the first page as kept when it was asked the
    /// same way.
    pub async fn page(&self, db: &Db, person: i64, page: PageRequest) -> Result<Response, sqlx::Error> {
        let first = page.after.is_none();
        let ticket = match self.first_pages.get(person) {
            Ok(kept) if first && *kept.asked == *page.path_and_query() => return Ok(kept.answer()),
            Ok(_) => None,
            Err(ticket) => first.then_some(ticket),
        };
        let asked: Box<str> = page.path_and_query().into();
        let rows = store::page(&mut *db.conn().await?, person, &page).await?;
        let page = page.finish(rows, |n| (n.created_at, n.id)).map(|n| n.to_wire());
        let body = Bytes::from(serde_json::to_vec::<[Notification]>(&page.items).unwrap_or_default());
        let answer = Arc::new(FirstPage { asked, body, next: page.next });
        if let Some(ticket) = ticket {
            self.first_pages.keep(ticket, person, answer.clone());
        }
        Ok(answer.answer())
    }

    /// A notification of theirs was created, read or deleted.
    pub fn person_changed(&self, person: i64) {
        self.counts.changed(&[person]);
        self.first_pages.changed(&[person]);
    }

    /// Anyone's may have changed.
    pub fn clear(&self) {
        self.counts.clear();
        self.first_pages.clear();
    }
}

impl FirstPage {
    fn answer(&self) -> Response {
        let mut response = PreparedJson(self.body.clone()).into_response();
        add_next_link(&mut response, self.next.as_deref());
        response
    }
}
