//! The read model of the deck and the feed, so that a page usually costs no database round trip.
//!
//! Two things are kept in each instance's memory:
//! - cards: each project as anyone sees it, serialized once, with the card version it was read at
//!   (migration 0012's triggers move `projects.card_version` in the same transaction as any change a
//!   card shows, so a card older than a page's entry is never used);
//! - pages: per person and per list (path and query), the entries of a page as last read: ids,
//!   card versions and the person's own marks (supported, role).
//!
//! A kept page is good while nothing that may change it has committed since it was read. Stores
//! record what they changed on their transaction, and once it commits (`app::effects` lets go here, the
//! live bridge carries the event to the other instances):
//! - a change to which cards a list holds, or to many cards
//!   ([`crate::events::DomainEvent::CardsChanged`]), marks every page stale;
//! - a change to one person's marks (their swipes, supports, place in a team) marks that person's pages stale;
//! - a change to what one card shows and nothing else (a support, a task, a team member:
//!   [`crate::events::DomainEvent::CardChanged`]) drops only that card: both kept lists are newest
//!   first, so every kept page still holds it in its place, and the next render reads it again.
//!
//! A change made outside the server (hand-written SQL) is picked up within [`PAGE_TTL`].
//!
//! A read races with a change: it may read before a write commits and try to keep what it read after
//! the write marked it stale. Each page read holds a [`Ticket`] of the marks it started under and keeps
//! its page only if none moved since; each card read notes the card marks' number when it started
//! and keeps a card only if that card was not marked since.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, RwLock},
    time::{Duration, Instant},
};

use axum::response::{IntoResponse, Response};

use super::store::{self, CardEntry};
use crate::{
    db::{page::Page, Conn, Db},
    error::AppError,
    prepared::PreparedJson,
    sync::{self, lock},
};

/// More cards than this and the card cache starts again (a community's published projects fit many times).
const MAX_CARDS: usize = 100_000;
/// More kept pages than this (over everyone) and the page cache starts again.
const MAX_PAGES: usize = 20_000;
/// The longest a kept page is served: bounds what a change outside the API, or a notice lost while
/// the bridge reconnects, can leave stale.
pub const PAGE_TTL: Duration = Duration::from_secs(10);

struct Card {
    version: i64,
    /// The card as anyone sees it, as a JSON object without its closing brace (the caller's marks
    /// are appended per page).
    open_json: Box<str>,
}

#[derive(Clone, Default)]
pub struct Cards {
    cards: Arc<RwLock<KeptCards>>,
    pages: Arc<Mutex<Pages>>,
}

#[derive(Default)]
struct KeptCards {
    by_id: HashMap<i64, Arc<Card>>,
    /// Moves on every card mark; each mark takes the next number.
    seq: u64,
    /// The number of each card's last mark (a card read that started before it is not kept).
    marked: HashMap<i64, u64>,
    /// The number at which everything was last let go: a read that started before it keeps nothing.
    cleared: u64,
}

impl KeptCards {
    fn fresh(&self, entry: &CardEntry) -> Option<&Arc<Card>> {
        self.by_id.get(&entry.id).filter(|card| card.version >= entry.card_version)
    }

    /// Whether a card read that started at `started` may keep `id`.
    fn may_keep(&self, id: i64, started: u64) -> bool {
        started >= self.cleared && self.marked.get(&id).is_none_or(|&marked| marked <= started)
    }
}

#[derive(Default)]
struct Pages {
    /// Moves on every mark; each mark takes the next number.
    seq: u64,
    /// The number of the last change that marked every page stale.
    everyone: u64,
    people: HashMap<i64, PersonPages>,
    count: usize,
    /// When pages past [`PAGE_TTL`] were last let go, and the number that took (a read that began before
    /// it is not kept: the sweep may have forgotten a mark it began under).
    last_sweep: Option<Instant>,
    swept: u64,
}

#[derive(Default)]
struct PersonPages {
    /// The number of the last change that marked this person's pages stale.
    changed: u64,
    by_list: HashMap<String, KeptPage>,
}

struct KeptPage {
    everyone: u64,
    read_at: Instant,
    page: Arc<Page<CardEntry>>,
}

/// The marks a read started under (see the module's note on races).
pub struct Ticket {
    person: i64,
    list: String,
    everyone: u64,
    changed: u64,
    /// The mark number when the read began.
    seq: u64,
}

/// A page of cards, ready to send: a JSON array of projects, with `Link: rel="next"` when more remain.
pub struct CardPage {
    body: Vec<u8>,
    next: Option<String>,
}

impl IntoResponse for CardPage {
    fn into_response(self) -> Response {
        let mut response = PreparedJson(self.body).into_response();
        crate::db::page::add_next_link(&mut response, self.next.as_deref());
        response
    }
}

impl Cards {
    /// A person's page of `list` as kept, if nothing changed since it was read; otherwise the ticket
    /// to read it with and hand to [`Cards::keep`].
    pub fn kept(&self, person: i64, list: &str) -> Result<Arc<Page<CardEntry>>, Ticket> {
        let pages = lock(&self.pages);
        let person_pages = pages.people.get(&person);
        if let Some(kept) = person_pages.and_then(|p| p.by_list.get(list)) {
            if kept.everyone == pages.everyone && kept.read_at.elapsed() < PAGE_TTL {
                return Ok(kept.page.clone());
            }
        }
        Err(Ticket {
            person,
            list: list.to_owned(),
            everyone: pages.everyone,
            changed: person_pages.map_or(0, |p| p.changed),
            seq: pages.seq,
        })
    }

    /// Keeps a page read under `ticket`, unless something changed meanwhile.
    pub fn keep(&self, ticket: Ticket, page: Page<CardEntry>) -> Arc<Page<CardEntry>> {
        let page = Arc::new(page);
        let mut pages = lock(&self.pages);
        pages.sweep_if_due(Instant::now());
        let changed = pages.people.get(&ticket.person).map_or(0, |p| p.changed);
        if ticket.everyone != pages.everyone || ticket.changed != changed || ticket.seq < pages.swept {
            return page;
        }
        if pages.count >= MAX_PAGES {
            pages.mark_everyone();
            pages.people.clear();
            pages.count = 0;
            return page;
        }
        let everyone = pages.everyone;
        let kept = KeptPage { everyone, read_at: Instant::now(), page: page.clone() };
        if pages.people.entry(ticket.person).or_default().by_list.insert(ticket.list, kept).is_none() {
            pages.count += 1;
        }
        page
    }

    /// After a change that may touch any card, the set of cards or their order.
    pub fn everyone_changed(&self) {
        lock(&self.pages).mark_everyone();
    }

    /// After a change to what one card shows, and not to where it stands in any list.
    pub fn card_changed(&self, project: i64) {
        let mut cards = sync::write(&self.cards);
        cards.seq += 1;
        let seq = cards.seq;
        cards.by_id.remove(&project);
        if cards.marked.len() >= MAX_CARDS {
            cards.marked.clear();
            cards.cleared = seq;
        }
        cards.marked.insert(project, seq);
    }

    /// After a change to what only this person's pages show (their swipes, supports, roles).
    pub fn person_changed(&self, person: i64) {
        let mut pages = lock(&self.pages);
        pages.seq += 1;
        let seq = pages.seq;
        let person_pages = pages.people.entry(person).or_default();
        let dropped = person_pages.by_list.len();
        person_pages.changed = seq;
        person_pages.by_list.clear();
        pages.count -= dropped;
    }

    /// The page's cards, each with the caller's marks. An entry whose project went between the two
    /// reads (deleted meanwhile) is left out. Asks the database only for cards not kept.
    pub async fn render(&self, db: &Db, page: &Page<CardEntry>) -> Result<CardPage, AppError> {
        let mut body = Vec::with_capacity(page.items.len() * 700 + 2);
        self.write_array(db, &page.items, |_, _| {}, &mut body).await?;
        Ok(CardPage { body, next: page.next.clone() })
    }

    /// Writes the entries' cards into `body` as a JSON array, each with the caller's marks and what `more`
    /// appends to it (`,"key":value` pairs, given the entry's place in `entries`). An entry whose project went
    /// between the two reads is left out; how many were written. Asks the database only for cards not kept.
    pub async fn write_array(
        &self,
        db: &Db,
        entries: &[CardEntry],
        more: impl Fn(usize, &mut Vec<u8>),
        body: &mut Vec<u8>,
    ) -> Result<usize, AppError> {
        let missing: Vec<i64> = {
            let cards = sync::read(&self.cards);
            entries.iter().filter(|e| cards.fresh(e).is_none()).map(|e| e.id).collect()
        };
        let loaded =
            if missing.is_empty() { HashMap::new() } else { self.load(&mut *db.conn().await?, &missing).await? };
        let cards = sync::read(&self.cards);
        Ok(write_cards(body, entries, |entry| cards.fresh(entry).or_else(|| loaded.get(&entry.id)).cloned(), more))
    }

    /// Reads these cards (rows, then collaborators: those are at least as new as the version kept,
    /// so a change between the two reads only makes the next page read the card again).
    async fn load(&self, conn: &mut Conn, ids: &[i64]) -> Result<HashMap<i64, Arc<Card>>, AppError> {
        let started = sync::read(&self.cards).seq;
        let rows = store::cards(conn, ids).await?;
        let mut collaborators = store::collaborator_ids(conn, ids).await?;
        let mut loaded = HashMap::with_capacity(rows.len());
        for row in &rows {
            let project = row.to_wire(collaborators.remove(&row.id).unwrap_or_default());
            loaded.insert(row.id, Arc::new(Card { version: row.card_version, open_json: open_json(&project)? }));
        }
        let mut cached = sync::write(&self.cards);
        if cached.by_id.len() + loaded.len() > MAX_CARDS {
            cached.by_id.clear();
        }
        for (id, card) in &loaded {
            // Two pages may load the same card at once: the newer read wins. A card marked after
            // this read began may have been read before its change committed: it is not kept.
            if cached.may_keep(*id, started) && cached.by_id.get(id).is_none_or(|old| old.version <= card.version) {
                cached.by_id.insert(*id, card.clone());
            }
        }
        Ok(loaded)
    }
}

impl Pages {
    fn mark_everyone(&mut self) {
        self.seq += 1;
        self.everyone = self.seq;
    }

    /// Lets go of the pages too old to be served (and of the people left with none), once a [`PAGE_TTL`]: a
    /// page is kept for its person's next look within seconds, and one not looked at again would otherwise
    /// stay until [`MAX_PAGES`] empties everything (with many people, the memory of every page anyone read).
    fn sweep_if_due(&mut self, now: Instant) {
        let Some(last) = self.last_sweep else {
            self.last_sweep = Some(now);
            return;
        };
        if now.saturating_duration_since(last) < PAGE_TTL {
            return;
        }
        self.last_sweep = Some(now);
        let mut dropped = 0;
        self.people.retain(|_, person| {
            let before = person.by_list.len();
            person.by_list.retain(|_, kept| now.saturating_duration_since(kept.read_at) < PAGE_TTL);
            dropped += before - person.by_list.len();
            !person.by_list.is_empty()
        });
        self.count -= dropped;
        self.seq += 1;
        self.swept = self.seq;
    }
}

/// A project as anyone sees it, as JSON without the caller's marks and without the closing brace.
fn open_json(project: &super::model::Project) -> Result<Box<str>, AppError> {
    let mut value = serde_json::to_value(project).map_err(|e| AppError::Internal(e.into()))?;
    if let Some(object) = value.as_object_mut() {
        object.remove("isSupported");
        object.remove("myRole");
    }
    let mut json = value.to_string();
    json.pop(); // the closing brace
    Ok(json.into_boxed_str())
}

/// The JSON array of the entries' projects: each kept card with the caller's marks and `more` appended; how
/// many were written.
fn write_cards(
    body: &mut Vec<u8>,
    entries: &[CardEntry],
    card: impl Fn(&CardEntry) -> Option<Arc<Card>>,
    more: impl Fn(usize, &mut Vec<u8>),
) -> usize {
    body.push(b'[');
    let mut written = 0;
    for (at, entry) in entries.iter().enumerate() {
        let Some(card) = card(entry) else { continue };
        if written > 0 {
            body.push(b',');
        }
        written += 1;
        body.extend_from_slice(card.open_json.as_bytes());
        body.extend_from_slice(if entry.supported_by_me == 1 {
            b",\"isSupported\":true"
        } else {
            b",\"isSupported\":false"
        });
        match entry.my_role.as_str() {
            "" => body.extend_from_slice(b",\"myRole\":null"),
            role => {
                body.extend_from_slice(b",\"myRole\":");
                body.extend_from_slice(serde_json::Value::from(role).to_string().as_bytes());
            }
        }
        more(at, body);
        body.push(b'}');
    }
    body.push(b']');
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: i64) -> CardEntry {
        CardEntry { id, created_at: id, card_version: 0, supported_by_me: 0, my_role: String::new() }
    }

    fn page(ids: &[i64]) -> Page<CardEntry> {
        Page { items: ids.iter().copied().map(entry).collect(), next: None }
    }

    fn kept_ids(cards: &Cards, person: i64, list: &str) -> Option<Vec<i64>> {
        cards.kept(person, list).ok().map(|page| page.items.iter().map(|e| e.id).collect())
    }

    #[test]
    fn a_kept_page_serves_until_a_change_marks_it() {
        let cards = Cards::default();
        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.keep(ticket, page(&[3, 2]));
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), Some(vec![3, 2]));
        assert_eq!(kept_ids(&cards, 1, "/api/projects"), None, "another list is its own page");
        assert_eq!(kept_ids(&cards, 2, "/api/feed"), None, "another person's page is their own");

        cards.person_changed(2);
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), Some(vec![3, 2]), "another person's swipe");
        cards.person_changed(1);
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), None);

        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.keep(ticket, page(&[3]));
        cards.everyone_changed();
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), None);
    }

    #[test]
    fn a_read_that_raced_a_change_is_not_kept() {
        let cards = Cards::default();
        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.everyone_changed();
        cards.keep(ticket, page(&[1]));
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), None);

        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.person_changed(1);
        cards.keep(ticket, page(&[1]));
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), None);

        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.person_changed(7);
        cards.keep(ticket, page(&[1]));
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), Some(vec![1]), "someone else's swipe does not matter");
    }

    #[test]
    fn pages_past_their_time_are_let_go_and_a_read_across_the_sweep_is_not_kept() {
        let cards = Cards::default();
        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.keep(ticket, page(&[3]));
        let ticket = cards.kept(2, "/api/feed").unwrap_err();
        cards.keep(ticket, page(&[4]));
        let racing = cards.kept(3, "/api/feed").unwrap_err();
        {
            let mut pages = lock(&cards.pages);
            assert_eq!((pages.count, pages.people.len()), (2, 2));
            let later = Instant::now() + PAGE_TTL + Duration::from_secs(1);
            pages.sweep_if_due(later);
            assert_eq!((pages.count, pages.people.len()), (0, 0), "both pages were past their time");
            pages.sweep_if_due(later + Duration::from_secs(1));
            assert_eq!(pages.last_sweep, Some(later), "once a PAGE_TTL at most");
        }
        cards.keep(racing, page(&[5]));
        assert_eq!(kept_ids(&cards, 3, "/api/feed"), None, "began before the sweep");
        let ticket = cards.kept(3, "/api/feed").unwrap_err();
        cards.keep(ticket, page(&[5]));
        assert_eq!(kept_ids(&cards, 3, "/api/feed"), Some(vec![5]));
    }

    #[test]
    fn a_changed_card_is_dropped_and_its_pages_stay() {
        let cards = Cards::default();
        let ticket = cards.kept(1, "/api/feed").unwrap_err();
        cards.keep(ticket, page(&[3, 2]));
        sync::write(&cards.cards).by_id.insert(3, Arc::new(Card { version: 0, open_json: "{".into() }));

        cards.card_changed(3);
        assert_eq!(kept_ids(&cards, 1, "/api/feed"), Some(vec![3, 2]), "the page holds the card in its place");
        assert!(sync::read(&cards.cards).fresh(&entry(3)).is_none(), "the card is read again");
    }

    #[test]
    fn a_card_read_that_raced_its_change_is_not_kept() {
        let cards = Cards::default();
        let started = sync::read(&cards.cards).seq;
        cards.card_changed(3);
        let kept = sync::read(&cards.cards);
        assert!(!kept.may_keep(3, started), "read before the change committed");
        assert!(kept.may_keep(4, started), "another card's change does not matter");
        assert!(kept.may_keep(3, kept.seq), "read after the change");
    }

    #[test]
    fn marks_are_appended_to_the_card_as_valid_json() {
        let card = Arc::new(Card { version: 0, open_json: "{\"id\":5,\"title\":\"A \\\"B\\\"\"".into() });
        let mut mine = entry(5);
        mine.supported_by_me = 1;
        mine.my_role = "owner".into();
        let mut body = Vec::new();
        let written =
            write_cards(&mut body, &[mine, entry(5), entry(6)], |e| (e.id == 5).then(|| card.clone()), |_, _| {});
        let parsed: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            parsed,
            serde_json::json!([
                {"id": 5, "title": "A \"B\"", "isSupported": true, "myRole": "owner"},
                {"id": 5, "title": "A \"B\"", "isSupported": false, "myRole": null}
            ])
        );
        assert_eq!(written, 2, "the entry without a card is left out");
        // What a caller appends lands inside each card, by the entry's place.
        let mut body = Vec::new();
        write_cards(
            &mut body,
            &[entry(6), entry(5)],
            |e| (e.id == 5).then(|| card.clone()),
            |at, out| out.extend_from_slice(format!(",\"at\":{at}").as_bytes()),
        );
        let parsed: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(parsed[0]["at"], 1);
    }
}
