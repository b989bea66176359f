//! Handlers of notifications and push subscriptions: each acts only on the caller's own.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    response::Response,
    Json,
};

use super::{endpoint, model::*, push, store};
use crate::{
    auth::CurrentUser,
    db::page::PageRequest,
    error::{AppError, AppResult, ErrorBody},
    extract::{path_id, ApiJson},
    state::AppState,
};

const TAG: &str = "notifications";

#[utoipa::path(get, path = "/api/notifications", tag = TAG, operation_id = "listNotifications",
    params(crate::db::page::PageParams),
    responses((status = 200, body = [Notification], description = "Newest first; `Link: <…>; rel=\"next\"` while more remain"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    page: PageRequest,
) -> AppResult<Response> {
    Ok(state.kept.notifications.page(&state.db, user.id, page).await?)
}

#[utoipa::path(get, path = "/api/notifications/count", tag = TAG,
    responses((status = 200, body = UnreadCount), (status = 401, body = ErrorBody)))]
pub async fn count(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> AppResult<Json<UnreadCount>> {
    Ok(Json(UnreadCount { count: state.kept.notifications.count(&state.db, user.id).await? }))
}

#[utoipa::path(post, path = "/api/notifications/{id}/read", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = Notification), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn read(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Notification>> {
    let id = path_id(&id, "Notification")?;
    let mut tx = state.db.begin().await?;
    let row = store::mark_read(&mut tx, user.id, id).await?.ok_or(AppError::NotFound("Notification"))?;
    tx.commit().await?;
    Ok(Json(row.to_wire()))
}

#[utoipa::path(post, path = "/api/notifications/read-all", tag = TAG,
    responses((status = 200, body = MarkedRead), (status = 401, body = ErrorBody)))]
pub async fn read_all(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> AppResult<Json<MarkedRead>> {
    let mut tx = state.db.begin().await?;
    let updated = store::mark_all_read(&mut tx, user.id).await?;
    tx.commit().await?;
    Ok(Json(MarkedRead { updated: i64::try_from(updated).unwrap_or(i64::MAX) }))
}

#[utoipa::path(delete, path = "/api/notifications/{id}", tag = TAG, operation_id = "deleteNotification", params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let id = path_id(&id, "Notification")?;
    let mut tx = state.db.begin().await?;
    if !store::delete(&mut tx, user.id, id).await? {
        return Err(AppError::NotFound("Notification"));
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/push/public-key", tag = TAG,
    responses((status = 200, body = PushPublicKey), (status = 401, body = ErrorBody)))]
pub async fn push_public_key(State(state): State<AppState>, CurrentUser(_user): CurrentUser) -> Json<PushPublicKey> {
    Json(PushPublicKey { public_key: state.pusher.public_key().to_owned() })
}

#[utoipa::path(post, path = "/api/push/subscribe", tag = TAG, request_body = SubscribeRequest,
    responses((status = 201), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn subscribe(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: axum::http::HeaderMap,
    ApiJson(body): ApiJson<SubscribeRequest>,
) -> AppResult<StatusCode> {
    endpoint::check_endpoint(&body.endpoint, state.config.push_reach())?;
    push::decode_key(&body.keys.p256dh)?;
    push::decode_auth(&body.keys.auth)?;
    let session_hash =
        crate::auth::session::token_from_headers(&headers).map(crate::auth::token::hash).unwrap_or_default();
    let mut tx = state.db.begin().await?;
    store::upsert_subscription(&mut tx, user.id, &session_hash, &body.endpoint, &body.keys.p256dh, &body.keys.auth)
        .await?;
    tx.commit().await?;
    Ok(StatusCode::CREATED)
}

#[utoipa::path(delete, path = "/api/push/subscribe", tag = TAG, request_body = UnsubscribeRequest,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn unsubscribe(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<UnsubscribeRequest>,
) -> AppResult<StatusCode> {
    if body.endpoint.trim().is_empty() {
        return Err(AppError::bad_request("endpoint is required"));
    }
    let mut tx = state.db.begin().await?;
    store::delete_subscription(&mut tx, user.id, &body.endpoint).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
