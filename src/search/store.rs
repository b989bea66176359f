//! The SQL of search: what the index reads (people and projects as rows of plain values) and the
//! rows a ranked answer is read back from.

use crate::{
    accounts::model::{user_columns_of, UserRow},
    db::{id_array, id_list, ids_param, Conn},
};

pub type UserTuple =
    (i64, String, String, String, String, Option<String>, Option<String>, String, Option<f64>, Option<f64>, i64, i64);
pub type ProjectTuple = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<f64>,
    Option<f64>,
    i64,
    i64,
    i64,
);

const USER_SELECT: &str = "SELECT id, first_name, last_name, username, role, bio, location, skills, lat, lng, \
    is_discoverable, updated_at FROM users";
const PROJECT_SELECT: &str = "SELECT p.id, p.owner_id, p.title, p.description, p.category, p.phase, p.looking_for, \
    u.first_name, u.last_name, u.location, \
    CASE WHEN u.is_discoverable = 1 THEN COALESCE(p.lat, u.lat) END, CASE WHEN u.is_discoverable = 1 THEN COALESCE(p.lng, u.lng) END, \
    CASE WHEN p.is_published = 1 AND p.is_active = 1 THEN 1 ELSE 0 END, u.is_discoverable, p.updated_at \
    FROM projects p JOIN users u ON u.id = p.owner_id";

/// People changed since `since` (every one without it), as the index reads them.
pub async fn people_since(conn: &mut Conn, since: Option<i64>) -> Result<Vec<UserTuple>, sqlx::Error> {
    sqlx::query_as(&format!("{USER_SELECT} WHERE updated_at >= $1"))
        .bind(since.unwrap_or(i64::MIN))
        .fetch_all(conn)
        .await
}

/// Projects changed since `since` (every one without it), as the index reads them.
pub async fn projects_since(conn: &mut Conn, since: Option<i64>) -> Result<Vec<ProjectTuple>, sqlx::Error> {
    sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.updated_at >= $1"))
        .bind(since.unwrap_or(i64::MIN))
        .fetch_all(conn)
        .await
}

/// The projects of these owners, as the index reads them.
pub async fn projects_of(conn: &mut Conn, owners: &[i64]) -> Result<Vec<ProjectTuple>, sqlx::Error> {
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
