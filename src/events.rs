//! Domain events: what a store says it changed, announced once its transaction commits (and never
//! for one that rolls back). Stores name the fact; the one dispatcher (`app::effects`) decides what follows (live
//! frames, kept reads let go, the search index, pushes), on this instance and, through the live bridge, which
//! carries these same events, on every other. No list of routes has to guess which calls might change what.

use serde::{Deserialize, Serialize};

use crate::{
    db::{Db, Tx},
    realtime::{ChatRef, ServerFrame, Topic},
};

/// A fact a committed write established (or, for [`announce`]d ones, a passing signal no write holds).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DomainEvent {
    /// Which projects a card list holds, or what any number of cards show, changed: a project
    /// published, edited or deleted, an owner renamed, suspended or gone, a block between two people.
    CardsChanged,
    /// What one project's card shows changed (its supporters, tasks or team) and nothing else: the
    /// lists hold the same projects in the same order, so kept pages stay and only this card is read again.
    CardChanged { project_id: i64 },
    /// One person's own marks on cards changed (they supported a project, joined or left a team):
    /// only their kept pages are read again.
    MarksChanged { user_id: i64 },
    /// A person may now read a chat topic (joined a room, became a project's collaborator): their
    /// open sockets subscribe to it, on every instance.
    ReaderJoined { user_id: i64, topic: Topic },
    /// A person may no longer read a chat topic (left a room, left or was removed from a project):
    /// their open sockets unsubscribe, so no frame of it reaches them after the commit.
    ReaderLeft { user_id: i64, topic: Topic },
    /// A person's notifications were read or deleted: their other tabs and devices read them again, and the kept
    /// unread count and first page go.
    NotificationsChanged { user_id: i64 },
    /// A pledge was made to a project or moved on (accepted, paid, declined): its investor's portfolio and its
    /// owner's list of the project's pledges are read again, in every tab.
    PledgeChanged { investor_id: i64, owner_id: i64, project_id: i64 },
    /// `requester` asked `target` to connect or to collaborate (request `request_id`): the target hears of the
    /// request, and the requester's connection lists are read again (what they sent).
    Requested { requester: i64, target: i64, request_id: i64 },
    /// `blocker` blocked `blocked`: whatever joined them went (`connections_ended` when an accepted connection did).
    /// Who is hidden from whom changes, each one's deck and feed lose the other's projects, their connection lists are
    /// read again, and, when a connection ended, their records (the counts) too.
    Blocked { blocker: i64, blocked: i64, connections_ended: bool },
    /// `blocker` lifted a block on `blocked`: who is hidden from whom, and each one's deck and feed, change back.
    Unblocked { blocker: i64, blocked: i64 },
    /// A person signed up: the search index reads them.
    Joined { user_id: i64 },
    /// Something in a person's record changed (profile, settings, counts, role): their kept sessions go and their
    /// open tabs read it again.
    UserChanged { user_id: i64 },
    /// A person's balance moved to `coins` (with what follows it in their record): as [`DomainEvent::UserChanged`],
    /// and the leaderboard's head is read again only when the balance reaches it.
    BalanceMoved { user_id: i64, coins: i64 },
    /// One session ended (a logout, a session ended from settings): its kept copy and its sockets go; the person's
    /// other tabs read their record again.
    SessionEnded { user_id: i64, token_hash: String },
    /// Every session of a person ended (a password reset, a suspension, an account leaving): all their sockets close.
    SignedOut { user_id: i64 },
    /// These people's connections or requests changed (made, answered, removed, ended by an account leaving): their
    /// open tabs read their lists again.
    ConnectionsChanged { people: Vec<i64> },
    /// A project changed or went (details, tasks, updates, feedback, team): the people named read it again.
    ProjectChanged { project_id: i64, people: Vec<i64> },
    /// Something was said in a chat (a message sent, edited, deleted or read): its readers get the frame, on the
    /// chat's topic (a direct chat's two people each on their own).
    Said { topic: Topic, frame: ServerFrame },
    /// A notification was made for a person: their tabs hear of it, their kept count and first page go, and the
    /// push worker wakes to deliver it.
    Notified { user_id: i64, id: i64, kind: crate::notifications::model::Kind },
    /// Announced, not recorded: `typist` is typing in `chat`, as `to` names it.
    Typing { to: i64, chat: ChatRef, typist: i64 },
    /// Announced, not recorded: whether `user_id` is online changed; the people who see them are told.
    Presence { user_id: i64, online: bool, watchers: Vec<i64> },
}

/// How a store records a domain event in its transaction: `tx.emit(DomainEvent::…)`. The listeners hear it once the
/// transaction commits, once however often it was recorded.
pub trait Emit {
    fn emit(&mut self, event: DomainEvent);
}

impl Emit for Tx {
    fn emit(&mut self, event: DomainEvent) {
        if !self.recorded().any(|kept| kept.downcast_ref::<DomainEvent>() == Some(&event)) {
            self.record(Box::new(event));
        }
    }
}

/// Announces an event no transaction holds (typing, presence) to the same listeners, now.
pub fn announce(db: &Db, event: DomainEvent) {
    db.announce(Box::new(event));
}

/// Hears every domain event of every committed transaction, and every announced one.
pub fn listen(db: &Db, listener: impl Fn(DomainEvent) + Send + Sync + 'static) {
    db.listen(move |recorded| {
        if let Some(event) = recorded.downcast_ref::<DomainEvent>() {
            listener(event.clone());
        }
    });
}
