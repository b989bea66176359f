//! Discovery search (spec 001 §2.2, §4; API.md "Search"; issue 17): questions in everyday words
//! answered offline from an in-memory index of people and projects. `query` reads the question,
//! `rank` blends BM25F with what was asked outright, `answer` says what was understood. The index
//! is built at start and follows the database: every instance reads rows changed since its last
//! look a few times a second, so a write anywhere shows up in every instance's answers within a
//! second; rows that left (deleted, hidden, unpublished) are dropped when answers are read back.

mod answer;
mod english;
mod index;
mod kept;
mod lexicon;
mod meets;
mod people_cards;
mod query;
mod rank;
mod regions;
mod relax;
pub mod routes;
mod store;
pub mod text;

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex, RwLock,
    },
    time::Duration,
};
use store::{IndexedPerson, IndexedProject};

use crate::{
    db::Db,
    sync::{self, lock},
};
pub use index::Index;
use index::{PersonRow, ProjectRow};
pub use lexicon::CATALOGUE;

/// How long a woken index waits for the rest of a burst of changes before it reads them, all at once.
const GATHER: Duration = Duration::from_millis(30);
/// How often an index that no event woke reads what changed anyway: a change made beside the server (an operator's
/// own statement, the benchmark's bulk load) is still seen, within seconds. Two indexed reads; the freshness of
/// what people do comes from the events.
const BACKSTOP: Duration = Duration::from_secs(5);
/// Rows are read again for this long after their change time: a transaction that commits late
/// still has its rows seen.
const OVERLAP_MS: i64 = 5_000;
/// Past this share of dead slots the index is rebuilt.
const REBUILD_AT: f32 = 0.3;

/// The shared index with what it has read so far, and the rankings kept for it.
#[derive(Clone, Default)]
pub struct Search {
    index: Arc<RwLock<Index>>,
    /// Moves on with every change written into the index (while it is locked for writing).
    generation: Arc<AtomicU64>,
    seen: Arc<Mutex<Seen>>,
    kept: Arc<Mutex<kept::Kept>>,
    people_cards: Arc<Mutex<people_cards::PeopleCards>>,
    /// Woken by the domain events that may change what the index holds (`app::effects`).
    woken: Arc<tokio::sync::Notify>,
}

#[derive(Default)]
struct Seen {
    users_since: i64,
    projects_since: i64,
    /// Each person's [`fingerprint`] as last read into the index.
    users: HashMap<i64, u64>,
    projects: HashMap<i64, i64>,
}

/// What the index holds of a person, without the time the row changed: a payment of coins moves the row's
/// `updated_at` and nothing the index reads, so it is not read into the index again (each time, a dead
/// document until the next rebuild).
fn fingerprint(row: &IndexedPerson) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (&row.first_name, &row.last_name, &row.username, &row.role, &row.bio, &row.location, &row.skills).hash(&mut hasher);
    (row.lat.map(f64::to_bits), row.lng.map(f64::to_bits), row.is_discoverable).hash(&mut hasher);
    hasher.finish()
}

fn list_of(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

/// Country names as words, worked out once.
/// A country code with each of its names as words.
type CountryNames = (&'static str, Vec<Vec<String>>);
static COUNTRY_WORDS: std::sync::LazyLock<Vec<CountryNames>> = std::sync::LazyLock::new(|| {
    lexicon::COUNTRIES.iter().map(|(code, names)| (*code, names.iter().map(|n| text::words(n)).collect())).collect()
});

/// The country a person or project is in: the code their location ends with ("London, GB"), a
/// country they name, or the country of the closest known city.
fn country_of(location: Option<&str>, position: Option<(f64, f64)>) -> Option<String> {
    let location = location.unwrap_or_default();
    if let Some(code) = location.rsplit(',').next().map(str::trim) {
        if code.len() == 2 && code.chars().all(|c| c.is_ascii_uppercase()) {
            return Some(code.to_string());
        }
    }
    let said = text::words(location);
    for (code, names) in COUNTRY_WORDS.iter() {
        if names.iter().any(|n| !n.is_empty() && said.windows(n.len()).any(|w| w == n.as_slice())) {
            return Some(code.to_string());
        }
    }
    let here = position?;
    lexicon::CITIES
        .iter()
        .map(|(_, cc, lat, lng)| (crate::discovery::geometry::haversine_km(here, (*lat, *lng)), cc))
        .filter(|(d, _)| *d <= 150.0)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cc)| cc.to_string())
}

/// Countries already worked out in one build, by location and position to a tenth of a degree
/// (a few kilometres: the nearest city within 150 km rarely changes inside one cell): most people
/// share their location with many others.
#[derive(Default)]
struct Countries(HashMap<PlaceKey, Option<String>>);

/// A location as written and the tenth-of-a-degree cell of its position.
type PlaceKey = (String, Option<(i32, i32)>);

impl Countries {
    fn of(&mut self, location: Option<&str>, position: Option<(f64, f64)>) -> Option<String> {
        let cell = position.map(|(lat, lng)| ((lat * 10.0).round() as i32, (lng * 10.0).round() as i32));
        let key = (location.unwrap_or_default().to_string(), cell);
        if let Some(found) = self.0.get(&key) {
            return found.clone();
        }
        let found = country_of(location, position);
        self.0.insert(key, found.clone());
        found
    }
}

fn person(row: IndexedPerson, countries: &mut Countries) -> PersonRow {
    let country = countries.of(row.location.as_deref(), row.lat.zip(row.lng));
    PersonRow {
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        username: row.username,
        role: row.role,
        bio: row.bio,
        location: row.location,
        skills: list_of(&row.skills),
        lat: row.lat,
        lng: row.lng,
        discoverable: row.is_discoverable == 1,
        country,
    }
}

fn project(row: IndexedProject, countries: &mut Countries) -> ProjectRow {
    let country = countries.of(row.owner_location.as_deref(), row.lat.zip(row.lng));
    ProjectRow {
        id: row.id,
        owner_id: row.owner_id,
        title: row.title,
        description: row.description,
        category: row.category,
        phase: row.phase,
        looking_for: list_of(&row.looking_for),
        owner_name: format!("{} {}", row.owner_first_name, row.owner_last_name),
        location: row.owner_location,
        lat: row.lat,
        lng: row.lng,
        listed: row.listed == 1,
        owner_discoverable: row.owner_discoverable == 1,
        country,
    }
}

/// A whole index from every row: the rows are turned into documents on two threads (people on one,
/// projects on the other), then indexed in order.
fn index_all(users: Vec<IndexedPerson>, projects: Vec<IndexedProject>) -> (Index, Seen) {
    let mut seen = Seen::default();
    for row in &users {
        seen.users_since = seen.users_since.max(row.updated_at);
        seen.users.insert(row.id, fingerprint(row));
    }
    for row in &projects {
        seen.projects_since = seen.projects_since.max(row.updated_at);
        seen.projects.insert(row.id, row.updated_at);
    }
    let (people, projects) = std::thread::scope(|scope| {
        let projects = scope.spawn(move || {
            let mut countries = Countries::default();
            projects.into_iter().map(|row| project(row, &mut countries)).collect::<Vec<_>>()
        });
        let mut countries = Countries::default();
        let people: Vec<PersonRow> = users.into_iter().map(|row| person(row, &mut countries)).collect();
        (people, projects.join().unwrap_or_default())
    });
    let mut fresh = Index::default();
    for row in people {
        fresh.put_person(row);
    }
    for row in projects {
        fresh.put_project(row);
    }
    (fresh, seen)
}

impl Search {
    /// Reads everything (at start, and when too much of the index is dead).
    pub async fn build(&self, db: &Db) -> anyhow::Result<()> {
        let started = std::time::Instant::now();
        let mut conn = db.conn().await?;
        let users = store::people_since(&mut conn, None).await?;
        let projects = store::projects_since(&mut conn, None).await?;
        drop(conn);
        let read = started.elapsed();
        let (people, project_count) = (users.len(), projects.len());
        let (fresh, seen) = tokio::task::spawn_blocking(move || index_all(users, projects))
            .await
            .map_err(|err| anyhow::anyhow!("building the search index: {err}"))?;
        let mut index = sync::write(&self.index);
        *index = fresh;
        self.generation.fetch_add(1, Ordering::Relaxed);
        drop(index);
        *lock(&self.seen) = seen;
        tracing::info!(
            people,
            projects = project_count,
            read_ms = read.as_millis() as u64,
            total_ms = started.elapsed().as_millis() as u64,
            "search index built"
        );
        Ok(())
    }

    /// Reads the rows changed since the last look into the index.
    pub async fn refresh(&self, db: &Db) -> anyhow::Result<usize> {
        let (users_since, projects_since) = {
            // Rows newer than any seen, and any row of the last few seconds (a transaction that commits late
            // may carry an older time). Not everything within a few seconds of the newest seen: after a bulk
            // write that would read every row of it again on every round.
            let recent = crate::time::now_ms() - OVERLAP_MS;
            let seen = lock(&self.seen);
            ((seen.users_since + 1).min(recent), (seen.projects_since + 1).min(recent))
        };
        let mut conn = db.conn().await?;
        let users = store::people_since(&mut conn, Some(users_since)).await?;
        let mut projects = store::projects_since(&mut conn, Some(projects_since)).await?;
        let users: Vec<IndexedPerson> = {
            let mut seen = lock(&self.seen);
            projects.retain(|r| seen.projects.get(&r.id) != Some(&r.updated_at));
            let mut changed = Vec::new();
            for row in users {
                if seen.users.get(&row.id) == Some(&fingerprint(&row)) {
                    // Nothing the index holds moved: only the row's time, which need not be read again.
                    seen.users_since = seen.users_since.max(row.updated_at);
                } else {
                    changed.push(row);
                }
            }
            changed
        };
        // A project carries its owner's name, place and whether they are discoverable: an owner's change is read
        // into their projects too, though the projects themselves did not change.
        let owners: Vec<i64> = users.iter().map(|r| r.id).collect();
        for some in owners.chunks(500) {
            let theirs = store::projects_of(&mut conn, some).await?;
            let ids: std::collections::HashSet<i64> = theirs.iter().map(|t| t.id).collect();
            projects.retain(|r| !ids.contains(&r.id));
            projects.extend(theirs);
        }
        drop(conn);
        if users.is_empty() && projects.is_empty() {
            return Ok(0);
        }
        let mut seen = lock(&self.seen);
        let changed = users.len() + projects.len();
        let mut index = sync::write(&self.index);
        self.generation.fetch_add(1, Ordering::Relaxed);
        let mut countries = Countries::default();
        for row in users {
            seen.users_since = seen.users_since.max(row.updated_at);
            seen.users.insert(row.id, fingerprint(&row));
            index.put_person(person(row, &mut countries));
        }
        for row in projects {
            seen.projects_since = seen.projects_since.max(row.updated_at);
            seen.projects.insert(row.id, row.updated_at);
            index.put_project(project(row, &mut countries));
        }
        Ok(changed)
    }

    fn needs_rebuild(&self) -> bool {
        let index = sync::read(&self.index);
        index.people.dead_share() > REBUILD_AT || index.projects.dead_share() > REBUILD_AT
    }

    /// Something the index may hold changed: it reads what changed, shortly.
    pub fn wake(&self) {
        self.woken.notify_one();
    }

    /// Keeps the index following the database while the server runs: it reads what changed whenever it is woken.
    pub fn spawn_refresh(&self, db: Db) {
        let search = self.clone();
        tokio::spawn(async move {
            loop {
                let _ = tokio::time::timeout(BACKSTOP, search.woken.notified()).await;
                tokio::time::sleep(GATHER).await;
                let outcome = if search.needs_rebuild() {
                    search.build(&db).await
                } else {
                    search.refresh(&db).await.map(|_| ())
                };
                if let Err(err) = outcome {
                    tracing::warn!(error = %format!("{err:#}"), "could not refresh the search index");
                }
            }
        });
    }

    pub(crate) fn read(&self) -> std::sync::RwLockReadGuard<'_, Index> {
        sync::read(&self.index)
    }

    /// A question answered for one asker, from the rankings kept for the index as it is now. CPU work: run it off
    /// the async threads.
    fn answer(&self, question: &str, asker: &rank::Asker, limit: usize) -> kept::Answer {
        let index = self.read();
        // Read while the index is locked for reading: no change is written in between.
        let generation = self.generation.load(Ordering::Relaxed);
        kept::answer(&self.kept, &index, generation, question, asker, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_whose_row_moved_only_in_time_is_not_read_into_the_index_again() {
        let row = IndexedPerson {
            id: 7,
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            username: "ada".into(),
            role: "innovator".into(),
            bio: Some("Engines".into()),
            location: Some("London".into()),
            skills: "[\"Maths\"]".into(),
            lat: Some(51.5),
            lng: Some(-0.1),
            is_discoverable: 1,
            updated_at: 100,
        };
        let paid = IndexedPerson { updated_at: 200, ..row.clone() };
        assert_eq!(fingerprint(&row), fingerprint(&paid), "coins paid: only the time moved");
        let moved = IndexedPerson { lat: Some(48.9), ..row.clone() };
        let rewritten = IndexedPerson { bio: Some("Looms".into()), ..row.clone() };
        let hidden = IndexedPerson { is_discoverable: 0, ..row.clone() };
        for changed in [moved, rewritten, hidden] {
            assert_ne!(fingerprint(&row), fingerprint(&changed));
        }
    }
}
