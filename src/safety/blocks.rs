//! Blocking (API.md "Safety"): a block removes any connection or pending request between the two;
//! while it stands neither can message, request, scan or auto-connect the other, and neither finds
//! the other in search, nearby or user search. It is one row, one way; every check reads it both ways.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    accounts::{rules::Role, store as accounts_store},
    auth::CurrentUser,
    db::{Conn, Tx},
    error::{AppError, AppResult, ErrorBody},
    extract::path_id,
    realtime::{ServerFrame, Topic},
    state::AppState,
    time::rfc3339,
};

const TAG: &str = "safety";

/// What the blocker is told when they try to reach the person they blocked.
pub const YOU_BLOCKED: &str = "You have blocked this person. Unblock them first.";
/// What the blocked person is told: the same refusal anyone unreachable gets.
pub const NOT_AVAILABLE: &str = "This person is not available";

/// SQL that is true when no block stands between the user in `me` (a placeholder such as `$1`)
/// and the user in `other` (a column such as `u.id`), for filtering lists of people.
pub fn unblocked_sql(me: &str, other: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM blocks bk WHERE (bk.blocker_id = {me} AND bk.blocked_id = {other}) \
         OR (bk.blocker_id = {other} AND bk.blocked_id = {me}))"
    )
}

/// SQL that is true when the user in `other` (a column such as `u.id`) is reachable by `me` (a
/// placeholder): no block stands between them and the other is not suspended. For lists of people.
pub fn listable_sql(me: &str, other_alias: &str) -> String {
    format!("{other_alias}.suspended_at IS NULL AND {}", unblocked_sql(me, &format!("{other_alias}.id")))
}

/// Who blocked whom between two people, if anyone did: `Some(true)` when `me` blocked `other`.
pub async fn between(conn: &mut Conn, me: i64, other: i64) -> Result<Option<bool>, sqlx::Error> {
    let blocker: Option<i64> = sqlx::query_scalar(
        "SELECT blocker_id FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) \
         ORDER BY CASE WHEN blocker_id = $1 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(me)
    .bind(other)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(blocker.map(|b| b == me))
}

/// Everyone `me` blocked or was blocked by (to leave out of lists built in memory, such as search).
pub async fn hidden_from(conn: &mut Conn, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT blocked_id FROM blocks WHERE blocker_id = $1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await
}

/// Blocks `other` for `me` and removes what joined them; the accepted connections it removed, for
/// the counts. Blocking twice changes nothing.
async fn block(tx: &mut Tx, me: i64, other: i64, now: i64) -> Result<u64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
    )
    .bind(me)
    .bind(other)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    // Connections and requests of every kind between the two (collaboration requests included).
    let removed: Vec<String> = sqlx::query_scalar(
        "DELETE FROM connections WHERE low_id = $1 AND high_id = $2 RETURNING status || ':' || type",
    )
    .bind(me.min(other))
    .bind(me.max(other))
    .fetch_all(&mut **tx)
    .await?;
    let accepted = removed.iter().filter(|r| r.as_str() == "accepted:connection").count() as u64;
    if accepted > 0 {
        crate::connections::store::count(tx, me, other, -1, now).await?;
    }
    Ok(accepted)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedUser {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
    pub role: Role,
    pub blocked_at: String,
}

#[utoipa::path(post, path = "/api/users/{id}/block", tag = TAG, operation_id = "blockUser", params(("id" = String, Path)),
    responses((status = 204, description = "Blocked (already or now); any connection or request between the two is gone"),
              (status = 400, body = ErrorBody, description = "Yourself"), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
pub async fn block_user(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let other = path_id(&id, "User")?;
    if other == me.id {
        return Err(AppError::bad_request("You cannot block yourself"));
    }
    accounts_store::find_by_id(&mut *state.db.conn().await?, other).await?.ok_or(AppError::NotFound("User"))?;
    let mut tx = state.db.begin().await?;
    let removed = block(&mut tx, me.id, other, state.clock.now_ms()).await?;
    let (hub, me_id) = (state.hub.clone(), me.id);
    let user_state = state.clone();
    tx.on_commit(move || {
        for person in [me_id, other] {
            hub.publish(Topic::User(person), ServerFrame::ConnectionsChanged);
            if removed > 0 {
                user_state.user_changed(person);
            }
        }
    });
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/users/{id}/block", tag = TAG, operation_id = "unblockUser", params(("id" = String, Path)),
    responses((status = 204, description = "Not blocked (any more, or never was)"), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such user")))]
pub async fn unblock_user(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let other = path_id(&id, "User")?;
    let mut tx = state.db.begin().await?;
    sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
        .bind(me.id)
        .bind(other)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/users/blocked", tag = TAG, operation_id = "listBlocked",
    responses((status = 200, body = [BlockedUser], description = "The people the caller blocked, most recent first"),
              (status = 401, body = ErrorBody)))]
pub async fn blocked(State(state): State<AppState>, CurrentUser(me): CurrentUser) -> AppResult<Json<Vec<BlockedUser>>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        id: i64,
        username: String,
        first_name: String,
        last_name: String,
        profile_image_url: Option<String>,
        role: String,
        blocked_at: i64,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT u.id, u.username, u.first_name, u.last_name, u.profile_image_url, u.role, b.created_at AS blocked_at \
         FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, u.id DESC",
    )
    .bind(me.id)
    .fetch_all(&mut *state.db.conn().await?)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| BlockedUser {
                id: r.id,
                username: r.username,
                first_name: r.first_name,
                last_name: r.last_name,
                profile_image_url: r.profile_image_url,
                role: Role::parse(&r.role).unwrap_or_default(),
                blocked_at: rfc3339(r.blocked_at),
            })
            .collect(),
    ))
}
