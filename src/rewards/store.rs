//! The SQL of the rewards area: the coin ledger and balances, daily caps, daily tasks, achievements, the
//! leaderboard and the store. The rules that call it are in `ledger.rs`.

use std::sync::LazyLock;

use super::{
    catalogue::Metric,
    model::LeaderboardEntry,
    model::{Balance, Reason},
};
use crate::{
    db::{page::Cursor, Conn, Tx},
    time::DAY_MS,
};

/// What a leaderboard row shows of a person (`users u`).
const ENTRY_COLUMNS: &str =
    "u.id, u.first_name, u.last_name, u.username, u.profile_image_url, u.coins, u.lifetime_coins AS total_coins_earned";

/// Top earners by coins (ties by id), after `after` when paging; people with no coins are not listed,
/// nor suspended people, nor (for `viewer`) anyone with a block between them and the viewer.
pub async fn leaderboard(
    conn: &mut Conn,
    viewer: i64,
    limit: i64,
    after: Option<Cursor>,
) -> Result<Vec<LeaderboardEntry>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {ENTRY_COLUMNS} FROM users u WHERE u.coins > 0 AND {} AND {} \
         ORDER BY u.coins DESC, u.id DESC LIMIT $1",
        crate::db::page::before("u.coins", "u.id", 2),
        crate::safety::store::listable_sql("$4", "u")
    ))
    .bind(limit)
    .bind(after.map(|c| c.key))
    .bind(after.map(|c| c.id))
    .bind(viewer)
    .fetch_all(&mut *conn)
    .await
}

/// The leaderboard's first `limit` people as anyone sees it (no one's blocks applied).
pub async fn leaderboard_head(conn: &mut Conn, limit: i64) -> Result<Vec<LeaderboardEntry>, sqlx::Error> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {ENTRY_COLUMNS} FROM users u WHERE u.coins > 0 AND u.suspended_at IS NULL \
             ORDER BY u.coins DESC, u.id DESC LIMIT $1"
        )
    });
    sqlx::query_as(&SQL).bind(limit).fetch_all(conn).await
}

/// A user's row of `user_achievements`.
pub struct Progress {
    pub achievement_id: String,
    pub progress: i64,
    pub is_completed: i64,
    pub unlocked_at: Option<i64>,
    pub claimed_at: Option<i64>,
}
crate::from_row!(Progress { achievement_id, progress, is_completed, unlocked_at, claimed_at });

/// What the Rewards screen shows of a user's own record.
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
/// Who an act paid, how much and when.
pub async fn act(tx: &mut Tx, act_key: &str) -> Result<Option<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT user_id, amount, created_at FROM coin_ledger WHERE act_key = $1")
        .bind(act_key)
        .fetch_optional(&mut **tx)
        .await
}

/// A person's balance now.
pub async fn coins(tx: &mut Tx, user_id: i64) -> Result<i64, sqlx::Error> {
    let coins: Option<i64> =
        sqlx::query_scalar("SELECT coins FROM users WHERE id = $1").bind(user_id).fetch_optional(&mut **tx).await?;
    Ok(coins.unwrap_or(0))
}

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

/// A row of the rewards statements below: its kind, a name, and four numbers whose meaning the kind
/// gives (one statement returns rows of several kinds, so that a screen is one round trip).
type Row = (String, String, i64, i64, Option<i64>, Option<i64>);

/// The rows every metric is read from, for the user `$1`:
/// - `n`: the metrics on the user's row (lifetime coins, streak, connections) and the collaborators of
///   their projects;
/// - `m`: for each kind of act counted, its ledger rows (`(user_id, reason)` index; acts are recorded even
///   when the day's cap pays them 0, so these count what was done).
static METRIC_ROWS: LazyLock<String> = LazyLock::new(|| {
    let counted: Vec<String> = COUNTED.iter().map(|(reason, _)| format!("'{}'", reason.as_str())).collect();
    format!(
        "SELECT 'n', '', u.lifetime_coins, u.streak_days, u.connection_count, \
           CAST((SELECT COUNT(DISTINCT c.user_id) FROM project_collaborators c JOIN projects p ON p.id = c.project_id \
              WHERE p.owner_id = u.id AND c.role = 'collaborator') AS BIGINT) \
         FROM users u WHERE u.id = $1 \
         UNION ALL SELECT 'm', reason, COUNT(*), 0, NULL, NULL FROM coin_ledger \
         WHERE user_id = $1 AND reason IN ({}) GROUP BY reason",
        counted.join(", ")
    )
});

/// The metrics that count the ledger's rows of one kind of act.
const COUNTED: [(Reason, Metric); 5] = [
    (Reason::Scratch, Metric::Scratches),
    (Reason::DailyLogin, Metric::DailyLogins),
    (Reason::Store, Metric::StoreClaims),
    (Reason::Project, Metric::ProjectsCreated),
    (Reason::Task, Metric::TasksCompleted),
];

/// Every metric's value for a user now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    lifetime_coins: i64,
    streak_days: i64,
    connections: i64,
    team_collaborators: i64,
    /// In the order of [`COUNTED`].
    counted: [i64; COUNTED.len()],
}

impl Metrics {
    pub fn get(&self, metric: Metric) -> i64 {
        match metric {
            Metric::LifetimeCoins => self.lifetime_coins,
            Metric::StreakDays => self.streak_days,
            Metric::Connections => self.connections,
            Metric::TeamCollaborators => self.team_collaborators,
            Metric::Scratches
            | Metric::DailyLogins
            | Metric::StoreClaims
            | Metric::ProjectsCreated
            | Metric::TasksCompleted => COUNTED.iter().position(|(_, m)| *m == metric).map_or(0, |i| self.counted[i]),
        }
    }

    /// Takes in a row of [`METRIC_ROWS`]; false when the row is of another kind.
    fn take(&mut self, (kind, name, a, b, c, d): &Row) -> bool {
        match kind.as_str() {
            "n" => {
                (self.lifetime_coins, self.streak_days) = (*a, *b);
                (self.connections, self.team_collaborators) = (c.unwrap_or(0), d.unwrap_or(0));
            }
            "m" => {
                if let Some(i) = COUNTED.iter().position(|(reason, _)| reason.as_str() == name) {
                    self.counted[i] = *a;
                }
            }
            _ => return false,
        }
        true
    }
}

/// Every metric of a user in one round trip.
pub async fn metrics(conn: &mut Conn, user_id: i64) -> Result<Metrics, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(&METRIC_ROWS).bind(user_id).fetch_all(conn).await?;
    let mut metrics = Metrics::default();
    for row in &rows {
        metrics.take(row);
    }
    Ok(metrics)
}

/// What the Rewards screen reads of a user's own record: the standing, every metric and whether the
/// act `daily_act` (today's login bonus) is paid.
pub struct Screen {
    pub standing: Standing,
    pub metrics: Metrics,
    pub paid_today: bool,
}

/// The whole of what the Rewards screen reads of a user, in one statement: their record ([`Screen`]),
/// their achievements, today's (`day`) daily task counts and the people a block stands between them and.
pub async fn screen(
    conn: &mut Conn,
    user_id: i64,
    daily_act: &str,
    day: i64,
) -> Result<(Screen, ProgressRows), sqlx::Error> {
    // Kinds besides the metrics': `s` the standing (coins, scratch streak, last scratch, today's bonus
    // paid), `a` an achievement (progress, completed, unlocked, claimed), `t` a daily task (completed,
    // claimed), `b` a person on the other side of a block.
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT 's', '', u.coins, u.scratch_card_streak, u.last_scratch_at, \
               CAST(CASE WHEN EXISTS (SELECT 1 FROM coin_ledger WHERE act_key = $2) THEN 1 ELSE 0 END AS BIGINT) \
             FROM users u WHERE u.id = $1 \
             UNION ALL {} \
             UNION ALL SELECT 'a', achievement_id, progress, CAST(is_completed AS BIGINT), unlocked_at, claimed_at \
             FROM user_achievements WHERE user_id = $1 \
             UNION ALL SELECT 't', task_id, completed_count, claimed_count, NULL, NULL \
             FROM user_daily_tasks WHERE user_id = $1 AND day = $3 \
             UNION ALL SELECT 'b', '', blocked_id, 0, NULL, NULL FROM blocks WHERE blocker_id = $1 \
             UNION ALL SELECT 'b', '', blocker_id, 0, NULL, NULL FROM blocks WHERE blocked_id = $1",
            *METRIC_ROWS
        )
    });
    let rows: Vec<Row> = sqlx::query_as(&SQL).bind(user_id).bind(daily_act).bind(day).fetch_all(conn).await?;
    let mut standing = None;
    let mut metrics = Metrics::default();
    let mut out = ProgressRows::default();
    for row in rows {
        if metrics.take(&row) {
            continue;
        }
        let (kind, id, a, b, c, d) = row;
        match kind.as_str() {
            "s" => standing = Some((a, b, c, d == Some(1))),
            "a" => out.achievements.push(Progress {
                achievement_id: id,
                progress: a,
                is_completed: b,
                unlocked_at: c,
                claimed_at: d,
            }),
            "t" => out.daily_tasks.push((id, a, b)),
            _ => out.hidden.push(a),
        }
    }
    let (coins, scratch_streak, last_scratch, paid_today) = standing.ok_or(sqlx::Error::RowNotFound)?;
    let standing =
        Standing { coins, lifetime: metrics.lifetime_coins, scratch_streak, last_scratch, streak: metrics.streak_days };
    Ok((Screen { standing, metrics, paid_today }, out))
}

/// A user's stored achievements, today's `(task id, completed, claimed)` daily task counts, and the
/// people with a block between them and the user.
#[derive(Default)]
pub struct ProgressRows {
    pub achievements: Vec<Progress>,
    pub daily_tasks: Vec<(String, i64, i64)>,
    pub hidden: Vec<i64>,
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
