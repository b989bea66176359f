//! People: finding someone by name, username or skill (spec 000 §7 `GET /api/users/search`), and
//! one's profile photo (`POST /api/users/profile-image`).
//! The natural-language search of spec 001 arrives with the discovery area.

use axum::{
    extract::{DefaultBodyLimit, State},
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::events::{DomainEvent, Emit};
use crate::{
    accounts::{
        model::{User, UserRow},
        rules::Role,
        store as accounts_store,
    },
    auth::CurrentUser,
    db::page::{parse_limit, DEFAULT_LIMIT},
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    extract::ApiQuery,
    files::photo,
    state::AppState,
};

pub mod countries;
pub mod geo;
mod place_names;
pub mod positions;

const TAG: &str = "people";
const QUERY_MAX: usize = 100;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Words of a name, a username or a skill, each the beginning of one ("ali" finds Alice); blank lists everyone.
    q: Option<String>,
    /// `explorer`, `collaborator`, `innovator`, `investor`, or `all` (the default).
    role: Option<String>,
    /// At least 1, default 50; more than 200 is read as 200.
    limit: Option<String>,
}

#[utoipa::path(get, path = "/api/users/search", tag = TAG, params(SearchParams),
    responses((status = 200, body = [User], description = "Discoverable people other than the caller, never with email"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn search(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(params): ApiQuery<SearchParams>,
) -> AppResult<Json<Vec<User>>> {
    let q = params.q.as_deref().unwrap_or_default().trim();
    if q.chars().count() > QUERY_MAX {
        return Err(AppError::BadRequest(format!("q must be at most {QUERY_MAX} characters")));
    }
    let role =
        match params.role.as_deref().map(str::trim) {
            None | Some("") | Some("all") => None,
            Some(role) => Some(Role::parse(role).ok_or_else(|| {
                AppError::bad_request("role must be explorer, collaborator, innovator, investor or all")
            })?),
        };
    let limit = params.limit.as_deref().map(parse_limit).transpose()?.unwrap_or(DEFAULT_LIMIT);
    // Words of the question, each the beginning of a word of a name, username or skill ("ali" finds Alice).
    let question = accounts_store::words::question_words(q);
    if question.is_empty() && !q.is_empty() {
        // Only symbols ("%", "-"): no word of anyone's begins with nothing.
        return Ok(Json(Vec::new()));
    }
    let rows = accounts_store::find_people(&mut *state.db.conn().await?, me.id, role, &question, limit).await?;
    Ok(Json(rows.iter().map(UserRow::to_public).collect()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileImageRequest {
    /// The photo as a `data:image/…;base64,…` URL (PNG, JPEG or WebP).
    image_url: String,
}

/// Photos larger than this are refused (the data URL is a third larger again).
const PHOTO_MAX_BYTES: usize = 8 * 1024 * 1024;
/// The body limit of the photo call: a data URL of the largest photo, and some.
pub const PHOTO_BODY_LIMIT: usize = PHOTO_MAX_BYTES / 3 * 4 + 64 * 1024;

#[utoipa::path(post, path = "/api/users/profile-image", tag = TAG, request_body = ProfileImageRequest,
    responses((status = 200, body = User, description = "The caller's record with the new `profileImageUrl`, in the format sent \
               (a 256 px version is beside it, named `…_256.png` for `….png`)"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 413, body = ErrorBody),
              (status = 415, body = ErrorBody, description = "Not a PNG, JPEG or WebP image (judged by content)")))]
pub async fn profile_image(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<ProfileImageRequest>,
) -> AppResult<Json<User>> {
    let bytes = photo::from_data_url(&body.image_url)?;
    if bytes.len() > PHOTO_MAX_BYTES {
        return Err(AppError::PayloadTooLarge("The photo must be at most 8 MB".into()));
    }
    let processed = photo::process_bounded(me.id, bytes).await?;
    let name = state.files.put_with_variant(processed.extension, processed.full, "256", processed.thumbnail).await?;
    let url = format!("/api/files/{name}");
    crate::files::owners::record_url(&state, me.id, &url).await?;
    let mut tx = state.db.begin().await?;
    // The owner's photo is on their project cards.
    tx.emit(DomainEvent::CardsChanged);
    let (previous, updated) = accounts_store::set_profile_image(&mut tx, me.id, &url, state.clock.now_ms()).await?;
    tx.emit(DomainEvent::UserChanged { user_id: me.id });
    tx.commit().await?;
    // The old photo goes, unless something else still names it (they may have attached it too).
    crate::files::owners::remove_unused(&state, previous.into_iter().collect()).await;
    Ok(Json(updated.to_own()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReverseParams {
    /// Latitude in degrees, -90 to 90.
    lat: Option<String>,
    /// Longitude in degrees, -180 to 180.
    lng: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceAnswer {
    /// The nearest city within 50 km, if any.
    city: Option<String>,
    /// ISO 3166-1 alpha-2, if the point is in a country.
    country_code: Option<String>,
    /// What to show: "City, CC", the country code alone, or an empty string.
    label: String,
}

fn coordinate(raw: Option<&str>, name: &str, max: f64) -> AppResult<f64> {
    let bad = || AppError::BadRequest(format!("{name} must be a number from -{max} to {max}"));
    let value: f64 = raw.ok_or_else(bad)?.trim().parse().map_err(|_| bad())?;
    if !value.is_finite() || value.abs() > max {
        return Err(bad());
    }
    Ok(value)
}

#[utoipa::path(get, path = "/api/geo/reverse", tag = TAG, params(ReverseParams),
    responses((status = 200, body = PlaceAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn reverse(
    CurrentUser(_me): CurrentUser,
    ApiQuery(params): ApiQuery<ReverseParams>,
) -> AppResult<Json<PlaceAnswer>> {
    let lat = coordinate(params.lat.as_deref(), "lat", 90.0)?;
    let lng = coordinate(params.lng.as_deref(), "lng", 180.0)?;
    let place = geo::places().await?.lookup(lat, lng);
    let label = match (&place.city, &place.country_code) {
        (Some(city), Some(cc)) => format!("{city}, {cc}"),
        (Some(city), None) => city.clone(),
        (None, Some(cc)) => cc.clone(),
        (None, None) => String::new(),
    };
    Ok(Json(PlaceAnswer { city: place.city, country_code: place.country_code, label }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(reverse))
        .merge(OpenApiRouter::new().routes(routes!(profile_image)).layer(DefaultBodyLimit::max(PHOTO_BODY_LIMIT)))
}
