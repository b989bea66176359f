//! `GET /api/files/{name}`: a stored file, to whom it is for (API.md "Uploads").

use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue},
    response::{IntoResponse, Response},
};

use super::{content_type, is_stored_name, owners};
use crate::{error::AppError, state::AppState};

/// Shown in the page (pictures, sounds, plain text) rather than saved as a download.
fn shown_inline(kind: &str) -> bool {
    kind.starts_with("image/") || kind.starts_with("audio/") || kind.starts_with("text/plain")
}

/// `GET /api/files/{name}`: names are unguessable. A file of a direct or a project chat is served only to that chat's
/// people (404 to anyone else), `private`; everything else (photos, projects' images, room files, an upload nothing
/// uses yet) to anyone holding its address, `public` and long-lived (API.md "Uploads").
pub async fn serve(State(state): State<AppState>, headers: HeaderMap, Path(name): Path<String>) -> Response {
    if !is_stored_name(&name) {
        return AppError::NotFound("File").into_response();
    }
    let viewer = async {
        let Some(token) = crate::auth::session::token_from_headers(&headers) else { return Ok(None) };
        Ok::<_, AppError>(crate::auth::session::user_of(&state, token).await?.map(|user| user.id))
    };
    let cache = match owners::served_as(&state.db, &name, viewer).await {
        Ok(owners::Served::Public) => "public, max-age=31536000, immutable",
        Ok(owners::Served::Private) => "private, max-age=3600",
        Ok(owners::Served::Hidden) => return AppError::NotFound("File").into_response(),
        Err(err) => return err.into_response(),
    };
    let found = match state.files.get(&name).await {
        Ok(found) => found,
        Err(err) => return AppError::Internal(err.context("reading a stored file")).into_response(),
    };
    let (Some(bytes), Some(kind)) = (found, name.split_once('.').and_then(|(_, ext)| content_type(ext))) else {
        return AppError::NotFound("File").into_response();
    };
    let disposition = if shown_inline(kind) { "inline" } else { "attachment" };
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static(disposition)),
        ],
        bytes,
    )
        .into_response()
}
