//! Handlers of the rewards area: the Progress screen's data, the scratch card, the store and
//! achievement claims. Every coin moves through `ledger`.

use axum::{
    extract::{Path, State},
    response::{IntoResponse, Response},
    Json,
};
use rand::Rng;

use super::{
    catalogue::{level_index, Metric, ACHIEVEMENTS, DAILY_TASKS, LEVELS, STORE},
    ledger::{self, Reason},
    model::*,
    store,
};
use crate::{
    auth::CurrentUser,
    db::page::PageRequest,
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    state::AppState,
    time::{rfc3339, DAY_MS},
};

const TAG: &str = "rewards";
pub const DAILY_LOGIN_COINS: i64 = 10;
const SCRATCH_MIN: i64 = 10;
const SCRATCH_MAX: i64 = 100;

fn level_of(lifetime: i64) -> Level {
    let index = level_index(lifetime);
    let (name, floor) = LEVELS[index];
    let next = LEVELS.get(index + 1);
    Level {
        number: i64::try_from(index).unwrap_or(0) + 1,
        name: name.into(),
        floor,
        next_floor: next.map(|(_, f)| *f),
        next_name: next.map(|(n, _)| (*n).to_string()),
    }
}

/// The act of today's login bonus.
fn daily_act(user_id: i64, today: i64) -> String {
    format!("daily_login:{user_id}:{today}")
}

/// Pays the daily login bonus unless today's is paid (API.md "Coins": 10 a UTC day; the streak grows
/// when yesterday also counted, else starts again at 1). The ledger's unique act decides: of two racing
/// first visits one pays.
async fn daily_bonus(state: &AppState, user_id: i64, today: i64) -> AppResult<Option<DailyReward>> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let Some(balance) =
        ledger::credit(&mut tx, user_id, DAILY_LOGIN_COINS, Reason::DailyLogin, &daily_act(user_id, today), now)
            .await?
    else {
        return Ok(None);
    };
    let streak = store::count_login_day(&mut tx, user_id, today).await?;
    ledger::settle(state, &mut tx, user_id, DAILY_LOGIN_COINS, balance, &[Metric::DailyLogins, Metric::StreakDays])
        .await?;
    tx.commit().await?;
    Ok(Some(DailyReward { coins: DAILY_LOGIN_COINS, new_streak: streak }))
}

/// People on the rewards screen's leaderboard.
const SCREEN_LEADERS: usize = 10;

/// What the screen shows: the user's record, their progress and the top of the leaderboard. The
/// leaderboard's head, when kept (`top`), gives the top ten, so an ordinary visit is one statement.
async fn read_screen(
    state: &AppState,
    user_id: i64,
    today: i64,
) -> Result<(store::Screen, store::ProgressRows, Vec<LeaderboardEntry>), sqlx::Error> {
    let (screen, rows) =
        store::screen(&mut *state.db.conn().await?, user_id, &daily_act(user_id, today), today).await?;
    // Not read again here after a change let it go (this person's own bonus, say): see `head_unless_let_go`.
    let head = state.kept.top.head_unless_let_go(&state.db).await?;
    let leaderboard = match head.and_then(|head| head.entries(&rows.hidden, None, SCREEN_LEADERS)) {
        Some(leaders) => leaders,
        None => store::leaderboard(&mut *state.db.conn().await?, user_id, SCREEN_LEADERS as i64, None).await?,
    };
    Ok((screen, rows, leaderboard))
}

#[utoipa::path(get, path = "/api/rewards", tag = TAG,
    responses((status = 200, body = RewardsResponse,
               description = "The first call of a UTC day pays the daily login bonus and reports it in `dailyReward`"),
              (status = 401, body = ErrorBody)))]
pub async fn rewards(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<RewardsResponse>> {
    let today = state.clock.today();
    // Read first; a write (the day's bonus, progress made in other areas) only when one is due, and then
    // read again. An ordinary visit is one statement (see `read_screen`).
    let (mut screen, mut rows, mut leaderboard) = read_screen(&state, user.id, today).await?;
    let mut daily_reward = None;
    if !screen.paid_today {
        daily_reward = daily_bonus(&state, user.id, today).await?;
        if daily_reward.is_some() {
            (screen, rows, leaderboard) = read_screen(&state, user.id, today).await?;
        }
    }
    if ledger::refresh_achievements(&state, user.id, &screen.metrics, &rows.achievements).await? {
        (screen, rows, leaderboard) = read_screen(&state, user.id, today).await?;
    }

    let store::Standing { coins, lifetime, scratch_streak, last_scratch, streak } = screen.standing;
    let now = state.clock.now_ms();
    let next_scratch = last_scratch.map(|at| at + DAY_MS).filter(|at| *at > now);
    let progress = rows.achievements;
    let achievements = ACHIEVEMENTS
        .iter()
        .map(|a| {
            let mine = progress.iter().find(|p| p.achievement_id == a.id);
            AchievementProgress {
                id: a.id.into(),
                name: a.name.into(),
                description: a.description.into(),
                icon: a.icon.into(),
                category: a.category.into(),
                condition: a.condition,
                reward: a.reward,
                is_active: true,
                progress: mine.map_or(0, |p| p.progress),
                is_completed: mine.is_some_and(|p| p.is_completed == 1),
                unlocked_at: mine.and_then(|p| p.unlocked_at).map(rfc3339),
                claimed: mine.is_some_and(|p| p.claimed_at.is_some()),
            }
        })
        .collect();
    let today_counts = rows.daily_tasks;
    let daily_tasks = DAILY_TASKS
        .iter()
        .map(|t| DailyTaskProgress {
            id: t.id.into(),
            name: t.name.into(),
            description: t.description.into(),
            category: t.category.into(),
            reward: t.reward,
            max_daily: t.max_daily,
            is_active: true,
            completed_count: today_counts.iter().find(|c| c.0 == t.id).map_or(0, |c| c.1),
            claimable: today_counts.iter().find(|c| c.0 == t.id).map_or(0, |c| c.1 - c.2),
        })
        .collect();
    Ok(Json(RewardsResponse {
        user: RewardsUser {
            coins,
            lifetime_coins: lifetime,
            scratch_card_streak: scratch_streak,
            last_scratch_date: last_scratch.map(rfc3339),
            streak_days: streak,
        },
        can_scratch_today: next_scratch.is_none(),
        next_scratch_at: next_scratch.map(rfc3339),
        level: level_of(lifetime),
        achievements,
        daily_tasks,
        leaderboard,
        store: STORE.to_vec(),
        daily_reward,
    }))
}

#[utoipa::path(post, path = "/api/rewards/scratch", tag = TAG,
    responses((status = 200, body = ScratchResult), (status = 400, body = ErrorBody, description = "Already scratched in the last 24 hours"),
              (status = 401, body = ErrorBody)))]
pub async fn scratch(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> AppResult<Json<ScratchResult>> {
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    // Once per 24 h from the last scratch: claimed by one conditional statement, so racing
    // scratches cannot both win.
    if !store::take_scratch(&mut tx, user.id, now).await? {
        return Err(AppError::bad_request("You have already scratched your card. Come back when the countdown ends."));
    }
    // Chosen here, never by the client.
    let reward = rand::thread_rng().gen_range(SCRATCH_MIN..=SCRATCH_MAX);
    let act = format!("scratch:{}:{now}", user.id);
    let balance = ledger::award(&state, &mut tx, user.id, reward, Reason::Scratch, &act, &[Metric::Scratches])
        .await?
        .balance
        .ok_or_else(|| AppError::bad_request("You have already scratched your card."))?;
    tx.commit().await?;
    Ok(Json(ScratchResult { reward, new_total: balance.coins, new_lifetime_total: balance.lifetime }))
}

#[utoipa::path(post, path = "/api/user/spend-coins", tag = TAG, request_body = SpendRequest,
    responses((status = 200, body = SpendResult),
              (status = 400, body = ErrorBody, description = "Unknown reward, wrong amount or not enough coins; nothing is spent"),
              (status = 401, body = ErrorBody)))]
pub async fn spend_coins(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<SpendRequest>,
) -> AppResult<Json<SpendResult>> {
    let wanted = body.reward_name.trim();
    let reward = STORE
        .iter()
        .find(|r| r.name.eq_ignore_ascii_case(wanted) || r.id.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| AppError::bad_request("rewardName is not a reward in the store"))?;
    if body.amount != reward.cost {
        return Err(AppError::BadRequest(format!("amount must be the reward's cost of {} coins", reward.cost)));
    }
    let mut tx = state.db.begin().await?;
    let act = format!("store:{}:{}:{}", user.id, reward.id, crate::auth::token::generate());
    let balance = ledger::spend(&state, &mut tx, user.id, reward.cost, Reason::Store, &act, &[Metric::StoreClaims])
        .await?
        .ok_or_else(|| {
            AppError::BadRequest(format!("Not enough coins: {} costs {} coins", reward.name, reward.cost))
        })?;
    tx.commit().await?;
    Ok(Json(SpendResult { new_balance: balance.coins, reward_name: reward.name.into(), spent_amount: reward.cost }))
}

#[utoipa::path(post, path = "/api/rewards/claim/{name}", tag = TAG, params(("name" = String, Path, description = "An achievement's or a daily task's id or name")),
    responses((status = 200, body = ClaimResult), (status = 400, body = ErrorBody, description = "Not completed yet, or already claimed"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn claim(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(name): Path<String>,
) -> AppResult<Json<ClaimResult>> {
    if let Some(task) =
        DAILY_TASKS.iter().find(|t| t.id.eq_ignore_ascii_case(&name) || t.name.eq_ignore_ascii_case(&name))
    {
        let mut tx = state.db.begin().await?;
        let (coins_earned, balance) = ledger::claim_daily_task(&state, &mut tx, user.id, task)
            .await?
            .ok_or_else(|| AppError::bad_request("Nothing to claim yet"))?;
        tx.commit().await?;
        return Ok(Json(ClaimResult { reward_name: task.name.into(), coins_earned, new_balance: balance.coins }));
    }
    let achievement = ACHIEVEMENTS
        .iter()
        .find(|a| a.id.eq_ignore_ascii_case(&name) || a.name.eq_ignore_ascii_case(&name))
        .ok_or(AppError::NotFound("Achievement"))?;
    let mut tx = state.db.begin().await?;
    if !store::claim_achievement(&mut tx, user.id, achievement.id, state.clock.now_ms()).await? {
        let claimed_before = store::achievement_claimed(&mut tx, user.id, achievement.id).await?;
        return Err(match claimed_before {
            true => AppError::bad_request("This reward has already been claimed"),
            false => AppError::bad_request("Complete this achievement first"),
        });
    }
    let act = format!("achievement:{}:{}", user.id, achievement.id);
    let balance = ledger::award(&state, &mut tx, user.id, achievement.reward, Reason::Achievement, &act, &[])
        .await?
        .balance
        .ok_or_else(|| AppError::bad_request("This reward has already been claimed"))?;
    tx.commit().await?;
    Ok(Json(ClaimResult {
        reward_name: achievement.name.into(),
        coins_earned: achievement.reward,
        new_balance: balance.coins,
    }))
}

#[utoipa::path(get, path = "/api/rewards/leaderboard", tag = TAG,
    params(crate::db::page::PageParams),
    responses((status = 200, body = [LeaderboardEntry], description = "Top earners by coins (not suspended people, nor anyone with a block between them and the caller); `Link` while more remain"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn leaderboard(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    page: PageRequest,
) -> AppResult<Response> {
    let hidden = state.kept.hidden.of(&state.db, me.id).await?;
    let head = state.kept.top.head(&state.db).await?;
    if let Some(answer) = head.page(&hidden, &page) {
        return Ok(answer);
    }
    // Past the head, or too many of it hidden from this asker: read as the asker sees it.
    let rows = store::leaderboard(&mut *state.db.conn().await?, me.id, page.fetch_limit(), page.after).await?;
    Ok(page.finish(rows, |e| (e.coins, e.id)).into_response())
}
