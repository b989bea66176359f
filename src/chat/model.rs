//! Wire and row types of chat (spec 000 §3 Conversation, Message).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::time::rfc3339;

pub const MESSAGE_COLUMNS: &str = "m.id, m.conversation_id, m.sender_id, m.receiver_id, m.content, m.message_type, \
    m.attachment_url, m.attachment_type, m.attachment_name, m.created_at, m.edited_at, m.client_id, c.project_id, c.room, \
    u.first_name AS sender_first_name, u.last_name AS sender_last_name, u.profile_image_url AS sender_profile_image_url";

#[derive(Clone)]
pub struct MessageRow {
    pub id: i64,
    pub conversation_id: i64,
    pub sender_id: i64,
    pub receiver_id: Option<i64>,
    pub content: String,
    pub message_type: String,
    pub attachment_url: Option<String>,
    pub attachment_type: Option<String>,
    pub attachment_name: Option<String>,
    pub created_at: i64,
    pub edited_at: Option<i64>,
    pub client_id: Option<String>,
    pub project_id: Option<i64>,
    pub room: Option<String>,
    pub sender_first_name: String,
    pub sender_last_name: String,
    pub sender_profile_image_url: Option<String>,
}
crate::from_row!(MessageRow {
    id,
    conversation_id,
    sender_id,
    receiver_id,
    content,
    message_type,
    attachment_url,
    attachment_type,
    attachment_name,
    created_at,
    edited_at,
    client_id,
    project_id,
    room,
    sender_first_name,
    sender_last_name,
    sender_profile_image_url
});

impl MessageRow {
    pub fn to_wire(&self) -> Message {
        Message {
            id: self.id,
            conversation_id: self.conversation_id,
            sender_id: self.sender_id,
            receiver_id: self.receiver_id,
            project_id: self.project_id,
            room: self.room.clone(),
            content: self.content.clone(),
            message_type: self.message_type.clone(),
            attachment_url: self.attachment_url.clone(),
            attachment_type: self.attachment_type.clone(),
            attachment_name: self.attachment_name.clone(),
            sender_name: format!("{} {}", self.sender_first_name, self.sender_last_name).trim().to_string(),
            sender_profile_image_url: self.sender_profile_image_url.clone(),
            created_at: rfc3339(self.created_at),
            edited_at: self.edited_at.map(rfc3339),
            client_id: self.client_id.clone(),
        }
    }
}

/// A message (spec 000 §3), direct, in a project's chat or in a community room.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    pub conversation_id: i64,
    pub sender_id: i64,
    /// The other person of a direct message.
    pub receiver_id: Option<i64>,
    /// The project of a project chat message.
    pub project_id: Option<i64>,
    /// The community room (slug) of a room message.
    pub room: Option<String>,
    pub content: String,
    /// `text`, `image`, `audio` or `document`.
    pub message_type: String,
    pub attachment_url: Option<String>,
    pub attachment_type: Option<String>,
    pub attachment_name: Option<String>,
    pub sender_name: String,
    pub sender_profile_image_url: Option<String>,
    pub created_at: String,
    /// Set once the sender has edited it.
    pub edited_at: Option<String>,
    /// The id the sending client gave it, if any (it matches a message kept offline to the one stored).
    pub client_id: Option<String>,
}

/// What a message says: text, and optionally a file from `/api/upload`.
#[derive(Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct MessageBody {
    /// Required unless an attachment is sent (then it may be blank). At most 4000 characters.
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub content: String,
    pub attachment_url: Option<String>,
    /// `image`, `audio` or `document`.
    pub attachment_type: Option<String>,
    pub attachment_name: Option<String>,
    /// An id the client made for this message (1 to 64 letters, digits, `-` or `_`). Sending the same id
    /// again returns the message already stored (200) instead of storing a second one.
    #[schema(max_length = 64)]
    pub client_id: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectMessageBody {
    pub receiver_id: i64,
    #[serde(flatten)]
    pub message: MessageBody,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditMessage {
    #[schema(max_length = 4000)]
    pub content: String,
}

/// A person in a conversation (no email, ever).
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Participant {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub profile_image_url: Option<String>,
    pub role: String,
}
crate::from_row!(Participant { id, first_name, last_name, username, profile_image_url, role });

pub struct ConversationRow {
    pub id: i64,
    pub kind: String,
    pub low_id: Option<i64>,
    pub high_id: Option<i64>,
    pub project_id: Option<i64>,
    pub room: Option<String>,
    pub last_message_at: Option<i64>,
    pub created_at: i64,
    pub last_message: Option<String>,
    pub unread: i64,
    pub project_title: Option<String>,
}
crate::from_row!(ConversationRow {
    id,
    kind,
    low_id,
    high_id,
    project_id,
    room,
    last_message_at,
    created_at,
    last_message,
    unread,
    project_title
});

/// A conversation the caller is in (spec 000 §3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub id: i64,
    /// `direct`, `project` or `room`.
    pub kind: String,
    /// The two people of a direct conversation (the caller included); the team of a project chat.
    pub participants: Vec<Participant>,
    pub is_group: bool,
    /// The project's title or the room's name.
    pub group_name: Option<String>,
    pub project_id: Option<i64>,
    pub room: Option<String>,
    pub last_message: Option<String>,
    pub last_message_at: Option<String>,
    pub has_unread_messages: bool,
    pub created_at: String,
}

/// How far the caller has read a conversation: up to and including this message.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarkRead {
    pub message_id: i64,
}

/// A community room (API.md "Community rooms").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Community {
    pub slug: String,
    pub name: String,
    pub member_count: i64,
    pub joined: bool,
}
