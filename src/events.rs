//! Domain events: what a store says it changed, announced once its transaction commits (and never
//! for one that rolls back). Stores name the fact; listeners (the card cache, which tells the other
//! instances through the live bridge) decide what follows, so no list of routes has to guess which
//! calls might change what.

use crate::{
    db::{Db, Tx},
    realtime::Topic,
};

/// A fact a committed write established.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// Hears every domain event of every committed transaction.
pub fn listen(db: &Db, listener: impl Fn(DomainEvent) + Send + Sync + 'static) {
    db.listen(move |recorded| {
        if let Some(event) = recorded.downcast_ref::<DomainEvent>() {
            listener(event.clone());
        }
    });
}
