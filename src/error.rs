//! One error type for every handler: it knows its status and answers `{"message": "…"}`.

use axum::{
    http::StatusCode,
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    /// 401 with the default `Unauthorized` text (`None`) or a specific one.
    #[error("{}", .0.unwrap_or("Unauthorized"))]
    Unauthorized(Option<&'static str>),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    TooManyRequests(String),
    /// 503: busy or timed out; the client may try again.
    #[error("{0}")]
    ServiceUnavailable(String),
    #[error("Something went wrong")]
    Internal(#[from] anyhow::Error),
}

/// The body of every error answer.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub message: String,
}

impl AppError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn unauthorized(message: &'static str) -> Self {
        Self::Unauthorized(Some(message))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::ServiceUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        Self::Internal(anyhow::Error::new(err).context("database"))
    }
}

/// The cause of a 500, handed to the request log (which knows the route) in the response's extensions.
#[derive(Clone)]
pub struct InternalCause(pub std::sync::Arc<String>);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(ErrorBody { message: self.to_string() })).into_response();
        if let Self::Internal(err) = &self {
            // The detail stays in the log; the client only learns that something failed.
            response.extensions_mut().insert(InternalCause(std::sync::Arc::new(format!("{err:#}"))));
        }
        response
    }
}
