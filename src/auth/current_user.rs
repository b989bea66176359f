//! Extractors: `CurrentUser` for signed-in routes (401 otherwise), `MaybeUser` where signing in is optional.

use axum::{extract::FromRequestParts, http::request::Parts};

use crate::{accounts::model::UserRow, accounts::store, app::AppState, auth::session, error::AppError};

/// The signed-in user. Extracting it answers 401 `{"message":"Unauthorized"}` when nobody is.
pub struct CurrentUser(pub UserRow);

/// The signed-in user, if any.
pub struct MaybeUser(pub Option<UserRow>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Some(token) = session::token_from_headers(&parts.headers) else {
            return Ok(Self(None));
        };
        Ok(Self(store::find_by_session(&state.db, token).await?))
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
