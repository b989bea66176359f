//! The four community rooms (API.md "Community rooms"): anyone signed in may join or leave; only
//! members read and post.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{model::*, Chat};
use crate::{
    auth::CurrentUser,
    db::page::{Page, PageParams, PageRequest},
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    state::AppState,
};

const TAG: &str = "chat";

/// Slug and name of each room.
pub const ROOMS: [(&str, &str); 4] = [
    ("tech", "Tech Innovators"),
    ("startups", "Startup Founders"),
    ("explorers", "Research Hub"),
    ("investors", "Investors"),
];

fn room(slug: &str) -> AppResult<&'static str> {
    ROOMS.iter().find(|r| r.0 == slug).map(|r| r.0).ok_or(AppError::NotFound("Community"))
}

#[utoipa::path(get, path = "/api/communities", tag = TAG, operation_id = "listCommunities",
    responses((status = 200, body = [Community]), (status = 401, body = ErrorBody)))]
pub async fn list(State(state): State<AppState>, CurrentUser(me): CurrentUser) -> AppResult<Json<Vec<Community>>> {
    let counts = super::store::room_counts(&mut *state.db.conn().await?, me.id).await?;
    Ok(Json(
        ROOMS
            .iter()
            .map(|(slug, name)| {
                let found = counts.iter().find(|c| c.0 == *slug);
                Community {
                    slug: (*slug).to_string(),
                    name: (*name).to_string(),
                    member_count: found.map_or(0, |c| c.1),
                    joined: found.is_some_and(|c| c.2 > 0),
                }
            })
            .collect(),
    ))
}

#[utoipa::path(post, path = "/api/communities/{slug}/join", tag = TAG, operation_id = "joinCommunity", params(("slug" = String, Path)),
    responses((status = 204, description = "A member (already one or now)"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn join(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(slug): Path<String>,
) -> AppResult<StatusCode> {
    let slug = room(&slug)?;
    let mut tx = state.db.begin().await?;
    super::store::join_room(&mut tx, slug, me.id, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/communities/{slug}/join", tag = TAG, operation_id = "leaveCommunity", params(("slug" = String, Path)),
    responses((status = 204, description = "Not a member (any more)"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn leave(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(slug): Path<String>,
) -> AppResult<StatusCode> {
    let slug = room(&slug)?;
    let mut tx = state.db.begin().await?;
    super::store::leave_room(&mut tx, slug, me.id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/communities/{slug}/messages", tag = TAG, operation_id = "communityMessages", params(("slug" = String, Path), PageParams),
    responses((status = 200, body = [Message], description = "In sending order; the first page is the newest"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not a member"), (status = 404, body = ErrorBody)))]
pub async fn history(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(slug): Path<String>,
    page: PageRequest,
) -> AppResult<Page<Message>> {
    super::history(&state, me.id, Chat::Room { slug: room(&slug)? }, page).await
}

#[utoipa::path(post, path = "/api/communities/{slug}/messages", tag = TAG, operation_id = "sendCommunityMessage", params(("slug" = String, Path)), request_body = MessageBody,
    responses((status = 201, body = Message), (status = 200, body = Message, description = "Its clientId was sent before: the message stored then"), (status = 409, body = ErrorBody, description = "The clientId names another chat's message"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not a member"), (status = 404, body = ErrorBody)))]
pub async fn send(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(slug): Path<String>,
    ApiJson(body): ApiJson<MessageBody>,
) -> AppResult<(StatusCode, Json<Message>)> {
    let chat = Chat::Room { slug: room(&slug)? };
    super::post(&state, &me, chat, &body).await
}
