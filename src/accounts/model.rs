//! Wire and row types of the accounts area.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::rules::Role;
use crate::time::rfc3339;

/// The columns every user query selects, in [`UserRow`] order. Unqualified for `RETURNING`
/// (SQLite allows no alias there); [`user_columns_of`] qualifies them for joins.
pub const USER_COLUMNS: &str = "id, username, email, password_hash, first_name, last_name, role, plan, bio, location, \
     lat, lng, skills, profile_image_url, coins, lifetime_coins, scratch_card_streak, last_scratch_at, streak_days, \
     connection_count, is_discoverable, is_admin, email_verified, created_at, updated_at, connect_code";

/// [`USER_COLUMNS`] qualified by a table alias, e.g. `u.id, u.username, …`.
pub fn user_columns_of(alias: &str) -> String {
    USER_COLUMNS.split(", ").map(|c| format!("{alias}.{}", c.trim())).collect::<Vec<_>>().join(", ")
}

/// No `Debug`: it holds the password hash.
#[derive(Clone)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub role: String,
    pub plan: String,
    pub bio: Option<String>,
    pub location: Option<String>,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub skills: String,
    pub profile_image_url: Option<String>,
    pub coins: i64,
    pub lifetime_coins: i64,
    pub scratch_card_streak: i64,
    pub last_scratch_at: Option<i64>,
    pub streak_days: i64,
    pub connection_count: i64,
    pub is_discoverable: i64,
    pub is_admin: i64,
    pub email_verified: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub connect_code: Option<String>,
}
crate::from_row!(UserRow {
    id,
    username,
    email,
    password_hash,
    first_name,
    last_name,
    role,
    plan,
    bio,
    location,
    lat,
    lng,
    skills,
    profile_image_url,
    coins,
    lifetime_coins,
    scratch_card_streak,
    last_scratch_at,
    streak_days,
    connection_count,
    is_discoverable,
    is_admin,
    email_verified,
    created_at,
    updated_at,
    connect_code
});

impl UserRow {
    pub fn role(&self) -> Role {
        Role::parse(&self.role).unwrap_or_default()
    }

    pub fn skills(&self) -> Vec<String> {
        serde_json::from_str(&self.skills).unwrap_or_default()
    }

    /// The signed-in user's own record: the only one that carries `email`.
    pub fn to_own(&self) -> User {
        User {
            email: Some(self.email.clone()),
            own_lat: self.lat,
            own_lng: self.lng,
            connect_code: self.connect_code.clone(),
            ..self.to_public()
        }
    }

    /// Another user's record: never an email, a hash or a token (API.md "Data a user may see").
    pub fn to_public(&self) -> User {
        User {
            id: self.id,
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            username: self.username.clone(),
            email: None,
            own_lat: None,
            own_lng: None,
            connect_code: None,
            role: self.role(),
            plan: self.plan.clone(),
            bio: self.bio.clone(),
            location: self.location.clone(),
            skills: self.skills(),
            profile_image_url: self.profile_image_url.clone(),
            coins: self.coins,
            lifetime_coins: self.lifetime_coins,
            scratch_card_streak: self.scratch_card_streak,
            last_scratch_date: self.last_scratch_at.map(rfc3339),
            streak_days: self.streak_days,
            connection_count: self.connection_count,
            is_discoverable: self.is_discoverable != 0,
            is_admin: self.is_admin != 0,
            email_verified: self.email_verified != 0,
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }
}

/// A user as the client sees it (spec 000 §3).
#[derive(Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    /// Present only on the signed-in user's own record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// The position the user saved (own record only; others' positions are never this exact).
    #[serde(rename = "lat", skip_serializing_if = "Option::is_none")]
    pub own_lat: Option<f64>,
    #[serde(rename = "lng", skip_serializing_if = "Option::is_none")]
    pub own_lng: Option<f64>,
    /// The code the own QR code and connect link carry (own record only; `POST
    /// /api/users/me/connect-code` replaces it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub connect_code: Option<String>,
    pub role: Role,
    pub plan: String,
    #[schema(required = true)]
    pub bio: Option<String>,
    #[schema(required = true)]
    pub location: Option<String>,
    pub skills: Vec<String>,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
    pub coins: i64,
    pub lifetime_coins: i64,
    pub scratch_card_streak: i64,
    #[schema(required = true)]
    pub last_scratch_date: Option<String>,
    pub streak_days: i64,
    pub connection_count: i64,
    pub is_discoverable: bool,
    pub is_admin: bool,
    pub email_verified: bool,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    #[schema(pattern = r"^\s*[A-Za-z0-9_.\-]{3,50}\s*$")]
    pub username: String,
    #[schema(min_length = 8, max_length = 128, pattern = r"\S")]
    pub password: String,
    #[schema(pattern = r"^\s*[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]\s*$", max_length = 254)]
    pub email: String,
    #[schema(pattern = r"\S", max_length = 50)]
    pub first_name: String,
    #[schema(pattern = r"\S", max_length = 50)]
    pub last_name: String,
    #[serde(default)]
    pub role: Option<Role>,
    #[serde(default)]
    #[schema(pattern = r"^\s*([Ff][Rr][Ee][Ee])?\s*$")]
    pub plan: Option<String>,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub location: Option<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    pub bio: Option<String>,
    #[serde(default)]
    #[schema(max_items = 30)]
    pub skills: Option<Vec<String>>,
}

#[derive(Serialize, ToSchema)]
pub struct SignupResponse {
    pub user: User,
    pub message: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    #[schema(pattern = r"\S")]
    pub username: String,
    #[schema(min_length = 1)]
    pub password: String,
    #[serde(default)]
    pub remember_me: Option<bool>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub user: User,
    /// Issued when `rememberMe` was true, and on every remembered login (it replaces the used one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remember_token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RememberedLoginRequest {
    #[schema(pattern = r"\S")]
    pub username: String,
    #[schema(pattern = r"\S")]
    pub remember_token: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForgetRememberedRequest {
    #[schema(pattern = r"\S")]
    pub username: String,
    #[schema(pattern = r"\S")]
    pub remember_token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct CheckEmailRequest {
    #[schema(pattern = r"^\s*[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]\s*$", max_length = 254)]
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct CheckUsernameRequest {
    #[schema(pattern = r"^\s*[A-Za-z0-9_.\-]{3,50}\s*$")]
    pub username: String,
}

#[derive(Serialize, ToSchema)]
pub struct Availability {
    pub available: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    /// An email address or a username.
    #[schema(pattern = r"\S")]
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    #[schema(pattern = r"\S")]
    pub token: String,
    #[schema(min_length = 8, max_length = 128, pattern = r"\S")]
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }
}

/// A partial profile update: only the fields present change. A blank bio or location clears it.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileRequest {
    #[serde(default)]
    pub role: Option<Role>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub location: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub bio: Option<Option<String>>,
    #[serde(default)]
    #[schema(max_items = 30)]
    pub skills: Option<Vec<String>>,
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 50)]
    pub first_name: Option<String>,
    #[serde(default)]
    #[schema(pattern = r"\S", max_length = 50)]
    pub last_name: Option<String>,
    /// Latitude of the person's position (with `lng`; both null forget it), for "who's near you".
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>, minimum = -90, maximum = 90)]
    pub lat: Option<Option<f64>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>, minimum = -180, maximum = 180)]
    pub lng: Option<Option<f64>>,
    /// False hides the person from search, nearby and user search (they stay reachable by link).
    #[serde(default)]
    pub is_discoverable: Option<bool>,
}

/// Tells "absent" (outer `None`) from "null" (`Some(None)`).
pub fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A person's connect code (API.md "Limits and fair play").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectCode {
    pub connect_code: String,
}
