//! Reading a cookie from a request (a leaf: it imports nothing of the crate, so anything may use it).

use axum::http::{header, HeaderMap};

/// The value of the cookie `wanted` in the request, if any and not empty.
pub fn value<'h>(headers: &'h HeaderMap, wanted: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == wanted)
        .map(|(_, value)| value.trim())
        .filter(|value| !value.is_empty())
}
