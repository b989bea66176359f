//! Wire and row types of notifications and push subscriptions.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::time::rfc3339;

/// The kinds of notification (spec 001 §3). Who receives which: API.md "Who is notified of what".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    ProjectUpdate,
    FeedbackReply,
    DailyMotivation,
    ProjectSupport,
    CollaborationRequest,
    Reward,
    TaskAssignment,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::ProjectUpdate => "project_update",
            Kind::FeedbackReply => "feedback_reply",
            Kind::DailyMotivation => "daily_motivation",
            Kind::ProjectSupport => "project_support",
            Kind::CollaborationRequest => "collaboration_request",
            Kind::Reward => "reward",
            Kind::TaskAssignment => "task_assignment",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        serde_json::from_value(serde_json::Value::String(text.to_owned())).ok()
    }
}

pub const NOTIFICATION_COLUMNS: &str = "id, user_id, type, title, message, data, is_read, created_at, read_at";

#[derive(Clone)]
pub struct NotificationRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub title: String,
    pub message: String,
    pub data: String,
    pub is_read: i64,
    pub created_at: i64,
    pub read_at: Option<i64>,
}
crate::from_row!(NotificationRow { id, user_id, kind: "type", title, message, data, is_read, created_at, read_at });

/// A notification as its recipient sees it.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    pub user_id: i64,
    #[serde(rename = "type")]
    pub kind: Kind,
    pub title: String,
    pub message: String,
    /// Where it points: `projectId`, `taskId`, `feedbackId`, `url`, … (depends on the type).
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub data: serde_json::Value,
    pub is_read: bool,
    pub created_at: String,
    pub read_at: Option<String>,
}

impl NotificationRow {
    pub fn to_wire(&self) -> Notification {
        Notification {
            id: self.id,
            user_id: self.user_id,
            kind: Kind::parse(&self.kind).unwrap_or(Kind::DailyMotivation),
            title: self.title.clone(),
            message: self.message.clone(),
            data: serde_json::from_str(&self.data).unwrap_or_else(|_| serde_json::json!({})),
            is_read: self.is_read != 0,
            created_at: rfc3339(self.created_at),
            read_at: self.read_at.map(rfc3339),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCount {
    /// Unread notifications of the caller.
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct MarkedRead {
    /// How many notifications were marked read.
    pub updated: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushPublicKey {
    /// The VAPID application server key, base64url (an uncompressed P-256 point).
    pub public_key: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PushKeys {
    /// The browser's P-256 key, base64url (65 bytes).
    pub p256dh: String,
    /// The browser's auth secret, base64url (16 bytes).
    pub auth: String,
}

#[derive(Deserialize, ToSchema)]
pub struct SubscribeRequest {
    #[schema(max_length = 2048)]
    pub endpoint: String,
    pub keys: PushKeys,
}

#[derive(Deserialize, ToSchema)]
pub struct UnsubscribeRequest {
    pub endpoint: String,
}
