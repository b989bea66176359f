//! The leaderboard's head as anyone sees it, kept in memory: a look at the leaderboard (or at the
//! rewards screen's top ten) would otherwise scan balances with a block check a row.
//!
//! What is kept: the first [`HEAD`] people by coins (ties by id, the later first), without suspended
//! people or those with no coins, each written as JSON once. An asker's page is cut from it after
//! leaving out the people with a block between them and the asker (their own, read per request).
//!
//! It is let go when something it shows may have changed, as the domain events say when a write commits
//! (at once on this instance; on the others through the live bridge; `app::effects` calls it):
//! - a balance moved (`BalanceMoved`): only when that person is in the head or their
//!   new balance could place them in it, so the many small balances moving leave it alone;
//! - another change to a person (a rename, a photo: `UserChanged`; a suspension or an
//!   account gone: `SignedOut`) when that person is in the head, or when its kind is not known;
//! - a change that may touch anyone (`CardsChanged` for everyone: a suspension lifted, a block, a
//!   deletion), and the bridge reconnecting.
//!
//! A change made outside the server (hand-written SQL, the command line on SQLite) is picked up within
//! [`TTL`]. A read races with a change: it keeps what it read only if nothing was let go since it began.

use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::response::{IntoResponse, Response};

use super::{model::LeaderboardEntry, store};
use crate::{
    db::{
        page::{add_next_link, Cursor, PageRequest},
        Db,
    },
    prepared::PreparedJson,
    sync::lock,
};

/// People kept: more than the default page (50, and one to learn whether more follow), with room for an
/// asker's blocks. Kept small, so that the balance a move must reach to let it go is high (most moves are
/// far below it) and reading it again is cheap; a longer page, or one past it, is read in SQL.
pub const HEAD: i64 = 64;
/// The longest the head is served.
pub const TTL: Duration = Duration::from_secs(10);

#[derive(Clone, Default)]
pub struct Top {
    state: Arc<Mutex<State>>,
}

#[derive(Default)]
struct State {
    kept: Option<Arc<Head>>,
    /// Moves each time the head may have changed; a read that began before a move keeps nothing.
    moves: u64,
}

/// The head as read at one moment.
pub struct Head {
    people: Vec<Person>,
    /// Everyone with coins (and not suspended) is here: there are fewer than [`HEAD`].
    whole: bool,
    read_at: Instant,
}

struct Person {
    entry: LeaderboardEntry,
    json: Box<str>,
}

/// What a read began under (see [`Top::keep`]).
pub struct Ticket {
    moves: u64,
    /// A head was kept and nothing let it go: it only outlived [`TTL`].
    aged: bool,
}

impl Top {
    /// The head if it is kept and fresh; otherwise the ticket to read it with.
    pub fn kept(&self) -> Result<Arc<Head>, Ticket> {
        let state = lock(&self.state);
        match &state.kept {
            Some(head) if head.read_at.elapsed() < TTL => Ok(head.clone()),
            kept => Err(Ticket { moves: state.moves, aged: kept.is_some() }),
        }
    }

    /// The head read under `ticket` (at most [`HEAD`] rows, best first), kept unless something moved since.
    pub fn keep(&self, ticket: Ticket, rows: Vec<LeaderboardEntry>) -> Arc<Head> {
        let whole = rows.len() < usize::try_from(HEAD).unwrap_or(usize::MAX);
        let people = rows
            .into_iter()
            .map(|entry| {
                let json = serde_json::to_string(&entry).unwrap_or_default().into_boxed_str();
                Person { entry, json }
            })
            .collect();
        let head = Arc::new(Head { people, whole, read_at: Instant::now() });
        let mut state = lock(&self.state);
        if state.moves == ticket.moves {
            state.kept = Some(head.clone());
        }
        head
    }

    /// The head, as kept or read now.
    pub async fn head(&self, db: &Db) -> Result<Arc<Head>, sqlx::Error> {
        match self.kept() {
            Ok(head) => Ok(head),
            Err(ticket) => self.read(db, ticket).await,
        }
    }

    /// The head as kept, or read now when it only outlived [`TTL`] (nothing let it go); `None` when a change
    /// let it go. For a reader that needs only a few of its people: after a change, the next may follow at
    /// once (a day's first visits each move a balance), and the head is more rows than such a reader shows.
    pub async fn head_unless_let_go(&self, db: &Db) -> Result<Option<Arc<Head>>, sqlx::Error> {
        match self.kept() {
            Ok(head) => Ok(Some(head)),
            Err(ticket) if ticket.aged => Ok(Some(self.read(db, ticket).await?)),
            Err(_) => Ok(None),
        }
    }

    /// The head read now under `ticket`, and kept unless something moved since.
    async fn read(&self, db: &Db, ticket: Ticket) -> Result<Arc<Head>, sqlx::Error> {
        Ok(self.keep(ticket, store::leaderboard_head(&mut *db.conn().await?, HEAD).await?))
    }

    /// A person's balance moved to `coins` (and nothing else the head shows of anyone).
    pub fn balance_moved(&self, user_id: i64, coins: i64) {
        self.let_go_if(|head| head.holds(user_id) || head.admits(coins));
    }

    /// Something else about one person changed.
    pub fn person_changed(&self, user_id: i64) {
        self.let_go_if(|head| head.holds(user_id));
    }

    /// Anything may have changed.
    pub fn everyone_changed(&self) {
        self.let_go_if(|_| true);
    }

    fn let_go_if(&self, touches: impl Fn(&Head) -> bool) {
        let mut state = lock(&self.state);
        // With nothing kept, a read may be under way that saw the world before this change.
        if state.kept.as_deref().is_none_or(touches) {
            state.kept = None;
            state.moves += 1;
        }
    }
}

impl Head {
    fn holds(&self, user_id: i64) -> bool {
        self.people.iter().any(|p| p.entry.id == user_id)
    }

    /// Whether a person with `coins` could be in the head (at the last one's balance they might).
    fn admits(&self, coins: i64) -> bool {
        coins > 0 && (self.whole || self.people.last().is_none_or(|last| coins >= last.entry.coins))
    }

    /// Up to `count` people after `after` (coins, then id, both descending), leaving out `hidden`; `None`
    /// when the head runs out before that many and people beyond it may exist.
    fn cut(&self, hidden: &[i64], after: Option<Cursor>, count: usize) -> Option<Vec<&Person>> {
        let mut page = Vec::with_capacity(count.min(self.people.len()));
        let past = |p: &&Person| after.is_none_or(|c| (p.entry.coins, p.entry.id) < (c.key, c.id));
        for person in self.people.iter().filter(past).filter(|p| !hidden.contains(&p.entry.id)) {
            if page.len() == count {
                break;
            }
            page.push(person);
        }
        (page.len() == count || self.whole).then_some(page)
    }

    /// The entries of such a cut (for answers that write them with the rest of a document).
    pub fn entries(&self, hidden: &[i64], after: Option<Cursor>, count: usize) -> Option<Vec<LeaderboardEntry>> {
        self.cut(hidden, after, count).map(|page| page.into_iter().map(|p| p.entry.clone()).collect())
    }

    /// An asker's page, ready to send (with `Link: rel="next"` while more remain); `None` when the head
    /// cannot tell it.
    pub fn page(&self, hidden: &[i64], request: &PageRequest) -> Option<Response> {
        let wanted = usize::try_from(request.fetch_limit()).unwrap_or(usize::MAX);
        let people = self.cut(hidden, request.after, wanted)?;
        let page = request.clone().finish(people, |p| (p.entry.coins, p.entry.id));
        let mut body = Vec::with_capacity(2 + page.items.iter().map(|p| p.json.len() + 1).sum::<usize>());
        body.push(b'[');
        for (i, person) in page.items.iter().enumerate() {
            if i > 0 {
                body.push(b',');
            }
            body.extend_from_slice(person.json.as_bytes());
        }
        body.push(b']');
        let mut response = PreparedJson(body).into_response();
        add_next_link(&mut response, page.next.as_deref());
        Some(response)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: i64, coins: i64) -> LeaderboardEntry {
        LeaderboardEntry {
            id,
            first_name: format!("F{id}"),
            last_name: "L".into(),
            username: format!("u{id}"),
            profile_image_url: None,
            coins,
            total_coins_earned: coins,
        }
    }

    /// `n` people, best first: ids n..1 with coins 10 × id.
    fn rows(n: i64) -> Vec<LeaderboardEntry> {
        (1..=n).rev().map(|id| entry(id, id * 10)).collect()
    }

    fn ids(head: &Head, hidden: &[i64], after: Option<Cursor>, count: usize) -> Option<Vec<i64>> {
        head.entries(hidden, after, count).map(|page| page.iter().map(|e| e.id).collect())
    }

    #[test]
    fn a_cut_leaves_out_the_hidden_pages_on_and_declines_past_a_full_head() {
        let top = Top::default();
        let Err(ticket) = top.kept() else { panic!("nothing is kept at first") };
        let full = top.keep(ticket, rows(HEAD));
        assert!(!full.whole);
        assert_eq!(ids(&full, &[64, 62], None, 3), Some(vec![63, 61, 60]));
        assert_eq!(ids(&full, &[], Some(Cursor { key: 630, id: 63 }), 2), Some(vec![62, 61]));
        // Two hidden near the end: the head cannot tell who comes after it.
        assert_eq!(ids(&full, &[3, 2], Some(Cursor { key: 50, id: 5 }), 3), None);
        assert_eq!(ids(&full, &[], Some(Cursor { key: 50, id: 5 }), 4), Some(vec![4, 3, 2, 1]));

        let top = Top::default();
        let Err(ticket) = top.kept() else { panic!() };
        let whole = top.keep(ticket, rows(5));
        assert_eq!(
            ids(&whole, &[4], None, 10),
            Some(vec![5, 3, 2, 1]),
            "everyone is there: a short page is the answer"
        );
        let written = whole.people[1].json.as_ref();
        let parsed: serde_json::Value = serde_json::from_str(written).unwrap();
        assert_eq!(parsed["username"], "u4");
        assert_eq!(parsed["totalCoinsEarned"], 40);
    }

    #[test]
    fn only_a_change_that_may_touch_the_head_lets_it_go() {
        let top = Top::default();
        let Err(ticket) = top.kept() else { panic!() };
        top.keep(ticket, rows(HEAD)); // coins 640 down to 10
        assert!(top.kept().is_ok());
        top.balance_moved(10_000, 5); // below the last kept balance, not in the head
        top.person_changed(10_000);
        assert!(top.kept().is_ok(), "a change far from the head keeps it");
        top.balance_moved(10_000, 10);
        assert!(top.kept().is_err(), "a balance that ties the last kept one may enter");

        let Err(ticket) = top.kept() else { panic!() };
        top.keep(ticket, rows(HEAD));
        top.balance_moved(7, 1); // in the head, falling
        assert!(top.kept().is_err());
        let Err(ticket) = top.kept() else { panic!() };
        top.keep(ticket, rows(HEAD));
        top.person_changed(60); // a rename in the head
        assert!(top.kept().is_err());

        // When everyone is in the head, any new balance may enter.
        let Err(ticket) = top.kept() else { panic!() };
        top.keep(ticket, rows(3));
        top.balance_moved(99, 1);
        assert!(top.kept().is_err());
        let Err(ticket) = top.kept() else { panic!() };
        top.keep(ticket, rows(3));
        top.balance_moved(99, 0);
        assert!(top.kept().is_ok(), "no coins, never listed");
        top.everyone_changed();
        assert!(top.kept().is_err());
    }

    #[test]
    fn a_read_that_began_before_a_change_is_not_kept() {
        let top = Top::default();
        let Err(ticket) = top.kept() else { panic!() };
        // Nothing kept: a move anywhere may be one the read did not see.
        top.balance_moved(12_345, 1);
        let head = top.keep(ticket, rows(2));
        assert_eq!(head.people.len(), 2, "the read's own answer is still its read");
        assert!(top.kept().is_err(), "but it is not kept");
        let Err(ticket) = top.kept() else { panic!() };
        top.keep(ticket, rows(2));
        assert!(top.kept().is_ok());
    }

    #[test]
    fn a_head_that_only_aged_says_so_and_one_let_go_does_not() {
        let top = Top::default();
        let Err(ticket) = top.kept() else { panic!() };
        assert!(!ticket.aged, "nothing was ever kept");
        top.keep(ticket, rows(HEAD));
        // Outlived its TTL with nothing moving.
        let old = Instant::now().checked_sub(TTL).expect("the clock is past the TTL");
        if let Some(kept) = lock(&top.state).kept.as_mut() {
            *kept = Arc::new(Head { people: Vec::new(), whole: false, read_at: old });
        }
        let Err(ticket) = top.kept() else { panic!("past its TTL the head is not served") };
        assert!(ticket.aged);
        top.keep(ticket, rows(HEAD));
        assert!(top.kept().is_ok(), "read again after aging, it is kept");
        top.person_changed(HEAD);
        let Err(ticket) = top.kept() else { panic!() };
        assert!(!ticket.aged, "let go by a change: not merely aged");
    }
}
