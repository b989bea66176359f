//! The SQL of search: what the index reads (people and projects as rows of plain values) and the
//! rows a ranked answer is read back from.

use crate::{
    accounts::model::{user_columns_of, UserRow},
    db::{id_array, id_list, ids_param, Conn},
};

/// A person as the index reads them.
#[derive(Clone, Debug)]
pub struct IndexedPerson {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub role: String,
    pub bio: Option<String>,
    pub location: Option<String>,
    /// A JSON list of strings, as stored.
    pub skills: String,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub is_discoverable: i64,
    pub updated_at: i64,
}
crate::from_row!(IndexedPerson {
    id,
    first_name,
    last_name,
    username,
    role,
    bio,
    location,
    skills,
    lat,
    lng,
    is_discoverable,
    updated_at
});

/// A project as the index reads it, with what it shows of its owner.
pub struct IndexedProject {
    pub id: i64,
    pub owner_id: i64,
    pub title: String,
    pub description: String,
    pub category: String,
    pub phase: String,
    /// A JSON list of strings, as stored.
    pub looking_for: String,
    pub owner_first_name: String,
    pub owner_last_name: String,
    pub owner_location: Option<String>,
    /// The project's place, else its owner's; none when the owner is not discoverable.
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    /// 1 when published and active.
    pub listed: i64,
    pub owner_discoverable: i64,
    pub updated_at: i64,
}
crate::from_row!(IndexedProject {
    id,
    owner_id,
    title,
    description,
    category,
    phase,
    looking_for,
    owner_first_name,
    owner_last_name,
    owner_location,
    lat,
    lng,
    listed,
    owner_discoverable,
    updated_at
});

const USER_SELECT: &str = "SELECT id, first_name, last_name, username, role, bio, location, skills, lat, lng, \
    is_discoverable, updated_at FROM users";
const PROJECT_SELECT: &str = "SELECT p.id, p.owner_id, p.title, p.description, p.category, p.phase, p.looking_for, \
    u.first_name AS owner_first_name, u.last_name AS owner_last_name, u.location AS owner_location, \
    CASE WHEN u.is_discoverable = 1 THEN COALESCE(p.lat, u.lat) END AS lat, \
    CASE WHEN u.is_discoverable = 1 THEN COALESCE(p.lng, u.lng) END AS lng, \
    CASE WHEN p.is_published = 1 AND p.is_active = 1 THEN 1 ELSE 0 END AS listed, \
    u.is_discoverable AS owner_discoverable, p.updated_at \
    FROM projects p JOIN users u ON u.id = p.owner_id";

/// People changed since `since` (every one without it), as the index reads them.
pub async fn people_since(conn: &mut Conn, since: Option<i64>) -> Result<Vec<IndexedPerson>, sqlx::Error> {
    sqlx::query_as(&format!("{USER_SELECT} WHERE updated_at >= $1"))
        .bind(since.unwrap_or(i64::MIN))
        .fetch_all(conn)
        .await
}

/// Projects changed since `since` (every one without it), as the index reads them.
pub async fn projects_since(conn: &mut Conn, since: Option<i64>) -> Result<Vec<IndexedProject>, sqlx::Error> {
    sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.updated_at >= $1"))
        .bind(since.unwrap_or(i64::MIN))
        .fetch_all(conn)
        .await
}

/// The projects of these owners, as the index reads them.
pub async fn projects_of(conn: &mut Conn, owners: &[i64]) -> Result<Vec<IndexedProject>, sqlx::Error> {
    sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.owner_id IN ({})", id_list(owners)))
        .persistent(false)
        .fetch_all(conn)
        .await
}

/// Of these people, those an answer may show (discoverable, not suspended), each with when their row last changed.
pub async fn showable_stamps(conn: &mut Conn, ids: &[i64]) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT u.id, u.updated_at FROM users u WHERE u.is_discoverable = 1 AND u.suspended_at IS NULL AND u.id IN ({})",
        ids_param(conn, 1)
    );
    sqlx::query_as(&sql).bind(id_array(ids)).fetch_all(conn).await
}

/// Of these people, those an answer may show (discoverable, not suspended).
pub async fn showable_people(conn: &mut Conn, ids: &[i64]) -> Result<Vec<UserRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT {} FROM users u WHERE u.is_discoverable = 1 AND u.suspended_at IS NULL AND u.id IN ({})",
        user_columns_of("u"),
        ids_param(conn, 1)
    );
    sqlx::query_as(&sql).bind(id_array(ids)).fetch_all(conn).await
}
