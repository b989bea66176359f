//! `GET /metrics`: the Prometheus text, for whoever holds `GROW_METRICS_TOKEN` (404 without one configured).

use axum::{
    extract::State,
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
};

use crate::{
    error::AppError,
    metrics::{handle, DB_CONNECTIONS, DB_IDLE, OPEN_SOCKETS},
    state::AppState,
};

/// Compares without stopping at the first difference, so timing does not reveal the token.
fn same_secret(given: &[u8], wanted: &[u8]) -> bool {
    given.len() == wanted.len() && given.iter().zip(wanted).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

pub async fn serve(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(token) = state.config.metrics_token.as_deref() else {
        return AppError::NotFound("Page").into_response();
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !same_secret(given.as_bytes(), token.as_bytes()) {
        return AppError::Unauthorized(None).into_response();
    }
    let Some(handle) = handle() else {
        return AppError::ServiceUnavailable("Metrics are not available".into()).into_response();
    };
    // Levels that are read, not counted: taken at scrape time.
    metrics::gauge!(OPEN_SOCKETS).set(state.hub.socket_count() as f64);
    metrics::gauge!(DB_CONNECTIONS).set(f64::from(state.db.pool().size()));
    metrics::gauge!(DB_IDLE).set(state.db.pool().num_idle() as f64);
    (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], handle.render())
        .into_response()
}

#[cfg(test)]
mod tests {
    #[test]
    fn secrets_compare_whole() {
        assert!(super::same_secret(b"abc", b"abc"));
        assert!(!super::same_secret(b"abd", b"abc"));
        assert!(!super::same_secret(b"ab", b"abc"));
    }
}
