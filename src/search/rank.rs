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
use crate::discovery::geometry::haversine_km;

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
/// Each word no table understood, for a result that meets them only through related words (every result meets
/// all of them; one that says them is scored by its text).
const TOPIC: f32 = 2.0;

/// A place as the loop checks it, worked out once per question.
enum Where {
    City { name: Vec<String>, at: (f64, f64) },
    Country { code: &'static str, names: Vec<Vec<String>> },
    Region(Vec<[u8; 2]>),
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
            Place::Region { codes, .. } => Self::Region(codes.clone()),
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
            Self::Region(codes) => {
                let facets: Vec<Facet> = codes.iter().map(|code| Facet::Country(*code)).collect();
                out.add_all(&corpus.with_any(&facets));
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
            Self::Region(codes) => f32::from(u8::from(codes.contains(&country))),
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
        Where::Region(codes) if codes.contains(&country) => 1.0,
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
    crate::discovery::geometry::EARTH_RADIUS_KM * (dx * dx + dy * dy).sqrt()
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

/// A document that meets a question, scored before anyone asks: everything but its nearness to the asker, which
/// adds at most [`Ranking::reach`].
#[derive(Clone, Copy)]
pub struct Met {
    pub id: i64,
    pub base: f32,
    pub position: Option<(f64, f64)>,
}

/// What meets a question, best first, the same for every asker (see [`choose`]).
pub struct Ranking {
    /// Best first; among equal scores by position, then by id.
    met: Vec<Met>,
    /// Where each document's run ends (exclusive): the documents after it with the same score and position. Within
    /// a run every asker sees the same score and distance, so the first to join go first: no more than `limit` of a
    /// run are read.
    run_ends: Vec<u32>,
    near_me: bool,
    /// The best base score, and whether anything scoring too far below it was left out: an asker who may not see
    /// the best would have kept some of those.
    best: f32,
    pruned: bool,
}

impl Ranking {
    /// The most nearness can add to a base score: a lot when the question asks what is near, a tie-break otherwise.
    fn reach(near_me: bool) -> f32 {
        if near_me {
            NEAR
        } else {
            0.25
        }
    }

    /// Keeps, best first, only what could still be near enough to the best once nearness is added.
    fn of(mut met: Vec<Met>, pruned: bool, near_me: bool) -> Self {
        let reach = Self::reach(near_me);
        let best = met.iter().map(|m| m.base).fold(0.0f32, f32::max);
        let before = met.len();
        met.retain(|m| m.base + reach >= best * KEEP_SHARE);
        let at = |m: &Met| m.position.map(|(lat, lng)| (lat.to_bits(), lng.to_bits()));
        met.sort_unstable_by_key(order_key);
        let mut run_ends = vec![0u32; met.len()];
        let mut end = met.len();
        for i in (0..met.len()).rev() {
            if met.get(i + 1).is_none_or(|next| next.base.to_bits() != met[i].base.to_bits() || at(next) != at(&met[i]))
            {
                end = i + 1;
            }
            run_ends[i] = end as u32;
        }
        Self { pruned: pruned || met.len() < before, met, run_ends, near_me, best }
    }

    /// How many documents it holds (what keeping it costs).
    pub fn len(&self) -> usize {
        self.met.len()
    }
}

/// A ranking's order as one number: the best score first, then by position (any order that keeps one position's
/// documents together; two positions that share the number may interleave, which only shortens their runs), then
/// the first to join. Sorting by it is a few times faster than comparing floats and positions.
fn order_key(m: &Met) -> u128 {
    // Higher scores first: the float's bits in an order that rises with it, turned around.
    let bits = m.base.to_bits();
    let rising = if bits >> 31 == 1 { !bits } else { bits | 1 << 31 };
    let place = m.position.map_or(u32::MAX, |(lat, lng)| {
        let mixed = lat.to_bits() ^ lng.to_bits().rotate_left(29);
        (mixed ^ mixed >> 32) as u32
    });
    u128::from(!rising) << 96 | u128::from(place) << 64 | u128::from(m.id as u64)
}

/// Every live document scored, keeping only those that may still be near enough to the best so far once nearness
/// is added (most of a broad question's candidates fall away here rather than in [`cut`]).
fn score_all<D>(
    docs: impl Iterator<Item = (u32, D)>,
    reach: f32,
    score_of: impl Fn(u32, D) -> Option<Met>,
) -> (Vec<Met>, bool) {
    let mut best = 0.0f32;
    let mut met = Vec::new();
    let mut pruned = false;
    for (n, (slot, doc)) in docs.enumerate() {
        // A question whose asker has gone is not ranked to the end (what was ranked is thrown away, never kept).
        if n % 4096 == 4095 && crate::cpu_line::caller_gone() {
            break;
        }
        if let Some(m) = score_of(slot, doc) {
            if m.base + reach >= best * KEEP_SHARE {
                best = best.max(m.base);
                met.push(m);
            } else {
                pruned = true;
            }
        }
    }
    (met, pruned)
}

/// One asker's answer from a ranking: their own and hidden documents left out, nearness to them added, then [`cut`].
/// Unless the question asks what is near, only the head of the ranking is read: a document whose base score plus
/// the most nearness adds is below the `limit`-th base score cannot be among the best `limit`.
///
/// None when the ranking cannot answer this asker exactly: it left out documents far below a best one the asker
/// may not see (rank again without what they may not see, see [`people`]).
pub fn choose(
    ranking: &Ranking,
    asker: Asking<'_>,
    limit: usize,
    positions: impl Fn(i64) -> Option<(f64, f64)>,
) -> Option<Vec<Hit>> {
    choose_by(ranking, asker, limit, positions, true)
}

/// What [`choose`] needs of an asker: where they are, and whom (of this ranking's documents) they may not see.
#[derive(Clone, Copy)]
pub struct Asking<'a> {
    pub position: Option<(f64, f64)>,
    pub left_out: &'a dyn Fn(i64) -> bool,
}

fn choose_by(
    ranking: &Ranking,
    asker: Asking<'_>,
    limit: usize,
    positions: impl Fn(i64) -> Option<(f64, f64)>,
    bounded: bool,
) -> Option<Vec<Hit>> {
    let near_me = ranking.near_me;
    let shown = |m: &&Met| !(asker.left_out)(m.id);
    if ranking.pruned && ranking.met.iter().find(shown).is_none_or(|m| m.base < ranking.best) {
        return None;
    }
    let reach = Ranking::reach(ranking.near_me);
    // Nearness orders by band first when asked for: every document is read then.
    let floor = if bounded && !near_me {
        ranking.met.iter().filter(shown).nth(limit.saturating_sub(1)).map(|m| m.base - reach)
    } else {
        None
    };
    let mut hits = Vec::new();
    let mut at = 0;
    while let Some(first) = ranking.met.get(at) {
        if floor.is_some_and(|floor| first.base < floor) {
            break;
        }
        // One distance for the run; past `limit` of it, the rest of a run cannot be among the best `limit`.
        let end = if bounded { ranking.run_ends[at] as usize } else { at + 1 };
        let d = asker.position.zip(first.position).map(|(a, b)| approx_km(a, b));
        let score = first.base + nearness(near_me, d);
        let run = ranking.met[at..end].iter().filter(shown).take(limit);
        hits.extend(run.map(|m| Hit { id: m.id, score, distance_km: d }));
        at = end;
    }
    if bounded && !near_me {
        Some(best_of(hits.into_iter(), limit, asker.position, positions))
    } else {
        Some(cut(hits, limit, asker.position, near_me, positions))
    }
}

/// A hit in [`best_of`]'s heap: the greatest is the one that would go first out of the best so far.
struct Worst(Hit);

impl Ord for Worst {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        by_score(&self.0, &other.0)
    }
}

impl PartialOrd for Worst {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Worst {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Worst {}

/// [`cut`] for an answer ordered by score, without gathering the hits: the best `limit` kept as they come. Keeping
/// those near enough to the best after choosing them chooses the same, as nearness to the best follows the score.
fn best_of(
    hits: impl Iterator<Item = Hit>,
    limit: usize,
    position: Option<(f64, f64)>,
    positions: impl Fn(i64) -> Option<(f64, f64)>,
) -> Vec<Hit> {
    let mut heap = std::collections::BinaryHeap::with_capacity(limit + 1);
    for hit in hits {
        if heap.len() < limit {
            heap.push(Worst(hit));
        } else if let Some(mut worst) = heap.peek_mut() {
            if by_score(&hit, &worst.0).is_lt() {
                *worst = Worst(hit);
            }
        }
    }
    let mut hits: Vec<Hit> = heap.into_sorted_vec().into_iter().map(|w| w.0).collect();
    let best = hits.first().map_or(0.0, |h| h.score);
    hits.retain(|h| h.score > 0.0 && h.score >= best * KEEP_SHARE);
    for hit in &mut hits {
        hit.distance_km = position.zip(positions(hit.id)).map(|(a, b)| haversine_km(a, b));
    }
    hits
}

/// The order of an answer not asked by nearness: the best score first, then the closer, then the first to join.
fn by_score(a: &Hit, b: &Hit) -> std::cmp::Ordering {
    b.score
        .total_cmp(&a.score)
        .then(a.distance_km.unwrap_or(f64::MAX).total_cmp(&b.distance_km.unwrap_or(f64::MAX)))
        .then(a.id.cmp(&b.id))
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
    position: Option<(f64, f64)>,
    near_me: bool,
    positions: impl Fn(i64) -> Option<(f64, f64)>,
) -> Vec<Hit> {
    let order = |a: &Hit, b: &Hit| {
        let bands = if near_me { band(a.distance_km).cmp(&band(b.distance_km)) } else { std::cmp::Ordering::Equal };
        bands.then_with(|| by_score(a, b))
    };
    let Some(best) = hits.iter().map(|h| h.score).reduce(f32::max) else { return hits };
    hits.retain(|h| h.score > 0.0 && h.score >= best * KEEP_SHARE);
    if hits.len() > limit {
        hits.select_nth_unstable_by(limit, order);
        hits.truncate(limit);
    }
    hits.sort_by(order);
    for hit in &mut hits {
        hit.distance_km = position.zip(positions(hit.id)).map(|(a, b)| haversine_km(a, b));
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

/// The people meeting a question, ranked before anyone asks. `near_me`: the question asks what is near and the
/// asker's position is known. `left_out`: everyone may be shown (a ranking kept for every asker), or all but one
/// asker's own and hidden.
pub fn people(index: &Index, u: &Understanding, near_me: bool, left_out: &(dyn Fn(i64) -> bool + Sync)) -> Ranking {
    people_by(index, u, near_me, left_out, Scan::Candidates)
}

fn people_by(
    index: &Index,
    u: &Understanding,
    near_me: bool,
    left_out: &(dyn Fn(i64) -> bool + Sync),
    scan: Scan,
) -> Ranking {
    if u.target == Target::Projects {
        return Ranking::of(Vec::new(), false, near_me);
    }
    let text = index.people.scores(&u.terms);
    let meets = PeopleMeets::new(index, u);
    let place = u.place.as_ref().map(Where::of);
    let place_words = place.as_ref().map(|p| p.by_words(index)).unwrap_or_default();
    let roles: Vec<u8> = u.roles.iter().map(|r| super::index::role_number(r)).collect();
    let investor = super::index::role_number("investor");
    let structured = !u.roles.is_empty()
        || !u.skill_groups.is_empty()
        || !u.professions.is_empty()
        || !u.category_words.is_empty()
        || !u.topics.is_empty()
        || place.is_some()
        || near_me;
    let penalise_backers = u.builds && u.roles.is_empty();
    let score_of = |slot: u32, doc: &super::index::PersonDoc| -> Option<Met> {
        if !doc.discoverable || left_out(doc.id) {
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
        if text_score == 0.0 {
            // It meets the question's words only through related ones ("taught" for "teacher"): still a result.
            score += TOPIC * u.topics.len() as f32;
        }
        // Whoever meets what the question states is a result; without constraints, only what its words find.
        (structured || text_score > 0.0).then_some(Met { id: doc.id, base: score, position: doc.position })
    };
    let reach = Ranking::reach(near_me);
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
    let (met, pruned) = match (structured, candidates) {
        (true, Some(set)) => score_all(index.people.slotted_at(set.slots()), reach, score_of),
        // Every person is scored: half on another thread (the projects have a third, and are fewer).
        (true, None) => std::thread::scope(|scope| {
            let score_of = &score_of;
            let second = scope.spawn(move || score_all(index.people.slotted_part(1, 2), reach, score_of));
            let (mut met, mut pruned) = score_all(index.people.slotted_part(0, 2), reach, score_of);
            let (more, also) = second.join().unwrap_or_default();
            met.extend(more);
            pruned |= also;
            (met, pruned)
        }),
        // Only what its words find, kept as the candidates are (the ranking would leave out the same).
        (false, _) => score_all(index.people.slotted_at(text.touched.iter().copied()), reach, score_of),
    };
    Ranking::of(met, pruned, near_me)
}

/// The projects meeting a question, ranked before anyone asks (as [`people`]; no project is left out for an asker).
pub fn projects(index: &Index, u: &Understanding, near_me: bool) -> Ranking {
    projects_by(index, u, near_me, Scan::Candidates)
}

fn projects_by(index: &Index, u: &Understanding, near_me: bool, scan: Scan) -> Ranking {
    if u.target == Target::People {
        return Ranking::of(Vec::new(), false, near_me);
    }
    let text = index.projects.scores(&u.terms);
    let meets = ProjectMeets::new(index, u);
    let place = u.place.as_ref().map(Where::of);
    let place_words = place.as_ref().map(|p| p.by_words(index)).unwrap_or_default();
    let structured = !u.categories.is_empty()
        || !u.subjects.is_empty()
        || !u.phases.is_empty()
        || !u.looking_for.is_empty()
        || !u.skill_groups.is_empty()
        || !u.topics.is_empty()
        || place.is_some()
        || near_me;
    let score_of = |slot: u32, doc: &super::index::ProjectDoc| -> Option<Met> {
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
        if text_score == 0.0 {
            score += TOPIC * u.topics.len() as f32;
        }
        (structured || text_score > 0.0).then_some(Met { id: doc.id, base: score, position: doc.position })
    };
    let reach = Ranking::reach(near_me);
    let mut candidates = meets.candidates(index).filter(|_| scan == Scan::Candidates);
    if let Some(place) = place.as_ref().filter(|_| scan == Scan::Candidates) {
        narrow(&mut candidates, place.candidates(&index.projects, &place_words));
    }
    let (met, pruned) = match (structured, candidates) {
        (true, Some(set)) => score_all(index.projects.slotted_at(set.slots()), reach, score_of),
        (true, None) => score_all(index.projects.slotted(), reach, score_of),
        // Only what its words find, kept as the candidates are (the ranking would leave out the same).
        (false, _) => score_all(index.projects.slotted_at(text.touched.iter().copied()), reach, score_of),
    };
    Ranking::of(met, pruned, near_me)
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

    const QUESTIONS: [&str; 16] = [
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

    /// One asker's people and projects ranked for them alone (what they may not see never scored), every document
    /// of the ranking read.
    fn anew(index: &Index, u: &Understanding, asker: &Asker, limit: usize, scan: Scan) -> (Vec<Hit>, Vec<Hit>) {
        let near_me = u.near_me && asker.position.is_some();
        let theirs = |id: i64| id == asker.id || asker.hidden.contains(&id);
        let people = people_by(index, u, near_me, &theirs, scan);
        let people = choose_by(
            &people,
            Asking { position: asker.position, left_out: &theirs },
            limit,
            |id| index.people.get(id).and_then(|d| d.position),
            false,
        );
        let projects = choose_by(
            &projects_by(index, u, near_me, scan),
            Asking { position: asker.position, left_out: &|_| false },
            limit,
            |id| index.projects.get(id).and_then(|d| d.position),
            false,
        );
        (people.expect("nothing the asker may not see was ranked"), projects.expect("no project is left out"))
    }

    /// Candidates from the facts' lists answer exactly what reading every document answers.
    #[test]
    fn candidates_answer_as_reading_everyone() {
        let index = community();
        let vocabulary = Vocabulary {
            words: &index.vocabulary,
            by_letter: &index.by_letter,
            skills: &index.skills,
            location_words: &index.location_words,
        };
        let askers = [
            Asker { id: 2, position: Some((52.5, 13.4)), hidden: vec![3, 4] },
            Asker { id: 5, position: None, hidden: vec![] },
        ];
        let mut answered = 0;
        for question in QUESTIONS {
            let u = understand(question, &vocabulary);
            for asker in &askers {
                let (fast_people, fast_projects) = anew(&index, &u, asker, 50, Scan::Candidates);
                let (people, projects) = anew(&index, &u, asker, 50, Scan::Everyone);
                assert_eq!(ids(&fast_people), ids(&people), "people for {question:?}");
                assert_eq!(ids(&fast_projects), ids(&projects), "projects for {question:?}");
                answered += usize::from(!people.is_empty()) + usize::from(!projects.is_empty());
            }
        }
        assert!(answered >= 32, "most questions find something here ({answered} of 64 answers)");
    }

    /// A ranking made once for every asker, read only as far as each asker's answer needs, answers each exactly as
    /// ranking anew for them would: whoever they are, wherever they are, whomever they hide (the best result
    /// included), however many they ask for. When it cannot, it says so.
    #[test]
    fn a_ranking_kept_for_everyone_answers_each_asker_as_ranking_anew() {
        let index = community();
        let vocabulary = Vocabulary {
            words: &index.vocabulary,
            by_letter: &index.by_letter,
            skills: &index.skills,
            location_words: &index.location_words,
        };
        let (mut exact, mut declined) = (0, 0);
        for question in QUESTIONS {
            let u = understand(question, &vocabulary);
            let everyone = |_| false;
            for positioned in [false, true] {
                let near_me = u.near_me && positioned;
                let kept_people = people(&index, &u, near_me, &everyone);
                let kept_projects = projects(&index, &u, near_me);
                let best: Vec<i64> = kept_people.met.iter().take(3).map(|m| m.id).collect();
                let askers = [
                    Asker { id: 2, position: Some((52.5, 13.4)), hidden: vec![3, 4] },
                    Asker { id: 40, position: Some((6.6, 3.3)), hidden: vec![] },
                    Asker { id: best.first().copied().unwrap_or(1), position: Some((51.5, -0.1)), hidden: vec![] },
                    Asker { id: 9, position: Some((-1.3, 36.8)), hidden: best.clone() },
                ];
                for asker in askers.iter().filter(|a| a.position.is_some() == positioned).chain(
                    (!positioned).then_some(&Asker {
                        id: 7,
                        position: None,
                        hidden: best.get(1..).unwrap_or(&[]).to_vec(),
                    }),
                ) {
                    let theirs = |id: i64| id == asker.id || asker.hidden.contains(&id);
                    for limit in [1, 7, 50] {
                        let (people_anew, projects_anew) = anew(&index, &u, asker, limit, Scan::Candidates);
                        let asking = Asking { position: asker.position, left_out: &theirs };
                        match choose(&kept_people, asking, limit, |id| index.people.get(id).and_then(|d| d.position)) {
                            Some(kept) => {
                                assert_eq!(ids(&kept), ids(&people_anew), "people for {question:?}, {limit}");
                                exact += 1;
                            }
                            None => declined += 1,
                        }
                        let projects = choose(
                            &kept_projects,
                            Asking { position: asker.position, left_out: &|_| false },
                            limit,
                            |id| index.projects.get(id).and_then(|d| d.position),
                        )
                        .expect("no project is left out");
                        assert_eq!(ids(&projects), ids(&projects_anew), "projects for {question:?}, {limit}");
                    }
                }
            }
        }
        assert!(exact > declined * 4, "a kept ranking answers most askers ({exact} exact, {declined} declined)");
    }

    /// When the best result is someone the asker may not see, and those far below it were left out of the kept
    /// ranking, the ranking says it cannot answer them (the asker would see some of those).
    #[test]
    fn a_kept_ranking_declines_an_asker_who_may_not_see_its_best() {
        let mut index = community();
        let person = |id: i64, bio: &str| PersonRow {
            id,
            first_name: "Quinn".into(),
            last_name: "Example".into(),
            username: format!("q{id}"),
            role: "collaborator".into(),
            bio: Some(bio.into()),
            location: None,
            skills: vec![],
            lat: None,
            lng: None,
            discoverable: true,
            country: None,
        };
        index.put_person(person(9001, "zanzibar quill zanzibar quill zanzibar quill"));
        let long = "we also talk about many other things like gardens rivers bread lamps clocks kettles ".repeat(30);
        index.put_person(person(9002, &format!("{long} and once a zanzibar quill")));
        let vocabulary = Vocabulary {
            words: &index.vocabulary,
            by_letter: &index.by_letter,
            skills: &index.skills,
            location_words: &index.location_words,
        };
        let u = understand("zanzibar quill", &vocabulary);
        let kept = people(&index, &u, false, &|_| false);
        let everyone = Asker { id: 1, position: None, hidden: vec![] };
        let theirs = |id: i64| id == everyone.id;
        let answer = choose(&kept, Asking { position: None, left_out: &theirs }, 50, |_| None).expect("seen by all");
        assert_eq!(answer.iter().map(|h| h.id).collect::<Vec<_>>(), [9001], "the far weaker one is cut for most");
        let best = Asker { id: 9001, position: None, hidden: vec![] };
        let (anew_people, _) = anew(&index, &u, &best, 50, Scan::Candidates);
        assert_eq!(anew_people.iter().map(|h| h.id).collect::<Vec<_>>(), [9002], "without the best, the other is kept");
        let theirs = |id: i64| id == best.id;
        assert!(choose(&kept, Asking { position: None, left_out: &theirs }, 50, |_| None).is_none());
    }

    /// The one-number order puts higher scores first, negative ones included, and the first to join first among
    /// equals at one position.
    #[test]
    fn the_order_key_sorts_as_the_scores_do() {
        let bases = [3.5f32, -2.0, 0.0, 0.25, -0.5, 7.75, 0.2500001, -2.0000002, 1e-7, 5.0];
        let mut met: Vec<Met> = bases
            .iter()
            .enumerate()
            .flat_map(|(i, b)| {
                [(i as i64) * 2 + 1, (i as i64) * 2].map(|id| Met { id, base: *b, position: Some((1.0, 2.0)) })
            })
            .collect();
        met.sort_unstable_by_key(order_key);
        let mut expected: Vec<(i64, f32)> = met.iter().map(|m| (m.id, m.base)).collect();
        expected.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        assert_eq!(met.iter().map(|m| (m.id, m.base)).collect::<Vec<_>>(), expected);
    }

    /// Every point within the radius of a place lies in one of the squares around it, near the poles too.
    #[test]
    fn squares_around_hold_every_point_within_reach() {
        for at in [(51.51, -0.13), (-33.9, 151.2), (69.65, 18.96), (0.0, 179.9), (-77.8, 166.7)] {
            let around = Facet::cells_around(at, INSIDE_KM);
            for step in 0..360 {
                let bearing = f64::from(step).to_radians();
                for km in [0.0, 10.0, 25.0, 49.9] {
                    let dlat = (km * bearing.cos() / crate::discovery::geometry::EARTH_RADIUS_KM).to_degrees();
                    let dlng = (km * bearing.sin() / crate::discovery::geometry::EARTH_RADIUS_KM).to_degrees()
                        / at.0.to_radians().cos();
                    let point = (at.0 + dlat, at.1 + dlng);
                    if approx_km(at, point) <= INSIDE_KM {
                        assert!(around.contains(&Facet::cell(point)), "{point:?} near {at:?}");
                    }
                }
            }
        }
    }
}
