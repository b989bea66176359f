//! Connections: the people graph (spec 000 §3-§4, spec 001 §3; API.md). A request is pending until
//! its target accepts or rejects it; a scanned QR or a followed profile link connects at once.
//! Pending and accepted both count as connected; each pair connects once (a unique key), each side
//! is paid 25 coins the first time, and `connectionCount` moves in the same transaction as the
//! connection, so it stays true under parallel accepts and removals.

pub mod model;
mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use routes::CONNECTION_COINS;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::create))
        .routes(routes!(routes::scan))
        .routes(routes!(routes::auto_connect))
        .routes(routes!(routes::with_users))
        .routes(routes!(routes::requests))
        .routes(routes!(routes::collaboration_requests))
        .routes(routes!(routes::project_requests))
        .routes(routes!(routes::accept))
        .routes(routes!(routes::reject))
        .routes(routes!(routes::remove))
}
