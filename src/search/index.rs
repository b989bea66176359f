//! The search index: every person and project as a document with its structured facts (role,
//! skills, category, phase, place) and its words in an inverted index ranked by BM25F. A changed
//! document takes a new slot and its old slot goes dead; a rebuild compacts.

use std::collections::HashMap;

use super::text::{fold, stem, words};

/// Words of a document by field; a field's weight says how much a word there counts.
pub const FIELDS: usize = 4;
const K1: f32 = 1.2;
const B: f32 = 0.75;

#[derive(Clone, Debug)]
pub struct PersonDoc {
    pub id: i64,
    pub role: String,
    pub skills: Vec<String>,
    /// The skills folded to lowercase, compared with what a question names.
    pub skills_folded: Vec<String>,
    /// The words of where they say they are.
    pub location: Vec<String>,
    pub country: Option<String>,
    pub position: Option<(f64, f64)>,
    pub discoverable: bool,
    /// Folded name, username, skills, bio and location, for plain-text search.
    pub plain: String,
}

#[derive(Clone, Debug)]
pub struct ProjectDoc {
    pub id: i64,
    pub owner_id: i64,
    pub category: String,
    pub phase: String,
    pub looking_for: Vec<String>,
    pub location: Vec<String>,
    pub country: Option<String>,
    pub position: Option<(f64, f64)>,
    pub listed: bool,
    pub plain: String,
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
    slot_of: HashMap<i64, u32>,
    lengths: Vec<[u16; FIELDS]>,
    total: [u64; FIELDS],
    live: usize,
    dead: usize,
    postings: HashMap<String, Vec<Posting>>,
}

impl<D> Corpus<D> {
    pub fn new(weights: [f32; FIELDS]) -> Self {
        Self {
            weights,
            docs: Vec::new(),
            slot_of: HashMap::new(),
            lengths: Vec::new(),
            total: [0; FIELDS],
            live: 0,
            dead: 0,
            postings: HashMap::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.live
    }

    /// How much of the index is dead slots (a rebuild is due past a share of it).
    pub fn dead_share(&self) -> f32 {
        self.dead as f32 / (self.docs.len().max(1)) as f32
    }

    /// Adds or replaces the document `id`, with its fields' texts; the distinct words it holds.
    pub fn put(&mut self, id: i64, doc: D, fields: [&str; FIELDS]) -> Vec<String> {
        self.remove(id);
        let slot = self.docs.len() as u32;
        let mut lengths = [0u16; FIELDS];
        let mut seen_words: Vec<String> = Vec::new();
        for (field, text) in fields.iter().enumerate() {
            let mut counts: HashMap<String, u8> = HashMap::new();
            let ws = words(text);
            lengths[field] = ws.len().min(u16::MAX as usize) as u16;
            for w in ws {
                if !seen_words.contains(&w) {
                    seen_words.push(w.clone());
                }
                let c = counts.entry(stem(&w)).or_default();
                *c = c.saturating_add(1);
            }
            for (term, count) in counts {
                self.postings.entry(term).or_default().push(Posting { slot, field: field as u8, count });
            }
            self.total[field] += u64::from(lengths[field]);
        }
        self.docs.push(Some(doc));
        self.lengths.push(lengths);
        self.slot_of.insert(id, slot);
        self.live += 1;
        seen_words
    }

    pub fn remove(&mut self, id: i64) {
        if let Some(slot) = self.slot_of.remove(&id) {
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

    /// BM25F of every live document holding any of the terms, by document.
    pub fn scores(&self, terms: &[(String, f32)]) -> HashMap<u32, f32> {
        let mut out: HashMap<u32, f32> = HashMap::new();
        let n = self.live.max(1) as f32;
        let average: Vec<f32> = self.total.iter().map(|t| (*t as f32 / n).max(1.0)).collect();
        for (term, weight) in terms {
            let Some(list) = self.postings.get(term) else { continue };
            // Postings of one slot are adjacent: group them, counting documents as we go.
            let mut groups: Vec<(u32, f32)> = Vec::new();
            for p in list {
                let Some(_) = self.docs[p.slot as usize] else { continue };
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
                *out.entry(slot).or_default() += weight * idf * tf * (K1 + 1.0) / (tf + K1);
            }
        }
        out
    }

    pub fn doc_at(&self, slot: u32) -> Option<&D> {
        self.docs.get(slot as usize).and_then(Option::as_ref)
    }

    pub fn slot(&self, id: i64) -> Option<u32> {
        self.slot_of.get(&id).copied()
    }
}

/// Every searchable person and project.
pub struct Index {
    pub people: Corpus<PersonDoc>,
    pub projects: Corpus<ProjectDoc>,
    /// Every skill people entered, as they first spelled it.
    pub skills: Vec<String>,
    /// Every word of every document (unstemmed) and how many documents used it: typo correction
    /// reads these. Counts are not lowered when a document changes; a rebuild resets them.
    pub vocabulary: HashMap<String, u32>,
}

impl Default for Index {
    fn default() -> Self {
        Self {
            people: Corpus::new([3.0, 2.5, 1.0, 0.7]),
            projects: Corpus::new([3.0, 1.5, 1.0, 0.6]),
            skills: Vec::new(),
            vocabulary: HashMap::new(),
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
    pub country: Option<String>,
}

impl Index {
    pub fn put_person(&mut self, row: PersonRow) {
        let name = format!("{} {} {}", row.first_name, row.last_name, row.username.replace('_', " "));
        let skills = row.skills.join(" , ");
        let bio = row.bio.clone().unwrap_or_default();
        let location = row.location.clone().unwrap_or_default();
        let plain = fold(&format!("{name} {} {skills} {bio} {location}", row.username));
        let doc = PersonDoc {
            id: row.id,
            role: row.role.clone(),
            skills: row.skills.clone(),
            skills_folded: row.skills.iter().map(|s| fold(s)).collect(),
            location: words(&location),
            country: row.country.clone(),
            position: row.lat.zip(row.lng),
            discoverable: row.discoverable,
            plain,
        };
        for skill in &row.skills {
            if !self.skills.iter().any(|s| s.eq_ignore_ascii_case(skill)) && skill.len() <= 40 {
                self.skills.push(skill.clone());
            }
        }
        let seen = self.people.put(row.id, doc, [&name, &skills, &bio, &location]);
        self.count(seen);
    }

    pub fn put_project(&mut self, row: ProjectRow) {
        let facts = format!("{} {} {}", row.category, row.phase, row.looking_for.join(" "));
        let location = row.location.clone().unwrap_or_default();
        let around = format!("{} {location}", row.owner_name);
        let plain = fold(&format!("{} {} {facts} {around}", row.title, row.description));
        let doc = ProjectDoc {
            id: row.id,
            owner_id: row.owner_id,
            category: row.category.clone(),
            phase: row.phase.clone(),
            looking_for: row.looking_for.clone(),
            location: words(&location),
            country: row.country.clone(),
            position: row.lat.zip(row.lng),
            listed: row.listed,
            plain,
        };
        let seen = self.projects.put(row.id, doc, [&row.title, &facts, &row.description, &around]);
        self.count(seen);
    }

    fn count(&mut self, words: Vec<String>) {
        for w in words {
            *self.vocabulary.entry(w).or_default() += 1;
        }
    }
}
