//! "Who's near you" (spec 001 §9): everyone within 50 km, or within 100 km when nobody is that
//! close, or else the 10 closest; distances by the haversine formula on a 6,371 km earth. A project
//! is where it says, or where its owner is. Positions go out rounded to about a kilometre.

use axum::{extract::State, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::model::User,
    auth::CurrentUser,
    db::Conn,
    error::{AppError, AppResult, ErrorBody},
    extract::ApiQuery,
    projects::{model::Project, store as projects_store},
    state::AppState,
};

use super::geometry::{haversine_km, snap, Bounds};

const TAG: &str = "discovery";
pub const NEAR_KM: f64 = 50.0;
pub const WIDER_KM: f64 = 100.0;
pub const CLOSEST: usize = 10;
/// The most one answer holds: a crowded city answers its nearest 50.
pub const MAX_ANSWERS: usize = 50;
/// Spec 001 §9's choice from things with their distances: within 50 km, else within 100 km,
/// else the 10 closest; nearest first.
/// At most [`MAX_ANSWERS`] of them (API.md "Limits and fair play": nearby answers at most 50).
pub fn within<T>(mut found: Vec<(f64, T)>) -> Vec<(f64, T)> {
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    for radius in [NEAR_KM, WIDER_KM] {
        if found.iter().any(|(d, _)| *d <= radius) {
            found.retain(|(d, _)| *d <= radius);
            found.truncate(MAX_ANSWERS);
            return found;
        }
    }
    found.truncate(CLOSEST);
    found
}

/// The boxes read in turn around the asker (their half-widths in km): the first holds the 100 km of spec 001 §9, and a
/// wider one is read only when the one before holds nobody within 100 km and fewer than the 10 closest inside the
/// circle it surely covers; the world last (API.md "Limits and fair play": no read scans a whole table per
/// request, unless nobody at all is near).
const BOXES_KM: [f64; 3] = [WIDER_KM + 10.0, 800.0, 3000.0];

/// Who or what is near.
#[derive(Clone, Copy)]
enum Placed {
    /// People the asker may find.
    People {
        asker: i64,
    },
    Projects,
}

impl Placed {
    /// Ids with positions in a box.
    async fn read(self, conn: &mut Conn, bounds: Bounds) -> Result<Vec<(i64, f64, f64)>, sqlx::Error> {
        match self {
            Placed::People { asker } => crate::accounts::store::placed_people(conn, asker, bounds).await,
            Placed::Projects => projects_store::placed(conn, bounds).await,
        }
    }
}

/// Distances from `here`, measured between snapped positions.
fn measured(here: (f64, f64), placed: Vec<(i64, f64, f64)>) -> Vec<(f64, i64)> {
    placed.into_iter().map(|(id, lat, lng)| (haversine_km(here, snap((lat, lng))), id)).collect()
}

/// Spec 001 §9's choice ([`within`]) over positions read box by box.
async fn near_to(conn: &mut Conn, here: (f64, f64), what: Placed) -> Result<Vec<(f64, i64)>, sqlx::Error> {
    for km in BOXES_KM {
        let found = measured(here, what.read(conn, Bounds::around(here, km)).await?);
        // Snapping moves a position by under a kilometre: beyond the box is surely farther than this.
        let surely = km - 2.0;
        if found.iter().any(|(d, _)| *d <= WIDER_KM) || found.iter().filter(|(d, _)| *d <= surely).count() >= CLOSEST {
            return Ok(within(found));
        }
    }
    Ok(within(measured(here, what.read(conn, Bounds::WORLD).await?)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Position {
    /// Latitude in degrees, -90 to 90.
    lat: Option<f64>,
    /// Longitude in degrees, -180 to 180.
    lng: Option<f64>,
}

impl Position {
    fn checked(&self) -> AppResult<(f64, f64)> {
        match (self.lat, self.lng) {
            (Some(lat), Some(lng)) if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) => {
                Ok((lat, lng))
            }
            (Some(_), Some(_)) => Err(AppError::bad_request("lat must be from -90 to 90 and lng from -180 to 180")),
            _ => Err(AppError::bad_request("lat and lng are required")),
        }
    }
}

fn rounded(value: Option<f64>) -> Option<f64> {
    value.map(|v| (v * 100.0).round() / 100.0)
}

fn km(distance: f64) -> f64 {
    (distance * 10.0).round() / 10.0
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyUser {
    #[serde(flatten)]
    pub user: User,
    /// Rounded to two decimals (about a kilometre).
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    /// One decimal.
    pub distance_km: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyProject {
    #[serde(flatten)]
    pub project: Project,
    pub distance_km: f64,
}

#[utoipa::path(get, path = "/api/users/nearby", tag = TAG, params(Position),
    responses((status = 200, body = [NearbyUser], description = "Nearest first"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody)))]
pub async fn people(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(position): ApiQuery<Position>,
) -> AppResult<Json<Vec<NearbyUser>>> {
    let here = position.checked()?;
    let mut conn = state.db.conn().await?;
    let chosen = near_to(&mut conn, here, Placed::People { asker: me.id }).await?;
    let ids: Vec<i64> = chosen.iter().map(|(_, id)| *id).collect();
    let mut rows: std::collections::HashMap<i64, _> =
        crate::accounts::store::people_by_ids(&mut conn, &ids).await?.into_iter().map(|u| (u.id, u)).collect();
    Ok(Json(
        chosen
            .into_iter()
            .filter_map(|(d, id)| rows.remove(&id).map(|u| (d, u)))
            .map(|(d, u)| {
                let (lat, lng) = u.lat.zip(u.lng).map(snap).unzip();
                (d, u, lat, lng)
            })
            .map(|(d, u, lat, lng)| NearbyUser {
                user: u.to_public(),
                lat: rounded(lat),
                lng: rounded(lng),
                distance_km: km(d),
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/api/projects/nearby", tag = TAG, params(Position),
    responses((status = 200, body = [NearbyProject], description = "Published projects, nearest first"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody)))]
pub async fn projects(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(position): ApiQuery<Position>,
) -> AppResult<Json<Vec<NearbyProject>>> {
    let here = position.checked()?;
    let mut conn = state.db.conn().await?;
    let chosen = near_to(&mut conn, here, Placed::Projects).await?;
    // The chosen projects in one query (API.md "Limits and fair play": reads are bounded), nearest first.
    let ids: Vec<i64> = chosen.iter().map(|(_, id)| *id).collect();
    let mut rows: std::collections::HashMap<i64, _> =
        projects_store::find_many(&mut conn, me.id, &ids).await?.into_iter().map(|row| (row.id, row)).collect();
    Ok(Json(
        chosen
            .into_iter()
            .filter_map(|(distance, id)| rows.remove(&id).map(|row| (distance, row)))
            .map(|(distance, row)| NearbyProject { project: row.to_wire(Vec::new()), distance_km: km(distance) })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn london_to_paris_is_about_344_km() {
        let d = haversine_km((51.5074, -0.1278), (48.8566, 2.3522));
        assert!((d - 343.5).abs() < 1.5, "{d}");
    }

    #[test]
    fn a_snapped_position_is_within_a_kilometre_and_the_same_for_neighbours() {
        for here in [(51.5074, -0.1278), (-33.8688, 151.2093), (64.1466, -21.9426), (0.0, 0.0)] {
            let snapped = snap(here);
            assert!(haversine_km(here, snapped) < 0.8, "{here:?} -> {snapped:?}");
            assert_eq!(snap(snapped), snapped);
        }
        assert_eq!(snap((51.50741, -0.12781)), snap((51.50739, -0.12779)));
    }

    #[test]
    fn the_radius_widens_then_falls_back_to_the_ten_closest() {
        let near = within(vec![(70.0, 'b'), (20.0, 'a'), (300.0, 'c')]);
        assert_eq!(near.iter().map(|x| x.1).collect::<String>(), "a");
        let wider = within(vec![(70.0, 'b'), (300.0, 'c')]);
        assert_eq!(wider.iter().map(|x| x.1).collect::<String>(), "b");
        let far: Vec<(f64, usize)> = (0..15).map(|i| (500.0 + i as f64, i)).collect();
        assert_eq!(within(far).len(), 10);
        let crowd: Vec<(f64, usize)> = (0..80).map(|i| (40.0 - i as f64 / 2.0, i)).collect();
        let nearest = within(crowd);
        assert_eq!(nearest.len(), MAX_ANSWERS);
        assert_eq!(nearest[0].1, 79);
    }
}
