//! Ranking: the text score (BM25F) blended with what the question asked for outright (roles,
//! skills, categories, phases, what a project looks for, a place, nearness), then a cut that keeps
//! only results close enough to the best one to be worth showing.

use super::{
    index::{Index, PersonDoc, ProjectDoc},
    lexicon::COUNTRIES,
    query::{Place, Target, Understanding},
    text::words,
};
use crate::discovery::haversine_km;

/// Who asks, and from where.
pub struct Asker {
    pub id: i64,
    pub position: Option<(f64, f64)>,
}

pub struct Hit {
    pub id: i64,
    pub score: f32,
    pub distance_km: Option<f64>,
}

/// A result worth showing scores at least this share of the best one.
const KEEP_SHARE: f32 = 0.25;
const SKILL: f32 = 3.0;
const PROFESSION: f32 = 2.0;
const PLACE: f32 = 3.0;
const NEAR: f32 = 4.0;
const ROLE: f32 = 2.0;
const CATEGORY: f32 = 4.0;
const PHASE: f32 = 4.0;
const WANTS: f32 = 2.5;
const TEXT_CAP: f32 = 5.0;

fn contains_words(hay: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w == needle)
}

/// How well a place fits: 1 inside it, less the further away, 0 when unknown.
fn place_fit(place: &Place, location: &[String], country: Option<&str>, position: Option<(f64, f64)>) -> f32 {
    match place {
        Place::City { name, lat, lng, .. } => {
            if contains_words(location, &words(name)) {
                return 1.0;
            }
            match position {
                Some(p) => {
                    let d = haversine_km(p, (*lat, *lng));
                    if d <= 50.0 {
                        1.0
                    } else {
                        0.4 * (-d / 300.0).exp() as f32
                    }
                }
                None => 0.0,
            }
        }
        Place::Country { code, .. } => {
            if country.is_some_and(|c| c.eq_ignore_ascii_case(code)) {
                return 1.0;
            }
            let names = COUNTRIES.iter().find(|(c, _)| c == code).map(|(_, n)| *n).unwrap_or_default();
            if names.iter().any(|n| contains_words(location, &words(n))) {
                1.0
            } else {
                0.0
            }
        }
        Place::Named { words: ws } => f32::from(u8::from(contains_words(location, ws))),
    }
}

/// Text relevance squeezed below a few structured matches: what a question names outright
/// (a skill, a place) outweighs how often a word appears, and the order among text hits stays.
fn squeeze(text: f32) -> f32 {
    TEXT_CAP * text / (text + TEXT_CAP)
}

fn distance(asker: &Asker, position: Option<(f64, f64)>) -> Option<f64> {
    Some(haversine_km(asker.position?, position?))
}

/// Keeps the best, then those near enough to it, up to `limit`.
fn cut(mut hits: Vec<Hit>, limit: usize) -> Vec<Hit> {
    hits.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.distance_km.unwrap_or(f64::MAX).total_cmp(&b.distance_km.unwrap_or(f64::MAX)))
    });
    let Some(best) = hits.first().map(|h| h.score) else { return hits };
    hits.retain(|h| h.score > 0.0 && h.score >= best * KEEP_SHARE);
    hits.truncate(limit);
    hits
}

fn nearness(u: &Understanding, d: Option<f64>) -> f32 {
    match d {
        Some(d) if u.near_me => NEAR * (-d / 100.0).exp() as f32,
        // Otherwise the closer of two equals goes first.
        Some(d) => 0.25 * (-d / 1000.0).exp() as f32,
        None => 0.0,
    }
}

pub fn people(index: &Index, u: &Understanding, asker: &Asker, limit: usize) -> Vec<Hit> {
    if u.target == Target::Projects {
        return Vec::new();
    }
    let text = index.people.scores(&u.terms);
    let structured = !u.roles.is_empty()
        || !u.skills.is_empty()
        || !u.professions.is_empty()
        || u.place.is_some()
        || (u.near_me && asker.position.is_some());
    let mut hits = Vec::new();
    let mut consider = |doc: &PersonDoc, text_score: f32| {
        if doc.id == asker.id || !doc.discoverable {
            return;
        }
        if !u.roles.is_empty() && !u.roles.contains(&doc.role.as_str()) {
            return;
        }
        let skills = &doc.skills_folded;
        let mut score = text_score;
        if u.builds && u.roles.is_empty() && doc.role == "investor" {
            score -= ROLE;
        }
        if !u.roles.is_empty() {
            score += ROLE;
        }
        score +=
            SKILL * u.skill_groups.iter().filter(|(_, group)| group.iter().any(|s| skills.contains(s))).count() as f32;
        for (_, set) in &u.professions {
            if set.iter().any(|s| skills.iter().any(|k| k.eq_ignore_ascii_case(s))) {
                score += PROFESSION;
            }
        }
        if let Some(place) = &u.place {
            score += PLACE * place_fit(place, &doc.location, doc.country.as_deref(), doc.position);
        }
        let d = distance(asker, doc.position);
        score += nearness(u, d);
        hits.push(Hit { id: doc.id, score, distance_km: d });
    };
    if structured {
        // Anyone may fit a structured question, not only those whose words match.
        for doc in index.people.docs() {
            let slot = index.people.slot(doc.id).unwrap_or_default();
            consider(doc, squeeze(text.get(&slot).copied().unwrap_or_default()));
        }
        // Without any structured match or text, a person is not a result.
        let min = if !u.roles.is_empty() { ROLE } else { 0.3 };
        hits.retain(|h| h.score >= min || text.contains_key(&index.people.slot(h.id).unwrap_or_default()));
    } else {
        for (slot, score) in &text {
            if let Some(doc) = index.people.doc_at(*slot) {
                consider(doc, squeeze(*score));
            }
        }
    }
    cut(hits, limit)
}

pub fn projects(index: &Index, u: &Understanding, asker: &Asker, limit: usize) -> Vec<Hit> {
    if u.target == Target::People {
        return Vec::new();
    }
    let text = index.projects.scores(&u.terms);
    let structured = !u.categories.is_empty()
        || !u.phases.is_empty()
        || !u.looking_for.is_empty()
        || u.place.is_some()
        || (u.near_me && asker.position.is_some());
    let mut hits = Vec::new();
    let mut consider = |doc: &ProjectDoc, text_score: f32| {
        if !doc.listed {
            return;
        }
        let mut score = text_score;
        if u.categories.contains(&doc.category.as_str()) {
            score += CATEGORY;
        }
        if u.phases.contains(&doc.phase.as_str()) {
            score += PHASE;
        }
        if u.looking_for.iter().any(|w| doc.looking_for.iter().any(|l| l.eq_ignore_ascii_case(w))) {
            score += WANTS;
        }
        if let Some(place) = &u.place {
            score += PLACE * place_fit(place, &doc.location, doc.country.as_deref(), doc.position);
        }
        let d = distance(asker, doc.position);
        score += nearness(u, d);
        hits.push(Hit { id: doc.id, score, distance_km: d });
    };
    if structured {
        for doc in index.projects.docs() {
            let slot = index.projects.slot(doc.id).unwrap_or_default();
            consider(doc, squeeze(text.get(&slot).copied().unwrap_or_default()));
        }
        hits.retain(|h| h.score >= 0.3);
    } else {
        for (slot, score) in &text {
            if let Some(doc) = index.projects.doc_at(*slot) {
                consider(doc, squeeze(*score));
            }
        }
    }
    cut(hits, limit)
}

/// Plain search: every word of the question appears somewhere in the document, newest words
/// aside. Ordered by how early the first word appears, then by id.
pub fn plain(index: &Index, question: &str, asker: &Asker, limit: usize) -> (Vec<Hit>, Vec<Hit>) {
    let needles: Vec<String> = words(question);
    if needles.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let fits = |hay: &str| needles.iter().all(|n| hay.contains(n.as_str()));
    let mut people: Vec<Hit> = index
        .people
        .docs()
        .filter(|d| d.id != asker.id && d.discoverable && fits(&d.plain))
        .map(|d| Hit { id: d.id, score: 1.0, distance_km: distance(asker, d.position) })
        .collect();
    let mut projects: Vec<Hit> = index
        .projects
        .docs()
        .filter(|d| d.listed && fits(&d.plain))
        .map(|d| Hit { id: d.id, score: 1.0, distance_km: distance(asker, d.position) })
        .collect();
    people.sort_by_key(|h| h.id);
    projects.sort_by_key(|h| std::cmp::Reverse(h.id));
    people.truncate(limit);
    projects.truncate(limit);
    (people, projects)
}
