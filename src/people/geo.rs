//! Where a point is, answered offline (API.md "Location detection"): the nearest city from GeoNames'
//! list (the `reverse_geocoder` crate; CC-BY 4.0) when it is within 50 km, and the country from
//! OpenStreetMap's boundaries (the `country-boundaries` crate; ODbL), since the nearest city can lie
//! across a border. Both are loaded once, on a blocking thread, the first time they are needed.

use std::sync::Arc;

use country_boundaries::{CountryBoundaries, LatLon, BOUNDARIES_ODBL_360X180};
use reverse_geocoder::ReverseGeocoder;
use tokio::sync::OnceCell;

/// A city further than this is not "where you are".
const CITY_WITHIN_KM: f64 = 50.0;
const EARTH_RADIUS_KM: f64 = 6371.0;

pub struct Places {
    cities: ReverseGeocoder,
    countries: CountryBoundaries,
}

#[derive(Debug, PartialEq)]
pub struct Place {
    pub city: Option<String>,
    pub country_code: Option<String>,
}

static PLACES: OnceCell<Arc<Places>> = OnceCell::const_new();

/// The place lists, loaded on first use (off the async threads).
pub async fn places() -> anyhow::Result<Arc<Places>> {
    PLACES
        .get_or_try_init(|| async {
            tokio::task::spawn_blocking(|| -> anyhow::Result<Arc<Places>> {
                let countries = CountryBoundaries::from_reader(BOUNDARIES_ODBL_360X180)
                    .map_err(|e| anyhow::anyhow!("reading the country boundaries: {e:?}"))?;
                Ok(Arc::new(Places { cities: ReverseGeocoder::new(), countries }))
            })
            .await?
        })
        .await
        .cloned()
}

impl Places {
    pub fn lookup(&self, lat: f64, lng: f64) -> Place {
        let nearest = self.cities.search((lat, lng));
        // The search measures squared straight-line distance on a unit sphere: back to km on the surface.
        let chord = nearest.distance.sqrt();
        let km = 2.0 * (chord / 2.0).clamp(-1.0, 1.0).asin() * EARTH_RADIUS_KM;
        let country_code = LatLon::new(lat, lng)
            .ok()
            .and_then(|point| self.countries.ids(point).into_iter().find(|id| id.len() == 2).map(str::to_owned));
        let city = (km <= CITY_WITHIN_KM).then(|| nearest.record.name.clone());
        // Without a country from the boundaries (at sea), a city close by still says where.
        let country_code = country_code.or_else(|| city.as_ref().map(|_| nearest.record.cc.clone()));
        Place { city, country_code }
    }
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn cities_and_countries_are_found_offline() {
        let places = super::places().await.unwrap();
        let london = places.lookup(51.5072, -0.1276);
        assert_eq!(london.country_code.as_deref(), Some("GB"));
        assert!(london.city.is_some());
        let mid_atlantic = places.lookup(30.0, -40.0);
        assert_eq!(mid_atlantic, super::Place { city: None, country_code: None });
    }
}
