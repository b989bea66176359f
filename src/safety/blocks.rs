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

use super::store;
use crate::{
    accounts::{rules::Role, store as accounts_store},
    auth::CurrentUser,
    error::{AppError, AppResult, ErrorBody},
    extract::path_id,
    state::AppState,
    time::rfc3339,
};

pub use super::store::{between, listable_sql, unblocked_sql};

const TAG: &str = "safety";

/// What the blocker is told when they try to reach the person they blocked.
pub const YOU_BLOCKED: &str = "You have blocked this person. Unblock them first.";
/// What the blocked person is told: the same refusal anyone unreachable gets.
pub const NOT_AVAILABLE: &str = "This person is not available";

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
    store::block(&mut tx, me.id, other, state.clock.now_ms()).await?;
    for (project_id, _) in crate::projects::store::part_ways(&mut tx, me.id, other).await? {
        // The project's team changed: everyone still on it and the one who left refetch it.
        crate::projects::announce::announce(&mut tx, project_id, &[me.id, other]).await?;
    }
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
    store::unblock(&mut tx, me.id, other).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/users/blocked", tag = TAG, operation_id = "listBlocked",
    responses((status = 200, body = [BlockedUser], description = "The people the caller blocked, most recent first"),
              (status = 401, body = ErrorBody)))]
pub async fn blocked(State(state): State<AppState>, CurrentUser(me): CurrentUser) -> AppResult<Json<Vec<BlockedUser>>> {
    let rows = store::blocked_by(&mut *state.db.conn().await?, me.id).await?;
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
