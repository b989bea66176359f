//! Keyset pages for every list that can grow (API.md "Lists, pages and live frames").
//!
//! A list is ordered by a sort key (a time in ms, a score, …) and the row id as tie-breaker; a page
//! asks for the rows strictly after the last one it showed, so rows added meanwhile never shift a
//! page (no offsets). The position travels as an opaque cursor; the answer is a JSON array with an
//! RFC 8288 `Link: <…>; rel="next"` while more remain, keeping the request's filters.
//!
//! In SQL, newest first: `WHERE … AND {before("created_at", "id", 3)} ORDER BY created_at DESC, id DESC
//! LIMIT $2` ([`before`]; [`after`] for oldest first), bound with `page.fetch_limit()`, `page.after_key()`
//! and `page.after_id()`; then `page.finish(rows, |r| (r.created_at, r.id))`.

use axum::{
    extract::FromRequestParts,
    http::{header, request::Parts, HeaderValue, Uri},
    response::{IntoResponse, Response},
    Json,
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use serde::Serialize;

use crate::error::AppError;

pub const DEFAULT_LIMIT: i64 = 50;

/// The two query parameters of every paged list, for the OpenAPI document (`params(PageParams)`).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct PageParams {
    /// How many rows, at least 1 (default 50); more than 200 is read as 200.
    #[param(minimum = 1)]
    limit: Option<i64>,
    /// Where to continue: taken from the previous page's `Link: <…>; rel="next"` header, never made by hand.
    cursor: Option<String>,
}
pub const MAX_LIMIT: i64 = 200;
const LIMIT_MESSAGE: &str = "limit must be a whole number of at least 1";
const CURSOR_MESSAGE: &str = "cursor is not valid: start again from the first page";

/// A position in a list: the sort key and id of the last row shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub key: i64,
    pub id: i64,
}

impl Cursor {
    /// Opaque to clients (API.md: ids are not for arithmetic); versioned so the format can change.
    pub fn encode(self) -> String {
        URL_SAFE_NO_PAD.encode(format!("1.{}.{}", self.key, self.id))
    }

    pub fn decode(text: &str) -> Option<Self> {
        let raw = URL_SAFE_NO_PAD.decode(text.as_bytes()).ok()?;
        let raw = std::str::from_utf8(&raw).ok()?;
        let mut parts = raw.split('.');
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some("1"), Some(key), Some(id), None) => Some(Self { key: key.parse().ok()?, id: id.parse().ok()? }),
            _ => None,
        }
    }
}

/// The page a request asks for, read from `?limit=` and `?cursor=`; it remembers the request's
/// path and query so the answer can link to the next page with the same filters.
#[derive(Clone, Debug)]
pub struct PageRequest {
    pub limit: i64,
    pub after: Option<Cursor>,
    uri: Uri,
}

impl PageRequest {
    /// The first `limit` rows, for a server-side read that needs no link (a summary's latest items).
    pub fn first(limit: i64) -> Self {
        Self { limit, after: None, uri: Uri::from_static("/") }
    }

    pub fn from_uri(uri: &Uri) -> Result<Self, AppError> {
        let mut limit = DEFAULT_LIMIT;
        let mut after = None;
        for (name, value) in query_pairs(uri.query().unwrap_or_default()) {
            match name {
                "limit" => limit = parse_limit(&value)?,
                "cursor" => after = Some(Cursor::decode(&value).ok_or_else(|| AppError::bad_request(CURSOR_MESSAGE))?),
                _ => {}
            }
        }
        Ok(Self { limit, after, uri: uri.clone() })
    }

    /// The path and query this page was asked with: what tells one kept page from another.
    pub fn path_and_query(&self) -> &str {
        self.uri.path_and_query().map_or("/", |pq| pq.as_str())
    }

    /// How many rows to fetch: one more than the page, to learn whether another page follows.
    pub fn fetch_limit(&self) -> i64 {
        self.limit + 1
    }

    /// The sort key to continue after, or `None` on the first page (bind it as a nullable).
    pub fn after_key(&self) -> Option<i64> {
        self.after.map(|c| c.key)
    }

    pub fn after_id(&self) -> Option<i64> {
        self.after.map(|c| c.id)
    }

    /// Cuts the fetched rows to the page and notes where the next one starts.
    pub fn finish<T>(self, mut rows: Vec<T>, position: impl Fn(&T) -> (i64, i64)) -> Page<T> {
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        let next = if rows.len() > limit {
            rows.truncate(limit);
            rows.last().map(|row| {
                let (key, id) = position(row);
                Cursor { key, id }
            })
        } else {
            None
        };
        Page { items: rows, next: next.map(|cursor| self.link_to(cursor)) }
    }

    /// The same path and filters, at `cursor`.
    fn link_to(&self, cursor: Cursor) -> String {
        let kept = self
            .uri
            .query()
            .unwrap_or_default()
            .split('&')
            .filter(|pair| !pair.is_empty())
            .filter(|pair| {
                let name = pair.split('=').next().unwrap_or_default();
                name != "cursor" && name != "limit"
            })
            .map(str::to_owned);
        let query: Vec<String> =
            kept.chain([format!("cursor={}", cursor.encode()), format!("limit={}", self.limit)]).collect();
        format!("{}?{}", self.uri.path(), query.join("&"))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageRequest {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Self::from_uri(&parts.uri)
    }
}

/// The keyset predicate of a page going back (newest first): the rows strictly before the cursor
/// `(key, id)`, whose values are bound at `$n` and `$n+1` (both NULL on the first page). Written once
/// here so that every list pages the same way.
pub fn before(key: &str, id: &str, n: usize) -> String {
    let m = n + 1;
    format!("(${n} IS NULL OR {key} < ${n} OR ({key} = ${n} AND {id} < ${m}))")
}

/// The keyset predicate of a page going forward (oldest first): the rows strictly after the cursor.
pub fn after(key: &str, id: &str, n: usize) -> String {
    let m = n + 1;
    format!("(${n} IS NULL OR {key} > ${n} OR ({key} = ${n} AND {id} > ${m}))")
}

/// A `limit` as asked: a whole number of at least 1, capped at [`MAX_LIMIT`] (API.md "Limits and fair play": a larger
/// limit is capped, not an error). Also for answers that are capped but not paged (search keeps its object shape).
pub fn parse_limit(value: &str) -> Result<i64, AppError> {
    // Digits past what an i64 holds are still "a lot": capped like any other large number.
    let huge = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    match value.parse::<i64>() {
        Ok(n) if n >= 1 => Ok(n.min(MAX_LIMIT)),
        Err(_) if huge => Ok(MAX_LIMIT),
        _ => Err(AppError::bad_request(LIMIT_MESSAGE)),
    }
}

fn query_pairs(query: &str) -> impl Iterator<Item = (&str, String)> {
    query.split('&').filter(|p| !p.is_empty()).map(|pair| {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        (name, percent_decode(value))
    })
}

/// Enough decoding for a cursor (URL-safe base64) and a number; anything else fails their parsers.
fn percent_decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One page of a list: answered as a JSON array, with `Link: <…>; rel="next"` when more remain.
#[derive(Debug)]
pub struct Page<T> {
    pub items: Vec<T>,
    /// The path and query of the next page.
    pub next: Option<String>,
}

impl<T> Page<T> {
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page { items: self.items.into_iter().map(f).collect(), next: self.next }
    }
}

impl<T: Serialize> IntoResponse for Page<T> {
    fn into_response(self) -> Response {
        let mut response = Json(self.items).into_response();
        add_next_link(&mut response, self.next.as_deref());
        response
    }
}

/// The `Link: <…>; rel="next"` header of a page that has a next one.
pub fn add_next_link(response: &mut Response, next: Option<&str>) {
    if let Some(next) = next.and_then(|n| HeaderValue::from_str(&format!("<{n}>; rel=\"next\"")).ok()) {
        response.headers_mut().insert(header::LINK, next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(uri: &str) -> Result<PageRequest, AppError> {
        PageRequest::from_uri(&uri.parse().unwrap())
    }

    #[test]
    fn limit_defaults_to_50_caps_at_200_and_refuses_what_is_not_a_count() {
        assert_eq!(request("/api/x").unwrap().limit, 50);
        assert_eq!(request("/api/x?limit=1").unwrap().limit, 1);
        assert_eq!(request("/api/x?limit=200").unwrap().limit, 200);
        for large in ["201", "100000", "99999999999999999999"] {
            assert_eq!(request(&format!("/api/x?limit={large}")).unwrap().limit, 200, "limit={large}");
        }
        for bad in ["0", "-1", "ten", "", "1.5"] {
            let err = request(&format!("/api/x?limit={bad}")).unwrap_err();
            assert_eq!(err.to_string(), LIMIT_MESSAGE, "limit={bad}");
        }
    }

    #[test]
    fn cursors_are_opaque_round_trips_and_garbage_is_refused() {
        let cursor = Cursor { key: 1_700_000_000_123, id: 42 };
        let text = cursor.encode();
        assert!(!text.contains("42"), "opaque: {text}");
        assert_eq!(Cursor::decode(&text), Some(cursor));
        assert_eq!(request(&format!("/api/x?cursor={text}")).unwrap().after, Some(cursor));
        for bad in ["abc", "", "MS4x", &URL_SAFE_NO_PAD.encode("2.1.2"), &URL_SAFE_NO_PAD.encode("1.a.2")] {
            assert!(request(&format!("/api/x?cursor={bad}")).is_err(), "cursor={bad}");
        }
    }

    #[test]
    fn the_next_link_keeps_filters_and_replaces_cursor_and_limit() {
        let page = request("/api/projects?category=design&limit=2&cursor=old&x=a%20b").err();
        assert!(page.is_some(), "a bad cursor is refused before anything else");
        let page = request("/api/projects?category=design&limit=2&x=a%20b").unwrap();
        let done = page.finish(vec![(30, 3), (20, 2), (10, 1)], |r| *r);
        assert_eq!(done.items, vec![(30, 3), (20, 2)]);
        let next = done.next.unwrap();
        let expected =
            format!("/api/projects?category=design&x=a%20b&cursor={}&limit=2", Cursor { key: 20, id: 2 }.encode());
        assert_eq!(next, expected);
    }

    #[test]
    fn the_last_page_has_no_next_link() {
        let done = request("/api/x?limit=3").unwrap().finish(vec![1, 2, 3], |r| (*r, *r));
        assert_eq!(done.items.len(), 3);
        assert!(done.next.is_none());
        let response = done.into_response();
        assert!(response.headers().get(header::LINK).is_none());
    }

    /// Pages through a real table newest first while rows keep arriving: nothing is seen twice and
    /// nothing that existed at the start is skipped.
    #[tokio::test]
    async fn pages_are_stable_while_rows_are_added() {
        let (_dir, db) = crate::db::tests::temp_sqlite().await;
        sqlx::query("CREATE TABLE items (id INTEGER PRIMARY KEY, created_at BIGINT NOT NULL)")
            .execute(db.pool())
            .await
            .unwrap();
        // Several rows share a time, so the id must break ties.
        for id in 1..=25i64 {
            sqlx::query("INSERT INTO items (id, created_at) VALUES ($1, $2)")
                .bind(id)
                .bind(1000 + id / 3)
                .execute(db.pool())
                .await
                .unwrap();
        }
        let mut seen = Vec::new();
        let mut uri = "/api/items?limit=4".to_string();
        let mut added = 100;
        loop {
            let page = request(&uri).unwrap();
            let rows: Vec<(i64, i64)> = sqlx::query_as(
                "SELECT created_at, id FROM items WHERE ($2 IS NULL OR (created_at, id) < ($2, $3)) \
                 ORDER BY created_at DESC, id DESC LIMIT $1",
            )
            .bind(page.fetch_limit())
            .bind(page.after_key())
            .bind(page.after_id())
            .fetch_all(db.pool())
            .await
            .unwrap();
            let done = page.finish(rows, |r| *r);
            seen.extend(done.items.iter().map(|r| r.1));
            // A newer row arrives between every two pages.
            added += 1;
            sqlx::query("INSERT INTO items (id, created_at) VALUES ($1, $2)")
                .bind(added)
                .bind(5000 + added)
                .execute(db.pool())
                .await
                .unwrap();
            match done.next {
                Some(next) => uri = next,
                None => break,
            }
        }
        let mut expected: Vec<i64> = (1..=25).collect();
        expected.sort_by_key(|id| std::cmp::Reverse((1000 + id / 3, *id)));
        assert_eq!(seen, expected);
    }
}
