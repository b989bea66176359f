//! Wire and row types of connections (spec 000 §3, spec 001 §3).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{accounts::rules::Role, time::rfc3339};

pub const CONNECTION_COLUMNS: &str =
    "id, requester_id, target_id, status, type, project_id, message, created_at, updated_at";

#[derive(Clone)]
pub struct ConnectionRow {
    pub id: i64,
    pub requester_id: i64,
    pub target_id: i64,
    pub status: String,
    pub kind: String,
    pub project_id: i64,
    pub message: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}
crate::from_row!(ConnectionRow {
    id,
    requester_id,
    target_id,
    status,
    kind: "type",
    project_id,
    message,
    created_at,
    updated_at
});

impl ConnectionRow {
    /// The other person of the pair, seen from `me`.
    pub fn other(&self, me: i64) -> i64 {
        if self.requester_id == me {
            self.target_id
        } else {
            self.requester_id
        }
    }

    pub fn to_wire(&self) -> Connection {
        Connection {
            id: self.id,
            requester_id: self.requester_id,
            target_id: self.target_id,
            status: self.status.clone(),
            kind: self.kind.clone(),
            project_id: (self.project_id != 0).then_some(self.project_id),
            message: self.message.clone(),
            created_at: rfc3339(self.created_at),
        }
    }
}

/// A connection (spec 000 §3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Connection {
    pub id: i64,
    pub requester_id: i64,
    pub target_id: i64,
    /// `pending`, `accepted` or `rejected`.
    pub status: String,
    /// `connection` or `collaboration`.
    #[serde(rename = "type")]
    pub kind: String,
    pub project_id: Option<i64>,
    pub message: Option<String>,
    pub created_at: String,
}

/// The person at the other end of a connection (no email, ever).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectedUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub bio: Option<String>,
    pub role: Role,
    pub skills: Vec<String>,
    pub profile_image_url: Option<String>,
}

/// A connection with the other person (spec 000 §3 "Connection with user").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionWithUser {
    #[serde(flatten)]
    pub connection: Connection,
    pub connected_user: ConnectedUser,
}

/// A request waiting for the caller's answer (spec 000 §3 "Connection request" / "Collaboration request").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionRequest {
    pub id: i64,
    pub requester_id: i64,
    pub requester_name: String,
    pub requester_role: Role,
    pub requester_profile_image: Option<String>,
    pub message: Option<String>,
    pub project_id: Option<i64>,
    /// The project's title for a collaboration request (projects arrive with their area).
    pub project_name: Option<String>,
    pub created_at: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewConnectionRequest {
    /// The person to connect with (type `connection`).
    pub target_user_id: Option<i64>,
    /// `connection` (default) or `collaboration` (with `projectId`).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub project_id: Option<i64>,
    #[schema(max_length = 500)]
    pub message: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScanRequest {
    /// The connect code the scanned QR code carries.
    pub code: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoConnectRequest {
    /// The connect code of the link the person followed (`?connect={code}`).
    pub code: String,
}

/// Enough of a person for the scanned-profile dialog.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileCard {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub bio: Option<String>,
    pub profile_image_url: Option<String>,
}

/// The answer of scan and auto-connect (spec 000 §3 "Scan response").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScanResponse {
    pub success: bool,
    pub is_new_connection: bool,
    pub profile_user: ProfileCard,
    /// Coins this connection paid the caller (25 the first time two people connect, else 0).
    pub coins_earned: i64,
    /// True when the act would have paid but today's cap for its kind was reached (API.md "Coins").
    pub coins_capped: bool,
}

/// The answer to accepting a request: the connection, and what accepting paid the caller.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnsweredConnection {
    #[serde(flatten)]
    pub connection: Connection,
    pub coins_earned: i64,
    /// True when accepting would have paid but today's cap for connections was reached.
    pub coins_capped: bool,
}
