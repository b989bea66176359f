//! The SQL of the safety area: blocks, reports and the budgets' counters.

use crate::{
    accounts::model::{UserRow, USER_COLUMNS},
    db::{page::PageRequest, Conn, Tx},
    events::{DomainEvent, Emit},
};

/// SQL that is true when no block stands between the user in `me` (a placeholder such as `$1`)
/// and the user in `other` (a column such as `u.id`), for filtering lists of people.
pub fn unblocked_sql(me: &str, other: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM blocks bk WHERE (bk.blocker_id = {me} AND bk.blocked_id = {other}) \
         OR (bk.blocker_id = {other} AND bk.blocked_id = {me}))"
    )
}

/// SQL that is true when the user in `other` (a column such as `u.id`) is reachable by `me` (a
/// placeholder): no block stands between them and the other is not suspended. For lists of people.
pub fn listable_sql(me: &str, other_alias: &str) -> String {
    format!("{other_alias}.suspended_at IS NULL AND {}", unblocked_sql(me, &format!("{other_alias}.id")))
}

/// A person as someone else about to reach them sees them: their row, whether they are suspended, and who of
/// the two blocked the other, if either did (the reach rule's three questions in one statement).
pub struct SeenBy {
    pub person: UserRow,
    pub suspended_at: Option<i64>,
    pub blocker: Option<i64>,
}
crate::from_row!(SeenBy { person: flatten, suspended_at, blocker });

/// `other` as `me` sees them, or None when there is no such person.
pub async fn seen_by(conn: &mut Conn, me: i64, other: i64) -> Result<Option<SeenBy>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {USER_COLUMNS}, suspended_at, (SELECT blocker_id FROM blocks            WHERE (blocker_id = $2 AND blocked_id = $1) OR (blocker_id = $1 AND blocked_id = $2)            ORDER BY CASE WHEN blocker_id = $2 THEN 0 ELSE 1 END LIMIT 1) AS blocker          FROM users WHERE id = $1"
    ))
    .bind(other)
    .bind(me)
    .fetch_optional(&mut *conn)
    .await
}

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

/// Everyone `me` blocked or was blocked by (to leave out of lists built in memory, such as search); someone both
/// blocked and blocking is listed twice. (`UNION ALL`: a `UNION` makes SQLite build a table to drop the repeats, on
/// every search.)
pub async fn hidden_from(conn: &mut Conn, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT blocked_id FROM blocks WHERE blocker_id = $1 UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = $1",
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
    tx.emit(DomainEvent::Blocked { blocker: me, blocked: other, connections_ended: accepted > 0 });
    Ok(accepted)
}

/// Lifts `me`'s block on `other` (nothing when there was none).
pub async fn unblock(tx: &mut Tx, me: i64, other: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
        .bind(me)
        .bind(other)
        .execute(&mut **tx)
        .await?;
    tx.emit(DomainEvent::Unblocked { blocker: me, blocked: other });
    Ok(())
}

/// A person `me` blocked, as their list shows them.
pub struct BlockedRow {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
    pub role: String,
    pub blocked_at: i64,
}
crate::from_row!(BlockedRow { id, username, first_name, last_name, profile_image_url, role, blocked_at });

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

// ---- reports ----

pub struct ReportRow {
    pub id: i64,
    pub reporter_id: Option<i64>,
    pub target_type: String,
    pub target_id: i64,
    pub subject_id: Option<i64>,
    pub reason: String,
    pub status: String,
    pub created_at: i64,
}
crate::from_row!(ReportRow { id, reporter_id, target_type, target_id, subject_id, reason, status, created_at });

pub const REPORT_COLUMNS: &str = "id, reporter_id, target_type, target_id, subject_id, reason, status, created_at";

/// The reporter's open report on a thing, if they made one.
pub async fn open_report(
    tx: &mut Tx,
    reporter: i64,
    kind: &str,
    target: i64,
) -> Result<Option<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {REPORT_COLUMNS} FROM reports WHERE reporter_id = $1 AND target_type = $2 AND target_id = $3 AND status = 'open'"
    ))
    .bind(reporter)
    .bind(kind)
    .bind(target)
    .fetch_optional(&mut **tx)
    .await
}

pub struct NewReport<'a> {
    pub reporter: i64,
    pub kind: &'a str,
    pub target: i64,
    pub subject: i64,
    pub reason: &'a str,
    pub now: i64,
}

/// Stores an open report; None when the reporter already has one open on the same thing (the one-open-report
/// index keeps one of two made at once).
pub async fn insert_report(tx: &mut Tx, new: &NewReport<'_>) -> Result<Option<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "INSERT INTO reports (reporter_id, target_type, target_id, subject_id, reason, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'open', $6) ON CONFLICT DO NOTHING RETURNING {REPORT_COLUMNS}"
    ))
    .bind(new.reporter)
    .bind(new.kind)
    .bind(new.target)
    .bind(new.subject)
    .bind(new.reason)
    .bind(new.now)
    .fetch_optional(&mut **tx)
    .await
}

/// A page of reports, newest first; only open ones when `open_only`.
pub async fn reports_page(conn: &mut Conn, open_only: bool, page: &PageRequest) -> Result<Vec<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {REPORT_COLUMNS} FROM reports WHERE ($1 = 0 OR status = 'open') AND {} \
         ORDER BY created_at DESC, id DESC LIMIT $2",
        crate::db::page::before("created_at", "id", 3)
    ))
    .bind(i64::from(open_only))
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .fetch_all(&mut *conn)
    .await
}

/// Resolves an open report in one statement, so of two administrators acting at once one acts; the report,
/// or None when it is not open (or not there).
pub async fn claim(tx: &mut Tx, id: i64, status: &str, now: i64, by: i64) -> Result<Option<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "UPDATE reports SET status = $2, resolved_at = $3, resolved_by = $4 WHERE id = $1 AND status = 'open' \
         RETURNING {REPORT_COLUMNS}"
    ))
    .bind(id)
    .bind(status)
    .bind(now)
    .bind(by)
    .fetch_optional(&mut **tx)
    .await
}

pub async fn report_exists(tx: &mut Tx, id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM reports WHERE id = $1").bind(id).fetch_optional(&mut **tx).await?;
    Ok(found.is_some())
}

/// The same judgement settles everyone's open reports on the same thing as `report`.
pub async fn settle_alike(tx: &mut Tx, report: &ReportRow, status: &str, now: i64, by: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE reports SET status = $1, resolved_at = $2, resolved_by = $3 \
         WHERE target_type = $4 AND target_id = $5 AND status = 'open'",
    )
    .bind(status)
    .bind(now)
    .bind(by)
    .bind(&report.target_type)
    .bind(report.target_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---- budgets ----

/// Counts one use of `key` in a window from `now` to `ends`; the count and when the window ends. A window
/// that has ended starts again at 1; every SET reads the row as it was, so racing uses each count once.
pub async fn count_use(tx: &mut Tx, key: &str, now: i64, ends: i64) -> Result<(i64, i64), sqlx::Error> {
    count_amount(tx, key, 1, now, ends).await
}

/// Adds `amount` to a counter in its window (a new window when the last one ended): the count and the window's end.
pub async fn count_amount(tx: &mut Tx, key: &str, amount: i64, now: i64, ends: i64) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "INSERT INTO rate_counters (counter_key, window_start, expires_at, used) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (counter_key) DO UPDATE SET \
           used = CASE WHEN rate_counters.expires_at <= $2 THEN $4 ELSE rate_counters.used + $4 END, \
           window_start = CASE WHEN rate_counters.expires_at <= $2 THEN $2 ELSE rate_counters.window_start END, \
           expires_at = CASE WHEN rate_counters.expires_at <= $2 THEN $3 ELSE rate_counters.expires_at END \
         RETURNING used, expires_at",
    )
    .bind(key)
    .bind(now)
    .bind(ends)
    .bind(amount)
    .fetch_one(&mut **tx)
    .await
}

/// A counter's count and end while its window is open.
pub async fn read_counter(conn: &mut Conn, key: &str, now: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT used, expires_at FROM rate_counters WHERE counter_key = $1 AND expires_at > $2")
        .bind(key)
        .bind(now)
        .fetch_optional(&mut *conn)
        .await
}

pub async fn give_back(tx: &mut Tx, key: &str) -> Result<(), sqlx::Error> {
    give_back_amount(tx, key, 1).await
}

pub async fn give_back_amount(tx: &mut Tx, key: &str, amount: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE rate_counters SET used = used - $2 WHERE counter_key = $1 AND used >= $2")
        .bind(key)
        .bind(amount)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn forget_counter(tx: &mut Tx, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_counters WHERE counter_key = $1").bind(key).execute(&mut **tx).await?;
    Ok(())
}
