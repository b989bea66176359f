//! Safety (API.md "Safety"): blocking, reports and moderation, and the per-person limits on
//! messages, requests and reports. [`reach`] is the one rule every act aimed at a person obeys.

pub mod blocks;
pub mod call_counts;
pub mod hidden;
pub mod limits;
pub mod reach;
pub mod reports;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(blocks::block_user, blocks::unblock_user))
        .routes(routes!(blocks::blocked))
        .routes(routes!(reports::create))
        .routes(routes!(reports::list))
        .routes(routes!(reports::resolve))
}
