//! Rewards: the coin ledger, the daily bonus and streak, the scratch card, levels, the leaderboard,
//! the store, achievements and daily tasks (spec 000 §2-§9, API.md "Coins", "Levels").

pub mod catalogue;
pub mod ledger;
pub mod model;
mod routes;
pub mod store;
pub mod top;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use routes::DAILY_LOGIN_COINS;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::rewards))
        .routes(routes!(routes::scratch))
        .routes(routes!(routes::spend_coins))
        .routes(routes!(routes::claim))
        .routes(routes!(routes::leaderboard))
}
