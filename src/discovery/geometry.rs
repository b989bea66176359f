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

/// Degrees of latitude, and of longitude at the equator, per kilometre along the earth.
const DEGREES_PER_KM: f64 = 180.0 / (std::f64::consts::PI * EARTH_RADIUS_KM);

/// A box of latitudes and longitudes: `lat` and `lng` ranges, each low to high.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    pub lat: (f64, f64),
    pub lng: (f64, f64),
}

impl Bounds {
    pub const WORLD: Bounds = Bounds { lat: (-90.0, 90.0), lng: (-180.0, 180.0) };

    /// A box holding every place within `km` of `here` (and some more: it is a box). Near a pole, or where it
    /// would cross the 180th meridian, it spans every longitude.
    pub fn around((lat, lng): (f64, f64), km: f64) -> Bounds {
        let d = km * DEGREES_PER_KM;
        let (south, north) = (lat - d, lat + d);
        if south <= -89.0 || north >= 89.0 {
            return Bounds { lat: (south.max(-90.0), north.min(90.0)), lng: (-180.0, 180.0) };
        }
        // A degree of longitude is shortest at the box's edge farthest from the equator.
        let widest = south.abs().max(north.abs()).to_radians().cos();
        let half = d / widest;
        let (west, east) = (lng - half, lng + half);
        let lng = if west < -180.0 || east > 180.0 { (-180.0, 180.0) } else { (west, east) };
        Bounds { lat: (south, north), lng }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The place `km` from `from` on a bearing (degrees), on the sphere.
    fn travel((lat, lng): (f64, f64), km: f64, bearing: f64) -> (f64, f64) {
        let (lat, lng, b, d) = (lat.to_radians(), lng.to_radians(), bearing.to_radians(), km / EARTH_RADIUS_KM);
        let to_lat = (lat.sin() * d.cos() + lat.cos() * d.sin() * b.cos()).asin();
        let to_lng = lng + (b.sin() * d.sin() * lat.cos()).atan2(d.cos() - lat.sin() * to_lat.sin());
        let to_lng = (to_lng.to_degrees() + 540.0).rem_euclid(360.0) - 180.0;
        (to_lat.to_degrees(), to_lng)
    }

    #[test]
    fn a_box_holds_every_place_within_its_distance() {
        for here in [(51.5, -0.13), (-17.7, 179.95), (64.1, -21.9), (0.0, 0.0), (-54.8, -68.3), (88.5, 10.0)] {
            for km in [110.0, 800.0, 3000.0] {
                let bounds = Bounds::around(here, km);
                for bearing in (0..360).step_by(15) {
                    let (lat, lng) = travel(here, km * 0.999, f64::from(bearing));
                    assert!((haversine_km(here, (lat, lng)) - km * 0.999).abs() < 1.0);
                    let inside =
                        (bounds.lat.0..=bounds.lat.1).contains(&lat) && (bounds.lng.0..=bounds.lng.1).contains(&lng);
                    assert!(inside, "{here:?} {km} km at {bearing}°: ({lat}, {lng}) outside {bounds:?}");
                }
            }
        }
    }
}
