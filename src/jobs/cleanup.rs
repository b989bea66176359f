//! Removes what has expired: sessions, remember tokens, reset links, ended budget windows, live
//! events that were too large to send and have been read, and uploads nothing used within a day.
//! Nothing it removes could still be used (every lookup also checks the expiry), so it only keeps
//! the tables small.

use std::time::Duration;

use crate::{state::AppState, time::now_ms};

pub const NAME: &str = "cleanup";
pub const PERIOD: Duration = Duration::from_secs(15 * 60);

pub async fn run_once(state: &AppState) -> anyhow::Result<String> {
    let now = now_ms();
    let mut tx = state.db.begin().await?;
    let mut removed = Vec::new();
    for table in ["sessions", "remember_tokens", "password_resets", "rate_counters", "live_spill"] {
        let done =
            sqlx::query(&format!("DELETE FROM {table} WHERE expires_at <= $1")).bind(now).execute(&mut *tx).await?;
        removed.push(format!("{} {table}", done.rows_affected()));
    }
    // A day's motivation key matters only on its day (levels and achievements keep theirs for good).
    let days =
        sqlx::query("DELETE FROM notification_once WHERE once_key LIKE 'daily_motivation:%' AND created_at < $1")
            .bind(now - 2 * crate::time::DAY_MS)
            .execute(&mut *tx)
            .await?;
    removed.push(format!("{} daily keys", days.rows_affected()));
    tx.commit().await?;
    let (files, settled) = crate::files::owners::sweep_unused(state, now).await?;
    removed.push(format!("{files} unused uploads ({settled} in use)"));
    Ok(format!("removed {}", removed.join(", ")))
}
