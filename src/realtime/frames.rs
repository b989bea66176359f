use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
}

/// Client → server.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    Ping,
}
