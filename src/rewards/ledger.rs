//! The coin ledger: the one way coins move. Every award and spend is a ledger row keyed by the act
//! it came from (`coin_ledger.act_key` is unique), written in the same transaction as the balance
//! change, so `coins` is always the ledger's sum and `lifetimeCoins` the sum of its awards, an act
//! pays once however many requests race (the second insert finds the key taken and changes
//! nothing), and a spend is one conditional `UPDATE … WHERE coins >= $amount`, so a balance never
//! goes negative.
//!
//! Areas call [`award`] inside their own transaction, with the act's key (`support:{user}:{project}`)
//! and the metrics the act moves, which advance achievements and daily tasks.

pub use super::model::{Balance, Reason};
use super::{
    catalogue::{level_index, Metric, ACHIEVEMENTS, DAILY_TASKS, LEVELS},
    store,
};
use crate::{
    db::Tx,
    events::{DomainEvent, Emit},
    notifications::{self, Kind, NewNotification},
    state::AppState,
};

/// Writes an award's ledger row and adds it to the balance; `None` when the act was already paid.
pub async fn credit(
    tx: &mut Tx,
    user_id: i64,
    amount: i64,
    reason: Reason,
    act_key: &str,
    now: i64,
) -> Result<Option<Balance>, sqlx::Error> {
    if !store::write_row(tx, user_id, amount, reason.as_str(), act_key, now).await? {
        return Ok(None);
    }
    add_to_balance(tx, user_id, amount, now).await.map(Some)
}

/// Takes back what the act `act_key` paid when it was paid less than `within_ms` ago, as a ledger row of its own
/// (`{act_key}:withdrawn`, once): as much of it as the balance still holds, never below zero. Who lost coins and
/// their balance after, when any were taken.
pub async fn take_back(
    tx: &mut Tx,
    act_key: &str,
    reason: Reason,
    within_ms: i64,
    now: i64,
) -> Result<Option<(i64, Balance)>, sqlx::Error> {
    let Some((user_id, paid, paid_at)) = store::act(tx, act_key).await? else { return Ok(None) };
    if paid <= 0 || now.saturating_sub(paid_at) >= within_ms {
        return Ok(None);
    }
    let taken = paid.min(store::coins(tx, user_id).await?.max(0));
    if taken == 0
        || !store::write_row(tx, user_id, -taken, reason.as_str(), &format!("{act_key}:withdrawn"), now).await?
    {
        return Ok(None);
    }
    Ok(store::move_balance(tx, user_id, -taken, now).await?.map(|balance| (user_id, balance)))
}

/// Adds an award to the balance (which it cannot make short).
async fn add_to_balance(tx: &mut Tx, user_id: i64, amount: i64, now: i64) -> Result<Balance, sqlx::Error> {
    store::move_balance(tx, user_id, amount, now).await?.ok_or(sqlx::Error::RowNotFound)
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
    if !store::write_row(tx, user_id, 0, reason.as_str(), act_key, now).await? {
        return Ok(Award::default());
    }
    let place = store::take_cap_place(tx, user_id, reason.as_str(), state.clock.today(), cap).await?;
    if place.is_none() {
        progress(state, tx, user_id, moved, None).await?;
        return Ok(Award { coins: 0, capped: true, balance: None });
    }
    store::set_act_amount(tx, act_key, amount).await?;
    let balance = add_to_balance(tx, user_id, amount, now).await?;
    let balance = settle(state, tx, user_id, amount, balance, moved).await?;
    Ok(Award { coins: amount, capped: false, balance: Some(balance) })
}

/// Names a credit to a person who did not cause it and so saw no answer of their own (the other
/// side of a connection, a request accepted for them): API.md "Coins" has every credit named to the
/// person with its amount. Nothing is said when nothing was paid.
pub async fn name_credit(tx: &mut Tx, user_id: i64, actor: i64, paid: &Award, why: &str) -> Result<(), sqlx::Error> {
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
    notifications::notify(tx, &new).await?;
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
    level_up(tx, user_id, balance.lifetime - amount, balance.lifetime).await?;
    let mut metrics: Vec<Metric> = moved.to_vec();
    metrics.push(Metric::LifetimeCoins);
    progress(state, tx, user_id, &metrics, Some(balance.coins)).await?;
    Ok(balance)
}

/// Daily tasks and achievements follow what an act moved (their coins wait for CLAIM); `coins` is the
/// balance the act moved to, when it moved one.
async fn progress(
    state: &AppState,
    tx: &mut Tx,
    user_id: i64,
    moved: &[Metric],
    coins: Option<i64>,
) -> Result<(), sqlx::Error> {
    daily_tasks(state, tx, user_id, moved).await?;
    achievements(state, tx, user_id, moved).await?;
    match coins {
        Some(coins) => tx.emit(DomainEvent::BalanceMoved { user_id, coins }),
        None => tx.emit(DomainEvent::UserChanged { user_id }),
    }
    Ok(())
}

/// Announces every level crossed between two lifetime totals (spec 000 §4 "Level up").
async fn level_up(tx: &mut Tx, user_id: i64, before: i64, after: i64) -> Result<(), sqlx::Error> {
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
        notifications::notify(tx, &new).await?;
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
    let Some(balance) = store::move_balance(tx, user_id, -amount, now).await? else {
        return Ok(None);
    };
    if !store::write_row(tx, user_id, -amount, reason.as_str(), act_key, now).await? {
        // A spend's key is fresh each time; a repeat is a caller's mistake, and the transaction rolls back.
        return Err(sqlx::Error::Protocol(format!("the spend {act_key} was already recorded")));
    }
    progress(state, tx, user_id, moved, Some(balance.coins)).await?;
    Ok(Some(balance))
}

/// Counts today's completion of each daily task whose metric the act moved, up to the task's daily
/// maximum. Completions pay when claimed ([`claim_daily_task`]), never silently with the act.
async fn daily_tasks(state: &AppState, tx: &mut Tx, user_id: i64, moved: &[Metric]) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let today = state.clock.today();
    for task in DAILY_TASKS.iter().filter(|t| moved.contains(&t.metric)) {
        store::count_daily_completion(tx, user_id, task.id, today, now, task.max_daily).await?;
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
    let counts = store::daily_counts(tx, user_id, task.id, today).await?;
    let Some((completed, claimed)) = counts.filter(|(completed, claimed)| completed > claimed) else {
        return Ok(None);
    };
    // Conditional on the count read, so of two racing claims only one moves it.
    if !store::mark_daily_claimed(tx, user_id, task.id, today, claimed, completed).await? {
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

/// The achievements of these metrics whose stored row would change, with their progress and whether they are
/// done now. A completed row never changes; an open one only when its progress moves or it completes; a
/// missing one reads as no progress.
fn moved_achievements<'a>(
    values: &'a store::Metrics,
    stored: &'a [store::Progress],
    metrics: &'a [Metric],
) -> impl Iterator<Item = (&'static super::catalogue::Achievement, i64, bool)> + 'a {
    ACHIEVEMENTS.iter().filter(|a| metrics.contains(&a.condition.metric)).filter_map(|achievement| {
        let condition = achievement.condition;
        let value = values.get(condition.metric);
        let progress = value.min(condition.target);
        let done = value >= condition.target;
        let unchanged = match stored.iter().find(|row| row.achievement_id == achievement.id) {
            Some(row) if row.is_completed == 1 => true,
            Some(row) => row.progress == progress && !done,
            None => progress == 0 && !done,
        };
        (!unchanged).then_some((achievement, progress, done))
    })
}

/// Brings every achievement up to date with progress made in other areas, from what the caller read of
/// the user (`values`, `stored`): a write transaction (on SQLite, a place in the one writer's queue) is
/// taken only when a row would change, so showing the Rewards screen writes nothing when nothing moved.
/// True when it wrote.
pub async fn refresh_achievements(
    state: &AppState,
    user_id: i64,
    values: &store::Metrics,
    stored: &[store::Progress],
) -> Result<bool, sqlx::Error> {
    let all: Vec<Metric> = ACHIEVEMENTS.iter().map(|a| a.condition.metric).collect();
    if moved_achievements(values, stored, &all).next().is_none() {
        return Ok(false);
    }
    let mut tx = state.db.begin().await?;
    achievements(state, &mut tx, user_id, &all).await?;
    tx.commit().await?;
    Ok(true)
}

/// Brings the user's progress on achievements of the given metrics up to date; one reaching its
/// target is unlocked and announced (its coins are claimed with `POST /api/rewards/claim/{name}`).
/// Only rows that change are written, so reading the Rewards screen does not queue behind other
/// writers (SQLite has one) when nothing moved.
pub async fn achievements(state: &AppState, tx: &mut Tx, user_id: i64, metrics: &[Metric]) -> Result<(), sqlx::Error> {
    let now = state.clock.now_ms();
    let values = store::metrics(tx, user_id).await?;
    let stored = store::achievement_rows(tx, user_id).await?;
    for (achievement, progress, done) in moved_achievements(&values, &stored, metrics) {
        // Unlocking is one conditional statement: the row that turns complete says so once.
        let unlocked = store::put_achievement(tx, user_id, achievement.id, progress, done, now).await?;
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
            notifications::notify(tx, &new).await?;
        }
    }
    Ok(())
}
