use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::chat::model::Message;

/// Server → client. Later areas add their kinds (`chat_message`, `notification`, …).
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// Sent once when the socket opens.
    Ready {
        #[serde(rename = "userId")]
        user_id: i64,
    },
    /// The answer to a ping.
    Pong,
    /// The signed-in user's own record changed (in another tab or device): refetch `/api/auth/user`.
    UserUpdated,
    /// A new notification for the user: refetch the count and the list.
    Notification {
        id: i64,
        #[serde(rename = "notificationType")]
        notification_type: crate::notifications::model::Kind,
    },
    /// The user's notifications were read or deleted elsewhere: refetch the count and the list.
    NotificationsChanged,
    /// Someone asked to connect with the user: refetch the requests (and the avatar's dot).
    ConnectionRequest { id: i64 },
    /// The user's connections or requests changed (accepted, rejected, removed, made).
    ConnectionsChanged,
    /// A project the user owns, works on or supports changed (details, tasks, updates, feedback,
    /// collaborators) or was deleted: refetch it and the lists that show it.
    ProjectChanged {
        #[serde(rename = "projectId")]
        project_id: i64,
    },
    /// A direct message to or from the user (stored), as the chat's list shows it: append it, and
    /// refetch the conversations.
    ChatMessage {
        id: i64,
        #[serde(rename = "conversationId")]
        conversation_id: i64,
        #[serde(rename = "senderId")]
        sender_id: i64,
        message: Box<Message>,
    },
    /// A message in the chat of a project the user is on.
    ProjectMessage {
        id: i64,
        #[serde(rename = "conversationId")]
        conversation_id: i64,
        #[serde(rename = "senderId")]
        sender_id: i64,
        #[serde(rename = "projectId")]
        project_id: i64,
        message: Box<Message>,
    },
    /// A message in a community room the user has joined.
    CommunityMessage {
        id: i64,
        #[serde(rename = "conversationId")]
        conversation_id: i64,
        #[serde(rename = "senderId")]
        sender_id: i64,
        room: String,
        message: Box<Message>,
    },
    /// A message in one of the user's conversations was edited: the message as it is now.
    MessageUpdated {
        id: i64,
        #[serde(rename = "conversationId")]
        conversation_id: i64,
        message: Box<Message>,
    },
    /// A message in one of the user's conversations was deleted.
    MessageDeleted {
        id: i64,
        #[serde(rename = "conversationId")]
        conversation_id: i64,
    },
    /// Someone is typing in one of the user's chats (`chat` as this user sees it).
    Typing {
        chat: ChatRef,
        #[serde(rename = "userId")]
        user_id: i64,
    },
    /// A person this user sees (a connection or direct-chat partner) came online or went offline.
    Presence {
        #[serde(rename = "userId")]
        user_id: i64,
        online: bool,
    },
    /// The user's pledges changed (made here or in another tab, accepted, declined or completed by a
    /// project's owner): refetch the portfolio.
    InvestmentsChanged,
    /// The pledges to a project the user owns changed (a new one, or one accepted, declined or
    /// completed in another tab): refetch that project's pledges.
    PledgesChanged {
        #[serde(rename = "projectId")]
        project_id: i64,
    },
    /// This socket's session has ended (logout elsewhere, password reset): sign out now. The socket
    /// closes right after.
    SessionEnded,
}

impl ServerFrame {
    /// The person whose words a group chat frame carries (a message, or its edit): a reader a block stands
    /// between and them is not sent it (API.md "Safety": group chats). Direct chats need no filter: a block
    /// stops the sending itself.
    pub fn group_author(&self) -> Option<i64> {
        match self {
            ServerFrame::ProjectMessage { sender_id, .. } | ServerFrame::CommunityMessage { sender_id, .. } => {
                Some(*sender_id)
            }
            ServerFrame::MessageUpdated { message, .. } if message.receiver_id.is_none() => Some(message.sender_id),
            _ => None,
        }
    }
}

/// Client → server.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    Ping,
    /// The user is typing in a chat (sent at most about once a second; more are dropped).
    Typing {
        chat: ChatRef,
    },
}

/// A chat, named as its reader sees it: the other person of a direct chat, a project, a room.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChatRef {
    Direct {
        #[serde(rename = "userId")]
        user_id: i64,
    },
    Project {
        #[serde(rename = "projectId")]
        project_id: i64,
    },
    Room {
        slug: String,
    },
}
