//! The SQL of the rewards area that is not the ledger's.

use super::model::LeaderboardEntry;
use crate::{
    db::{page::Cursor, Conn, Tx},
    time::DAY_MS,
};

/// Top earners by coins (ties by id), after `after` when paging; people with no coins are not listed,
/// nor suspended people, nor (for `viewer`) anyone with a block between them and the viewer.
pub async fn leaderboard(
    conn: &mut Conn,
    viewer: i64,
    limit: i64,
    after: Option<Cursor>,
) -> Result<Vec<LeaderboardEntry>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT u.id, u.first_name, u.last_name, u.username, u.profile_image_url, u.coins, \
         u.lifetime_coins AS total_coins_earned \
         FROM users u WHERE u.coins > 0 AND {} AND {} \
         ORDER BY u.coins DESC, u.id DESC LIMIT $1",
        crate::db::page::before("u.coins", "u.id", 2),
        crate::safety::blocks::listable_sql("$4", "u")
    ))
    .bind(limit)
    .bind(after.map(|c| c.key))
    .bind(after.map(|c| c.id))
    .bind(viewer)
    .fetch_all(&mut *conn)
    .await
}

/// A user's row of `user_achievements`.
#[derive(sqlx::FromRow)]
pub struct Progress {
    pub achievement_id: String,
    pub progress: i64,
    pub is_completed: i64,
    pub unlocked_at: Option<i64>,
    pub claimed_at: Option<i64>,
}

/// What the Rewards screen shows of a user's own record.
#[derive(sqlx::FromRow)]
pub struct Standing {
    pub coins: i64,
    pub lifetime: i64,
    pub scratch_streak: i64,
    pub last_scratch: Option<i64>,
    pub streak: i64,
}

pub async fn standing(conn: &mut Conn, user: i64) -> Result<Standing, sqlx::Error> {
    sqlx::query_as(
        "SELECT coins, lifetime_coins AS lifetime, scratch_card_streak AS scratch_streak, \
         last_scratch_at AS last_scratch, streak_days AS streak FROM users WHERE id = $1",
    )
    .bind(user)
    .fetch_one(conn)
    .await
}

/// Counts a login day: the streak grows when yesterday counted, else starts again at 1. The new streak.
pub async fn count_login_day(tx: &mut Tx, user: i64, today: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE users SET streak_days = CASE WHEN last_login_day = $2 THEN streak_days + 1 ELSE 1 END, \
         last_login_day = $3 WHERE id = $1 RETURNING streak_days",
    )
    .bind(user)
    .bind(today - 1)
    .bind(today)
    .fetch_one(&mut **tx)
    .await
}

pub async fn achievement_progress(conn: &mut Conn, user: i64) -> Result<Vec<Progress>, sqlx::Error> {
    sqlx::query_as(
        "SELECT achievement_id, progress, is_completed, unlocked_at, claimed_at FROM user_achievements WHERE user_id = $1",
    )
    .bind(user)
    .fetch_all(conn)
    .await
}

/// Today's `(task id, completed, claimed)` counts of the user's daily tasks.
pub async fn daily_task_counts(conn: &mut Conn, user: i64, day: i64) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT task_id, completed_count, claimed_count FROM user_daily_tasks WHERE user_id = $1 AND day = $2",
    )
    .bind(user)
    .bind(day)
    .fetch_all(conn)
    .await
}

/// Takes today's scratch (once per 24 h from the last, one conditional statement so racing scratches
/// cannot both win; the streak grows when the last was within 48 h). False when it was taken.
pub async fn take_scratch(tx: &mut Tx, user: i64, now: i64) -> Result<bool, sqlx::Error> {
    let taken: Option<i64> = sqlx::query_scalar(
        "UPDATE users SET scratch_card_streak = CASE WHEN last_scratch_at > $3 THEN scratch_card_streak + 1 ELSE 1 END, \
         last_scratch_at = $2 WHERE id = $1 AND (last_scratch_at IS NULL OR last_scratch_at <= $4) RETURNING id",
    )
    .bind(user)
    .bind(now)
    .bind(now - 2 * DAY_MS)
    .bind(now - DAY_MS)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(taken.is_some())
}

/// Marks a completed, unclaimed achievement claimed; false when it is not completed or was claimed.
pub async fn claim_achievement(tx: &mut Tx, user: i64, achievement: &str, now: i64) -> Result<bool, sqlx::Error> {
    let claimed: Option<i64> = sqlx::query_scalar(
        "UPDATE user_achievements SET claimed_at = $3 WHERE user_id = $1 AND achievement_id = $2 \
         AND is_completed = 1 AND claimed_at IS NULL RETURNING user_id",
    )
    .bind(user)
    .bind(achievement)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(claimed.is_some())
}

/// True when the user has already claimed this achievement.
pub async fn achievement_claimed(conn: &mut Conn, user: i64, achievement: &str) -> Result<bool, sqlx::Error> {
    let claimed_at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT claimed_at FROM user_achievements WHERE user_id = $1 AND achievement_id = $2")
            .bind(user)
            .bind(achievement)
            .fetch_optional(conn)
            .await?;
    Ok(claimed_at.flatten().is_some())
}
