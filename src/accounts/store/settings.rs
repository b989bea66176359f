//! The SQL of "Your account" (API.md): links that prove an address, a password changed in place, and the
//! notification settings.

use crate::{
    auth::token,
    db::{Conn, Tx},
};

/// A link that proves `email` is the person's, valid for a day; the token to put in it (stored hashed).
pub async fn new_email_token(tx: &mut Tx, user_id: i64, email: &str, now: i64) -> Result<String, sqlx::Error> {
    let token = token::generate();
    sqlx::query("INSERT INTO email_tokens (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token::hash(&token))
        .bind(user_id)
        .bind(email)
        .bind(now + crate::time::DAY_MS)
        .execute(&mut **tx)
        .await?;
    Ok(token)
}

/// Who holds an address now (by its key), if anyone.
pub async fn owner_of_email(conn: &mut Conn, email_key: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM users WHERE email_key = $1").bind(email_key).fetch_optional(conn).await
}

/// Spends a link: the person and the address it proves, once (of two racing uses only one finds it).
pub async fn take_email_token(tx: &mut Tx, token: &str, now: i64) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("DELETE FROM email_tokens WHERE token_hash = $1 AND expires_at > $2 RETURNING user_id, email")
        .bind(token::hash(token))
        .bind(now)
        .fetch_optional(&mut **tx)
        .await
}

/// Makes `email` the person's address, verified.
pub async fn set_verified_email(
    tx: &mut Tx,
    user_id: i64,
    email: &str,
    email_key: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET email = $2, email_key = $3, email_verified = 1, updated_at = $4 WHERE id = $1")
        .bind(user_id)
        .bind(email)
        .bind(email_key)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Ends every session of a person but `keep` (hashed) and every remembered login; the hashes of the sessions ended.
pub async fn end_other_sessions(tx: &mut Tx, user_id: i64, keep: &str) -> Result<Vec<String>, sqlx::Error> {
    let ended: Vec<String> =
        sqlx::query_scalar("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash")
            .bind(user_id)
            .bind(keep)
            .fetch_all(&mut **tx)
            .await?;
    sqlx::query("DELETE FROM remember_tokens WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(ended)
}

/// A person's choices as stored: the push types turned off (a JSON list) and the digest.
pub async fn notification_settings(conn: &mut Conn, user_id: i64) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT push_off, email_digest FROM notification_settings WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

pub async fn set_notification_settings(
    tx: &mut Tx,
    user_id: i64,
    push_off: &str,
    email_digest: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO notification_settings (user_id, push_off, email_digest) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET push_off = $2, email_digest = $3",
    )
    .bind(user_id)
    .bind(push_off)
    .bind(email_digest)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
