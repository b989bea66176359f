//! Ranking: the text score (BM25F) blended with what the question asked for outright (roles,
//! skills, categories, phases, what a project looks for, a place, nearness), then a cut that keeps
//! only results close enough to the best one to be worth showing. A question that names something
//! outright is checked against every document, so this loop is kept to comparisons of numbers.

use super::{
    index::{Corpus, Facet, Index, Scores, SlotSet},
    lexicon::COUNTRIES,
    meets::{narrow, PeopleMeets, ProjectMeets},
    query::{Place, Target, Understanding},
    text::words,
};
use crate::discovery::haversine_km;

/// Who asks, and from where.
pub struct Asker {
    pub id: i64,
    pub position: Option<(f64, f64)>,
    /// People the asker blocked or was blocked by: never a result for them.
    pub hidden: Vec<i64>,
}

pub struct Hit {
    pub id: i64,
    pub score: f32,
    pub distance_km: Option<f64>,
}

/// How far from a city's centre is still inside it.
const INSIDE_KM: f64 = 50.0;
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

/// A place as the loop checks it, worked out once per question.
enum Where {
    City { name: Vec<String>, at: (f64, f64) },
    Country { code: &'static str, names: Vec<Vec<String>> },
    Named(Vec<String>),
}

impl Where {
    fn of(place: &Place) -> Self {
        match place {
            Place::City { name, lat, lng, .. } => Self::City { name: words(name), at: (*lat, *lng) },
            Place::Country { code, .. } => Self::Country {
                code,
                names: COUNTRIES
                    .iter()
                    .find(|(c, _)| c == code)
                    .map_or(&[][..], |(_, n)| *n)
                    .iter()
                    .map(|n| words(n))
                    .collect(),
            },
            Place::Named { words } => Self::Named(words.clone()),
        }
    }

    /// How well each known location fits by its words alone (worked out once per question).
    fn by_words(&self, index: &Index) -> Vec<f32> {
        index.locations.iter().map(|words| self.fit(words, [0, 0], None)).collect()
    }

    /// The documents that may be inside this place (each checked again by [`place_fit`]): those whose location
    /// names it, those in its country, those whose position's square is near enough.
    fn candidates<D>(&self, corpus: &Corpus<D>, by_words: &[f32]) -> SlotSet {
        let named = by_words.iter().enumerate().filter(|(_, fit)| inside(**fit)).map(|(id, _)| id as u32);
        let mut out = corpus.at_locations(named);
        match self {
            Self::City { at, .. } => out.add_all(&corpus.with_any(&Facet::cells_around(*at, INSIDE_KM))),
            Self::Country { code, .. } => {
                if let [a, b] = code.as_bytes() {
                    out.add_all(&corpus.with_any(&[Facet::Country([*a, *b])]));
                }
            }
            Self::Named(_) => {}
        }
        out
    }

    /// 1 inside the place, less the further away, 0 when unknown.
    fn fit(&self, location: &[String], country: [u8; 2], position: Option<(f64, f64)>) -> f32 {
        match self {
            // Where a position is known it decides (cheaper than reading words, and it knows what is near).
            Self::City { at, .. } if position.is_some() => {
                let d = position.map_or(f64::MAX, |p| approx_km(*at, p));
                if d <= INSIDE_KM {
                    1.0
                } else {
                    // Falls away with distance (a cheap curve: this runs for every document).
                    let x = (d / 300.0) as f32;
                    0.4 / (1.0 + x * x)
                }
            }
            Self::City { name, .. } => f32::from(u8::from(contains_words(location, name))),
            Self::Country { code, names } => {
                let inside = country == code.as_bytes() || names.iter().any(|n| contains_words(location, n));
                f32::from(u8::from(inside))
            }
            Self::Named(ws) => f32::from(u8::from(contains_words(location, ws))),
        }
    }
}

/// A document's fit to a place: by position when it has one, else by its location's words.
fn place_fit(place: &Where, by_words: &[f32], location: u32, country: [u8; 2], position: Option<(f64, f64)>) -> f32 {
    let worded = by_words.get(location as usize).copied().unwrap_or_default();
    match place {
        Where::City { .. } if position.is_some() => place.fit(&[], country, position).max(worded),
        Where::Country { code, .. } if country == code.as_bytes() => 1.0,
        _ => worded,
    }
}

fn contains_words(hay: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w == needle)
}

/// Distance on a flat map around the points: within a fraction of a percent of the haversine
/// under a few hundred kilometres and cheap enough to run over every document; the answer's
/// `distanceKm` is the haversine.
fn approx_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    // The first point's latitude stands for both (the asker's or the place's: fixed per question).
    let dx = (b.1 - a.1).to_radians() * cos_of(a.0);
    let dy = (b.0 - a.0).to_radians();
    crate::discovery::EARTH_RADIUS_KM * (dx * dx + dy * dy).sqrt()
}

/// The cosine of a latitude, remembered for the last one asked (one per question in practice).
fn cos_of(lat: f64) -> f64 {
    thread_local! {
        static LAST: std::cell::Cell<(f64, f64)> = const { std::cell::Cell::new((0.0, 1.0)) };
    }
    LAST.with(|last| {
        let (at, cos) = last.get();
        if at == lat {
            return cos;
        }
        let cos = lat.to_radians().cos();
        last.set((lat, cos));
        cos
    })
}

/// Text relevance squeezed below a few structured matches: what a question names outright
/// (a skill, a place) outweighs how often a word appears, and the order among text hits stays.
fn squeeze(text: f32) -> f32 {
    TEXT_CAP * text / (text + TEXT_CAP)
}

fn nearness(near_me: bool, d: Option<f64>) -> f32 {
    match d {
        Some(d) if near_me => NEAR / (1.0 + (d / 100.0) as f32),
        // Otherwise the closer of two equals goes first.
        Some(d) => 0.25 / (1.0 + (d / 1000.0) as f32),
        None => 0.0,
    }
}

/// Every live document scored, keeping only those that may still be near enough to the best so far (most of a
/// broad question's candidates fall away here rather than in [`cut`]).
fn score_all<D>(docs: impl Iterator<Item = (u32, D)>, score_of: impl Fn(u32, D) -> Option<Hit>) -> Vec<Hit> {
    let mut best = 0.0f32;
    let mut hits = Vec::new();
    for (slot, doc) in docs {
        if let Some(hit) = score_of(slot, doc) {
            if hit.score >= best * KEEP_SHARE {
                best = best.max(hit.score);
                hits.push(hit);
            }
        }
    }
    hits
}

/// How far, in bands that double from 25 km: "near me" orders by band first, so a closer person is not put after a
/// far one whose bio repeats a word of the question; within a band the score decides.
fn band(distance_km: Option<f64>) -> u32 {
    match distance_km {
        Some(d) if d < 25.0 => 0,
        Some(d) => 1 + (d / 25.0).log2().floor() as u32,
        None => u32::MAX,
    }
}

/// Keeps the best, then those near enough to it, up to `limit`; exact distances for those kept.
fn cut(
    mut hits: Vec<Hit>,
    limit: usize,
    asker: &Asker,
    near_me: bool,
    positions: impl Fn(i64) -> Option<(f64, f64)>,
) -> Vec<Hit> {
    let order = |a: &Hit, b: &Hit| {
        let bands = if near_me { band(a.distance_km).cmp(&band(b.distance_km)) } else { std::cmp::Ordering::Equal };
        bands
            .then(b.score.total_cmp(&a.score))
            .then(a.distance_km.unwrap_or(f64::MAX).total_cmp(&b.distance_km.unwrap_or(f64::MAX)))
    };
    let Some(best) = hits.iter().map(|h| h.score).reduce(f32::max) else { return hits };
    hits.retain(|h| h.score > 0.0 && h.score >= best * KEEP_SHARE);
    if hits.len() > limit {
        hits.select_nth_unstable_by(limit, order);
        hits.truncate(limit);
    }
    hits.sort_by(order);
    for hit in &mut hits {
        hit.distance_km = asker.position.zip(positions(hit.id)).map(|(a, b)| haversine_km(a, b));
    }
    hits
}

fn text_of(scores: &Scores, slot: u32) -> f32 {
    squeeze(scores.by_slot.get(slot as usize).copied().unwrap_or_default())
}

/// Whether the place a question names holds the document: within 50 km of a city, in a country, or (for a place no
/// list knows) named in its location.
fn inside(fit: f32) -> bool {
    fit >= 1.0
}

/// Which documents a question with constraints reads: the candidates from the facts' lists, or (the
/// tests' oracle) every document.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scan {
    Candidates,
    #[cfg(test)]
    Everyone,
}

pub fn people(index: &Index, u: &Understanding, asker: &Asker, limit: usize) -> Vec<Hit> {
    people_by(index, u, asker, limit, Scan::Candidates)
}

fn people_by(index: &Index, u: &Understanding, asker: &Asker, limit: usize, scan: Scan) -> Vec<Hit> {
    if u.target == Target::Projects {
        return Vec::new();
    }
    let text = index.people.scores(&u.terms);
    let meets = PeopleMeets::new(index, u);
    let place = u.place.as_ref().map(Where::of);
    let place_words = place.as_ref().map(|p| p.by_words(index)).unwrap_or_default();
    let roles: Vec<u8> = u.roles.iter().map(|r| super::index::role_number(r)).collect();
    let investor = super::index::role_number("investor");
    let near_me = u.near_me && asker.position.is_some();
    let structured = !u.roles.is_empty()
        || !u.skill_groups.is_empty()
        || !u.professions.is_empty()
        || !u.category_words.is_empty()
        || place.is_some()
        || near_me;
    let penalise_backers = u.builds && u.roles.is_empty();
    let score_of = |slot: u32, doc: &super::index::PersonDoc| -> Option<Hit> {
        if doc.id == asker.id || !doc.discoverable || asker.hidden.contains(&doc.id) {
            return None;
        }
        if !roles.is_empty() && !roles.contains(&doc.role) {
            return None;
        }
        if !meets.all(slot, doc) {
            return None;
        }
        let fit = place.as_ref().map(|p| place_fit(p, &place_words, doc.location, doc.country, doc.position));
        if fit.is_some_and(|fit| !inside(fit)) {
            return None;
        }
        let text_score = text_of(&text, slot);
        let mut score = text_score;
        if !u.roles.is_empty() {
            score += ROLE;
        }
        if penalise_backers && doc.role == investor {
            score -= ROLE;
        }
        // Everyone here meets every constraint; a skill listed outranks one only mentioned.
        score += SKILL * meets.listed_skills(doc) as f32;
        score += PROFESSION * meets.listed_professions(doc) as f32;
        score += PLACE * fit.unwrap_or_default();
        let d = asker.position.zip(doc.position).map(|(a, b)| approx_km(a, b));
        score += nearness(near_me, d);
        // Whoever meets what the question states is a result; without constraints, only what its words find.
        (structured || text_score > 0.0).then_some(Hit { id: doc.id, score, distance_km: d })
    };
    // What the question names outright narrows the people to those listed under it; only a question
    // that names nothing but nearness reads every person.
    let mut candidates = meets.candidates(index).filter(|_| scan == Scan::Candidates);
    if scan == Scan::Candidates && !roles.is_empty() {
        let facets: Vec<Facet> = roles.iter().map(|r| Facet::Role(*r)).collect();
        narrow(&mut candidates, index.people.with_any(&facets));
    }
    if let Some(place) = place.as_ref().filter(|_| scan == Scan::Candidates) {
        narrow(&mut candidates, place.candidates(&index.people, &place_words));
    }
    let hits: Vec<Hit> = match (structured, candidates) {
        (true, Some(set)) => {
            score_all(set.slots().filter_map(|slot| index.people.doc_at(slot).map(|doc| (slot, doc))), score_of)
        }
        // Every person is scored: half on another thread (the projects have a third, and are fewer).
        (true, None) => std::thread::scope(|scope| {
            let score_of = &score_of;
            let second = scope.spawn(move || score_all(index.people.slotted_part(1, 2), score_of));
            let mut hits = score_all(index.people.slotted_part(0, 2), score_of);
            hits.extend(second.join().unwrap_or_default());
            hits
        }),
        (false, _) => text
            .touched
            .iter()
            .filter_map(|slot| index.people.doc_at(*slot).and_then(|doc| score_of(*slot, doc)))
            .collect(),
    };
    cut(hits, limit, asker, near_me, |id| index.people.get(id).and_then(|d| d.position))
}

pub fn projects(index: &Index, u: &Understanding, asker: &Asker, limit: usize) -> Vec<Hit> {
    projects_by(index, u, asker, limit, Scan::Candidates)
}

fn projects_by(index: &Index, u: &Understanding, asker: &Asker, limit: usize, scan: Scan) -> Vec<Hit> {
    if u.target == Target::People {
        return Vec::new();
    }
    let text = index.projects.scores(&u.terms);
    let meets = ProjectMeets::new(index, u);
    let place = u.place.as_ref().map(Where::of);
    let place_words = place.as_ref().map(|p| p.by_words(index)).unwrap_or_default();
    let near_me = u.near_me && asker.position.is_some();
    let structured = !u.categories.is_empty()
        || !u.subjects.is_empty()
        || !u.phases.is_empty()
        || !u.looking_for.is_empty()
        || !u.skill_groups.is_empty()
        || place.is_some()
        || near_me;
    let score_of = |slot: u32, doc: &super::index::ProjectDoc| -> Option<Hit> {
        if !doc.listed || (u.near_me && !doc.owner_discoverable) || !meets.all(slot, doc) {
            return None;
        }
        let fit = place.as_ref().map(|p| place_fit(p, &place_words, doc.location, doc.country, doc.position));
        if fit.is_some_and(|fit| !inside(fit)) {
            return None;
        }
        let text_score = text_of(&text, slot);
        let mut score = text_score;
        if u.categories.iter().chain(&u.category_hints).any(|c| *c == doc.category) {
            score += CATEGORY;
        }
        if u.phases.contains(&doc.phase.as_str()) {
            score += PHASE;
        }
        if u.looking_for.iter().any(|w| doc.looking_for.iter().any(|l| l.eq_ignore_ascii_case(w))) {
            score += WANTS;
        }
        score += PLACE * fit.unwrap_or_default();
        let d = asker.position.zip(doc.position).map(|(a, b)| approx_km(a, b));
        score += nearness(near_me, d);
        (structured || text_score > 0.0).then_some(Hit { id: doc.id, score, distance_km: d })
    };
    let mut candidates = meets.candidates(index).filter(|_| scan == Scan::Candidates);
    if let Some(place) = place.as_ref().filter(|_| scan == Scan::Candidates) {
        narrow(&mut candidates, place.candidates(&index.projects, &place_words));
    }
    let hits: Vec<Hit> = match (structured, candidates) {
        (true, Some(set)) => {
            score_all(set.slots().filter_map(|slot| index.projects.doc_at(slot).map(|doc| (slot, doc))), score_of)
        }
        (true, None) => score_all(index.projects.slotted(), score_of),
        (false, _) => text
            .touched
            .iter()
            .filter_map(|slot| index.projects.doc_at(*slot).and_then(|doc| score_of(*slot, doc)))
            .collect(),
    };
    cut(hits, limit, asker, near_me, |id| index.projects.get(id).and_then(|d| d.position))
}

/// Plain search: every word of the question appears somewhere in the document. People in the
/// order they joined, projects newest first.
pub fn plain(index: &Index, question: &str, asker: &Asker, limit: usize) -> (Vec<Hit>, Vec<Hit>) {
    let needles: Vec<String> = words(question);
    if needles.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let fits = |hay: &str| needles.iter().all(|n| hay.contains(n.as_str()));
    let distance = |position: Option<(f64, f64)>| asker.position.zip(position).map(|(a, b)| haversine_km(a, b));
    let mut people: Vec<Hit> = index
        .people
        .docs()
        .filter(|d| d.id != asker.id && d.discoverable && !asker.hidden.contains(&d.id) && fits(&d.plain))
        .map(|d| Hit { id: d.id, score: 1.0, distance_km: distance(d.position) })
        .collect();
    let mut projects: Vec<Hit> = index
        .projects
        .docs()
        .filter(|d| d.listed && fits(&d.plain))
        .map(|d| Hit { id: d.id, score: 1.0, distance_km: distance(d.position) })
        .collect();
    people.sort_by_key(|h| h.id);
    projects.sort_by_key(|h| std::cmp::Reverse(h.id));
    people.truncate(limit);
    projects.truncate(limit);
    (people, projects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{
        index::{PersonRow, ProjectRow},
        query::{understand, Vocabulary},
    };

    const SKILLS: [&str; 8] =
        ["Figma", "React", "Rust", "Marketing", "Sound Design", "Python", "Finance", "Illustration"];
    const CITIES: [(&str, f64, f64, &str); 5] = [
        ("London, United Kingdom", 51.51, -0.13, "GB"),
        ("Berlin, Germany", 52.52, 13.40, "DE"),
        ("Lagos, Nigeria", 6.52, 3.38, "NG"),
        ("Potsdam", 52.39, 13.06, "DE"),
        ("Nairobi", -1.29, 36.82, "KE"),
    ];
    const ROLES: [&str; 4] = ["explorer", "collaborator", "innovator", "investor"];
    const BIOS: [&str; 4] = [
        "I design fintech apps and love climate hardware",
        "music producer and sound designer working on games",
        "writing firmware for robots, angel investor in health startups",
        "teacher building education tools in my spare time",
    ];

    /// A community where facts vary independently: some people have a position, some only a place name,
    /// some neither; projects of every category, phase and want.
    fn community() -> Index {
        let mut index = Index::default();
        for i in 0..600usize {
            let (city, lat, lng, country) = CITIES[i % CITIES.len()];
            let positioned = i % 3 != 0;
            index.put_person(PersonRow {
                id: i as i64 + 1,
                first_name: format!("P{i}"),
                last_name: "Tester".into(),
                username: format!("p{i}"),
                role: ROLES[i / 5 % 4].into(),
                bio: Some(BIOS[i / 7 % 4].into()),
                location: (i % 4 != 1).then(|| city.into()),
                skills: vec![SKILLS[i % 8].into(), SKILLS[i / 8 % 8].into()],
                lat: positioned.then_some(lat + (i % 10) as f64 * 0.05),
                lng: positioned.then_some(lng - (i % 7) as f64 * 0.08),
                discoverable: i % 11 != 0,
                country: (i % 2 == 0).then(|| country.into()),
            });
        }
        let categories = ["technology", "business", "healthcare", "education", "design", "art", "music", "film"];
        let phases = ["idea", "planning", "prototype", "development", "launch"];
        for i in 0..300usize {
            let (city, lat, lng, country) = CITIES[i % CITIES.len()];
            index.put_project(ProjectRow {
                id: i as i64 + 1,
                owner_id: (i % 600) as i64 + 1,
                title: format!("{} project {i}", ["Solar", "Beat", "Clinic", "Lesson"][i % 4]),
                description: BIOS[i / 3 % 4].into(),
                category: categories[i % 8].into(),
                phase: phases[i / 8 % 5].into(),
                looking_for: [vec![], vec!["Collaborator".into()], vec!["Innovator".into(), "Investor".into()]][i % 3]
                    .clone(),
                owner_name: "Owner".into(),
                location: (i % 3 != 0).then(|| city.into()),
                lat: (i % 2 == 0).then_some(lat),
                lng: (i % 2 == 0).then_some(lng),
                listed: i % 13 != 0,
                owner_discoverable: true,
                country: (i % 4 == 0).then(|| country.into()),
            });
        }
        // A changed document takes a new slot: the old one's facts must not answer.
        for i in 0..40usize {
            let (city, lat, lng, country) = CITIES[(i + 2) % CITIES.len()];
            index.put_person(PersonRow {
                id: i as i64 * 13 + 1,
                first_name: "Moved".into(),
                last_name: "Person".into(),
                username: format!("moved{i}"),
                role: "investor".into(),
                bio: None,
                location: Some(city.into()),
                skills: vec!["Rust".into()],
                lat: Some(lat),
                lng: Some(lng),
                discoverable: true,
                country: Some(country.into()),
            });
        }
        index
    }

    fn ids(hits: &[Hit]) -> Vec<(i64, u32)> {
        hits.iter().map(|h| (h.id, h.score.to_bits())).collect()
    }

    /// Candidates from the facts' lists answer exactly what reading every document answers.
    #[test]
    fn candidates_answer_as_reading_everyone() {
        let index = community();
        let vocabulary = Vocabulary { words: &index.vocabulary, by_letter: &index.by_letter, skills: &index.skills };
        let questions = [
            "designers in London",
            "rust developers",
            "investors in Berlin",
            "people who know marketing",
            "sound designers in Germany",
            "figma designers near me",
            "python developers in Nigeria",
            "healthcare startups",
            "music projects looking for collaborators",
            "prototypes in Lagos",
            "education projects looking for an innovator",
            "climate hardware",
            "writers",
            "near me",
            "collaborators in Nairobi",
            "fintech apps in the United Kingdom",
        ];
        let askers = [
            Asker { id: 2, position: Some((52.5, 13.4)), hidden: vec![3, 4] },
            Asker { id: 5, position: None, hidden: vec![] },
        ];
        let mut answered = 0;
        for question in questions {
            let u = understand(question, &vocabulary);
            for asker in &askers {
                let fast = people_by(&index, &u, asker, 50, Scan::Candidates);
                let full = people_by(&index, &u, asker, 50, Scan::Everyone);
                assert_eq!(ids(&fast), ids(&full), "people for {question:?}");
                answered += usize::from(!full.is_empty());
                let fast = projects_by(&index, &u, asker, 50, Scan::Candidates);
                let full = projects_by(&index, &u, asker, 50, Scan::Everyone);
                assert_eq!(ids(&fast), ids(&full), "projects for {question:?}");
                answered += usize::from(!full.is_empty());
            }
        }
        assert!(answered >= 32, "most questions find something here ({answered} of 64 answers)");
    }

    /// Every point within the radius of a place lies in one of the squares around it, near the poles too.
    #[test]
    fn squares_around_hold_every_point_within_reach() {
        for at in [(51.51, -0.13), (-33.9, 151.2), (69.65, 18.96), (0.0, 179.9), (-77.8, 166.7)] {
            let around = Facet::cells_around(at, INSIDE_KM);
            for step in 0..360 {
                let bearing = f64::from(step).to_radians();
                for km in [0.0, 10.0, 25.0, 49.9] {
                    let dlat = (km * bearing.cos() / crate::discovery::EARTH_RADIUS_KM).to_degrees();
                    let dlng =
                        (km * bearing.sin() / crate::discovery::EARTH_RADIUS_KM).to_degrees() / at.0.to_radians().cos();
                    let point = (at.0 + dlat, at.1 + dlng);
                    if approx_km(at, point) <= INSIDE_KM {
                        assert!(around.contains(&Facet::cell(point)), "{point:?} near {at:?}");
                    }
                }
            }
        }
    }
}
