//! Server-side sessions: a random id in an HttpOnly cookie, its hash in the database, so any
//! instance can serve any session and logging out really ends it.

use std::sync::Arc;

use axum::http::{header, HeaderMap, HeaderName, HeaderValue};

use crate::{
    accounts::store,
    auth::{session_cache::SessionUser, token},
    db::Tx,
    error::AppError,
    events::{DomainEvent, Emit},
    state::AppState,
    time::now_ms,
};

pub const COOKIE_NAME: &str = "grow_session";

/// The user behind a session cookie: from the in-memory cache when it holds the session, else one
/// indexed query whose answer is cached (see `session_cache`).
pub async fn user_of(state: &AppState, session_token: &str) -> Result<Option<Arc<SessionUser>>, AppError> {
    let token_hash = token::hash(session_token);
    let now = now_ms();
    let cache = &state.kept.sessions;
    if let Some(user) = cache.get(&token_hash, now) {
        return Ok(Some(user));
    }
    let ticket = cache.ticket();
    let mut conn = state.db.conn().await?;
    let Some(found) = store::find_by_session(&mut conn, &token_hash, now).await? else {
        return Ok(None);
    };
    let user = Arc::new(SessionUser::new(found.user));
    cache.store(ticket, &token_hash, user.clone(), found.session_expires_at);
    Ok(Some(user))
}

/// Ends one session (logout) on every instance: its row, its cache entries and its sockets.
pub async fn end(state: &AppState, session_token: &str) -> Result<(), AppError> {
    let token_hash = token::hash(session_token);
    let mut tx = state.db.begin().await?;
    let user_id: Option<i64> = sqlx::query_scalar("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
        .bind(&token_hash)
        .fetch_optional(&mut *tx)
        .await?;
    // The device signed out: no more pushes for this account there.
    crate::notifications::store::forget_session_subscriptions(&mut tx, &token_hash).await?;
    if let Some(user_id) = user_id {
        tx.emit(DomainEvent::SessionEnded { user_id, token_hash });
    }
    tx.commit().await?;
    Ok(())
}

/// Starts a session for `user_id` and returns the cookie value to send.
pub async fn create(tx: &mut Tx, user_id: i64) -> Result<String, sqlx::Error> {
    token::issue(tx, token::Kind::Session, user_id).await
}

/// Issues a remember token (API.md: long-lived, revocable, stored hashed).
pub async fn create_remember_token(tx: &mut Tx, user_id: i64) -> Result<String, sqlx::Error> {
    token::issue(tx, token::Kind::Remember, user_id).await
}

/// Spends a remember token: deleting it and learning its owner is one statement, so two requests
/// racing with the same copied token cannot both succeed.
pub async fn consume_remember_token(
    tx: &mut Tx,
    username_key: &str,
    remember_token: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "DELETE FROM remember_tokens WHERE token_hash = $1 AND expires_at > $2 \
         AND user_id = (SELECT id FROM users WHERE username_key = $3) RETURNING user_id",
    )
    .bind(token::hash(remember_token))
    .bind(now_ms())
    .bind(username_key)
    .fetch_optional(&mut **tx)
    .await
}

pub async fn revoke_remember_token(tx: &mut Tx, username_key: &str, remember_token: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM remember_tokens WHERE token_hash = $1 AND user_id = (SELECT id FROM users WHERE username_key = $2)")
        .bind(token::hash(remember_token))
        .bind(username_key)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Ends every session and remembered login of a user (after a password reset). After commit, emit
/// `DomainEvent::SignedOut` so caches and sockets on every instance follow.
pub async fn revoke_all(tx: &mut Tx, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    crate::notifications::store::forget_user_subscriptions(tx, user_id).await?;
    sqlx::query("DELETE FROM remember_tokens WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// The session token from the request's cookies, if any.
pub fn token_from_headers(headers: &HeaderMap) -> Option<&str> {
    super::cookie::value(headers, COOKIE_NAME)
}

/// Whether cookies are marked `Secure`: when the app's public URL is https. Configuration decides, never a request
/// header such as `X-Forwarded-Proto`, which anyone can send (API.md "Sessions").
fn is_https(public_url: &str) -> bool {
    public_url.starts_with("https://")
}

/// Tells the web app that a session cookie was set, without giving it the cookie: the app asks who is
/// signed in only when this is present, so a signed-out visit makes no request that must fail with 401.
/// It holds nothing secret (the session stays `HttpOnly`).
pub const HINT_COOKIE_NAME: &str = "grow_signed_in";

/// The two `Set-Cookie` headers of a new session (the session and its hint); `Secure` when the app is served over
/// https (`public_url`).
pub fn set_cookies(public_url: &str, token: &str) -> Result<[(HeaderName, HeaderValue); 2], AppError> {
    let secure = if is_https(public_url) { "; Secure" } else { "" };
    let max_age = token::Kind::Session.ttl_ms() / 1000;
    let value = |text: String| {
        HeaderValue::from_str(&text).map_err(|e| AppError::Internal(anyhow::Error::new(e).context("session cookie")))
    };
    Ok([
        (
            header::SET_COOKIE,
            value(format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"))?,
        ),
        (header::SET_COOKIE, value(format!("{HINT_COOKIE_NAME}=1; Path=/; SameSite=Lax; Max-Age={max_age}{secure}"))?),
    ])
}

/// The two `Set-Cookie` headers that end a session in this browser.
pub fn clear_cookies(public_url: &str) -> [(HeaderName, HeaderValue); 2] {
    let (session, hint) = if is_https(public_url) {
        (
            "grow_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
            "grow_signed_in=; Path=/; SameSite=Lax; Max-Age=0; Secure",
        )
    } else {
        ("grow_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0", "grow_signed_in=; Path=/; SameSite=Lax; Max-Age=0")
    };
    [(header::SET_COOKIE, HeaderValue::from_static(session)), (header::SET_COOKIE, HeaderValue::from_static(hint))]
}

#[cfg(test)]
mod tests {
    use axum::http::{header, HeaderMap};

    #[test]
    fn finds_the_session_cookie_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, "theme=dark; grow_session=abc123; other=1".parse().unwrap());
        assert_eq!(super::token_from_headers(&headers), Some("abc123"));
        headers.insert(header::COOKIE, "grow_session=".parse().unwrap());
        assert_eq!(super::token_from_headers(&headers), None);
    }
}
