//! What the economy offers, as data: the levels (spec 000 §9), the reward store (§9), the
//! achievements and the daily tasks (§3, with a seeded set of our own).

use serde::Serialize;
use utoipa::ToSchema;

/// Levels by lifetime coins (spec 000 §9: eleven, although the tips text says ten).
pub const LEVELS: &[(&str, i64)] = &[
    ("Fresher I", 0),
    ("Fresher II", 5_000),
    ("Fresher III", 10_000),
    ("Impact Maker I", 15_000),
    ("Impact Maker II", 25_000),
    ("Impact Maker III", 35_000),
    ("Impact Master I", 45_000),
    ("Impact Master II", 60_000),
    ("Impact Master III", 80_000),
    ("Change Maker", 100_000),
    ("Legend", 150_000),
];

/// The index in [`LEVELS`] of the level for a lifetime total.
pub fn level_index(lifetime: i64) -> usize {
    LEVELS.iter().rposition(|(_, floor)| lifetime >= *floor).unwrap_or(0)
}

/// A reward in the store (spec 000 §3, costs of §9).
#[derive(Serialize, ToSchema, Clone, Copy)]
pub struct StoreReward {
    pub id: &'static str,
    pub name: &'static str,
    pub cost: i64,
    pub icon: &'static str,
    pub description: &'static str,
    pub category: &'static str,
}

pub const STORE: &[StoreReward] = &[
    StoreReward {
        id: "figma-pro",
        name: "Figma Pro (1 month)",
        cost: 5_000,
        icon: "pen-tool",
        description: "A month of Figma Professional for your design work.",
        category: "tools",
    },
    StoreReward {
        id: "notion-pro",
        name: "Notion Pro",
        cost: 3_000,
        icon: "notebook",
        description: "Notion Plus for planning your projects.",
        category: "tools",
    },
    StoreReward {
        id: "canva-pro",
        name: "Canva Pro",
        cost: 2_500,
        icon: "palette",
        description: "Canva Pro for pitch decks and posts.",
        category: "tools",
    },
    StoreReward {
        id: "github-pro",
        name: "GitHub Pro",
        cost: 4_000,
        icon: "github",
        description: "GitHub Pro for your repositories.",
        category: "tools",
    },
    StoreReward {
        id: "video-streaming-15",
        name: "Video Streaming Gift Card ($15)",
        cost: 12_000,
        icon: "tv",
        description: "A $15 gift card for a video streaming service.",
        category: "gift-cards",
    },
    StoreReward {
        id: "music-streaming-3m",
        name: "Music Streaming (3 months)",
        cost: 8_000,
        icon: "music",
        description: "Three months of a music streaming service.",
        category: "subscriptions",
    },
    StoreReward {
        id: "shopping-25",
        name: "Shopping Gift Card ($25)",
        cost: 15_000,
        icon: "shopping-bag",
        description: "A $25 gift card for online shopping.",
        category: "gift-cards",
    },
    StoreReward {
        id: "coffee-10",
        name: "Coffee Gift Card ($10)",
        cost: 6_000,
        icon: "coffee",
        description: "A $10 gift card for coffee on a long build night.",
        category: "gift-cards",
    },
    StoreReward {
        id: "creative-suite-1m",
        name: "Creative Suite (1 month)",
        cost: 7_500,
        icon: "sparkles",
        description: "A month of a creative software suite.",
        category: "subscriptions",
    },
    StoreReward {
        id: "gaming-20",
        name: "Gaming Gift Card ($20)",
        cost: 13_000,
        icon: "gamepad-2",
        description: "A $20 gift card for games.",
        category: "gift-cards",
    },
    StoreReward {
        id: "ride-15",
        name: "Ride Gift Card ($15)",
        cost: 9_000,
        icon: "car",
        description: "A $15 gift card for rides to your next meetup.",
        category: "gift-cards",
    },
    StoreReward {
        id: "travel-50",
        name: "Travel Gift Card ($50)",
        cost: 25_000,
        icon: "plane",
        description: "A $50 travel gift card for a founders' trip.",
        category: "gift-cards",
    },
];

/// What an achievement or daily task counts (filled from real events: the ledger and the user's record).
#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Metric {
    /// Coins ever earned.
    LifetimeCoins,
    /// The current run of consecutive days with the daily bonus.
    StreakDays,
    /// Scratch cards ever scratched.
    Scratches,
    /// Days with the daily login bonus.
    DailyLogins,
    /// Accepted connections.
    Connections,
    /// Store rewards ever claimed.
    StoreClaims,
    /// Projects ever created.
    ProjectsCreated,
    /// Distinct people who have been collaborators on the user's projects.
    TeamCollaborators,
    /// Tasks the user has completed (each task once).
    TasksCompleted,
}

/// The structured condition of an achievement: `metric` reaches `target`.
#[derive(Serialize, ToSchema, Clone, Copy, Debug)]
pub struct Condition {
    pub metric: Metric,
    pub target: i64,
}

pub struct Achievement {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub icon: &'static str,
    /// `projects`, `social`, `engagement` or `milestones` (spec 000 §3).
    pub category: &'static str,
    pub condition: Condition,
    pub reward: i64,
}

const fn achievement(
    id: &'static str,
    name: &'static str,
    description: &'static str,
    icon: &'static str,
    category: &'static str,
    condition: Condition,
    reward: i64,
) -> Achievement {
    Achievement { id, name, description, icon, category, condition, reward }
}

const fn reach(metric: Metric, target: i64) -> Condition {
    Condition { metric, target }
}

/// The seeded achievements, in the order the Rewards screen lists them.
pub const ACHIEVEMENTS: &[Achievement] = &[
    achievement(
        "first-project",
        "Idea Launched",
        "Create your first project.",
        "rocket",
        "projects",
        reach(Metric::ProjectsCreated, 1),
        50,
    ),
    achievement(
        "first-collaborator",
        "Team Player",
        "Welcome the first collaborator to one of your projects.",
        "handshake",
        "projects",
        reach(Metric::TeamCollaborators, 1),
        50,
    ),
    achievement(
        "first-task",
        "Done and Dusted",
        "Complete your first project task.",
        "circle-check",
        "projects",
        reach(Metric::TasksCompleted, 1),
        25,
    ),
    achievement(
        "first-login",
        "First Steps",
        "Collect your first daily login bonus.",
        "footprints",
        "engagement",
        reach(Metric::DailyLogins, 1),
        10,
    ),
    achievement(
        "week-streak",
        "On Fire",
        "Keep a 7-day login streak.",
        "flame",
        "engagement",
        reach(Metric::StreakDays, 7),
        100,
    ),
    achievement(
        "month-streak",
        "Unstoppable",
        "Keep a 30-day login streak.",
        "zap",
        "engagement",
        reach(Metric::StreakDays, 30),
        500,
    ),
    achievement(
        "first-scratch",
        "Lucky Break",
        "Scratch your first daily card.",
        "ticket",
        "engagement",
        reach(Metric::Scratches, 1),
        10,
    ),
    achievement(
        "ten-scratches",
        "Scratch Master",
        "Scratch ten daily cards.",
        "sparkles",
        "engagement",
        reach(Metric::Scratches, 10),
        100,
    ),
    achievement(
        "first-connection",
        "Hello, Network",
        "Make your first connection.",
        "user-plus",
        "social",
        reach(Metric::Connections, 1),
        25,
    ),
    achievement(
        "ten-connections",
        "Connector",
        "Grow your network to ten connections.",
        "users",
        "social",
        reach(Metric::Connections, 10),
        150,
    ),
    achievement(
        "first-claim",
        "Treat Yourself",
        "Claim something from the reward store.",
        "gift",
        "milestones",
        reach(Metric::StoreClaims, 1),
        50,
    ),
    achievement(
        "fresher-ii",
        "Getting Started",
        "Reach Fresher II (5,000 lifetime coins).",
        "trending-up",
        "milestones",
        reach(Metric::LifetimeCoins, 5_000),
        250,
    ),
    achievement(
        "impact-maker",
        "Impact Maker",
        "Reach Impact Maker I (15,000 lifetime coins).",
        "award",
        "milestones",
        reach(Metric::LifetimeCoins, 15_000),
        500,
    ),
];

pub struct DailyTask {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// `projects`, `social` or `engagement` (spec 000 §3).
    pub category: &'static str,
    pub metric: Metric,
    /// Coins per completion (spec 000 §9: default 10).
    pub reward: i64,
    /// Completions that pay per day (default 1).
    pub max_daily: i64,
}

/// The seeded daily tasks; each completes when its metric moves on that day.
pub const DAILY_TASKS: &[DailyTask] = &[
    DailyTask {
        id: "check-in",
        name: "Check in",
        description: "Open Grow today and collect your login bonus.",
        category: "engagement",
        metric: Metric::DailyLogins,
        reward: 10,
        max_daily: 1,
    },
    DailyTask {
        id: "scratch",
        name: "Try your luck",
        description: "Scratch today's card.",
        category: "engagement",
        metric: Metric::Scratches,
        reward: 10,
        max_daily: 1,
    },
    DailyTask {
        id: "connect",
        name: "Say hello",
        description: "Make a new connection today.",
        category: "social",
        metric: Metric::Connections,
        reward: 10,
        max_daily: 3,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_boundary_is_where_spec_000_puts_it() {
        assert_eq!(level_index(0), 0);
        for (i, (_, floor)) in LEVELS.iter().enumerate() {
            assert_eq!(level_index(*floor), i, "at {floor}");
            if *floor > 0 {
                assert_eq!(level_index(floor - 1), i - 1, "just under {floor}");
            }
        }
        assert_eq!(LEVELS[level_index(1_000_000)].0, "Legend");
        assert_eq!(LEVELS.len(), 11);
    }

    #[test]
    fn store_ids_are_unique_and_costs_positive() {
        let mut ids: Vec<_> = STORE.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), STORE.len());
        assert!(STORE.iter().all(|r| r.cost > 0));
    }
}
