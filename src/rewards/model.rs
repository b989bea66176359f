//! Wire types of the rewards area (spec 000 §3 "Rewards response" and friends).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::catalogue::{Condition, StoreReward};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardsUser {
    pub coins: i64,
    pub lifetime_coins: i64,
    pub scratch_card_streak: i64,
    pub last_scratch_date: Option<String>,
    pub streak_days: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Level {
    /// 1 to 11.
    pub number: i64,
    pub name: String,
    /// Lifetime coins where this level starts.
    pub floor: i64,
    /// Where the next level starts; `null` at the top (MAX LEVEL).
    pub next_floor: Option<i64>,
    pub next_name: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AchievementProgress {
    pub id: String,
    pub name: String,
    pub description: String,
    pub icon: String,
    pub category: String,
    pub condition: Condition,
    pub reward: i64,
    pub is_active: bool,
    pub progress: i64,
    pub is_completed: bool,
    pub unlocked_at: Option<String>,
    /// The reward was claimed (`POST /api/rewards/claim/{name}`).
    pub claimed: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyTaskProgress {
    pub id: String,
    pub name: String,
    pub description: String,
    pub category: String,
    pub reward: i64,
    pub max_daily: i64,
    pub is_active: bool,
    /// Completions today (UTC).
    pub completed_count: i64,
    /// Today's completions not yet claimed (`POST /api/rewards/claim/{id}` pays them).
    pub claimable: i64,
}

#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaderboardEntry {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub profile_image_url: Option<String>,
    pub coins: i64,
    pub total_coins_earned: i64,
}
crate::from_row!(LeaderboardEntry {
    id,
    first_name,
    last_name,
    username,
    profile_image_url,
    coins,
    total_coins_earned
});

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyReward {
    pub coins: i64,
    pub new_streak: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardsResponse {
    pub user: RewardsUser,
    pub can_scratch_today: bool,
    /// When the next scratch is allowed; `null` when it is now.
    pub next_scratch_at: Option<String>,
    pub level: Level,
    pub achievements: Vec<AchievementProgress>,
    pub daily_tasks: Vec<DailyTaskProgress>,
    /// The top ten earners.
    pub leaderboard: Vec<LeaderboardEntry>,
    pub store: Vec<StoreReward>,
    /// Present once: on the first rewards request of a UTC day, which paid the daily login bonus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily_reward: Option<DailyReward>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScratchResult {
    pub reward: i64,
    pub new_total: i64,
    pub new_lifetime_total: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpendRequest {
    /// The store reward's name (or id).
    pub reward_name: String,
    /// Must equal the reward's cost.
    pub amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpendResult {
    pub new_balance: i64,
    pub reward_name: String,
    pub spent_amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimResult {
    pub reward_name: String,
    pub coins_earned: i64,
    pub new_balance: i64,
}

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
    /// A project's creation coins taken back: it was deleted within a day of being made (API.md "Limits and fair
    /// play": throwaway projects pay nothing).
    ProjectWithdrawn,
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
            Reason::ProjectWithdrawn => "project_withdrawn",
        }
    }
}

/// A balance after a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    pub coins: i64,
    pub lifetime: i64,
}
