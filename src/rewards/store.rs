//! The SQL of the rewards area: the coin ledger and balances, daily caps, daily tasks, achievements, the
//! leaderboard and the store. The rules that call it are in `ledger.rs`.

use std::sync::LazyLock;

use super::{
    catalogue::Metric,
    ledger::{Balance, Reason},
    model::LeaderboardEntry,
};
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

/// Takes today's scratch (once per 24 h from the last, one conditional statement so racing scratches
/// cannot both win; the streak grows when the last was within 48 h). False when it was taken.
pub async fn take_scratch(tx: &mut Tx, user: i64, now: i64) -> Result<bool, sqlx::Error> {
    let taken: Option<i64> = sqlx::query_scalar(
        "UPDATE users SET scratch_card_streak = CASE WHEN last_scratch_at > $3 THEN scratch_card_streak + 1 ELSE 1 END, \
         last_scratch_at = $2, updated_at = $2 WHERE id = $1 AND (last_scratch_at IS NULL OR last_scratch_at <= $4) \
         RETURNING id",
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

// ---- the ledger ----

/// Writes a ledger row (negative for a spend); false when the act already has one.
pub async fn write_row(
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    reason: &str,
    act_key: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO coin_ledger (user_id, amount, reason, act_key, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (act_key) DO NOTHING RETURNING id",
    )
    .bind(user_id)
    .bind(amount)
    .bind(reason)
    .bind(act_key)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(inserted.is_some())
}

/// Moves a balance by `delta` coins (an award adds to the lifetime total too; a spend never takes
/// the balance below zero): one statement for both directions. `None` when a spend finds it short.
pub async fn move_balance(tx: &mut Tx, user_id: i64, delta: i64, now: i64) -> Result<Option<Balance>, sqlx::Error> {
    let moved: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE users SET coins = coins + $1, \
           lifetime_coins = lifetime_coins + CASE WHEN $1 > 0 THEN $1 ELSE 0 END, updated_at = $2 \
         WHERE id = $3 AND coins + $1 >= 0 RETURNING coins, lifetime_coins",
    )
    .bind(delta)
    .bind(now)
    .bind(user_id)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(moved.map(|(coins, lifetime)| Balance { coins, lifetime }))
}

/// Takes a place under today's cap of a kind of act in one conditional statement (so parallel acts on any
/// instance cannot pay past it); None when the cap is reached.
pub async fn take_cap_place(
    tx: &mut Tx,
    user_id: i64,
    reason: &str,
    day: i64,
    cap: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO coin_caps (user_id, reason, day, paid) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (user_id, reason, day) DO UPDATE SET paid = coin_caps.paid + 1 WHERE coin_caps.paid < $4 \
         RETURNING paid",
    )
    .bind(user_id)
    .bind(reason)
    .bind(day)
    .bind(cap)
    .fetch_optional(&mut **tx)
    .await
}

/// Sets what an act recorded at 0 pays.
pub async fn set_act_amount(tx: &mut Tx, act_key: &str, amount: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE coin_ledger SET amount = $1 WHERE act_key = $2")
        .bind(amount)
        .bind(act_key)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Every metric's value for a user now, read in one statement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Metrics {
    lifetime_coins: i64,
    streak_days: i64,
    connections: i64,
    scratches: i64,
    daily_logins: i64,
    store_claims: i64,
    projects_created: i64,
    tasks_completed: i64,
    team_collaborators: i64,
}

impl Metrics {
    pub fn get(&self, metric: Metric) -> i64 {
        match metric {
            Metric::LifetimeCoins => self.lifetime_coins,
            Metric::StreakDays => self.streak_days,
            Metric::Connections => self.connections,
            Metric::Scratches => self.scratches,
            Metric::DailyLogins => self.daily_logins,
            Metric::StoreClaims => self.store_claims,
            Metric::ProjectsCreated => self.projects_created,
            Metric::TasksCompleted => self.tasks_completed,
            Metric::TeamCollaborators => self.team_collaborators,
        }
    }
}

/// Every metric's value as columns of a statement over `users u`: counts of acts by the ledger's
/// `(user_id, reason)` index, one small count each (acts are recorded even when the day's cap pays them 0,
/// so these count what was done).
fn metric_columns() -> String {
    let count = |reason: Reason, name: &str| {
        format!(
            "CAST((SELECT COUNT(*) FROM coin_ledger l WHERE l.user_id = u.id AND l.reason = '{}') AS BIGINT) AS {name}",
            reason.as_str()
        )
    };
    format!(
        "u.lifetime_coins, u.streak_days, u.connection_count AS connections, {}, {}, {}, {}, {}, \
         CAST((SELECT COUNT(DISTINCT c.user_id) FROM project_collaborators c JOIN projects p ON p.id = c.project_id \
            WHERE p.owner_id = u.id AND c.role = 'collaborator') AS BIGINT) AS team_collaborators",
        count(Reason::Scratch, "scratches"),
        count(Reason::DailyLogin, "daily_logins"),
        count(Reason::Store, "store_claims"),
        count(Reason::Project, "projects_created"),
        count(Reason::Task, "tasks_completed"),
    )
}

/// Every metric of a user in one round trip.
pub async fn metrics(conn: &mut Conn, user_id: i64) -> Result<Metrics, sqlx::Error> {
    static SQL: LazyLock<String> =
        LazyLock::new(|| format!("SELECT {} FROM users u WHERE u.id = $1", metric_columns()));
    sqlx::query_as(&SQL).bind(user_id).fetch_one(conn).await
}

/// What the Rewards screen reads of a user's own record, in one statement: the standing, every metric and
/// whether the act `daily_act` (today's login bonus) is paid.
#[derive(sqlx::FromRow)]
pub struct Screen {
    #[sqlx(flatten)]
    pub standing: Standing,
    #[sqlx(flatten)]
    pub metrics: Metrics,
    pub paid_today: i64,
}

pub async fn screen(conn: &mut Conn, user_id: i64, daily_act: &str) -> Result<Screen, sqlx::Error> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT u.coins, u.lifetime_coins AS lifetime, u.scratch_card_streak AS scratch_streak, \
               u.last_scratch_at AS last_scratch, u.streak_days AS streak, {}, \
               CASE WHEN EXISTS (SELECT 1 FROM coin_ledger WHERE act_key = $2) THEN 1 ELSE 0 END AS paid_today \
             FROM users u WHERE u.id = $1",
            metric_columns()
        )
    });
    sqlx::query_as(&SQL).bind(user_id).bind(daily_act).fetch_one(conn).await
}

/// A user's achievements (every column the screen shows) and today's daily task counts, in one statement.
pub async fn progress_rows(conn: &mut Conn, user_id: i64, day: i64) -> Result<ProgressRows, sqlx::Error> {
    /// kind ('a' or 't'), id, progress or completed, completed (1/0) or claimed, unlocked, claimed at.
    type Row = (String, String, i64, i64, Option<i64>, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT 'a', achievement_id, progress, CAST(is_completed AS BIGINT), unlocked_at, claimed_at \
         FROM user_achievements WHERE user_id = $1 \
         UNION ALL SELECT 't', task_id, completed_count, claimed_count, NULL, NULL \
         FROM user_daily_tasks WHERE user_id = $1 AND day = $2",
    )
    .bind(user_id)
    .bind(day)
    .fetch_all(conn)
    .await?;
    let mut out = ProgressRows::default();
    for (kind, id, a, b, unlocked_at, claimed_at) in rows {
        match kind.as_str() {
            "a" => out.achievements.push(Progress {
                achievement_id: id,
                progress: a,
                is_completed: b,
                unlocked_at,
                claimed_at,
            }),
            _ => out.daily_tasks.push((id, a, b)),
        }
    }
    Ok(out)
}

/// A user's stored achievements and today's `(task id, completed, claimed)` daily task counts.
#[derive(Default)]
pub struct ProgressRows {
    pub achievements: Vec<Progress>,
    pub daily_tasks: Vec<(String, i64, i64)>,
}

// ---- daily tasks and achievements ----

/// Counts one completion of a daily task today, up to its daily maximum.
pub async fn count_daily_completion(
    tx: &mut Tx,
    user_id: i64,
    task: &str,
    day: i64,
    now: i64,
    max_daily: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO user_daily_tasks (user_id, task_id, day, completed_count, last_completed) \
         VALUES ($1, $2, $3, 1, $4) \
         ON CONFLICT (user_id, task_id, day) DO UPDATE SET \
           completed_count = user_daily_tasks.completed_count + 1, last_completed = $4 \
         WHERE user_daily_tasks.completed_count < $5",
    )
    .bind(user_id)
    .bind(task)
    .bind(day)
    .bind(now)
    .bind(max_daily)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A daily task's completed and claimed counts for a day.
pub async fn daily_counts(tx: &mut Tx, user_id: i64, task: &str, day: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT completed_count, claimed_count FROM user_daily_tasks WHERE user_id = $1 AND task_id = $2 AND day = $3",
    )
    .bind(user_id)
    .bind(task)
    .bind(day)
    .fetch_optional(&mut **tx)
    .await
}

/// Moves a daily task's claimed count from `claimed` to `completed`; false when another claim moved it first.
pub async fn mark_daily_claimed(
    tx: &mut Tx,
    user_id: i64,
    task: &str,
    day: i64,
    claimed: i64,
    completed: i64,
) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE user_daily_tasks SET claimed_count = $4 WHERE user_id = $1 AND task_id = $2 AND day = $3 \
         AND claimed_count = $5",
    )
    .bind(user_id)
    .bind(task)
    .bind(day)
    .bind(completed)
    .bind(claimed)
    .execute(&mut **tx)
    .await?;
    Ok(moved.rows_affected() > 0)
}

/// Each stored achievement of a user.
pub async fn achievement_rows(conn: &mut Conn, user_id: i64) -> Result<Vec<Progress>, sqlx::Error> {
    sqlx::query_as(
        "SELECT achievement_id, progress, CAST(is_completed AS BIGINT) AS is_completed, unlocked_at, claimed_at \
         FROM user_achievements WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Writes an open achievement's progress; unlocking is one conditional statement, so the row that turns
/// complete says so once (Some(1)). A completed row never changes (None).
pub async fn put_achievement(
    tx: &mut Tx,
    user_id: i64,
    achievement: &str,
    progress: i64,
    done: bool,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO user_achievements (user_id, achievement_id, progress, is_completed, unlocked_at) \
         VALUES ($1, $2, $3, $4, CASE WHEN $4 = 1 THEN $5 ELSE NULL END) \
         ON CONFLICT (user_id, achievement_id) DO UPDATE SET progress = $3, \
           is_completed = CASE WHEN user_achievements.is_completed = 1 THEN 1 ELSE $4 END, \
           unlocked_at = COALESCE(user_achievements.unlocked_at, CASE WHEN $4 = 1 THEN $5 ELSE NULL END) \
         WHERE user_achievements.is_completed = 0 \
         RETURNING is_completed",
    )
    .bind(user_id)
    .bind(achievement)
    .bind(progress)
    .bind(i64::from(done))
    .bind(now)
    .fetch_optional(&mut **tx)
    .await
}
