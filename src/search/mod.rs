//! Discovery search (spec 001 §2.2, §4; API.md "Search"; issue 17): questions in everyday words
//! answered offline from an in-memory index of people and projects. `query` reads the question,
//! `rank` blends BM25F with what was asked outright, `answer` says what was understood. The index
//! is built at start and follows the database: every instance reads rows changed since its last
//! look a few times a second, so a write anywhere shows up in every instance's answers within a
//! second; rows that left (deleted, hidden, unpublished) are dropped when answers are read back.

mod answer;
mod index;
mod lexicon;
mod query;
mod rank;
mod routes;
mod text;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, RwLock},
    time::Duration,
};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{app::AppState, db::Db, sync::lock};
pub use index::Index;
use index::{PersonRow, ProjectRow};
pub use lexicon::CATALOGUE;

/// How often an instance reads what changed.
pub const REFRESH_EVERY: Duration = Duration::from_millis(300);
/// Rows are read again for this long after their change time: a transaction that commits late
/// still has its rows seen.
const OVERLAP_MS: i64 = 5_000;
/// Past this share of dead slots the index is rebuilt.
const REBUILD_AT: f32 = 0.3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::smart)).routes(routes!(routes::simple))
}

/// The shared index with what it has read so far.
#[derive(Clone, Default)]
pub struct Search {
    index: Arc<RwLock<Index>>,
    seen: Arc<Mutex<Seen>>,
}

#[derive(Default)]
struct Seen {
    users_since: i64,
    projects_since: i64,
    users: HashMap<i64, i64>,
    projects: HashMap<i64, i64>,
}

type UserTuple =
    (i64, String, String, String, String, Option<String>, Option<String>, String, Option<f64>, Option<f64>, i64, i64);
type ProjectTuple = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<f64>,
    Option<f64>,
    i64,
    i64,
);

const USER_SELECT: &str = "SELECT id, first_name, last_name, username, role, bio, location, skills, lat, lng, \
    is_discoverable, updated_at FROM users";
const PROJECT_SELECT: &str = "SELECT p.id, p.owner_id, p.title, p.description, p.category, p.phase, p.looking_for, \
    u.first_name, u.last_name, u.location, COALESCE(p.lat, u.lat), COALESCE(p.lng, u.lng), \
    CASE WHEN p.is_published = 1 AND p.is_active = 1 THEN 1 ELSE 0 END, p.updated_at \
    FROM projects p JOIN users u ON u.id = p.owner_id";

fn list_of(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

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
    for (code, names) in lexicon::COUNTRIES {
        if names.iter().any(|n| {
            let n = text::words(n);
            said.windows(n.len()).any(|w| w == n.as_slice())
        }) {
            return Some(code.to_string());
        }
    }
    let here = position?;
    lexicon::CITIES
        .iter()
        .map(|(_, cc, lat, lng)| (crate::discovery::haversine_km(here, (*lat, *lng)), cc))
        .filter(|(d, _)| *d <= 150.0)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cc)| cc.to_string())
}

fn person(row: UserTuple) -> PersonRow {
    let (id, first_name, last_name, username, role, bio, location, skills, lat, lng, discoverable, _) = row;
    let country = country_of(location.as_deref(), lat.zip(lng));
    PersonRow {
        id,
        first_name,
        last_name,
        username,
        role,
        bio,
        location,
        skills: list_of(&skills),
        lat,
        lng,
        discoverable: discoverable == 1,
        country,
    }
}

fn project(row: ProjectTuple) -> ProjectRow {
    let (id, owner_id, title, description, category, phase, looking_for, first, last, location, lat, lng, listed, _) =
        row;
    let country = country_of(location.as_deref(), lat.zip(lng));
    ProjectRow {
        id,
        owner_id,
        title,
        description,
        category,
        phase,
        looking_for: list_of(&looking_for),
        owner_name: format!("{first} {last}"),
        location,
        lat,
        lng,
        listed: listed == 1,
        country,
    }
}

impl Search {
    /// Reads everything (at start, and when too much of the index is dead).
    pub async fn build(&self, db: &Db) -> anyhow::Result<()> {
        let mut conn = db.conn().await?;
        let users: Vec<UserTuple> = sqlx::query_as(USER_SELECT).fetch_all(&mut *conn).await?;
        let projects: Vec<ProjectTuple> = sqlx::query_as(PROJECT_SELECT).fetch_all(&mut *conn).await?;
        drop(conn);
        let mut seen = Seen::default();
        let mut fresh = Index::default();
        for row in users {
            seen.users_since = seen.users_since.max(row.11);
            seen.users.insert(row.0, row.11);
            fresh.put_person(person(row));
        }
        for row in projects {
            seen.projects_since = seen.projects_since.max(row.13);
            seen.projects.insert(row.0, row.13);
            fresh.put_project(project(row));
        }
        *self.index.write().unwrap_or_else(std::sync::PoisonError::into_inner) = fresh;
        *lock(&self.seen) = seen;
        Ok(())
    }

    /// Reads the rows changed since the last look into the index.
    pub async fn refresh(&self, db: &Db) -> anyhow::Result<usize> {
        let (users_since, projects_since) = {
            let seen = lock(&self.seen);
            (seen.users_since - OVERLAP_MS, seen.projects_since - OVERLAP_MS)
        };
        let mut conn = db.conn().await?;
        let users: Vec<UserTuple> = sqlx::query_as(&format!("{USER_SELECT} WHERE updated_at >= $1"))
            .bind(users_since)
            .fetch_all(&mut *conn)
            .await?;
        let projects: Vec<ProjectTuple> = sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.updated_at >= $1"))
            .bind(projects_since)
            .fetch_all(&mut *conn)
            .await?;
        drop(conn);
        let mut seen = lock(&self.seen);
        let users: Vec<UserTuple> = users.into_iter().filter(|r| seen.users.get(&r.0) != Some(&r.11)).collect();
        let projects: Vec<ProjectTuple> =
            projects.into_iter().filter(|r| seen.projects.get(&r.0) != Some(&r.13)).collect();
        if users.is_empty() && projects.is_empty() {
            return Ok(0);
        }
        let changed = users.len() + projects.len();
        let mut index = self.index.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        for row in users {
            seen.users_since = seen.users_since.max(row.11);
            seen.users.insert(row.0, row.11);
            index.put_person(person(row));
        }
        for row in projects {
            seen.projects_since = seen.projects_since.max(row.13);
            seen.projects.insert(row.0, row.13);
            index.put_project(project(row));
        }
        Ok(changed)
    }

    fn needs_rebuild(&self) -> bool {
        let index = self.index.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        index.people.dead_share() > REBUILD_AT || index.projects.dead_share() > REBUILD_AT
    }

    /// Keeps the index following the database while the server runs.
    pub fn spawn_refresh(&self, db: Db) {
        let search = self.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(REFRESH_EVERY).await;
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
        self.index.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
