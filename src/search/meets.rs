//! What a result must meet (issue 29): every constraint a question states is a filter, not a boost, so
//! an answer holds only what meets all of them. What "meets" means, per constraint:
//! - a skill: the person lists it (or, for a nickname, any skill it stands for), or names it in their
//!   own words (skills or bio: "Climate hardware" meets "climate");
//! - a profession: any of its skills, or its name in their own words ("sound designer"; "writing firmware" does
//!   not make a writer);
//! - a category named in a question about people: they say it, or a word related to it;
//! - a role, a project's category, phase or what it looks for: exactly that;
//! - something narrower than a category ("fashion", "robotics") or a skill, in a question about projects: the
//!   project says it, or a word related to it, whatever its category;
//! - a place (checked in `rank`, which knows positions): within 50 km of a city, or in a country;
//! - a word no table understood (a topic: "ski", "glassblowers", "climate"): their own words say it, or a word
//!   related to it. A question is an answer to all of its words, so someone who meets only its place does not
//!   answer "ski instructors in Manila".
//!
//! "Near me" is not a filter: it orders by distance.

use super::{
    index::{Facet, Index, PersonDoc, ProjectDoc, SlotSet},
    lexicon::{OCCUPATIONS, PROFESSIONS, RELATED},
    query::Understanding,
    text::words,
};

/// A person's own words: their skills and bio (fields of [`Index::put_person`]).
const PERSON_OWN_WORDS: [u8; 2] = [1, 2];
/// What a word no table understood may be found in: a person's name ("Kasia") besides their own words.
const PERSON_WORDS: [u8; 3] = [0, 1, 2];
/// A project's own words: its title, its facts and its description (fields of [`Index::put_project`]).
const PROJECT_OWN_WORDS: [u8; 3] = [0, 1, 2];

/// One constraint on people: met by any of a set of skills (bits by skill number), or by the people whose own
/// words say it. A profession's words are its nouns as written, which the stems of the index do not tell from its
/// verb ("writer", "writing firmware"): those the stems find are read again, only when no skill met it.
struct Either {
    /// The skills' numbers, as bits and as a list.
    skills: Vec<u64>,
    ids: Vec<u32>,
    said: SlotSet,
    /// The names as written, each with its searcher made once for the question.
    as_written: Vec<memchr::memmem::Finder<'static>>,
}

impl Either {
    fn by_skill(&self, doc: &PersonDoc) -> bool {
        doc.skill_ids().any(|id| self.skills.get(id as usize / 64).is_some_and(|w| w >> (id % 64) & 1 == 1))
    }

    fn met(&self, slot: u32, doc: &PersonDoc) -> bool {
        self.by_skill(doc)
            || (self.said.contains(slot)
                && (self.as_written.is_empty() || self.as_written.iter().any(|w| has_word(&doc.plain, w))))
    }
}

/// The slots whose `fields` say any of `phrases` (every word of one of them).
fn saying<D>(corpus: &super::index::Corpus<D>, phrases: &[String], fields: &[u8], slots: usize) -> SlotSet {
    let mut out = SlotSet::new(slots);
    for phrase in phrases {
        let ws = words(phrase);
        if !ws.is_empty() {
            out.add_all(&corpus.slots_with_all(&ws, fields));
        }
    }
    out
}

/// Whether folded `text` holds `word` (folded, searched by `word`'s finder) as a whole word.
fn has_word(text: &str, word: &memchr::memmem::Finder<'_>) -> bool {
    let len = word.needle().len();
    word.find_iter(text.as_bytes()).any(|at| {
        // A match of a whole needle of UTF-8 starts and ends on character boundaries.
        let before = text.get(..at).and_then(|t| t.chars().next_back());
        let after = text.get(at + len..).and_then(|t| t.chars().next());
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The numbers of the skills people have among `skills`: as bits, and as a list.
fn skill_bits(index: &Index, skills: &mut dyn Iterator<Item = &str>) -> (Vec<u64>, Vec<u32>) {
    let mut set = vec![0u64; index.skill_count() / 64 + 1];
    let ids: Vec<u32> = skills.filter_map(|s| index.skill_id(s)).collect();
    for id in &ids {
        set[*id as usize / 64] |= 1 << (id % 64);
    }
    (set, ids)
}

/// A category named as asked, with the words that go with it ("health": medical, clinic, patients…).
fn with_related(word: &str) -> Vec<String> {
    let mut all = vec![word.to_string()];
    for (w, related) in RELATED {
        if *w == word {
            all.extend(related.iter().map(|r| r.to_string()));
        }
    }
    all
}

/// The other names of the occupation `word` names, and the words for what it does (none when it names none).
fn occupation_of(word: &str) -> impl Iterator<Item = String> + '_ {
    OCCUPATIONS.iter().filter(move |names| names.contains(&word)).flat_map(|names| names.iter().map(|n| n.to_string()))
}

/// What meets a word no table understood (a topic): the word, words related to it, the other names of an occupation
/// it names ("physician": doctor, GP…), and the words of the index that share its beginning ("agronomists":
/// agronomy; "pottery": potters), so a bio's own form of the word meets it.
fn topic_words(index: &Index, word: &str) -> Vec<String> {
    let mut all = with_related(word);
    all.extend(occupation_of(word));
    // The beginning shared: all but the last three letters, at least five ("agronomists" → "agronom").
    let letters: Vec<char> = word.chars().collect();
    if letters.len() >= 6 {
        let start: String = letters[..(letters.len() - 3).max(5)].iter().collect();
        // Read from the words of its first letter (the typo lists), not the whole vocabulary: a word with digits
        // ("web3") is not a form of a word, as typo correction does not take it for one either.
        let same_letter = index.by_letter.get(&(0, letters[0])).map_or(&[][..], Vec::as_slice);
        let mut family: Vec<&String> = same_letter.iter().filter(|w| w.starts_with(&start)).collect();
        family.sort_unstable_by_key(|w| w.len());
        all.extend(family.into_iter().take(24).cloned());
    }
    all.sort_unstable();
    all.dedup();
    all
}

/// The documents meeting each topic of a question: one set each, or one set for them all when they were joined by
/// "or".
fn topics_said(u: &Understanding, said: impl Fn(&str) -> SlotSet) -> Vec<SlotSet> {
    let each: Vec<SlotSet> = u.topics.iter().map(|w| said(w)).collect();
    if !u.any_topic {
        return each;
    }
    let mut all = each.into_iter();
    let Some(mut any) = all.next() else { return Vec::new() };
    all.for_each(|set| any.add_all(&set));
    vec![any]
}

/// The constraints of one question on people.
pub struct PeopleMeets {
    skill_groups: Vec<Either>,
    professions: Vec<Either>,
    /// Interests and topics: each met by the people whose own words say it.
    interests: Vec<SlotSet>,
}

impl PeopleMeets {
    pub fn new(index: &Index, u: &Understanding) -> Self {
        let slots = index.people.slot_count();
        let corpus = &index.people;
        let skill_groups = u
            .skill_groups
            .iter()
            .map(|(label, skills)| {
                let phrases: Vec<String> = std::iter::once(label.clone())
                    .chain(skills.iter().cloned())
                    .chain(occupation_of(&label.to_lowercase()))
                    .collect();
                let (bits, ids) = skill_bits(index, &mut skills.iter().map(String::as_str));
                Either {
                    skills: bits,
                    ids,
                    said: saying(corpus, &phrases, &PERSON_OWN_WORDS, slots),
                    as_written: Vec::new(),
                }
            })
            .collect();
        let professions = u
            .professions
            .iter()
            .map(|(word, skills)| {
                let names =
                    PROFESSIONS.iter().find(|(names, _)| names.contains(&word.as_str())).map_or(&[][..], |p| p.0);
                let phrases: Vec<String> = names.iter().map(|n| n.to_string()).collect();
                let (bits, ids) = skill_bits(index, &mut skills.iter().copied());
                Either {
                    skills: bits,
                    ids,
                    said: saying(corpus, &phrases, &PERSON_OWN_WORDS, slots),
                    as_written: names.iter().map(|n| memchr::memmem::Finder::new(*n)).collect(),
                }
            })
            .collect();
        let interests = u
            .interests()
            .map(|w| saying(corpus, &with_related(w), &PERSON_OWN_WORDS, slots))
            .chain(topics_said(u, |w| saying(corpus, &topic_words(index, w), &PERSON_WORDS, slots)))
            .collect();
        Self { skill_groups, professions, interests }
    }

    /// The people who may meet every constraint but the place (each checked again by [`all`](Self::all)), from
    /// the lists of the skills named and the slots whose words say them; `None` when nothing is asked.
    pub fn candidates(&self, index: &Index) -> Option<SlotSet> {
        let mut out: Option<SlotSet> = None;
        for either in self.skill_groups.iter().chain(&self.professions) {
            let facets: Vec<Facet> = either.ids.iter().map(|id| Facet::Skill(*id)).collect();
            let mut set = index.people.with_any(&facets);
            set.add_all(&either.said);
            narrow(&mut out, set);
        }
        for said in &self.interests {
            narrow(&mut out, said.clone());
        }
        out
    }

    /// Whether the person meets every constraint but the place.
    pub fn all(&self, slot: u32, doc: &PersonDoc) -> bool {
        self.skill_groups.iter().chain(&self.professions).all(|c| c.met(slot, doc))
            && self.interests.iter().all(|said| said.contains(slot))
    }

    /// How many of the skills asked the person lists (a listed skill ranks above a mention).
    pub fn listed_skills(&self, doc: &PersonDoc) -> usize {
        self.skill_groups.iter().filter(|c| c.by_skill(doc)).count()
    }

    /// How many of the professions asked the person has a skill of.
    pub fn listed_professions(&self, doc: &PersonDoc) -> usize {
        self.professions.iter().filter(|c| c.by_skill(doc)).count()
    }
}

/// The constraints of one question on projects.
pub struct ProjectMeets<'a> {
    u: &'a Understanding,
    skills_said: Vec<SlotSet>,
    subjects_said: Vec<SlotSet>,
}

impl<'a> ProjectMeets<'a> {
    pub fn new(index: &Index, u: &'a Understanding) -> Self {
        let slots = index.projects.slot_count();
        let skills_said = u
            .skill_groups
            .iter()
            .map(|(label, skills)| {
                let phrases: Vec<String> = std::iter::once(label.clone())
                    .chain(skills.iter().cloned())
                    .chain(occupation_of(&label.to_lowercase()))
                    .collect();
                saying(&index.projects, &phrases, &PROJECT_OWN_WORDS, slots)
            })
            .collect();
        let subjects_said = u
            .subjects
            .iter()
            .map(|w| saying(&index.projects, &with_related(w), &PROJECT_OWN_WORDS, slots))
            .chain(topics_said(u, |w| saying(&index.projects, &topic_words(index, w), &PROJECT_OWN_WORDS, slots)))
            .collect();
        Self { u, skills_said, subjects_said }
    }

    /// The projects that may meet every constraint but the place (each checked again by [`all`](Self::all));
    /// `None` when nothing is asked.
    pub fn candidates(&self, index: &Index) -> Option<SlotSet> {
        let u = self.u;
        let mut out: Option<SlotSet> = None;
        let corpus = &index.projects;
        if !u.categories.is_empty() {
            let facets: Vec<Facet> = u.categories.iter().map(|c| Facet::Category((*c).into())).collect();
            narrow(&mut out, corpus.with_any(&facets));
        }
        if !u.phases.is_empty() {
            let facets: Vec<Facet> = u.phases.iter().map(|p| Facet::Phase((*p).into())).collect();
            narrow(&mut out, corpus.with_any(&facets));
        }
        if !u.looking_for.is_empty() {
            let facets: Vec<Facet> = u.looking_for.iter().map(|w| Facet::Wants(w.to_lowercase().into())).collect();
            narrow(&mut out, corpus.with_any(&facets));
        }
        for said in self.skills_said.iter().chain(&self.subjects_said) {
            narrow(&mut out, said.clone());
        }
        out
    }

    /// Whether the project meets every constraint but the place.
    pub fn all(&self, slot: u32, doc: &ProjectDoc) -> bool {
        let u = self.u;
        (u.categories.is_empty() || u.categories.contains(&doc.category.as_str()))
            && (u.phases.is_empty() || u.phases.contains(&doc.phase.as_str()))
            && (u.looking_for.is_empty()
                || u.looking_for.iter().any(|w| doc.looking_for.iter().any(|l| l.eq_ignore_ascii_case(w))))
            && self.skills_said.iter().chain(&self.subjects_said).all(|said| said.contains(slot))
    }
}

/// Keeps in `so_far` only what is also in `set` (the first set is taken whole).
pub fn narrow(so_far: &mut Option<SlotSet>, set: SlotSet) {
    match so_far {
        Some(kept) => kept.keep_only(&set),
        None => *so_far = Some(set),
    }
}

#[cfg(test)]
mod tests {
    use super::has_word;
    use memchr::memmem::Finder;

    #[test]
    fn a_word_is_found_only_whole() {
        let designer = Finder::new("designer");
        assert!(has_word("sound designer in lisbon", &designer));
        assert!(has_word("designer", &designer));
        assert!(has_word("ux/designer, berlin", &designer));
        assert!(!has_word("designers of games", &designer));
        assert!(!has_word("codesigner", &designer));
        assert!(!has_word("designerá", &designer));
        assert!(has_word("designers and a designer", &designer), "a later whole match counts");
        assert!(!has_word("", &designer));
        assert!(has_word("é designer é", &designer));
    }
}
