//! The swipe deck and the swiped set.

use axum::{extract::State, http::StatusCode};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::store::{self as explore_store, Swipe};
use crate::{
    auth::CurrentUser,
    db::page::{Page, PageRequest},
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    extract::ApiQuery,
    projects::{access, cards::CardPage, model::Project, rules, store},
    state::AppState,
};

const TAG: &str = "explore";

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DeckParams {
    /// One of API.md's categories (any case); empty or `all` for every one.
    category: Option<String>,
    /// Innovator, Collaborator or Explorer; empty or `all` for any.
    looking_for: Option<String>,
}

fn chosen(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty() && !v.eq_ignore_ascii_case("all"))
}

#[utoipa::path(get, path = "/api/feed", tag = TAG, params(DeckParams, crate::db::page::PageParams),
    responses((status = 200, body = [Project], description = "Published projects the caller neither owns nor has swiped, newest first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn feed(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(params): ApiQuery<DeckParams>,
    page: PageRequest,
) -> AppResult<CardPage> {
    let category = chosen(params.category.as_deref()).map(rules::category).transpose()?;
    let looking_for = match chosen(params.looking_for.as_deref()) {
        Some(role) => rules::looking_for(&[role.to_string()])?.pop(),
        None => None,
    };
    let entries = match state.kept.cards.kept(me.id, page.path_and_query()) {
        Ok(kept) => kept,
        Err(ticket) => {
            let mut conn = state.db.conn().await?;
            let rows = store::deck(&mut conn, me.id, &page, category.as_deref(), looking_for.as_deref()).await?;
            state.kept.cards.keep(ticket, page.finish(rows, |e| (e.created_at, e.id)))
        }
    };
    state.kept.cards.render(&state.db, &entries).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwipeRequest {
    pub project_id: i64,
    /// `pass` or `support`.
    pub direction: String,
}

#[utoipa::path(post, path = "/api/feed/swipes", tag = TAG, request_body = SwipeRequest,
    responses((status = 204, description = "Recorded (a repeat changes nothing)"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn swipe(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<SwipeRequest>,
) -> AppResult<StatusCode> {
    if body.direction != "pass" && body.direction != "support" {
        return Err(AppError::bad_request("direction must be pass or support"));
    }
    let project = access::visible(&state, me.id, body.project_id).await?;
    let mut tx = state.db.begin().await?;
    explore_store::record_swipe(&mut tx, me.id, project.id, &body.direction, state.clock.now_ms()).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/feed/swipes", tag = TAG,
    params(crate::db::page::PageParams),
    responses((status = 200, body = [Swipe], description = "The caller's swipes, newest first"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody)))]
pub async fn swiped(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    page: PageRequest,
) -> AppResult<Page<Swipe>> {
    let rows = explore_store::swipes(&mut *state.db.conn().await?, me.id, &page).await?;
    Ok(page.finish(rows, |s| (s.created_at, s.project_id)))
}

#[utoipa::path(delete, path = "/api/feed/swipes", tag = TAG,
    responses((status = 204, description = "Every swipe forgotten (RESET SWIPED)"), (status = 401, body = ErrorBody)))]
pub async fn reset(State(state): State<AppState>, CurrentUser(me): CurrentUser) -> AppResult<StatusCode> {
    let mut tx = state.db.begin().await?;
    explore_store::forget_swipes(&mut tx, me.id).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
