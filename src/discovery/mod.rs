//! Discovery (spec 001 §2.2, §9; API.md "Nearby", "Search"): who and what is near a position.

mod nearby;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub use nearby::{haversine_km, snap, within, EARTH_RADIUS_KM};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(nearby::people)).routes(routes!(nearby::projects))
}
