use serde::{Deserialize, Serialize};

/// What a frame is about, and so who receives it: the sockets subscribed to the topic. A socket
/// subscribes to its own user's topic and to the chats its user reads when it opens
/// (`Hub::register`, `Hub::open`); a committed membership change (`DomainEvent::ReaderJoined`,
/// `ReaderLeft`: joining or leaving a room, joining or leaving a project's team) subscribes or
/// unsubscribes the person's sockets on every instance, so a frame reaches only sockets whose user
/// may still read what it names, and a message to a room is published once, not once per member.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum Topic {
    /// One person, on all their devices.
    User(i64),
    /// A project's chat: its owner and collaborators (not viewers).
    Project(i64),
    /// The members of a community room (by slug).
    Room(String),
}
