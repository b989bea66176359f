//! Answers whose JSON was written before the handler returns (kept cards, a session's own user, a search answer
//! written in place): the bytes go out as they are, with the JSON content type.

use axum::{
    body::Body,
    http::{header::CONTENT_TYPE, HeaderValue},
    response::{IntoResponse, Response},
};

/// Bytes that already are a JSON document.
pub struct PreparedJson<B>(pub B);

impl<B: Into<Body>> IntoResponse for PreparedJson<B> {
    fn into_response(self) -> Response {
        ([(CONTENT_TYPE, HeaderValue::from_static("application/json"))], self.0.into()).into_response()
    }
}
