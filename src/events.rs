//! Domain events: what a store says it changed, announced once its transaction commits (and never
//! for one that rolls back). Stores name the fact; listeners (the card cache, which tells the other
//! instances through the live bridge) decide what follows, so no list of routes has to guess which
//! calls might change what.

use crate::realtime::Topic;

/// A fact a committed write established.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DomainEvent {
    /// What a project card shows changed: a project, its tasks, team, supporters or owner's name and
    /// photo, or which projects a card list holds (published, deleted, an owner suspended or gone, a
    /// block between two people).
    CardsChanged,
    /// A person may now read a chat topic (joined a room, became a project's collaborator): their
    /// open sockets subscribe to it, on every instance.
    ReaderJoined { user_id: i64, topic: Topic },
    /// A person may no longer read a chat topic (left a room, left or was removed from a project):
    /// their open sockets unsubscribe, so no frame of it reaches them after the commit.
    ReaderLeft { user_id: i64, topic: Topic },
}
