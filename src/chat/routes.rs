//! Handlers of conversations, direct messages, project chat and message edits.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{model::*, store, Chat};
use crate::{
    auth::CurrentUser,
    db::page::{Page, PageParams, PageRequest},
    error::{AppError, AppResult, ErrorBody},
    extract::{path_id, ApiJson},
    state::AppState,
};

const TAG: &str = "chat";

#[utoipa::path(get, path = "/api/conversations", tag = TAG, params(PageParams),
    responses((status = 200, body = [Conversation], description = "The caller's conversations with messages, latest first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn conversations(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    page: PageRequest,
) -> AppResult<Page<Conversation>> {
    let mut conn = state.db.conn().await?;
    let rows = store::conversations(&mut conn, me.id, &page).await?;
    let page = page.finish(rows, |c| (c.last_message_at.unwrap_or_default(), c.id));
    // Every person the page names, read once.
    let mut wanted: Vec<i64> = page.items.iter().flat_map(|c| [c.low_id, c.high_id]).flatten().collect();
    wanted.sort_unstable();
    wanted.dedup();
    let people = store::people(&mut conn, &wanted).await?;
    Ok(page.map(|c| {
        let participants: Vec<Participant> =
            people.iter().filter(|p| Some(p.id) == c.low_id || Some(p.id) == c.high_id).cloned().collect();
        let group_name = match c.kind.as_str() {
            "project" => c.project_title.clone(),
            "room" => super::ROOMS.iter().find(|r| Some(r.0) == c.room.as_deref()).map(|r| r.1.to_string()),
            _ => None,
        };
        Conversation {
            id: c.id,
            is_group: c.kind != "direct",
            kind: c.kind,
            participants,
            group_name,
            project_id: c.project_id,
            room: c.room,
            last_message: c.last_message,
            last_message_at: c.last_message_at.map(crate::time::rfc3339),
            has_unread_messages: c.unread == 1,
            created_at: crate::time::rfc3339(c.created_at),
        }
    }))
}

#[utoipa::path(post, path = "/api/conversations/{id}/read", tag = TAG, params(("id" = String, Path, description = "The conversation's id (a frame's `conversationId`)")),
    request_body = MarkRead,
    responses((status = 204, description = "Read up to that message (a mark already further on stays)"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not a member of the project or room"),
              (status = 404, body = ErrorBody, description = "No such conversation of the caller's, or the message is not in it")))]
pub async fn mark_read(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MarkRead>,
) -> AppResult<StatusCode> {
    let conversation = path_id(&id, "Conversation")?;
    super::mark_read(&state, me.id, conversation, body.message_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/messages/{id}", tag = TAG,
    params(("id" = String, Path, description = "The other person's user id (a message's id for PATCH and DELETE)"), PageParams),
    responses((status = 200, body = [Message], description = "In sending order; the first page is the newest and marks the chat read; `Link` goes further back"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn direct_history(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(user_id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<Message>> {
    let other = path_id(&user_id, "User")?;
    super::history(&state, me.id, Chat::Direct { me: me.id, other }, page).await
}

#[utoipa::path(post, path = "/api/messages", tag = TAG, request_body = DirectMessageBody,
    responses((status = 201, body = Message), (status = 200, body = Message, description = "Its clientId was sent before: the message stored then"), (status = 409, body = ErrorBody, description = "The clientId names another chat's message"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "A block stands between the two, or the receiver is suspended"),
              (status = 404, body = ErrorBody, description = "User not found")))]
pub async fn send_direct(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<DirectMessageBody>,
) -> AppResult<(StatusCode, Json<Message>)> {
    let chat = Chat::Direct { me: me.id, other: body.receiver_id };
    super::post(&state, &me, chat, &body.message).await
}

#[utoipa::path(get, path = "/api/projects/{id}/messages", tag = TAG, params(("id" = String, Path), PageParams),
    responses((status = 200, body = [Message], description = "In sending order; the first page is the newest"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Neither the owner nor a collaborator (a viewer only follows)"), (status = 404, body = ErrorBody)))]
pub async fn project_history(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<Message>> {
    let id = crate::extract::path_id(&id, "Project")?;
    super::history(&state, me.id, Chat::Project { id }, page).await
}

#[utoipa::path(post, path = "/api/projects/{id}/messages", tag = TAG, params(("id" = String, Path)), request_body = MessageBody,
    responses((status = 201, body = Message), (status = 200, body = Message, description = "Its clientId was sent before: the message stored then"), (status = 409, body = ErrorBody, description = "The clientId names another chat's message"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Neither the owner nor a collaborator (a viewer only follows)"), (status = 404, body = ErrorBody)))]
pub async fn send_project(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MessageBody>,
) -> AppResult<(StatusCode, Json<Message>)> {
    let id = crate::extract::path_id(&id, "Project")?;
    super::post(&state, &me, Chat::Project { id }, &body).await
}

#[utoipa::path(patch, path = "/api/messages/{id}", tag = TAG, params(("id" = String, Path)), request_body = EditMessage,
    responses((status = 200, body = Message), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the sender, or the sender may no longer write in the chat (a block, a lost membership, a left room)"), (status = 404, body = ErrorBody)))]
pub async fn edit_message(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<EditMessage>,
) -> AppResult<Json<Message>> {
    let id = path_id(&id, "Message")?;
    let edited = super::change(&state, me.id, id, Some(&body.content)).await?;
    edited.map(Json).ok_or(AppError::NotFound("Message"))
}

#[utoipa::path(delete, path = "/api/messages/{id}", tag = TAG, params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not the sender"),
              (status = 404, body = ErrorBody)))]
pub async fn delete_message(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let id = path_id(&id, "Message")?;
    super::change(&state, me.id, id, None).await?;
    Ok(StatusCode::NO_CONTENT)
}
