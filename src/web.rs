//! The built React app (`web/dist`), embedded in the binary and served for every non-API path so
//! the client-side router owns them. Hashed assets are cached for a year; `index.html` and
//! `/sw.js` are always revalidated.

use axum::{
    http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri},
    response::{Html, IntoResponse, Response},
};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "$CARGO_MANIFEST_DIR/web/dist"]
#[allow_missing = true]
struct Assets;

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Grow</title>\
    <p>The web app is not built yet. Run <code>npm run build</code> in <code>web/</code>, then rebuild the server.</p>";

pub async fn serve_app(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return crate::error::AppError::NotFound("Page").into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(file) = asset(path) {
            return file_response(path, file, &headers);
        }
        // A missing file (it has an extension) is a 404, not the app: a stale asset must not
        // receive HTML that the browser would then try to run.
        let last = path.rsplit('/').next().unwrap_or_default();
        if last.contains('.') {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
    }
    match asset("index.html") {
        Some(file) => file_response("index.html", file, &headers),
        None => Html(NOT_BUILT).into_response(),
    }
}

/// A file of the app and its SHA-256: the embedded build, or, when `GROW_WEB_DIST` names a folder, that
/// folder's file read now (to try a web build against a server built earlier, as a branch's browser tests do).
fn asset(path: &str) -> Option<(Vec<u8>, [u8; 32])> {
    static DIST: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    let Some(dist) = DIST.get_or_init(|| std::env::var_os("GROW_WEB_DIST").map(Into::into)) else {
        return Assets::get(path).map(|file| (file.data.into_owned(), file.metadata.sha256_hash()));
    };
    let plain = path.split('/').all(|part| !part.is_empty() && part != ".." && part != "." && !part.contains('\\'));
    let data = std::fs::read(dist.join(path)).ok().filter(|_| plain)?;
    let hash = sha2::Digest::finalize(<sha2::Sha256 as sha2::Digest>::new_with_prefix(&data)).into();
    Some((data, hash))
}

fn file_response(path: &str, (data, hash): (Vec<u8>, [u8; 32]), request: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", hash.iter().map(|b| format!("{b:02x}")).take(16).collect::<String>());
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else if path == "index.html" || path == "sw.js" {
        "no-cache"
    } else {
        "public, max-age=3600"
    };
    let mut headers = HeaderMap::new();
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type =
        HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    if path == "sw.js" {
        headers.insert("service-worker-allowed", HeaderValue::from_static("/"));
    }
    let unchanged = request.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str());
    if unchanged {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, data).into_response()
}

/// True when the request has no `Origin`, or its origin is this app's own: the `Host` it was sent
/// to, or `public_url` (a proxy in front may send another `Host`).
pub fn origin_is_own(headers: &HeaderMap, public_url: &str) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let origin = origin.to_str().unwrap_or_default();
    if !origin.is_empty() && origin.eq_ignore_ascii_case(public_url) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let authority = origin.split_once("://").map(|(_, rest)| rest).unwrap_or_default();
    !host.is_empty() && authority.eq_ignore_ascii_case(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, host.parse().unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, o.parse().unwrap());
        }
        h
    }

    #[test]
    fn own_origin_is_recognised() {
        let public = "https://grow.example";
        assert!(origin_is_own(&headers(None, "grow.test"), public));
        assert!(origin_is_own(&headers(Some("http://127.0.0.1:5000"), "127.0.0.1:5000"), public));
        assert!(!origin_is_own(&headers(Some("https://evil.example"), "127.0.0.1:5000"), public));
        assert!(!origin_is_own(&headers(Some("null"), "127.0.0.1:5000"), public));
        // Behind a proxy that passes its own Host on: the configured public origin is the app's own.
        assert!(origin_is_own(&headers(Some("https://grow.example"), "10.0.0.5:5000"), public));
    }
}
