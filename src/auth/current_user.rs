//! Extractors: `CurrentUser` for signed-in routes (401 otherwise), `MaybeUser` where signing in is optional.

use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};

use crate::{
    auth::{session, session_cache::SessionUser},
    error::AppError,
    state::AppState,
};

/// The signed-in user. Extracting it answers 401 `{"message":"Unauthorized"}` when nobody is.
pub struct CurrentUser(pub Arc<SessionUser>);

/// The signed-in user, if any.
pub struct MaybeUser(pub Option<Arc<SessionUser>>);

/// Who the edge found an API call's session to be (`edge.rs` looks it up once, for the call's budget): the
/// extractors read it from the request instead of looking it up again.
#[derive(Clone)]
pub struct Caller(pub Option<Arc<SessionUser>>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(Caller(caller)) = parts.extensions.get::<Caller>() {
            return Ok(Self(caller.clone()));
        }
        match session::token_from_headers(&parts.headers) {
            Some(token) => Ok(Self(session::user_of(state, token).await?)),
            None => Ok(Self(None)),
        }
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match MaybeUser::from_request_parts(parts, state).await? {
            MaybeUser(Some(user)) => Ok(Self(user)),
            MaybeUser(None) => Err(AppError::Unauthorized(None)),
        }
    }
}
