//! Request extractors that answer bad input with `{"message"}` and a 400, never axum's plain text.

use axum::{
    body::Bytes,
    extract::{rejection::BytesRejection, FromRequest, Request},
    http::header::{CONTENT_LENGTH, CONTENT_TYPE},
    response::{IntoResponse, Response},
    Json,
};
use serde::de::DeserializeOwned;

use crate::error::{AppError, ErrorBody};

/// A JSON body. Malformed JSON, a wrong type or a missing field is a 400 whose message names the
/// field; a body over the limit is a 413. An empty body reads as `{}` so that a missing field is
/// reported by name rather than as a parse error. A body is read only when it is sent as
/// `application/json` (415 otherwise: API.md "Cross-site requests"), so a plain cross-site form, which
/// can only send form or text types, can never write.
pub struct ApiJson<T>(pub T);

/// Whether a `Content-Type` names JSON (`application/json`, with or without parameters).
fn is_json(content_type: Option<&axum::http::HeaderValue>) -> bool {
    content_type
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = is_json(req.headers().get(CONTENT_TYPE));
        let bytes = Bytes::from_request(req, state).await.map_err(|e| match e {
            BytesRejection::FailedToBufferBody(_) => AppError::PayloadTooLarge("Request body is too large".into()),
            _ => AppError::bad_request("Could not read the request body"),
        })?;
        // PostgreSQL cannot store a NUL character in text; refuse it here, for both backends alike.
        if bytes.windows(6).any(|w| w.eq_ignore_ascii_case(b"\\u0000")) {
            return Err(AppError::bad_request("Text may not contain NUL characters"));
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return parse_json(b"{}").map(ApiJson);
        }
        if !json {
            return Err(AppError::UnsupportedMediaType("Send the request body as application/json".into()));
        }
        parse_json(&bytes).map(ApiJson)
    }
}

/// Query parameters. A value of the wrong type (`lat=north`) is a 400 `{"message"}` naming it, never
/// axum's plain-text rejection.
pub struct ApiQuery<T>(pub T);

impl<S, T> axum::extract::FromRequestParts<S> for ApiQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(rejection) => {
                let text = rejection.body_text();
                let detail = text.strip_prefix("Failed to deserialize query string: ").unwrap_or(&text);
                Err(AppError::BadRequest(format!("Invalid query: {detail}")))
            }
        }
    }
}

/// axum answers the rejections of its own extractors in plain text: a path parameter that is not
/// valid UTF-8 or not a number (`/api/projects/%00%ff`), a body over a limit, a missing multipart
/// boundary. Every API error is `{"message"}`, so the edge passes each API answer through here once,
/// for every route: a plain-text 4xx becomes the same status with its text as the message. Other
/// answers pass untouched (a 4xx of ours is JSON already; a stored text file is a 200).
pub async fn rejection_as_json(response: Response) -> Response {
    let plain = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|kind| kind.to_str().ok())
        .is_some_and(|kind| kind.starts_with("text/plain"));
    if !response.status().is_client_error() || !plain {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    // axum's rejection texts are a line or two.
    let text = axum::body::to_bytes(body, 16 * 1024).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message =
        if text.is_empty() { parts.status.canonical_reason().unwrap_or("Bad request").to_string() } else { text };
    parts.headers.remove(CONTENT_TYPE);
    parts.headers.remove(CONTENT_LENGTH);
    let answer = Json(ErrorBody { message }).into_response();
    let (json_parts, json_body) = answer.into_parts();
    parts.headers.extend(json_parts.headers);
    Response::from_parts(parts, json_body)
}

/// An id from a path segment (`/api/projects/{id}`): anything that is not one names nothing, so it
/// is that thing's 404, as an unknown id is.
pub fn path_id(raw: &str, what: &'static str) -> Result<i64, AppError> {
    raw.parse().map_err(|_| AppError::NotFound(what))
}

pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let detail = readable_serde_error(&inner);
        AppError::BadRequest(match inner.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                "Request body is not valid JSON".to_string()
            }
            _ if path.is_empty() || path == "." => format!("Invalid request body: {detail}"),
            _ => format!("Invalid {path}: {detail}"),
        })
    })
}

/// serde's text without the " at line 1 column 9" tail, which means nothing to a person.
fn readable_serde_error(err: &serde_json::Error) -> String {
    let text = err.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The client's address: the connection's peer, or behind a trusted proxy (`GROW_TRUSTED_PROXIES`)
/// the address it forwarded (see `net::client_address`).
pub struct ClientAddr(pub Option<std::net::IpAddr>);

impl axum::extract::FromRequestParts<crate::state::AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &crate::state::AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|info| info.0.ip());
        Ok(Self(crate::net::client_address(peer, &parts.headers, &state.config.trusted_proxies)))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_json;

    #[derive(serde::Deserialize, Debug)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Body {
        first_name: String,
    }

    #[test]
    fn names_the_missing_field() {
        let err = parse_json::<Body>(b"{}").unwrap_err();
        assert_eq!(err.to_string(), "Invalid request body: missing field `firstName`");
    }

    #[test]
    fn names_the_field_with_the_wrong_type() {
        let err = parse_json::<Body>(br#"{"firstName": 5}"#).unwrap_err();
        assert_eq!(err.to_string(), "Invalid firstName: invalid type: integer `5`, expected a string");
    }

    #[tokio::test]
    async fn nul_characters_are_refused() {
        use axum::extract::FromRequest;
        let request = axum::http::Request::new(axum::body::Body::from(r#"{"firstName": "a\u0000b"}"#));
        let err = super::ApiJson::<Body>::from_request(request, &()).await.err().unwrap();
        assert_eq!(err.to_string(), "Text may not contain NUL characters");
    }

    #[test]
    fn malformed_json_is_said_plainly() {
        let err = parse_json::<Body>(b"{nope").unwrap_err();
        assert_eq!(err.to_string(), "Request body is not valid JSON");
    }

    #[tokio::test]
    async fn a_plain_text_rejection_becomes_json() {
        use axum::{http::StatusCode, response::IntoResponse};
        let plain = (StatusCode::BAD_REQUEST, "Invalid URL: Cannot parse `x` to a `i64`").into_response();
        let answer = super::rejection_as_json(plain).await;
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
        assert_eq!(answer.headers()["content-type"], "application/json");
        let body = axum::body::to_bytes(answer.into_body(), 1024).await.unwrap();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["message"], "Invalid URL: Cannot parse `x` to a `i64`");

        let file = (StatusCode::OK, "a stored text file").into_response();
        let kept = super::rejection_as_json(file).await;
        assert_eq!(kept.headers()["content-type"], "text/plain; charset=utf-8");
    }
}
