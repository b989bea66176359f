//! Handlers of project updates (the owner's news, told to every supporter) and feedback (anyone's
//! comments and replies, a reply told to the comment's author).

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{access, announce, model::*, rules, store};
use crate::{
    auth::CurrentUser,
    db::page::{Page, PageRequest},
    error::{AppError, AppResult, ErrorBody},
    extract::{path_id, ApiJson},
    files::{photo, upload},
    notifications::{self, Kind, NewNotification},
    safety::reach::reach,
    state::AppState,
};

const TAG: &str = "projects";

/// An image given as a data URL (stored now, judged by content) or as an address from `/api/upload`
/// that the caller uploaded or that is already on the project.
async fn image_input(state: &AppState, me: i64, project: i64, given: Option<&str>) -> AppResult<Option<String>> {
    let Some(given) = given.map(str::trim).filter(|g| !g.is_empty()) else { return Ok(None) };
    if given.starts_with("data:") {
        let bytes = photo::from_data_url(given)?;
        if bytes.len() > upload::MAX_FILE_BYTES {
            return Err(AppError::PayloadTooLarge("The image is too large: images must be under 10MB".into()));
        }
        if !matches!(upload::judge(&bytes), Some("png" | "jpg" | "webp" | "gif")) {
            return Err(AppError::UnsupportedMediaType("The image must be a PNG, JPEG, WebP or GIF picture".into()));
        }
        return upload::store(state, me, "The image", bytes).await.map(Some);
    }
    let url = rules::stored_file(given, crate::files::is_image_name, "imageUrl")?;
    crate::files::owners::require_usable(&state.db, me, Some(project), std::slice::from_ref(&url), "imageUrl").await?;
    Ok(Some(url))
}

#[utoipa::path(get, path = "/api/projects/{id}/updates", tag = TAG,
    params(("id" = String, Path), crate::db::page::PageParams),
    responses((status = 200, body = [ProjectUpdate], description = "Newest first"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A protected project's inner parts, asked by a non-member"), (status = 404, body = ErrorBody)))]
pub async fn updates(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<ProjectUpdate>> {
    let project = access::inside(&state, me.id, path_id(&id, "Project")?).await?;
    let rows = store::updates(&mut *state.db.conn().await?, project.id, &page).await?;
    Ok(page.finish(rows, |u| (u.created_at, u.id)).map(|u| u.to_update()))
}

#[utoipa::path(post, path = "/api/projects/{id}/updates", tag = TAG, params(("id" = String, Path)), request_body = NewUpdate,
    responses((status = 201, body = PostedUpdate), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the owner"), (status = 404, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
pub async fn post_update(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NewUpdate>,
) -> AppResult<(StatusCode, Json<PostedUpdate>)> {
    let project = access::owned(&state, me.id, path_id(&id, "Project")?).await?;
    let title = rules::text(&body.title, "Title")?;
    crate::text::name_without_controls(&title, "Title")?;
    let content = rules::text(&body.content, "Content")?;
    let image = image_input(&state, me.id, project.id, body.image_url.as_deref()).await?;
    let mut tx = state.db.begin().await?;
    let post = store::NewPost {
        project: project.id,
        author: me.id,
        kind: store::PostKind::Update { title: &title },
        content: &content,
        image_url: image.as_deref(),
        now: state.clock.now_ms(),
    };
    let row = store::insert_post(&mut tx, &post).await?;
    let supporters = store::supporters(&mut tx, project.id).await?;
    let message = format!("{}: {title}", project.title);
    for supporter in &supporters {
        notifications::notify(&mut tx,
            &NewNotification {
                user_id: *supporter,
                actor: Some(me.id),
                kind: Kind::ProjectUpdate,
                title: "Project update",
                message: &message,
                data: serde_json::json!({ "projectId": project.id, "updateId": row.id, "url": format!("/project/{}", project.id) }),
                once_key: None,
            },
        )
        .await?;
    }
    announce(&mut tx, project.id, &supporters).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(PostedUpdate { update: row.to_update(), supporter_count: supporters.len() as i64 })))
}

#[utoipa::path(get, path = "/api/projects/{id}/feedback", tag = TAG,
    params(("id" = String, Path), crate::db::page::PageParams),
    responses((status = 200, body = [Feedback], description = "Comments and replies, newest first; a reply names its parent"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A protected project's inner parts, asked by a non-member"), (status = 404, body = ErrorBody)))]
pub async fn feedback(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<Feedback>> {
    let project = access::inside(&state, me.id, path_id(&id, "Project")?).await?;
    let rows = store::feedback(&mut *state.db.conn().await?, project.id, &page).await?;
    Ok(page.finish(rows, |f| (f.created_at, f.id)).map(|f| f.to_feedback()))
}

#[utoipa::path(post, path = "/api/projects/{id}/feedback", tag = TAG, params(("id" = String, Path)), request_body = NewFeedback,
    responses((status = 201, body = Feedback), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "A reply to someone with a block between the two, or a protected project of which one is not a member"),
              (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
pub async fn post_feedback(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NewFeedback>,
) -> AppResult<(StatusCode, Json<Feedback>)> {
    let project = access::inside(&state, me.id, path_id(&id, "Project")?).await?;
    let content = rules::text(&body.content, "Feedback")?;
    let parent = match body.parent_id {
        Some(parent) => match store::feedback_item(&mut *state.db.conn().await?, parent).await? {
            Some(found) if found.project_id == project.id => Some(found),
            _ => return Err(AppError::bad_request("parentId must be a comment on this project")),
        },
        None => None,
    };
    // A reply reaches the comment's author: not across a block (API.md "Safety").
    let replied_to = match &parent {
        Some(parent) if parent.author_id != me.id => {
            Some(reach(&mut *state.db.conn().await?, me.id, parent.author_id).await?)
        }
        _ => None,
    };
    let image = image_input(&state, me.id, project.id, body.image_url.as_deref()).await?;
    let mut tx = state.db.begin().await?;
    let post = store::NewPost {
        project: project.id,
        author: me.id,
        kind: store::PostKind::Feedback { parent: parent.as_ref().map(|p| p.id) },
        content: &content,
        image_url: image.as_deref(),
        now: state.clock.now_ms(),
    };
    let row = store::insert_post(&mut tx, &post).await?;
    if let (Some(parent), Some(author)) = (&parent, &replied_to) {
        let message = format!("{} {} replied to your feedback on {}", me.first_name, me.last_name, project.title);
        notifications::notify(&mut tx,
            &NewNotification {
                user_id: author.id(),
                actor: Some(me.id),
                kind: Kind::FeedbackReply,
                title: "New reply",
                message: &message,
                data: serde_json::json!({ "projectId": project.id, "feedbackId": row.id, "parentId": parent.id, "url": format!("/project/{}", project.id) }),
                once_key: None,
            },
        )
        .await?;
    }
    announce(&mut tx, project.id, &[]).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_feedback())))
}
