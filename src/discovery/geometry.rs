//! Distances and the 1 km grid (API.md "Nearby"): pure arithmetic, shared by sign-up, search and nearby.

pub const EARTH_RADIUS_KM: f64 = 6371.0;

pub fn haversine_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (lat1, lat2) = (a.0.to_radians(), b.0.to_radians());
    let (dlat, dlng) = ((b.0 - a.0).to_radians(), (b.1 - a.1).to_radians());
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().asin()
}

/// API.md "Nearby": a position snapped to a grid of about 1 km (0.01° of latitude, and of longitude
/// as much as makes the same distance at that latitude), so no sequence of questions from chosen
/// points can place anyone closer than their grid cell. Positions are stored snapped and snapped
/// again wherever they are compared.
pub fn snap((lat, lng): (f64, f64)) -> (f64, f64) {
    const STEP: f64 = 0.01;
    // Written to six decimals, so a stored position reads as plainly as it is.
    let tidy = |v: f64| (v * 1e6).round() / 1e6;
    let lat = tidy(((lat / STEP).round() * STEP).clamp(-90.0, 90.0));
    let lng_step = STEP / lat.to_radians().cos().max(0.05);
    let lng = tidy(((lng / lng_step).round() * lng_step).clamp(-180.0, 180.0));
    (lat, lng)
}
