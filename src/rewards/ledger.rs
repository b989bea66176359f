//! The coin ledger: the one way coins move. Every award and spend is a ledger row keyed by the act
//! it came from (`coin_ledger.act_key` is unique), written in the same transaction as the balance
//! change, so `coins` is always the ledger's sum and `lifetimeCoins` the sum of its awards, an act
//! pays once however many requests race (the second insert finds the key taken and changes
//! nothing), and a spend is one conditional `UPDATE … WHERE coins >= $amount`, so a balance never
//! goes negative.
//!
//! Areas call [`award`] inside their own transaction, with the act's key (`support:{user}:{project}`)
//! and the metrics the act moves, which advance achievements and daily tasks.

use super::catalogue::{level_index, Metric, ACHIEVEMENTS, DAILY_TASKS, LEVELS};
use crate::{
    db::{Conn, Tx},
    notifications::{self, Kind, NewNotification},
    state::AppState,
};

/// Why coins moved; stored with each ledger row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    DailyLogin,
    Scratch,
    Support,
    Task,
    Project,
    Connection,
    Join,
    Achievement,
    DailyTask,
    Store,
    /// The demo community's starting balances.
    Demo,
    /// Given by an operator (`grow admin give-coins`).
    Admin,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::DailyLogin => "daily_login",
            Reason::Scratch => "scratch",
            Reason::Support => "support",
            Reason::Task => "task",
            Reason::Project => "project",
            Reason::Connection => "connection",
            Reason::Join => "join",
            Reason::Achievement => "achievement",
            Reason::DailyTask => "daily_task",
            Reason::Store => "store",
            Reason::Demo => "demo",
            Reason::Admin => "admin",
        }
    }
}

/// A balance after a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    pub coins: i64,
    pub lifetime: i64,
}

/// Writes a ledger row (negative for a spend); false when the act already has one.
async fn write_row(
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    reason: Reason,
    act_key: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO coin_ledger (user_id, amount, reason, act_key, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (act_key) DO NOTHING RETURNING id",
    )
    .bind(user_id)
    .bind(amount)
    .bind(reason.as_str())
    .bind(act_key)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(inserted.is_some())
}

/// True when an act was already paid: a read that saves a write attempt on the usual path (the
/// write stays the judge, so two first attempts at once still pay once).
pub async fn paid(conn: &mut Conn, act_key: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM coin_ledger WHERE act_key = $1")
        .bind(act_key)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// Writes an award's ledger row and adds it to the balance; `None` when the act was already paid.
pub async fn credit(
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    reason: Reason,
    act_key: &str,
    now: i64,
) -> Result<Option<Balance>, sqlx::Error> {
    if !write_row(tx, user_id, amount, reason, act_key, now).await? {
        return Ok(None);
    }
    add_to_balance(tx, user_id, amount, now).await.map(Some)
}

/// Moves a balance by `delta` coins (an award adds to the lifetime total too; a spend never takes
/// the balance below zero): one statement for both directions. `None` when a spend finds it short.
async fn move_balance(tx: &mut Tx, user_id: i64, delta: i64, now: i64) -> Result<Option<Balance>, sqlx::Error> {
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

/// Adds an award to the balance (which it cannot make short).
async fn add_to_balance(tx: &mut Tx, user_id: i64, amount: i64, now: i64) -> Result<Balance, sqlx::Error> {
    move_balance(tx, user_id, amount, now).await?.ok_or(sqlx::Error::RowNotFound)
}

/// What an award paid: `coins` (0 when the act was already paid or today's cap for its kind was
/// reached), `capped` when the cap stopped it, and the balance after a payment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Award {
    pub coins: i64,
    pub capped: bool,
    pub balance: Option<Balance>,
}

/// API.md "Coins": how many acts of a kind pay in one UTC day; past that the act still happens and
/// pays 0, so no loop of cheap acts mints coins.
pub fn daily_cap(reason: Reason) -> Option<i64> {
    match reason {
        Reason::Task => Some(5),
        Reason::Project => Some(2),
        Reason::Support => Some(10),
        Reason::Connection => Some(10),
        Reason::Join => Some(3),
        _ => None,
    }
}

/// Pays `amount` coins for an act, once and within its kind's daily cap: the function every area
/// calls inside its transaction. `moved` names what the act advanced (achievements and daily tasks
/// follow, paid or not).
pub async fn award(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    reason: Reason,
    act_key: &str,
    moved: &[Metric],
) -> Result<Award, sqlx::Error> {
    let now = state.clock.now_ms();
    let Some(cap) = daily_cap(reason) else {
        let Some(balance) = credit(tx, user_id, amount, reason, act_key, now).await? else {
            return Ok(Award::default());
        };
        let balance = settle(state, tx, user_id, amount, balance, moved).await?;
        return Ok(Award { coins: amount, capped: false, balance: Some(balance) });
    };
    // The act is recorded first (at 0), so a repeat finds it and neither pays nor takes a place
    // under the cap; then a place under today's cap is taken by one conditional statement, so
    // parallel acts on any instance cannot pay past it.
    if !write_row(tx, user_id, 0, reason, act_key, now).await? {
        return Ok(Award::default());
    }
    let place: Option<i64> = sqlx::query_scalar(
        "INSERT INTO coin_caps (user_id, reason, day, paid) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (user_id, reason, day) DO UPDATE SET paid = coin_caps.paid + 1 WHERE coin_caps.paid < $4 \
         RETURNING paid",
    )
    .bind(user_id)
    .bind(reason.as_str())
    .bind(state.clock.today())
    .bind(cap)
    .fetch_optional(&mut **tx)
    .await?;
    if place.is_none() {
        progress(state, tx, user_id, moved).await?;
        return Ok(Award { coins: 0, capped: true, balance: None });
    }
    sqlx::query("UPDATE coin_ledger SET amount = $1 WHERE act_key = $2")
        .bind(amount)
        .bind(act_key)
        .execute(&mut **tx)
        .await?;
    let balance = add_to_balance(tx, user_id, amount, now).await?;
    let balance = settle(state, tx, user_id, amount, balance, moved).await?;
    Ok(Award { coins: amount, capped: false, balance: Some(balance) })
}

/// Names a credit to a person who did not cause it and so saw no answer of their own (the other
/// side of a connection, a request accepted for them): API.md "Coins" has every credit named to the
/// person with its amount. Nothing is said when nothing was paid.
pub async fn name_credit(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    actor: i64,
    paid: &Award,
    why: &str,
) -> Result<(), sqlx::Error> {
    if paid.coins <= 0 {
        return Ok(());
    }
    let message = format!("{why}: +{} coins", paid.coins);
    let new = NewNotification {
        user_id,
        actor: Some(actor),
        kind: Kind::Reward,
        title: "Coins earned",
        message: &message,
        data: serde_json::json!({ "url": "/rewards", "coins": paid.coins }),
        once_key: None,
    };
    notifications::notify(state, tx, &new).await?;
    Ok(())
}

/// What follows a credit: a level reached is announced, daily tasks and achievements advance, and
/// every instance learns the user's record changed once the transaction commits.
pub async fn settle(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    balance: Balance,
    moved: &[Metric],
) -> Result<Balance, sqlx::Error> {
    level_up(state, tx, user_id, balance.lifetime - amount, balance.lifetime).await?;
    let mut metrics: Vec<Metric> = moved.to_vec();
    metrics.push(Metric::LifetimeCoins);
    progress(state, tx, user_id, &metrics).await?;
    Ok(balance)
}

/// Daily tasks and achievements follow what an act moved (their coins wait for CLAIM).
async fn progress(state: &AppState, tx: &mut Tx, user_id: i64, moved: &[Metric]) -> Result<(), sqlx::Error> {
    daily_tasks(state, tx, user_id, moved).await?;
    achievements(state, tx, user_id, moved).await?;
    let state_after = state.clone();
    tx.on_commit(move || state_after.user_changed(user_id));
    Ok(())
}

/// Announces every level crossed between two lifetime totals (spec 000 §4 "Level up").
async fn level_up(state: &AppState, tx: &mut Tx, user_id: i64, before: i64, after: i64) -> Result<(), sqlx::Error> {
    let (from, to) = (level_index(before) + 1, level_index(after));
    for (index, (name, _)) in LEVELS.iter().enumerate().take(to + 1).skip(from) {
        let message = format!("Congratulations! You reached {name}");
        let once_key = format!("level:{index}");
        let new = NewNotification {
            user_id,
            actor: None,
            kind: Kind::Reward,
            title: "Level Up!",
            message: &message,
            data: serde_json::json!({ "url": "/rewards", "level": name }),
            once_key: Some(&once_key),
        };
        notifications::notify(state, tx, &new).await?;
    }
    Ok(())
}

/// Takes `amount` coins for an act (a store claim); `None`, with nothing changed, when the
/// balance is short.
pub async fn spend(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    reason: Reason,
    act_key: &str,
    moved: &[Metric],
) -> Result<Option<Balance>, sqlx::Error> {
    let now = state.clock.now_ms();
    let Some(balance) = move_balance(tx, user_id, -amount, now).await? else {
        return Ok(None);
    };
    if !write_row(tx, user_id, -amount, reason, act_key, now).await? {
        // A spend's key is fresh each time; a repeat is a caller's mistake, and the transaction rolls back.
        return Err(sqlx::Error::Protocol(format!("the spend {act_key} was already recorded")));
    }
    progress(state, tx, user_id, moved).await?;
    Ok(Some(balance))
}

/// The value of a metric for a user now.
pub async fn metric(conn: &mut Conn, user_id: i64, metric: Metric) -> Result<i64, sqlx::Error> {
    let ledger_count = |reason: Reason| {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM coin_ledger WHERE user_id = $1 AND reason = $2")
            .bind(user_id)
            .bind(reason.as_str())
    };
    let column = |name: &str| format!("SELECT {name} FROM users WHERE id = $1");
    match metric {
        Metric::LifetimeCoins => {
            sqlx::query_scalar(&column("lifetime_coins")).bind(user_id).fetch_one(&mut *conn).await
        }
        Metric::StreakDays => sqlx::query_scalar(&column("streak_days")).bind(user_id).fetch_one(&mut *conn).await,
        Metric::Connections => {
            sqlx::query_scalar(&column("connection_count")).bind(user_id).fetch_one(&mut *conn).await
        }
        Metric::Scratches => ledger_count(Reason::Scratch).fetch_one(&mut *conn).await,
        Metric::DailyLogins => ledger_count(Reason::DailyLogin).fetch_one(&mut *conn).await,
        Metric::StoreClaims => ledger_count(Reason::Store).fetch_one(&mut *conn).await,
        // Acts are recorded even when the day's cap pays them 0, so these count what was done.
        Metric::ProjectsCreated => ledger_count(Reason::Project).fetch_one(&mut *conn).await,
        Metric::TasksCompleted => ledger_count(Reason::Task).fetch_one(&mut *conn).await,
        Metric::TeamCollaborators => {
            sqlx::query_scalar(
                "SELECT COUNT(DISTINCT c.user_id) FROM project_collaborators c \
                 JOIN projects p ON p.id = c.project_id WHERE p.owner_id = $1 AND c.role = 'collaborator'",
            )
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await
        }
    }
}

/// Counts today's completion of each daily task whose metric the act moved, up to the task's daily
/// maximum. Completions pay when claimed ([`claim_daily_task`]), never silently with the act.
async fn daily_tasks(state: &AppState, tx: &mut Tx, user_id: i64, moved: &[Metric]) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let today = state.clock.today();
    for task in DAILY_TASKS.iter().filter(|t| moved.contains(&t.metric)) {
        sqlx::query(
            "INSERT INTO user_daily_tasks (user_id, task_id, day, completed_count, last_completed) \
             VALUES ($1, $2, $3, 1, $4) \
             ON CONFLICT (user_id, task_id, day) DO UPDATE SET \
               completed_count = user_daily_tasks.completed_count + 1, last_completed = $4 \
             WHERE user_daily_tasks.completed_count < $5",
        )
        .bind(user_id)
        .bind(task.id)
        .bind(today)
        .bind(now)
        .bind(task.max_daily)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Pays today's unclaimed completions of a daily task (each completion its own act,
/// `task:{user}:{task}:{day}:{n}`); `None` when there is nothing to claim.
pub async fn claim_daily_task(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    task: &super::catalogue::DailyTask,
) -> Result<Option<(i64, Balance)>, sqlx::Error> {
    let today = state.clock.today();
    let now = state.clock.now_ms();
    let counts: Option<(i64, i64)> = sqlx::query_as(
        "SELECT completed_count, claimed_count FROM user_daily_tasks WHERE user_id = $1 AND task_id = $2 AND day = $3",
    )
    .bind(user_id)
    .bind(task.id)
    .bind(today)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((completed, claimed)) = counts.filter(|(completed, claimed)| completed > claimed) else {
        return Ok(None);
    };
    // Conditional on the count read, so of two racing claims only one moves it.
    let moved = sqlx::query(
        "UPDATE user_daily_tasks SET claimed_count = $4 WHERE user_id = $1 AND task_id = $2 AND day = $3 \
         AND claimed_count = $5",
    )
    .bind(user_id)
    .bind(task.id)
    .bind(today)
    .bind(completed)
    .bind(claimed)
    .execute(&mut **tx)
    .await?;
    if moved.rows_affected() == 0 {
        return Ok(None);
    }
    let mut paid = 0;
    let mut balance = None;
    for n in claimed + 1..=completed {
        let act = format!("task:{user_id}:{}:{today}:{n}", task.id);
        if let Some(after) = credit(tx, user_id, task.reward, Reason::DailyTask, &act, now).await? {
            paid += task.reward;
            balance = Some(after);
        }
    }
    let Some(balance) = balance else { return Ok(None) };
    let balance = settle(state, tx, user_id, paid, balance, &[]).await?;
    Ok(Some((paid, balance)))
}

/// Brings the user's progress on achievements of the given metrics up to date; one reaching its
/// target is unlocked and announced (its coins are claimed with `POST /api/rewards/claim/{name}`).
/// Only rows that change are written, so reading the Rewards screen does not queue behind other
/// writers (SQLite has one) when nothing moved.
pub async fn achievements(state: &AppState, tx: &mut Tx, user_id: i64, metrics: &[Metric]) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let mut values: Vec<(Metric, i64)> = Vec::new();
    let stored: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT achievement_id, progress, is_completed FROM user_achievements WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(&mut **tx)
            .await?;
    for achievement in ACHIEVEMENTS.iter().filter(|a| metrics.contains(&a.condition.metric)) {
        let condition = achievement.condition;
        let value = match values.iter().find(|(m, _)| *m == condition.metric) {
            Some((_, v)) => *v,
            None => {
                let v = metric(tx, user_id, condition.metric).await?;
                values.push((condition.metric, v));
                v
            }
        };
        let progress = value.min(condition.target);
        let done = value >= condition.target;
        // A completed row never changes; an open one only when its progress moves or it completes;
        // a missing one reads as no progress.
        let unchanged = match stored.iter().find(|(id, ..)| id == achievement.id) {
            Some((_, _, 1)) => true,
            Some((_, stored_progress, _)) => *stored_progress == progress && !done,
            None => progress == 0 && !done,
        };
        if unchanged {
            continue;
        }
        // Unlocking is one conditional statement: the row that turns complete says so once.
        let unlocked: Option<i64> = sqlx::query_scalar(
            "INSERT INTO user_achievements (user_id, achievement_id, progress, is_completed, unlocked_at) \
             VALUES ($1, $2, $3, $4, CASE WHEN $4 = 1 THEN $5 ELSE NULL END) \
             ON CONFLICT (user_id, achievement_id) DO UPDATE SET progress = $3, \
               is_completed = CASE WHEN user_achievements.is_completed = 1 THEN 1 ELSE $4 END, \
               unlocked_at = COALESCE(user_achievements.unlocked_at, CASE WHEN $4 = 1 THEN $5 ELSE NULL END) \
             WHERE user_achievements.is_completed = 0 \
             RETURNING is_completed",
        )
        .bind(user_id)
        .bind(achievement.id)
        .bind(progress)
        .bind(i64::from(done))
        .bind(now)
        .fetch_optional(&mut **tx)
        .await?;
        if done && unlocked == Some(1) {
            let message =
                format!("You unlocked {}. Claim {} coins on the Rewards screen.", achievement.name, achievement.reward);
            let once_key = format!("achievement:{}", achievement.id);
            let new = NewNotification {
                user_id,
                actor: None,
                kind: Kind::Reward,
                title: "Achievement unlocked!",
                message: &message,
                data: serde_json::json!({ "url": "/rewards", "achievement": achievement.id }),
                once_key: Some(&once_key),
            };
            notifications::notify(state, tx, &new).await?;
        }
    }
    Ok(())
}
