//! The SQL of the safety area's blocks (reports keep theirs in `reports.rs` for now).

use crate::db::{Conn, Tx};

/// Who blocked whom between two people, if anyone did: `Some(true)` when `me` blocked `other`.
pub async fn between(conn: &mut Conn, me: i64, other: i64) -> Result<Option<bool>, sqlx::Error> {
    let blocker: Option<i64> = sqlx::query_scalar(
        "SELECT blocker_id FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) \
         ORDER BY CASE WHEN blocker_id = $1 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(me)
    .bind(other)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(blocker.map(|b| b == me))
}

/// Everyone `me` blocked or was blocked by (to leave out of lists built in memory, such as search).
pub async fn hidden_from(conn: &mut Conn, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT blocked_id FROM blocks WHERE blocker_id = $1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await
}

/// Blocks `other` for `me` and removes what joined them; the accepted connections it removed, for
/// the counts. Blocking twice changes nothing.
pub async fn block(tx: &mut Tx, me: i64, other: i64, now: i64) -> Result<u64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
    )
    .bind(me)
    .bind(other)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    // Connections and requests of every kind between the two (collaboration requests included).
    let removed: Vec<String> = sqlx::query_scalar(
        "DELETE FROM connections WHERE low_id = $1 AND high_id = $2 RETURNING status || ':' || type",
    )
    .bind(me.min(other))
    .bind(me.max(other))
    .fetch_all(&mut **tx)
    .await?;
    let accepted = removed.iter().filter(|r| r.as_str() == "accepted:connection").count() as u64;
    if accepted > 0 {
        crate::connections::store::count(tx, me, other, -1, now).await?;
    }
    Ok(accepted)
}

pub async fn unblock(tx: &mut Tx, me: i64, other: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
        .bind(me)
        .bind(other)
        .execute(&mut **tx)
        .await
        .map(|_| ())
}

/// A person `me` blocked, as their list shows them.
#[derive(sqlx::FromRow)]
pub struct BlockedRow {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
    pub role: String,
    pub blocked_at: i64,
}

/// The people `me` blocked, most recent first.
pub async fn blocked_by(conn: &mut Conn, me: i64) -> Result<Vec<BlockedRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id, u.username, u.first_name, u.last_name, u.profile_image_url, u.role, b.created_at AS blocked_at \
         FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, u.id DESC",
    )
    .bind(me)
    .fetch_all(conn)
    .await
}
