//! The SQL of notifications and push. Reads take `&mut Conn`, writes `&mut Tx`.

pub mod digest;

use super::model::{NotificationRow, NOTIFICATION_COLUMNS};
use crate::{
    db::{page::PageRequest, Conn, Tx},
    events::{DomainEvent, Emit},
    time::now_ms,
};

pub struct NewNotification<'a> {
    pub user_id: i64,
    /// The person whose act it tells of (a supporter, a replier, an owner), if any: nothing is
    /// created when a block stands between the two (API.md "Safety"; [`crate::safety::reach`]).
    pub actor: Option<i64>,
    pub kind: super::model::Kind,
    pub title: &'a str,
    pub message: &'a str,
    pub data: serde_json::Value,
    /// Set when the notification must exist at most once for this user (e.g. `daily:2026-11-23`).
    pub once_key: Option<&'a str>,
}

/// Inserts a notification and queues it for each of the user's push subscriptions. `None` when a
/// notification with the same `once_key` was already given to this user (nothing is inserted then,
/// even if that one has since been deleted).
pub async fn insert(tx: &mut Tx, new: &NewNotification<'_>) -> Result<Option<NotificationRow>, sqlx::Error> {
    let now = now_ms();
    if let Some(once_key) = new.once_key {
        let first: Option<i64> = sqlx::query_scalar(
            "INSERT INTO notification_once (user_id, once_key, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, once_key) DO NOTHING RETURNING user_id",
        )
        .bind(new.user_id)
        .bind(once_key)
        .bind(now)
        .fetch_optional(&mut **tx)
        .await?;
        if first.is_none() {
            return Ok(None);
        }
    }
    let row: Option<NotificationRow> = sqlx::query_as(&format!(
        "INSERT INTO notifications (user_id, type, title, message, data, created_at, once_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {NOTIFICATION_COLUMNS}"
    ))
    .bind(new.user_id)
    .bind(new.kind.as_str())
    .bind(new.title)
    .bind(new.message)
    .bind(new.data.to_string())
    .bind(now)
    .bind(new.once_key)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(row) = &row {
        sqlx::query(
            "INSERT INTO push_outbox (subscription_id, notification_id, next_attempt_at) \
             SELECT id, $1, $2 FROM push_subscriptions WHERE user_id = $3 \
             AND NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_id = $3 AND ns.push_off LIKE $4)",
        )
        .bind(row.id)
        .bind(now)
        .bind(row.user_id)
        // Push goes only for the types the person left on (API.md "Your account"); the list holds plain names.
        .bind(format!("%\"{}\"%", new.kind.as_str()))
        .execute(&mut **tx)
        .await?;
    }
    Ok(row)
}

/// A page of the user's notifications, newest first.
pub async fn page(conn: &mut Conn, user_id: i64, page: &PageRequest) -> Result<Vec<NotificationRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {NOTIFICATION_COLUMNS} FROM notifications WHERE user_id = $1 \
         AND {} \
         ORDER BY created_at DESC, id DESC LIMIT $2",
        crate::db::page::before("created_at", "id", 3)
    ))
    .bind(user_id)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .fetch_all(&mut *conn)
    .await
}

pub async fn unread_count(conn: &mut Conn, user_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND is_read = 0")
        .bind(user_id)
        .fetch_one(&mut *conn)
        .await
}

/// Marks one of the user's notifications read (keeping the first read time); `None` when the user
/// has no such notification.
/// Marks one of the user's notifications read (their other tabs hear of it once `tx` commits).
pub async fn mark_read(tx: &mut Tx, user_id: i64, id: i64) -> Result<Option<NotificationRow>, sqlx::Error> {
    let row: Option<NotificationRow> = sqlx::query_as(&format!(
        "UPDATE notifications SET is_read = 1, read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2 \
         RETURNING {NOTIFICATION_COLUMNS}"
    ))
    .bind(id)
    .bind(user_id)
    .bind(now_ms())
    .fetch_optional(&mut **tx)
    .await?;
    if row.is_some() {
        tx.emit(DomainEvent::NotificationsChanged { user_id });
    }
    Ok(row)
}

/// Marks all the user's notifications read; their other tabs hear of it once `tx` commits.
pub async fn mark_all_read(tx: &mut Tx, user_id: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE notifications SET is_read = 1, read_at = $2 WHERE user_id = $1 AND is_read = 0")
        .bind(user_id)
        .bind(now_ms())
        .execute(&mut **tx)
        .await?;
    tx.emit(DomainEvent::NotificationsChanged { user_id });
    Ok(done.rows_affected())
}

/// Deletes one of the user's notifications (their other tabs hear of it once `tx` commits).
pub async fn delete(tx: &mut Tx, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM notifications WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    let deleted = done.rows_affected() == 1;
    if deleted {
        tx.emit(DomainEvent::NotificationsChanged { user_id });
    }
    Ok(deleted)
}

/// Saves a browser's subscription for the user; a repeat of the endpoint replaces it (even one that
/// belonged to another account on that browser).
pub async fn upsert_subscription(
    tx: &mut Tx,
    user_id: i64,
    session_hash: &str,
    endpoint: &str,
    p256dh: &str,
    auth: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, session_hash, created_at) \
         VALUES ($1, $2, $3, $4, $6, $5) \
         ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4, session_hash = $6, created_at = $5",
    )
    .bind(user_id)
    .bind(endpoint)
    .bind(p256dh)
    .bind(auth)
    .bind(now_ms())
    .bind(session_hash)
    .execute(&mut **tx)
    .await?;
    // At most `MAX_SUBSCRIPTIONS` a person (API.md "Push"): the oldest make room for the newest.
    sqlx::query(
        "DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN \
         (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)",
    )
    .bind(user_id)
    .bind(MAX_SUBSCRIPTIONS)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Push subscriptions a person may hold.
pub const MAX_SUBSCRIPTIONS: i64 = 10;

/// A session ended (logout): the device it subscribed gets no more pushes for this account.
pub async fn forget_session_subscriptions(tx: &mut Tx, session_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE session_hash = $1").bind(session_hash).execute(&mut **tx).await?;
    Ok(())
}

/// Every session of a user ended (password reset): none of their devices is signed in any more.
pub async fn forget_user_subscriptions(tx: &mut Tx, user_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

pub async fn delete_subscription(tx: &mut Tx, user_id: i64, endpoint: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2")
        .bind(endpoint)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The users who count as active for the daily motivation: anyone with a session that has not ended.
pub async fn active_user_ids(conn: &mut Conn) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT DISTINCT user_id FROM sessions WHERE expires_at > $1 ORDER BY user_id")
        .bind(now_ms())
        .fetch_all(&mut *conn)
        .await
}

/// A push waiting to go out, with what it needs.
pub struct DuePush {
    pub id: i64,
    pub attempts: i64,
    pub subscription_id: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    pub notification_id: i64,
    pub title: String,
    pub message: String,
    pub kind: String,
    pub data: String,
}
crate::from_row!(DuePush {
    id,
    attempts,
    subscription_id,
    endpoint,
    p256dh,
    auth,
    notification_id,
    title,
    message,
    kind,
    data
});

/// Claims up to `limit` due pushes for `lease_ms`. The claim is one conditional `UPDATE`: an
/// instance that loses the race for a row finds its condition false and skips it.
pub async fn claim_due(tx: &mut Tx, limit: i64, lease_ms: i64, instance: &str) -> Result<Vec<DuePush>, sqlx::Error> {
    let now = now_ms();
    let ids: Vec<i64> = sqlx::query_scalar(
        "UPDATE push_outbox SET claimed_until = $1, claimed_by = $4 WHERE claimed_until <= $2 AND next_attempt_at <= $2 \
         AND id IN (SELECT id FROM push_outbox WHERE claimed_until <= $2 AND next_attempt_at <= $2 ORDER BY id LIMIT $3) \
         RETURNING id",
    )
    .bind(now + lease_ms)
    .bind(now)
    .bind(limit)
    .bind(instance)
    .fetch_all(&mut **tx)
    .await?;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = crate::db::id_list(&ids);
    // The ids are integers from the database, not input: safe to inline.
    sqlx::query_as(&format!(
        "SELECT o.id, o.attempts, s.id AS subscription_id, s.endpoint, s.p256dh, s.auth, \
           n.id AS notification_id, n.title, n.message, n.type AS kind, n.data \
         FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id \
         JOIN notifications n ON n.id = o.notification_id WHERE o.id IN ({list}) ORDER BY o.id"
    ))
    .persistent(false)
    .fetch_all(&mut **tx)
    .await
}

/// Hands back every row this instance holds (a clean shutdown), so another instance sends them now.
pub async fn release_claims(tx: &mut Tx, instance: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE push_outbox SET claimed_until = 0, claimed_by = NULL WHERE claimed_by = $1")
        .bind(instance)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected())
}

pub async fn push_delivered(tx: &mut Tx, outbox_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_outbox WHERE id = $1").bind(outbox_id).execute(&mut **tx).await?;
    Ok(())
}

/// Schedules another try, or gives up after the last.
pub async fn push_failed(tx: &mut Tx, outbox_id: i64, attempts: i64, retry_at: Option<i64>) -> Result<(), sqlx::Error> {
    match retry_at {
        Some(at) => {
            sqlx::query(
                "UPDATE push_outbox SET attempts = $2, next_attempt_at = $3, claimed_until = 0, claimed_by = NULL \
                 WHERE id = $1",
            )
            .bind(outbox_id)
            .bind(attempts)
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        None => push_delivered(tx, outbox_id).await?,
    }
    Ok(())
}

/// The push service said the subscription is gone (404/410): forget it and what was queued for it.
pub async fn subscription_gone(tx: &mut Tx, subscription_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE id = $1").bind(subscription_id).execute(&mut **tx).await?;
    Ok(())
}
