//! Discovery (spec 001 §2.2, §9; API.md "Nearby", "Search"): who and what is near a position.

pub mod geometry;
mod nearby;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use geometry::{haversine_km, snap, EARTH_RADIUS_KM};
pub use nearby::within;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(nearby::people)).routes(routes!(nearby::projects))
}
