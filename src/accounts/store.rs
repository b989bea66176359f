//! The SQL of the accounts area. Reads take `&mut Conn`, writes `&mut Tx` (see `db`).

pub mod leaving;
pub mod settings;
pub mod words;

use std::sync::LazyLock;

use super::{
    model::{user_columns_of, UserRow, USER_COLUMNS},
    rules::Role,
};
use crate::events::{DomainEvent, Emit};
use crate::{
    auth::token,
    db::{Conn, Tx},
    discovery::geometry::Bounds,
    time::now_ms,
};

/// Built once: it runs whenever a session is not in the cache.
static USER_BY_SESSION: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {}, s.expires_at AS session_expires_at FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.suspended_at IS NULL",
        user_columns_of("u")
    )
});

/// A session's user and when the session ends.
pub struct SessionRow {
    pub user: UserRow,
    pub session_expires_at: i64,
}
crate::from_row!(SessionRow { user: flatten, session_expires_at });

pub struct NewUser<'a> {
    pub username: &'a str,
    pub username_key: &'a str,
    pub email: &'a str,
    pub email_key: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub role: &'a str,
    pub plan: &'a str,
    pub location: Option<&'a str>,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub bio: Option<&'a str>,
    pub skills: &'a [String],
}

pub async fn insert_user(tx: &mut Tx, user: &NewUser<'_>) -> Result<UserRow, sqlx::Error> {
    let now = now_ms();
    let sql = format!(
        "INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, \
         role, plan, location, lat, lng, bio, skills, created_at, updated_at, connect_code) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS DOUBLE PRECISION), \
         CAST($12 AS DOUBLE PRECISION), $13, $14, $15, $15, $16) RETURNING {USER_COLUMNS}"
    );
    let row: UserRow = sqlx::query_as(&sql)
        .bind(user.username)
        .bind(user.username_key)
        .bind(user.email)
        .bind(user.email_key)
        .bind(user.password_hash)
        .bind(user.first_name)
        .bind(user.last_name)
        .bind(user.role)
        .bind(user.plan)
        .bind(user.location)
        .bind(crate::db::float(user.lat))
        .bind(crate::db::float(user.lng))
        .bind(user.bio)
        .bind(skills_json(user.skills))
        .bind(now)
        .bind(crate::auth::token::connect_code())
        .fetch_one(&mut **tx)
        .await?;
    index_words(tx, &row).await?;
    tx.emit(DomainEvent::Joined { user_id: row.id });
    Ok(row)
}

/// The words a person is found by, as their row now holds them.
async fn index_words(tx: &mut Tx, row: &UserRow) -> Result<(), sqlx::Error> {
    words::set(tx, row.id, &row.first_name, &row.last_name, &row.username, &row.skills).await
}

/// Skills are stored as a JSON list of strings.
fn skills_json(skills: &[String]) -> String {
    serde_json::Value::from(skills.to_vec()).to_string()
}

pub async fn username_taken(conn: &mut Conn, username_key: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users WHERE username_key = $1")
        .bind(username_key)
        .fetch_one(&mut *conn)
        .await
        .map(|n| n > 0)
}

pub async fn email_taken(conn: &mut Conn, email_key: &str) -> Result<bool, sqlx::Error> {
    Ok(settings::owner_of_email(conn, email_key).await?.is_some())
}

pub async fn count_users(conn: &mut Conn) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(&mut *conn).await
}

pub async fn find_by_id(conn: &mut Conn, id: i64) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1")).bind(id).fetch_optional(&mut *conn).await
}

/// The person a connect link or QR code names.
pub async fn find_by_connect_code(conn: &mut Conn, code: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM users WHERE connect_code = $1"))
        .bind(code)
        .fetch_optional(&mut *conn)
        .await
}

/// Gives the person a new connect code (old links stop working); the new code.
pub async fn replace_connect_code(tx: &mut Tx, user_id: i64) -> Result<String, sqlx::Error> {
    let code = crate::auth::token::connect_code();
    sqlx::query("UPDATE users SET connect_code = $1, updated_at = $2 WHERE id = $3")
        .bind(&code)
        .bind(now_ms())
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(code)
}

/// Login accepts a username or an email address, either in any case.
pub async fn find_by_login(conn: &mut Conn, login_key: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {USER_COLUMNS} FROM users WHERE username_key = $1 OR email_key = $1 ORDER BY id LIMIT 1"
    ))
    .bind(login_key)
    .fetch_optional(&mut *conn)
    .await
}

/// The user behind a session (by token hash): one indexed join.
pub async fn find_by_session(conn: &mut Conn, token_hash: &str, now: i64) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(USER_BY_SESSION.as_str()).bind(token_hash).bind(now).fetch_optional(&mut *conn).await
}

pub async fn is_suspended(conn: &mut Conn, user_id: i64) -> Result<bool, sqlx::Error> {
    let at: Option<Option<i64>> = sqlx::query_scalar("SELECT suspended_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(at.flatten().is_some())
}

/// Whether the user is an administrator.
pub async fn is_admin(conn: &mut Conn, user_id: i64) -> Result<bool, sqlx::Error> {
    let flag: Option<i64> =
        sqlx::query_scalar("SELECT is_admin FROM users WHERE id = $1").bind(user_id).fetch_optional(&mut *conn).await?;
    Ok(flag == Some(1))
}

/// Marks an account suspended (its sessions are revoked by the caller).
pub async fn suspend(tx: &mut Tx, user: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET suspended_at = $2, updated_at = $2 WHERE id = $1")
        .bind(user)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Lifts a suspension; the user's id when the name exists.
pub async fn unsuspend(tx: &mut Tx, username_key: &str) -> Result<Option<i64>, sqlx::Error> {
    tx.emit(crate::events::DomainEvent::CardsChanged);
    sqlx::query_scalar("UPDATE users SET suspended_at = NULL, updated_at = $1 WHERE username_key = $2 RETURNING id")
        .bind(now_ms())
        .bind(username_key)
        .fetch_optional(&mut **tx)
        .await
}

/// Sets or clears `isAdmin`; the user's id when the name exists.
pub async fn set_admin(tx: &mut Tx, username_key: &str, is_admin: bool) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("UPDATE users SET is_admin = $1, updated_at = $2 WHERE username_key = $3 RETURNING id")
        .bind(i64::from(is_admin))
        .bind(now_ms())
        .bind(username_key)
        .fetch_optional(&mut **tx)
        .await
}

/// Replaces any earlier reset token of the user with a new one, valid for an hour.
pub async fn create_password_reset(tx: &mut Tx, user_id: i64) -> Result<String, sqlx::Error> {
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    token::issue(tx, token::Kind::PasswordReset, user_id).await
}

/// Whether a reset token is valid now, without spending it (checked before the costly hash).
pub async fn password_reset_is_valid(conn: &mut Conn, reset_token: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM password_resets WHERE token_hash = $1 AND expires_at > $2")
        .bind(token::hash(reset_token))
        .bind(now_ms())
        .fetch_one(&mut *conn)
        .await
        .map(|n| n > 0)
}

/// Spends a reset token (single use): its owner if it was valid and unexpired.
pub async fn consume_password_reset(tx: &mut Tx, reset_token: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2 RETURNING user_id")
        .bind(token::hash(reset_token))
        .bind(now_ms())
        .fetch_optional(&mut **tx)
        .await
}

pub async fn set_password_hash(tx: &mut Tx, user_id: i64, password_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(now_ms())
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A validated partial profile change; `None` leaves a field as it is.
#[derive(Default)]
pub struct ProfileChange {
    pub role: Option<&'static str>,
    pub location: Option<Option<String>>,
    pub bio: Option<Option<String>>,
    pub skills: Option<Vec<String>>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// A position (both or neither): `Some(None)` clears it.
    pub position: Option<Option<(f64, f64)>>,
    pub discoverable: Option<bool>,
}

pub async fn update_profile(tx: &mut Tx, user_id: i64, change: &ProfileChange) -> Result<UserRow, sqlx::Error> {
    tx.emit(crate::events::DomainEvent::CardsChanged);
    let sql = format!(
        "UPDATE users SET \
           role = COALESCE($1, role), \
           location = CASE WHEN $2 = 1 THEN $3 ELSE location END, \
           bio = CASE WHEN $4 = 1 THEN $5 ELSE bio END, \
           skills = COALESCE($6, skills), \
           first_name = COALESCE($7, first_name), \
           last_name = COALESCE($8, last_name), \
           updated_at = $9, \
           lat = CASE WHEN $11 = 1 THEN CAST($12 AS DOUBLE PRECISION) ELSE lat END, \
           lng = CASE WHEN $11 = 1 THEN CAST($13 AS DOUBLE PRECISION) ELSE lng END, \
           is_discoverable = COALESCE($14, is_discoverable) \
         WHERE id = $10 RETURNING {USER_COLUMNS}"
    );
    let row: UserRow = sqlx::query_as(&sql)
        .bind(change.role)
        .bind(i64::from(change.location.is_some()))
        .bind(change.location.clone().flatten())
        .bind(i64::from(change.bio.is_some()))
        .bind(change.bio.clone().flatten())
        .bind(change.skills.as_deref().map(skills_json))
        .bind(change.first_name.as_deref())
        .bind(change.last_name.as_deref())
        .bind(now_ms())
        .bind(user_id)
        .bind(i64::from(change.position.is_some()))
        .bind(crate::db::float(change.position.flatten().map(|p| p.0)))
        .bind(crate::db::float(change.position.flatten().map(|p| p.1)))
        .bind(change.discoverable.map(i16::from))
        .fetch_one(&mut **tx)
        .await?;
    if change.first_name.is_some() || change.last_name.is_some() || change.skills.is_some() {
        index_words(tx, &row).await?;
    }
    Ok(row)
}

/// People `me` may find by name, username or skill, of a role, in name order: with question words, those with a
/// word that each of them begins (read from the `user_words` index, see [`words`]).
pub async fn find_people(
    conn: &mut Conn,
    me: i64,
    role: Option<Role>,
    question: &[String],
    limit: i64,
) -> Result<Vec<UserRow>, sqlx::Error> {
    let mut sql = format!(
        "SELECT {} FROM users u WHERE u.id <> $1 AND u.is_discoverable = 1 AND {} AND ($2 IS NULL OR u.role = $2)",
        user_columns_of("u"),
        crate::safety::store::listable_sql("$1", "u")
    );
    for n in 0..question.len() {
        let (from, to) = (4 + 2 * n, 5 + 2 * n);
        sql.push_str(&format!(
            " AND u.id IN (SELECT w.user_id FROM user_words w WHERE w.word >= ${from} AND w.word < ${to})"
        ));
    }
    sql.push_str(" ORDER BY u.first_name, u.last_name, u.id LIMIT $3");
    let mut query = sqlx::query_as(&sql).bind(me).bind(role.map(Role::as_str)).bind(limit);
    for word in question {
        query = query.bind(word.clone()).bind(words::past_prefix(word));
    }
    query.fetch_all(conn).await
}

/// Where each person `me` may find nearby in a box is (id, lat, lng), read through the position index: three columns, so the nearest are chosen without reading
/// everyone's whole row (`people_by_ids` reads the chosen ones).
pub async fn placed_people(conn: &mut Conn, me: i64, within: Bounds) -> Result<Vec<(i64, f64, f64)>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT u.id, u.lat, u.lng FROM users u WHERE u.lat BETWEEN $2 AND $3 AND u.lng BETWEEN $4 AND $5 \
         AND u.id <> $1 AND u.is_discoverable = 1 AND {}",
        crate::safety::store::listable_sql("$1", "u")
    ))
    .bind(me)
    .bind(within.lat.0)
    .bind(within.lat.1)
    .bind(within.lng.0)
    .bind(within.lng.1)
    .fetch_all(conn)
    .await
}

/// These people's rows, in one query.
pub async fn people_by_ids(conn: &mut Conn, ids: &[i64]) -> Result<Vec<UserRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids_in = crate::db::ids_param(conn, 1);
    sqlx::query_as(&format!("SELECT {} FROM users u WHERE u.id IN ({ids_in})", user_columns_of("u")))
        .bind(crate::db::id_array(ids))
        .fetch_all(conn)
        .await
}

/// Sets the profile photo; the one it replaces and the user after.
pub async fn set_profile_image(
    tx: &mut Tx,
    user: i64,
    url: &str,
    now: i64,
) -> Result<(Option<String>, UserRow), sqlx::Error> {
    let previous: Option<String> =
        sqlx::query_scalar("SELECT profile_image_url FROM users WHERE id = $1").bind(user).fetch_one(&mut **tx).await?;
    let updated = sqlx::query_as(&format!(
        "UPDATE users SET profile_image_url = $1, updated_at = $2 WHERE id = $3 RETURNING {USER_COLUMNS}"
    ))
    .bind(url)
    .bind(now)
    .bind(user)
    .fetch_one(&mut **tx)
    .await?;
    Ok((previous, updated))
}

/// People with a location text and no position yet.
pub async fn unplaced(conn: &mut Conn) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, location FROM users WHERE lat IS NULL AND location IS NOT NULL AND location <> ''")
        .fetch_all(conn)
        .await
}

/// Places a person at `at` (already snapped) if they still have no position and the same location text;
/// true when placed.
pub async fn place(tx: &mut Tx, user: i64, text: &str, at: (f64, f64), now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE users SET lat = CAST($1 AS DOUBLE PRECISION), lng = CAST($2 AS DOUBLE PRECISION), updated_at = $3 \
         WHERE id = $4 AND lat IS NULL AND location = $5",
    )
    .bind(crate::db::float(Some(at.0)))
    .bind(crate::db::float(Some(at.1)))
    .bind(now)
    .bind(user)
    .bind(text)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}
