//! `GET /api/search` and `GET /api/simple-search`: read the question, rank from the index, then
//! read the chosen rows back so that only what is still there and visible is answered.

use std::collections::HashMap;

use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    answer,
    rank::{self, Asker, Hit},
};
use crate::{
    accounts::model::{User, UserRow},
    auth::CurrentUser,
    db::page::parse_limit,
    error::{AppError, AppResult, ErrorBody},
    extract::ApiQuery,
    prepared::PreparedJson,
    projects::{
        model::Project,
        store::{self as projects_store, ListedEntry},
    },
    state::AppState,
    sync,
};

const TAG: &str = "discovery";
/// Longer questions are cut here: nobody types more, and it bounds the work a question costs.
const MAX_QUESTION: usize = 300;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// The question, in everyday words.
    q: Option<String>,
    /// Caps each of `users` and `projects` (at least 1, default 50; more than 200 is read as 200).
    limit: Option<String>,
    /// The device's position, for "near me" and distances (else the caller's profile position).
    lat: Option<f64>,
    lng: Option<f64>,
}

// A person in an answer: written from what is kept (see `answer_body`); this type gives its schema.
#[allow(dead_code)]
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchUser {
    #[serde(flatten)]
    pub user: User,
    /// Rounded to two decimals (about a kilometre).
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    /// From the caller's position, when both are known; one decimal.
    pub distance_km: Option<f64>,
}

// A project in an answer. The answer is written from the kept cards (see `answer_body`): this type and the two
// below give its schema (a plain comment: a doc comment would become the schema's description).
#[allow(dead_code)]
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchProject {
    #[serde(flatten)]
    pub project: Project,
    pub owner_role: String,
    pub distance_km: Option<f64>,
}

#[allow(dead_code)]
#[derive(Serialize, ToSchema)]
pub struct SearchResults {
    pub users: Vec<SearchUser>,
    pub projects: Vec<SearchProject>,
}

#[allow(dead_code)]
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    /// What meets every part of the question; empty when nothing does.
    pub results: SearchResults,
    /// Only when nothing meets the question: the nearest that meet part of it (the place widened, a role or a
    /// constraint dropped), which `smartResponse` names as such. Never results.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestions: Option<SearchResults>,
    /// What was understood and found, in a sentence or two.
    pub smart_response: String,
}

/// Where an answer's people and projects go: what meets the question, or suggestions when nothing does.
#[derive(Clone, Copy, PartialEq)]
enum Shown {
    Results,
    Suggestions,
}

struct Asked {
    question: String,
    limit: usize,
    asker: Asker,
}

fn read_params(me: &UserRow, params: SearchParams) -> AppResult<Asked> {
    let question = params.q.unwrap_or_default();
    let question: String = question.trim().chars().take(MAX_QUESTION).collect();
    if question.is_empty() {
        return Err(AppError::bad_request("Type something to search for"));
    }
    let limit = match params.limit.as_deref() {
        Some(raw) => parse_limit(raw)?,
        None => crate::db::page::DEFAULT_LIMIT,
    };
    let position = match (params.lat, params.lng) {
        (Some(lat), Some(lng)) if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) => Some((lat, lng)),
        // Else where the caller's profile says they are.
        (None, None) => me.lat.zip(me.lng),
        _ => return Err(AppError::bad_request("lat and lng go together: lat from -90 to 90, lng from -180 to 180")),
    };
    Ok(Asked {
        question,
        limit: usize::try_from(limit).unwrap_or(50),
        asker: Asker { id: me.id, position, hidden: Vec::new() },
    })
}

fn km(d: Option<f64>) -> Option<f64> {
    d.map(|d| (d * 10.0).round() / 10.0)
}

fn rounded(value: Option<f64>) -> Option<f64> {
    value.map(|v| (v * 100.0).round() / 100.0)
}

/// What both searches start from: the question and limit read, and the asker with their position and
/// the people a block hides from them.
async fn asked(state: &AppState, me: &UserRow, params: SearchParams) -> AppResult<Asked> {
    let mut asked = read_params(me, params)?;
    asked.asker.hidden = state.kept.hidden.of(&state.db, me.id).await?.to_vec();
    Ok(asked)
}

/// The answer, written as the client reads it: the ranked people and projects read back in rank order (those
/// gone or hidden meanwhile drop out), then the sentence `say` makes from how many are left. A project is its
/// kept card with the caller's marks, its owner's role and its distance, as the feed shows it.
async fn answer_body(
    state: &AppState,
    me: i64,
    (people, projects, shown): (&[Hit], &[Hit], Shown),
    say: impl FnOnce(usize, usize) -> String,
) -> AppResult<Response> {
    let mut conn = state.db.conn().await?;
    let json = |err: serde_json::Error| AppError::Internal(err.into());
    let mut body = Vec::with_capacity(1024 + people.len() * 600 + projects.len() * 800);
    body.extend_from_slice(match shown {
        Shown::Results => b"{\"results\":{\"users\":[".as_slice(),
        Shown::Suggestions => b"{\"results\":{\"users\":[],\"projects\":[]},\"suggestions\":{\"users\":[".as_slice(),
    });
    let mut users = 0;
    if !people.is_empty() {
        let ids: Vec<i64> = people.iter().map(|h| h.id).collect();
        let stamps = super::store::showable_stamps(&mut conn, &ids).await?;
        let (mut found, missing) = sync::lock(&state.search.people_cards).find(&stamps);
        if !missing.is_empty() {
            let rows = super::store::showable_people(&mut conn, &missing).await?;
            let mut kept = sync::lock(&state.search.people_cards);
            for row in rows {
                let written = write_person(&row).map_err(json)?;
                kept.keep(row.id, row.updated_at, &written);
                found.insert(row.id, written);
            }
        }
        for hit in people {
            if let Some(written) = found.get(&hit.id) {
                if users > 0 {
                    body.push(b',');
                }
                body.extend_from_slice(written);
                body.extend_from_slice(b",\"distanceKm\":");
                serde_json::to_writer(&mut body, &km(hit.distance_km)).map_err(json)?;
                body.push(b'}');
                users += 1;
            }
        }
    }
    body.extend_from_slice(b"],\"projects\":");
    let ids: Vec<i64> = projects.iter().map(|h| h.id).collect();
    let mut listed: HashMap<i64, ListedEntry> =
        projects_store::listed_entries(&mut conn, me, &ids).await?.into_iter().map(|l| (l.entry.id, l)).collect();
    // The cards may need the database: this connection goes back first.
    drop(conn);
    let mut entries = Vec::with_capacity(listed.len());
    let mut extras = Vec::with_capacity(listed.len());
    for hit in projects {
        if let Some(ListedEntry { entry, owner_role }) = listed.remove(&hit.id) {
            entries.push(entry);
            extras.push((owner_role, km(hit.distance_km)));
        }
    }
    let found = state
        .kept
        .cards
        .write_array(
            &state.db,
            &entries,
            |at, out| {
                if let Some((role, distance)) = extras.get(at) {
                    // Plain values: writing them cannot fail.
                    out.extend_from_slice(b",\"ownerRole\":");
                    let _ = serde_json::to_writer(&mut *out, role);
                    out.extend_from_slice(b",\"distanceKm\":");
                    let _ = serde_json::to_writer(&mut *out, distance);
                }
            },
            &mut body,
        )
        .await?;
    body.extend_from_slice(b"},\"smartResponse\":");
    serde_json::to_writer(&mut body, &say(users, found)).map_err(json)?;
    body.push(b'}');
    Ok(PreparedJson(body).into_response())
}

/// A person as an answer shows them, without the asker's distance and the closing brace (see
/// [`super::people_cards`]).
fn write_person(row: &UserRow) -> Result<super::people_cards::Written, serde_json::Error> {
    #[derive(Serialize)]
    struct Shown {
        #[serde(flatten)]
        user: User,
        lat: Option<f64>,
        lng: Option<f64>,
    }
    let mut out = serde_json::to_vec(&Shown { user: row.to_public(), lat: rounded(row.lat), lng: rounded(row.lng) })?;
    // An object always ends with its brace.
    out.pop();
    Ok(out.into())
}

/// Questions being ranked: one a core, the rest in line (three seconds at most, then 503).
static SEARCHES: std::sync::LazyLock<crate::cpu_line::CpuLine> =
    std::sync::LazyLock::new(|| crate::cpu_line::CpuLine::per_core(std::time::Duration::from_secs(3)));

#[utoipa::path(get, path = "/api/search", tag = TAG, params(SearchParams),
    responses((status = 200, body = SearchAnswer, description = "People and projects for a question in everyday words, best first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn smart(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(params): ApiQuery<SearchParams>,
) -> AppResult<Response> {
    let asked = asked(&state, &me, params).await?;
    // Ranking is CPU work over the whole index: off the async threads, one question a core at once.
    let search = state.search.clone();
    let (question, asker, limit) = (asked.question.clone(), asked.asker, asked.limit);
    let (found, asker) = SEARCHES.run(move || (search.answer(&question, &asker, limit), asker)).await?;
    let super::kept::Answer { understood, relaxed, people, projects } = found;
    // What a loosened question found meets only part of it: suggestions, named as such, never results.
    let shown = if relaxed.is_some() { Shown::Suggestions } else { Shown::Results };
    answer_body(&state, me.id, (&people, &projects, shown), |users, projects| {
        answer::smart(
            &asked.question,
            &understood.understood,
            users,
            projects,
            asker.position.is_some(),
            relaxed.as_deref().map(|stage| answer::Relaxed { understood: &stage.understood, way: &stage.way }),
        )
    })
    .await
}

#[utoipa::path(get, path = "/api/simple-search", tag = TAG, params(SearchParams),
    responses((status = 200, body = SearchAnswer, description = "People and projects whose text holds every word of the question"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn simple(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(params): ApiQuery<SearchParams>,
) -> AppResult<Response> {
    let asked = asked(&state, &me, params).await?;
    let (people, projects) = rank::plain(&state.search.read(), &asked.question, &asked.asker, asked.limit);
    answer_body(&state, me.id, (&people, &projects, Shown::Results), |users, projects| match (users, projects) {
        (0, 0) => format!("Nothing holds “{}”.", asked.question),
        (u, p) => format!("{u} people and {p} projects mention “{}”.", asked.question),
    })
    .await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(smart)).routes(routes!(simple))
}
