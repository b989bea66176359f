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
    /// 429 with `Retry-After`: a budget is spent until its window ends.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_secs: u64 },
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
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::ServiceUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        // A duplicate that slipped past an area's own check (two requests racing to make the same
        // thing) is the caller's conflict, not a fault: one mapping here, for every area.
        if crate::db::is_unique_violation(&err) {
            tracing::info!(error = %err, "a write met a unique key");
            return Self::Conflict(ALREADY_EXISTS.into());
        }
        match unavailable(&err) {
            Some(message) => {
                // Nothing was changed (the transaction, if any, rolls back); the client may retry.
                tracing::warn!(error = %err, "the database is unavailable");
                Self::ServiceUnavailable(message.into())
            }
            None => Self::Internal(anyhow::Error::new(err).context("database")),
        }
    }
}

const ALREADY_EXISTS: &str = "This already exists. Refresh to see the latest.";
const DATABASE_UNREACHABLE: &str = "The database is not answering right now. Please try again in a moment.";
const DATABASE_FULL: &str = "The server has run out of storage space. Please try again later.";

/// A database failure that passes (the server is gone, restarting, overloaded or out of disk): the
/// answer is a 503 the client can retry, not a 500 that says something is broken.
fn unavailable(err: &sqlx::Error) -> Option<&'static str> {
    match err {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => Some(DATABASE_UNREACHABLE),
        sqlx::Error::Database(db) => {
            let code = db.code()?;
            if code.len() == 5 {
                // PostgreSQL's SQLSTATE: connection exceptions (08…), shutting down or starting
                // (57P01-57P03), too many connections (53300), disk full (53100).
                if code.starts_with("08") || matches!(code.as_ref(), "57P01" | "57P02" | "57P03" | "53300") {
                    return Some(DATABASE_UNREACHABLE);
                }
                return (code == "53100").then_some(DATABASE_FULL);
            }
            // SQLite's result codes (at most four digits), extended ones carrying the primary code
            // in their low byte: busy (5), locked (6), I/O error (10), full (13).
            match code.parse::<u32>().ok().map(|c| c & 0xff) {
                Some(5 | 6 | 10) => Some(DATABASE_UNREACHABLE),
                Some(13) => Some(DATABASE_FULL),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The cause of a 500, handed to the request log (which knows the route) in the response's extensions.
#[derive(Clone)]
pub struct InternalCause(pub std::sync::Arc<String>);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(ErrorBody { message: self.to_string() })).into_response();
        if let Self::TooManyRequests { retry_after_secs, .. } = &self {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, (*retry_after_secs).into());
        }
        if let Self::Internal(err) = &self {
            // The detail stays in the log; the client only learns that something failed.
            response.extensions_mut().insert(InternalCause(std::sync::Arc::new(format!("{err:#}"))));
        }
        response
    }
}
