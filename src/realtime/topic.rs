use serde::{Deserialize, Serialize};

/// What a frame is about, and so who receives it: the sockets subscribed to the topic. A socket
/// is subscribed to its own user's topic when it opens; areas subscribe members to the other
/// topics (`Hub::join`) once membership is granted and unsubscribe them (`Hub::leave`) when it ends,
/// so a frame reaches only sockets whose user may still read what it names.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum Topic {
    /// One person, on all their devices.
    User(i64),
    /// A project's owner and collaborators.
    Project(i64),
    /// The people of a direct conversation.
    Conversation(i64),
    /// The members of a community room (by slug).
    Room(String),
}
