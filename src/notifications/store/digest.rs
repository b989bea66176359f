//! The SQL of the email digest (`notifications::digest`): who is due, the claim that mails a person's digest once
//! across instances, the notifications it carries, and turning it off.

use crate::db::{Conn, Tx};

/// A person whose digest may be due: verified, not suspended, digest on, with unread notifications never mailed
/// that are older than `left_since`.
pub struct Due {
    pub user_id: i64,
    pub email: String,
    pub first_name: String,
    /// `daily` or `weekly`.
    pub every: String,
    pub sent_at: Option<i64>,
}

crate::from_row!(Due { user_id, email, first_name, every, sent_at });

/// Up to `batch` people whose digest may be due, in id order.
pub async fn due(conn: &mut Conn, left_since: i64, batch: i64) -> Result<Vec<Due>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id AS user_id, u.email, u.first_name, COALESCE(ns.email_digest, 'weekly') AS every, \
           ns.digest_sent_at AS sent_at \
         FROM users u LEFT JOIN notification_settings ns ON ns.user_id = u.id \
         WHERE u.email_verified = 1 AND u.suspended_at IS NULL AND COALESCE(ns.email_digest, 'weekly') <> 'off' \
         AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.is_read = 0 AND n.mailed_at IS NULL \
           AND n.created_at <= $1) \
         ORDER BY u.id LIMIT $2",
    )
    .bind(left_since)
    .bind(batch)
    .fetch_all(conn)
    .await
}

/// Claims the person's digest for the period that began `every_ms` before `now`: true for the one claim of all
/// instances that wins (one conditional `UPDATE`).
pub async fn claim(tx: &mut Tx, user_id: i64, now: i64, every_ms: i64) -> Result<bool, sqlx::Error> {
    sqlx::query("INSERT INTO notification_settings (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    let claimed = sqlx::query(
        "UPDATE notification_settings SET digest_sent_at = $2 \
         WHERE user_id = $1 AND (digest_sent_at IS NULL OR digest_sent_at <= $3)",
    )
    .bind(user_id)
    .bind(now)
    .bind(now - every_ms)
    .execute(&mut **tx)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Marks the person's unread notifications older than `left_since` and never mailed as mailed now: each as
/// (id, title, message).
pub async fn take_unmailed(
    tx: &mut Tx,
    user_id: i64,
    now: i64,
    left_since: i64,
) -> Result<Vec<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE notifications SET mailed_at = $2 \
         WHERE user_id = $1 AND is_read = 0 AND mailed_at IS NULL AND created_at <= $3 RETURNING id, title, message",
    )
    .bind(user_id)
    .bind(now)
    .bind(left_since)
    .fetch_all(&mut **tx)
    .await
}

/// Turns the person's digest off (nothing, for someone who is gone).
pub async fn turn_off(tx: &mut Tx, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO notification_settings (user_id, email_digest) SELECT id, 'off' FROM users WHERE id = $1 \
         ON CONFLICT (user_id) DO UPDATE SET email_digest = 'off'",
    )
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
