//! Who is online (the chat header's ONLINE marker). Each instance writes one row per user with a live
//! socket on it and refreshes its rows while it runs; a person is online while any fresh row names
//! them, so a person stays online while one tab is open on any instance, and an instance that dies
//! stops counting once its rows go stale. When a person's state changes, the people who can see it
//! (their connections and direct-chat partners) get a `presence` frame.

use std::{sync::LazyLock, time::Duration};

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    auth::CurrentUser,
    db::Conn,
    error::{AppError, AppResult, ErrorBody},
    realtime::{ServerFrame, Topic},
    state::AppState,
    time::now_ms,
};

/// How often an instance marks its rows as still alive.
pub const HEARTBEAT: Duration = Duration::from_secs(30);
/// A row not refreshed for this long belongs to an instance that is gone.
const STALE_MS: i64 = 3 * HEARTBEAT.as_millis() as i64;

/// One change at a time on an instance, so a socket closing and another opening for the same person
/// cannot write their rows out of order.
static WRITES: LazyLock<tokio::sync::Mutex<()>> = LazyLock::new(|| tokio::sync::Mutex::new(()));

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Presence {
    pub user_id: i64,
    pub online: bool,
}

fn instance_key(state: &AppState) -> i64 {
    // The instance number is random 64 bits; the column keeps the same bits.
    state.hub.instance() as i64
}

pub async fn is_online(conn: &mut Conn, user: i64) -> Result<bool, sqlx::Error> {
    let fresh: Option<i64> = sqlx::query_scalar("SELECT 1 FROM presence WHERE user_id = $1 AND seen_at > $2 LIMIT 1")
        .bind(user)
        .bind(now_ms() - STALE_MS)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(fresh.is_some())
}

/// A socket of `user` opened or closed on this instance: the row follows whether any of their
/// sockets is still open here, and the people who see them are told when that changed them.
pub async fn sync(state: &AppState, user: i64) {
    if let Err(err) = write(state, user).await {
        tracing::warn!(user, error = %err, "could not record presence");
    }
}

async fn write(state: &AppState, user: i64) -> Result<(), sqlx::Error> {
    let _one_at_a_time = WRITES.lock().await;
    let mut conn = state.db.conn().await?;
    let was = is_online(&mut conn, user).await?;
    if state.hub.is_online(user) {
        sqlx::query(
            "INSERT INTO presence (user_id, instance_id, seen_at) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, instance_id) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(user)
        .bind(instance_key(state))
        .bind(now_ms())
        .execute(&mut *conn)
        .await?;
    } else {
        sqlx::query("DELETE FROM presence WHERE user_id = $1 AND instance_id = $2")
            .bind(user)
            .bind(instance_key(state))
            .execute(&mut *conn)
            .await?;
    }
    let now = is_online(&mut conn, user).await?;
    if was != now {
        for watcher in watchers(&mut conn, user).await? {
            state.hub.publish(Topic::User(watcher), ServerFrame::Presence { user_id: user, online: now });
        }
    }
    Ok(())
}

/// The people who see a person's presence: their connections and the people they chat with directly.
async fn watchers(conn: &mut Conn, user: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CASE WHEN low_id = $1 THEN high_id ELSE low_id END FROM connections
             WHERE (low_id = $1 OR high_id = $1) AND status = 'accepted'
         UNION
         SELECT CASE WHEN low_id = $1 THEN high_id ELSE low_id END FROM conversations
             WHERE kind = 'direct' AND (low_id = $1 OR high_id = $1)
         EXCEPT
         SELECT blocked_id FROM blocks WHERE blocker_id = $1
         EXCEPT
         SELECT blocker_id FROM blocks WHERE blocked_id = $1",
    )
    .bind(user)
    .fetch_all(&mut *conn)
    .await
}

/// Keeps this instance's rows fresh and drops rows no instance refreshes (run every [`HEARTBEAT`]).
pub async fn heartbeat(state: &AppState) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let mut conn = state.db.conn().await?;
    sqlx::query("UPDATE presence SET seen_at = $1 WHERE instance_id = $2")
        .bind(now)
        .bind(instance_key(state))
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM presence WHERE seen_at <= $1").bind(now - STALE_MS).execute(&mut *conn).await?;
    Ok(())
}

/// On a clean stop this instance's rows go at once rather than waiting to go stale.
pub async fn forget_instance(state: &AppState) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM presence WHERE instance_id = $1")
        .bind(instance_key(state))
        .execute(state.db.pool())
        .await
        .map(|_| ())
}

/// Whether `me` may see `other` come and go: they are connected or have a direct chat, and no
/// block stands between them (API.md "Limits and fair play"; the same people [`watchers`] names).
async fn sees(conn: &mut Conn, me: i64, other: i64) -> Result<bool, sqlx::Error> {
    let (low, high) = (me.min(other), me.max(other));
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 WHERE (EXISTS (SELECT 1 FROM connections WHERE low_id = $1 AND high_id = $2 AND status = 'accepted') \
            OR EXISTS (SELECT 1 FROM conversations WHERE kind = 'direct' AND low_id = $1 AND high_id = $2)) \
         AND NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))",
    )
    .bind(low)
    .bind(high)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

#[utoipa::path(get, path = "/api/users/{id}/presence", tag = "chat", params(("id" = String, Path)),
    responses((status = 200, body = Presence, description = "Whether the person has the app open anywhere (oneself, a connection or a direct-chat partner)"),
              (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such person, or one the caller may not see: neither a connection nor a direct-chat partner, or a block stands between them")))]
pub async fn presence(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Presence>> {
    let id = crate::extract::path_id(&id, "User")?;
    let mut conn = state.db.conn().await?;
    // Anyone else learns nothing, not even that the person exists.
    if id != me.id && !sees(&mut conn, me.id, id).await? {
        return Err(AppError::NotFound("User"));
    }
    if crate::accounts::store::find_by_id(&mut conn, id).await?.is_none() {
        return Err(AppError::NotFound("User"));
    }
    Ok(Json(Presence { user_id: id, online: is_online(&mut conn, id).await? }))
}
