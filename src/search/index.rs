//! The search index: every person and project as a document with its structured facts (role,
//! skills, category, phase, place) and its words in an inverted index ranked by BM25F. A changed
//! document takes a new slot and its old slot goes dead; a rebuild compacts.

/// The search index's maps: hashed with foldhash (no denial-of-service worry: keys are the index's own words).
pub type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
pub type FastSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

use super::text::{fold, folded_words, stem, stem_into, words};

/// Words of a document by field; a field's weight says how much a word there counts.
pub const FIELDS: usize = 4;
const K1: f32 = 1.2;
const B: f32 = 0.75;

/// The roles, numbered as [`PersonDoc::role`] holds them.
pub const ROLES: [&str; 4] = ["explorer", "collaborator", "innovator", "investor"];

pub fn role_number(role: &str) -> u8 {
    ROLES.iter().position(|r| *r == role).unwrap_or(0) as u8
}

/// A person as ranking reads them: numbers and inline values only (a question that names a skill
/// or a place is checked against every person, so nothing here should need a pointer followed),
/// besides the plain text the simple search reads.
#[derive(Clone, Debug)]
pub struct PersonDoc {
    pub id: i64,
    pub role: u8,
    pub discoverable: bool,
    /// Up to 8 skills inline as numbers (see [`Index::skill_id`]); the rest in `more_skills`.
    skills: [u32; 8],
    skill_count: u8,
    more_skills: Vec<u32>,
    /// Where they say they are, as a number into [`Index::locations`].
    pub location: u32,
    /// ISO code, or zeros.
    pub country: [u8; 2],
    pub position: Option<(f64, f64)>,
    /// Folded name, username, skills, bio and location, for plain-text search.
    pub plain: String,
}

impl PersonDoc {
    pub fn skill_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.skills[..usize::from(self.skill_count)].iter().chain(&self.more_skills).copied()
    }
}

pub fn country_code(code: Option<&str>) -> [u8; 2] {
    match code.map(str::as_bytes) {
        Some([a, b]) => [a.to_ascii_uppercase(), b.to_ascii_uppercase()],
        _ => [0, 0],
    }
}

#[derive(Clone, Debug)]
pub struct ProjectDoc {
    pub id: i64,
    pub owner_id: i64,
    pub category: String,
    pub phase: String,
    pub looking_for: Vec<String>,
    pub location: u32,
    pub country: [u8; 2],
    pub position: Option<(f64, f64)>,
    pub listed: bool,
    /// Whether the owner is discoverable: a project of someone who is not is never a "near me" answer.
    pub owner_discoverable: bool,
    pub plain: String,
}

/// A structured fact a question can name outright. Each has the list of slots that hold it, so a question
/// naming one reads only the documents that have it instead of every document.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Facet {
    Skill(u32),
    Role(u8),
    Location(u32),
    Country([u8; 2]),
    /// A square of [`CELL_DEGREES`] holding the document's position.
    Cell(i32, i32),
    Category(Box<str>),
    Phase(Box<str>),
    /// What a project looks for, folded.
    Wants(Box<str>),
}

/// The side of a position's square, in degrees (about 55 km north to south).
pub const CELL_DEGREES: f64 = 0.5;

impl Facet {
    pub fn cell((lat, lng): (f64, f64)) -> Self {
        Self::Cell((lat / CELL_DEGREES).floor() as i32, (lng / CELL_DEGREES).floor() as i32)
    }

    /// The squares that hold every point within `km` of `at`, as [`approx`](super::rank) measures: a
    /// latitude band of `km` either side and the longitudes as wide at `at`'s latitude.
    pub fn cells_around((lat, lng): (f64, f64), km: f64) -> Vec<Self> {
        let radius = crate::discovery::geometry::EARTH_RADIUS_KM;
        let dlat = (km / radius).to_degrees();
        let dlng = (dlat / lat.to_radians().cos().abs().max(1e-6)).min(360.0);
        let (Self::Cell(south, west), Self::Cell(north, east)) =
            (Self::cell((lat - dlat, lng - dlng)), Self::cell((lat + dlat, lng + dlng)))
        else {
            return Vec::new();
        };
        (south..=north).flat_map(|a| (west..=east).map(move |b| Self::Cell(a, b))).collect()
    }
}

#[derive(Clone, Copy)]
struct Posting {
    slot: u32,
    field: u8,
    count: u8,
}

/// One kind of document with its inverted index.
pub struct Corpus<D> {
    weights: [f32; FIELDS],
    docs: Vec<Option<D>>,
    /// Whether each slot is live, apart from the documents, so that scoring reads only this.
    alive: Vec<bool>,
    slot_of: FastMap<i64, u32>,
    lengths: Vec<[u16; FIELDS]>,
    total: [u64; FIELDS],
    live: usize,
    dead: usize,
    postings: FastMap<String, Vec<Posting>>,
    /// The slots holding each fact (dead ones too, until a rebuild: readers check `alive`).
    facets: FastMap<Facet, Vec<u32>>,
}

impl<D> Corpus<D> {
    pub fn new(weights: [f32; FIELDS]) -> Self {
        Self {
            weights,
            docs: Vec::new(),
            alive: Vec::new(),
            slot_of: FastMap::default(),
            lengths: Vec::new(),
            total: [0; FIELDS],
            live: 0,
            dead: 0,
            postings: FastMap::default(),
            facets: FastMap::default(),
        }
    }

    pub fn len(&self) -> usize {
        self.live
    }

    /// How many slots there are, live or dead (slot numbers are below this).
    pub fn slot_count(&self) -> usize {
        self.docs.len()
    }

    /// How much of the index is dead slots (a rebuild is due past a share of it).
    pub fn dead_share(&self) -> f32 {
        self.dead as f32 / (self.docs.len().max(1)) as f32
    }

    /// Adds or replaces the document `id`, with its fields' texts ([`fold`]ed) and its facts; the distinct words
    /// it holds.
    pub fn put<'t>(&mut self, id: i64, doc: D, folded: [&'t str; FIELDS], facets: Vec<Facet>) -> Vec<&'t str> {
        self.remove(id);
        let slot = self.docs.len() as u32;
        for facet in facets {
            let slots = self.facets.entry(facet).or_default();
            // A fact given twice (two spellings of one skill) lists the slot once.
            if slots.last() != Some(&slot) {
                slots.push(slot);
            }
        }
        let mut lengths = [0u16; FIELDS];
        let mut seen_words: Vec<&str> = Vec::new();
        // Every word of every document is stemmed into this one buffer; a term is copied once per field.
        let mut term = String::new();
        for (field, text) in folded.iter().enumerate() {
            // A field has tens of words: a short list beats a hash map here.
            let mut counts: Vec<(String, u8)> = Vec::new();
            let mut length = 0usize;
            for w in folded_words(text) {
                length += 1;
                stem_into(w, &mut term);
                match counts.iter_mut().find(|(t, _)| *t == term) {
                    Some((_, c)) => *c = c.saturating_add(1),
                    None => counts.push((term.clone(), 1)),
                }
                seen_words.push(w);
            }
            lengths[field] = length.min(u16::MAX as usize) as u16;
            for (term, count) in counts {
                let posting = Posting { slot, field: field as u8, count };
                match self.postings.get_mut(&term) {
                    Some(list) => list.push(posting),
                    None => {
                        self.postings.insert(term, vec![posting]);
                    }
                }
            }
            self.total[field] += u64::from(lengths[field]);
        }
        seen_words.sort_unstable();
        seen_words.dedup();
        self.docs.push(Some(doc));
        self.alive.push(true);
        self.lengths.push(lengths);
        self.slot_of.insert(id, slot);
        self.live += 1;
        seen_words
    }

    pub fn remove(&mut self, id: i64) {
        if let Some(slot) = self.slot_of.remove(&id) {
            self.alive[slot as usize] = false;
            if self.docs[slot as usize].take().is_some() {
                for (field, len) in self.lengths[slot as usize].iter().enumerate() {
                    self.total[field] -= u64::from(*len);
                }
                self.live -= 1;
                self.dead += 1;
            }
        }
    }

    pub fn get(&self, id: i64) -> Option<&D> {
        self.slot_of.get(&id).and_then(|slot| self.docs[*slot as usize].as_ref())
    }

    pub fn docs(&self) -> impl Iterator<Item = &D> {
        self.docs.iter().flatten()
    }

    /// Live documents with their slots (the index into [`Scores::by_slot`]).
    pub fn slotted(&self) -> impl Iterator<Item = (u32, &D)> {
        self.docs.iter().enumerate().filter_map(|(slot, doc)| doc.as_ref().map(|d| (slot as u32, d)))
    }

    /// The live documents at these slots, with their slots.
    pub fn slotted_at<'a>(&'a self, slots: impl Iterator<Item = u32> + 'a) -> impl Iterator<Item = (u32, &'a D)> + 'a {
        slots.filter_map(|slot| self.doc_at(slot).map(|doc| (slot, doc)))
    }

    /// The live documents of one of `parts` equal stretches of slots (to score on several threads).
    pub fn slotted_part(&self, part: usize, parts: usize) -> impl Iterator<Item = (u32, &D)> {
        let size = self.docs.len().div_ceil(parts.max(1));
        let start = (part * size).min(self.docs.len());
        let end = (start + size).min(self.docs.len());
        self.docs[start..end]
            .iter()
            .enumerate()
            .filter_map(move |(i, doc)| doc.as_ref().map(|d| ((start + i) as u32, d)))
    }

    /// BM25F of every live document holding any of the terms.
    pub fn scores(&self, terms: &[(String, f32)]) -> Scores {
        let mut out = Scores { by_slot: vec![0.0; self.docs.len()], touched: Vec::new() };
        let n = self.live.max(1) as f32;
        let average: Vec<f32> = self.total.iter().map(|t| (*t as f32 / n).max(1.0)).collect();
        for (term, weight) in terms {
            let Some(list) = self.postings.get(term) else { continue };
            // Postings of one slot are adjacent: group them, counting documents as we go.
            let mut groups: Vec<(u32, f32)> = Vec::new();
            for p in list {
                if !self.alive[p.slot as usize] {
                    continue;
                }
                let len = f32::from(self.lengths[p.slot as usize][p.field as usize]);
                let field = p.field as usize;
                let norm = 1.0 - B + B * len / average[field];
                let tf = self.weights[field] * f32::from(p.count) / norm;
                match groups.last_mut() {
                    Some((slot, sum)) if *slot == p.slot => *sum += tf,
                    _ => groups.push((p.slot, tf)),
                }
            }
            let df = groups.len() as f32;
            if df == 0.0 {
                continue;
            }
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            for (slot, tf) in groups {
                let score = &mut out.by_slot[slot as usize];
                if *score == 0.0 {
                    out.touched.push(slot);
                }
                *score += weight * idf * tf * (K1 + 1.0) / (tf + K1);
            }
        }
        out
    }

    /// The live slots whose `fields` hold every one of `words` (stemmed as the index keeps them).
    pub fn slots_with_all(&self, words: &[String], fields: &[u8]) -> SlotSet {
        let mut out: Option<SlotSet> = None;
        for word in words {
            let mut set = SlotSet::new(self.docs.len());
            for p in self.postings.get(&stem(word)).into_iter().flatten() {
                if fields.contains(&p.field) && self.alive[p.slot as usize] {
                    set.insert(p.slot);
                }
            }
            out = Some(match out {
                Some(mut so_far) => {
                    so_far.keep_only(&set);
                    so_far
                }
                None => set,
            });
        }
        out.unwrap_or_else(|| SlotSet::new(self.docs.len()))
    }

    /// The live slots holding any of `facets`.
    pub fn with_any<'f>(&self, facets: impl IntoIterator<Item = &'f Facet>) -> SlotSet {
        let mut out = SlotSet::new(self.docs.len());
        for facet in facets {
            for slot in self.facets.get(facet).into_iter().flatten() {
                if self.alive[*slot as usize] {
                    out.insert(*slot);
                }
            }
        }
        out
    }

    /// The live slots whose location is one of `locations` (numbers into [`Index::locations`]).
    pub fn at_locations(&self, locations: impl Iterator<Item = u32>) -> SlotSet {
        let facets: Vec<Facet> = locations.map(Facet::Location).collect();
        self.with_any(&facets)
    }

    pub fn doc_at(&self, slot: u32) -> Option<&D> {
        self.docs.get(slot as usize).and_then(Option::as_ref)
    }

    pub fn slot(&self, id: i64) -> Option<u32> {
        self.slot_of.get(&id).copied()
    }
}

/// A set of slots as bits: checking one is a shift, for every document a question is checked against.
#[derive(Clone, Debug)]
pub struct SlotSet(Vec<u64>);

impl SlotSet {
    pub fn new(slots: usize) -> Self {
        Self(vec![0; slots / 64 + 1])
    }

    pub fn insert(&mut self, slot: u32) {
        self.0[slot as usize / 64] |= 1 << (slot % 64);
    }

    pub fn contains(&self, slot: u32) -> bool {
        self.0.get(slot as usize / 64).is_some_and(|w| w >> (slot % 64) & 1 == 1)
    }

    pub fn add_all(&mut self, other: &SlotSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    pub fn keep_only(&mut self, other: &SlotSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }

    pub fn remove(&mut self, slot: u32) {
        if let Some(w) = self.0.get_mut(slot as usize / 64) {
            *w &= !(1 << (slot % 64));
        }
    }

    /// The slots in the set, in order.
    pub fn slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, w)| {
            let mut rest = *w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    i as u32 * 64 + bit
                })
            })
        })
    }
}

/// Text scores of one question: by slot (0 for none), and the slots that have one.
pub struct Scores {
    pub by_slot: Vec<f32>,
    pub touched: Vec<u32>,
}

/// A skill someone entered, as first spelled, with its words (worked out once: every question compares them).
pub struct KnownSkill {
    pub name: String,
    pub words: Vec<String>,
}

/// Every searchable person and project.
pub struct Index {
    pub people: Corpus<PersonDoc>,
    pub projects: Corpus<ProjectDoc>,
    /// Every skill people entered, as they first spelled it.
    pub skills: Vec<KnownSkill>,
    /// Every word of every document (unstemmed) and how many documents used it: typo correction
    /// reads these. Counts are not lowered when a document changes; a rebuild resets them.
    pub vocabulary: FastMap<String, u32>,
    /// Vocabulary words without digits by (0, first letter) and (1, second letter), for typo correction.
    pub by_letter: FastMap<(u8, char), Vec<String>>,
    /// Folded skill names to small numbers, so comparing skills is comparing numbers.
    skill_ids: FastMap<String, u32>,
    /// Every distinct location people and projects give, as words; documents hold its number.
    pub locations: Vec<Vec<String>>,
    location_ids: FastMap<String, u32>,
    /// Every word of those locations (a question's word that is one names a place).
    pub location_words: FastSet<String>,
}

impl Default for Index {
    fn default() -> Self {
        Self {
            people: Corpus::new([3.0, 2.5, 1.0, 0.7]),
            projects: Corpus::new([3.0, 1.5, 1.0, 0.6]),
            skills: Vec::new(),
            vocabulary: FastMap::default(),
            by_letter: FastMap::default(),
            skill_ids: FastMap::default(),
            locations: Vec::new(),
            location_ids: FastMap::default(),
            location_words: FastSet::default(),
        }
    }
}

/// What the index reads of a person.
pub struct PersonRow {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub role: String,
    pub bio: Option<String>,
    pub location: Option<String>,
    pub skills: Vec<String>,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub discoverable: bool,
    pub country: Option<String>,
}

/// What the index reads of a project.
pub struct ProjectRow {
    pub id: i64,
    pub owner_id: i64,
    pub title: String,
    pub description: String,
    pub category: String,
    pub phase: String,
    pub looking_for: Vec<String>,
    pub owner_name: String,
    pub location: Option<String>,
    pub lat: Option<f64>,
    pub lng: Option<f64>,
    pub listed: bool,
    pub owner_discoverable: bool,
    pub country: Option<String>,
}

impl Index {
    pub fn put_person(&mut self, row: PersonRow) {
        // Each text is folded once: the fields' words and the plain text are read from the folded copies.
        let name = fold(&format!("{} {} {}", row.first_name, row.last_name, row.username.replace('_', " ")));
        let username = fold(&row.username);
        let skills = fold(&row.skills.join(" , "));
        let bio = fold(row.bio.as_deref().unwrap_or_default());
        let location = fold(row.location.as_deref().unwrap_or_default());
        let plain = [name.as_str(), &username, &skills, &bio, &location].join(" ");
        let ids: Vec<u32> = row.skills.iter().map(|s| self.intern_skill(s)).collect();
        let mut inline_skills = [0u32; 8];
        let inline = ids.len().min(8);
        inline_skills[..inline].copy_from_slice(&ids[..inline]);
        let doc = PersonDoc {
            id: row.id,
            role: role_number(&row.role),
            discoverable: row.discoverable,
            skills: inline_skills,
            skill_count: inline as u8,
            more_skills: ids[inline..].to_vec(),
            location: self.intern_location(&location),
            country: country_code(row.country.as_deref()),
            position: row.lat.zip(row.lng).map(crate::discovery::geometry::snap),
            plain,
        };
        let mut facets: Vec<Facet> = ids.iter().map(|id| Facet::Skill(*id)).collect();
        facets.extend(place_facets(&doc.country, doc.location, doc.position));
        facets.push(Facet::Role(doc.role));
        let seen = self.people.put(row.id, doc, [&name, &skills, &bio, &location], facets);
        self.count(seen);
    }

    pub fn put_project(&mut self, row: ProjectRow) {
        let title = fold(&row.title);
        let description = fold(&row.description);
        let facts = fold(&format!("{} {} {}", row.category, row.phase, row.looking_for.join(" ")));
        let location = fold(row.location.as_deref().unwrap_or_default());
        let around = format!("{} {location}", fold(&row.owner_name));
        let plain = [title.as_str(), &description, &facts, &around].join(" ");
        let doc = ProjectDoc {
            id: row.id,
            owner_id: row.owner_id,
            category: row.category.clone(),
            phase: row.phase.clone(),
            looking_for: row.looking_for.clone(),
            location: self.intern_location(&location),
            country: country_code(row.country.as_deref()),
            position: row.lat.zip(row.lng).map(crate::discovery::geometry::snap),
            listed: row.listed,
            owner_discoverable: row.owner_discoverable,
            plain,
        };
        let mut facets = vec![Facet::Category(doc.category.as_str().into()), Facet::Phase(doc.phase.as_str().into())];
        facets.extend(doc.looking_for.iter().map(|w| Facet::Wants(w.to_lowercase().into())));
        facets.extend(place_facets(&doc.country, doc.location, doc.position));
        let seen = self.projects.put(row.id, doc, [&title, &facts, &description, &around], facets);
        self.count(seen);
    }

    /// The number of a location, given folded (copied only when it is new).
    fn intern_location(&mut self, key: &str) -> u32 {
        if let Some(id) = self.location_ids.get(key) {
            return *id;
        }
        let id = self.locations.len() as u32;
        let words: Vec<String> = folded_words(key).map(str::to_owned).collect();
        self.location_words.extend(words.iter().cloned());
        self.locations.push(words);
        self.location_ids.insert(key.to_owned(), id);
        id
    }

    /// A skill's number; a skill not seen before is numbered and, when short enough to be a skill's name,
    /// joins the vocabulary's skills.
    fn intern_skill(&mut self, skill: &str) -> u32 {
        let next = self.skill_ids.len() as u32;
        let id = *self.skill_ids.entry(fold(skill)).or_insert(next);
        if id == next && skill.len() <= 40 {
            self.skills.push(KnownSkill { name: skill.to_owned(), words: words(skill) });
        }
        id
    }

    /// How many distinct skills people have (skill numbers are below this).
    pub fn skill_count(&self) -> usize {
        self.skill_ids.len()
    }

    /// The number of a skill (by any capitalisation), if anyone has it.
    pub fn skill_id(&self, skill: &str) -> Option<u32> {
        self.skill_ids.get(&fold(skill)).copied()
    }

    /// Counts a document's words into the vocabulary (a new one listed under its first and second letters).
    fn count(&mut self, words: Vec<&str>) {
        for w in words {
            if let Some(count) = self.vocabulary.get_mut(w) {
                *count += 1;
                continue;
            }
            self.vocabulary.insert(w.to_owned(), 1);
            if w.len() >= 3 && !w.bytes().any(|b| b.is_ascii_digit()) {
                let mut letters = w.chars();
                if let Some(first) = letters.next() {
                    self.by_letter.entry((0, first)).or_default().push(w.to_owned());
                }
                if let Some(second) = letters.next() {
                    self.by_letter.entry((1, second)).or_default().push(w.to_owned());
                }
            }
        }
    }
}

/// Where a document is, as facts: its location's number, its country, its position's square.
fn place_facets(country: &[u8; 2], location: u32, position: Option<(f64, f64)>) -> Vec<Facet> {
    let mut facets = vec![Facet::Location(location)];
    if *country != [0, 0] {
        facets.push(Facet::Country(*country));
    }
    facets.extend(position.map(Facet::cell));
    facets
}
