//! A shared project link readable by anyone (API.md "Public project pages and link previews"): the public card
//! a signed-out visitor sees, and the link-preview tags other apps read from the page's HTML. Only a published,
//! active project of an active owner is public; nothing else about anyone (no email, task or member) is in it.

use axum::{
    extract::{Path, State},
    response::Response,
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::{model::json_list, store};
use crate::{
    error::{AppError, AppResult, ErrorBody},
    extract::path_id,
    state::AppState,
    web::{self, LinkPreview},
};

const TAG: &str = "projects";

/// A public project's card: what its shared link shows to anyone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicProject {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub image_urls: Vec<String>,
    pub category: String,
    pub phase: String,
    pub looking_for: Vec<String>,
    pub supporter_count: i64,
    pub owner: PublicOwner,
}

/// The owner as a public card names them: first name and photo only.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicOwner {
    pub first_name: String,
    pub profile_image_url: Option<String>,
}

impl From<store::PublicCardRow> for PublicProject {
    fn from(row: store::PublicCardRow) -> Self {
        Self {
            id: row.id,
            title: row.title,
            description: row.description,
            image_urls: json_list(&row.image_urls),
            category: row.category,
            phase: row.phase,
            looking_for: json_list(&row.looking_for),
            supporter_count: row.supporter_count,
            owner: PublicOwner { first_name: row.owner_first_name, profile_image_url: row.owner_profile_image_url },
        }
    }
}

async fn public(state: &AppState, id: i64) -> AppResult<Option<PublicProject>> {
    Ok(store::public_card(&mut *state.db.conn().await?, id).await?.map(PublicProject::from))
}

/// No session needed: the card of a published project whose owner is active, 404 for anything else.
#[utoipa::path(get, path = "/api/public/projects/{id}", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = PublicProject),
              (status = 400, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such project, or one that is not public")))]
pub async fn card(State(state): State<AppState>, Path(id): Path<String>) -> AppResult<Json<PublicProject>> {
    public(&state, path_id(&id, "Project")?).await?.map(Json).ok_or(AppError::NotFound("Project"))
}

/// The app's page for `/project/{id}` and `/join/{id}`: the same app as every path, its head carrying the
/// project's link-preview tags when it is public, Grow's own otherwise (nothing of a private project leaks).
pub async fn page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
) -> Response {
    let found = match id.parse::<i64>() {
        Ok(id) if id > 0 => public(&state, id).await.ok().flatten(),
        _ => None,
    };
    let preview = match found {
        Some(project) => preview_of(&project, &state.public_url, uri.path()),
        None => LinkPreview::generic(&state.public_url),
    };
    web::app_page(&preview, &headers)
}

fn preview_of(project: &PublicProject, public_url: &str, path: &str) -> LinkPreview {
    let image = match project.image_urls.first() {
        Some(url) if url.starts_with('/') => format!("{public_url}{url}"),
        Some(url) => url.clone(),
        None => LinkPreview::card_image(public_url),
    };
    let description = match project.description.trim() {
        "" => format!("{} is looking for people to build it with on Grow.", project.title),
        text => text.chars().take(200).collect(),
    };
    LinkPreview {
        title: format!("{} · Grow", project.title),
        description,
        image,
        url: format!("{public_url}{path}"),
        kind: "article",
    }
}
