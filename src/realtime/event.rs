//! What the hub announces, on this instance and, through the live bridge, on every other.

use serde::{Deserialize, Serialize};

use super::{ServerFrame, Topic};

/// A change to announce, on this instance and every other.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A frame for everyone subscribed to a topic.
    Frame { topic: Topic, frame: ServerFrame },
    /// A user's record changed: their cached sessions are dropped and their sockets told. `coins` is
    /// their new balance when the change was a balance move (the leaderboard's head stays unless it
    /// reaches it); without it, anything about them may have changed.
    UserChanged {
        user_id: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        coins: Option<i64>,
    },
    /// One session ended (logout): its cache entry and its sockets go.
    SessionEnded { user_id: i64, token_hash: String },
    /// Every session of a user ended (password reset, later deletion or suspension).
    UserSignedOut { user_id: i64 },
    /// A user may now read a topic: their open sockets subscribe.
    Join { user_id: i64, topic: Topic },
    /// A user may no longer read a topic: their open sockets unsubscribe.
    Leave { user_id: i64, topic: Topic },
    /// A block between two people was made or lifted: what is kept of who is hidden from whom goes.
    BlockChanged { blocker: i64, blocked: i64 },
    /// Kept pages of the deck and the feed are stale: one person's (`user_id`) or everyone's.
    CardsChanged { user_id: Option<i64> },
    /// One project's kept card is stale (kept pages stay: it holds its place in every list).
    CardChanged { project_id: i64 },
}
