//! Connections: the people graph (spec 000 §3-§4, spec 001 §3; API.md). A request is pending until
//! its target accepts or rejects it; a scanned QR or a followed profile link connects at once.
//! Pending and accepted both count as connected; each pair connects once (a unique key), each side
//! is paid 25 coins the first time, and `connectionCount` moves in the same transaction as the
//! connection, so it stays true under parallel accepts and removals.

pub mod model;
mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::Tx,
    error::{AppError, AppResult},
    state::AppState,
};
use model::ConnectionRow;

pub use routes::CONNECTION_COINS;

/// How long a rejection holds (API.md "Safety"): the one rejected cannot ask again for 30 days; the one who
/// rejected may.
pub const REJECTION_HOLDS_MS: i64 = 30 * crate::time::DAY_MS;

/// Asks `target` (a connection, or collaboration on `project_id`): the one way every request is made, so the
/// cooldown after a rejection holds on every path. `None` when a request of this kind is already pending or
/// accepted; 403 saying from when one may ask again after a rejection in the last 30 days.
pub async fn ask(
    tx: &mut Tx,
    requester: i64,
    target: i64,
    kind: &str,
    project_id: i64,
    message: Option<&str>,
    now: i64,
) -> AppResult<Option<ConnectionRow>> {
    if let Some(rejected_at) = store::rejected_at(tx, requester, target, kind, project_id).await? {
        let again = rejected_at + REJECTION_HOLDS_MS;
        if now < again {
            let day = |ms: i64| {
                chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default().format("%-d %B %Y").to_string()
            };
            return Err(AppError::Forbidden(format!(
                "Your request was declined on {}. You can ask again from {}.",
                day(rejected_at),
                day(again)
            )));
        }
    }
    Ok(store::request(tx, requester, target, kind, project_id, message, now).await?)
}

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
