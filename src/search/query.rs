//! Reading a question: which words name roles, professions, skills, categories, phases, places or
//! "near me", which are typos of words Grow knows, and which are left for the text ranking.

use super::{
    index::{FastMap, FastSet},
    lexicon::{
        BUILD_WORDS, CATALOGUE, CATEGORY_NAMES, CATEGORY_WORDS, CITIES, COMPOUNDS, COUNTRIES, NEAR_ME, PAST_WORDS,
        PEOPLE_WORDS, PHASE_WORDS, PROFESSIONS, PROJECT_WORDS, RELATED, ROLE_WORDS, SKILL_NICKNAMES,
    },
    regions::{countries_of, DEMONYMS, REGIONS},
    text::{distance_within, is_stopword, stem, typo_budget, words},
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    People,
    Projects,
    Both,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    City {
        name: String,
        country: &'static str,
        lat: f64,
        lng: f64,
    },
    Country {
        code: &'static str,
        name: String,
    },
    /// A region ("Central Asia", "the Nordics"): any of its countries.
    Region {
        name: String,
        codes: Vec<[u8; 2]>,
    },
    /// A place Grow has no list entry for, matched against what people wrote as their location.
    Named {
        words: Vec<String>,
    },
}

/// What a question asks for.
#[derive(Clone, Debug)]
pub struct Understanding {
    pub target: Target,
    /// Roles asked of people ("investors"); when the question is about projects they become `looking_for`.
    pub roles: Vec<&'static str>,
    pub looking_for: Vec<&'static str>,
    /// Skills named outright, as the catalogue or people spell them.
    pub skills: Vec<String>,
    /// The same, as asked: a label (a skill, or the nickname typed) and the folded skills any of which fits.
    pub skill_groups: Vec<(String, Vec<String>)>,
    /// Professions: each a set of skills any of which fits ("developers").
    pub professions: Vec<(String, &'static [&'static str])>,
    pub categories: Vec<&'static str>,
    /// Categories a narrower word points at ("fashion": design): ranked first, not required.
    pub category_hints: Vec<&'static str>,
    /// Those narrower words, as asked: a project meets one by saying it (or a related word).
    pub subjects: Vec<String>,
    /// Every word that named or pointed at a category, as asked ("fintech", "health"): what people say they are into.
    pub category_words: Vec<String>,
    pub phases: Vec<&'static str>,
    pub phase_words: Vec<String>,
    pub place: Option<Place>,
    pub near_me: bool,
    /// Stemmed words for the text ranking, with their weight.
    pub terms: Vec<(String, f32)>,
    /// Words read as another (a typo and what it was taken for).
    pub corrections: Vec<(String, String)>,
    /// The question is about making something with someone ("someone to build a game with").
    pub builds: bool,
    /// Words searched as text that no table understood ("climate", "kids"), to say back.
    pub topics: Vec<String>,
    /// The topics were joined by "or" ("fisheries or aquaculture"): any of them meets the question.
    pub any_topic: bool,
}

impl Understanding {
    /// What a question about people says they are into, besides the skills it names ("investors interested in
    /// health"): the category words that are not already a skill asked for.
    pub fn interests(&self) -> impl Iterator<Item = &String> {
        self.category_words.iter().filter(|w| !self.skill_groups.iter().any(|(label, _)| label.eq_ignore_ascii_case(w)))
    }
}

/// The words Grow can recognise beyond its tables: every word in the index, with how many
/// documents use it (a more common reading of a typo wins), and every skill people entered.
pub struct Vocabulary<'a> {
    pub words: &'a FastMap<String, u32>,
    /// The same words by their first letter and by their second (typo candidates are looked up there).
    pub by_letter: &'a FastMap<(u8, char), Vec<String>>,
    pub skills: &'a [super::index::KnownSkill],
    /// The words of every location people and projects give (a word of one names a place: "mombasa").
    pub location_words: &'a FastSet<String>,
}

fn phrase(text: &str) -> Vec<String> {
    words(text)
}

/// The words of a fixed table's entry, worked out once for all of them: reading a question compares each of its
/// words with every entry, and folding them afresh each time was a third of a question's cost.
fn table_phrase(text: &'static str) -> &'static [String] {
    static PHRASES: std::sync::OnceLock<FastMap<&'static str, Vec<String>>> = std::sync::OnceLock::new();
    let phrases = PHRASES.get_or_init(|| {
        let mut all = FastMap::default();
        let entries = SKILL_NICKNAMES
            .iter()
            .map(|(nick, _)| *nick)
            .chain(PHASE_WORDS.iter().flat_map(|(when, _)| when.iter().copied()))
            .chain(ROLE_WORDS.iter().chain(CATEGORY_WORDS).flat_map(|(_, names)| names.iter().copied()))
            .chain(CATALOGUE.iter().copied());
        for entry in entries {
            all.entry(entry).or_insert_with(|| phrase(entry));
        }
        all
    });
    phrases.get(text).map_or(&[], Vec::as_slice)
}

/// Whether a fixed table's entry is exactly the one word `w`.
fn is_table_word(entry: &'static str, w: &str) -> bool {
    matches!(table_phrase(entry), [only] if only == w)
}

fn known_to_tables(word: &str) -> bool {
    table_words().binary_search_by(|w| w.as_str().cmp(word)).is_ok()
}

/// The closest known word to an unknown one, within its typo budget; the more common wins a tie.
fn correct(word: &str, vocabulary: &Vocabulary<'_>) -> Option<String> {
    let budget = typo_budget(word);
    if budget == 0 || word.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut best: Option<(usize, u32, String)> = None;
    let first: Vec<char> = word.chars().take(2).collect();
    let mut consider = |candidate: &str, weight: u32| {
        // A typo rarely changes both first letters: only words starting like this one are compared.
        if candidate == word || candidate.len().abs_diff(word.len()) > budget {
            return;
        }
        let mut start = candidate.chars();
        let (a, b) = (start.next(), start.next());
        if a != first.first().copied() && b != first.get(1).copied() && a != first.get(1).copied() {
            return;
        }
        if let Some(d) = distance_within(word, candidate, budget) {
            // The closer, then the more common, then the first in the alphabet (never the order of a map).
            let better = match &best {
                None => true,
                Some((bd, bw, bc)) => {
                    d < *bd || (d == *bd && (weight > *bw || (weight == *bw && candidate < bc.as_str())))
                }
            };
            if better {
                best = Some((d, weight, candidate.to_string()));
            }
        }
    };
    // Words with digits (usernames, years) are not what a typo was aiming at.
    let mut buckets: Vec<&Vec<String>> = Vec::new();
    for key in [(0, first[0]), (0, *first.get(1).unwrap_or(&first[0])), (1, *first.get(1).unwrap_or(&first[0]))] {
        if let Some(bucket) = vocabulary.by_letter.get(&key) {
            buckets.push(bucket);
        }
    }
    for candidate in buckets.into_iter().flatten() {
        consider(candidate, vocabulary.words.get(candidate).copied().unwrap_or_default());
    }
    // Table words count as well known.
    for table_word in table_words().iter().filter(|w| w.len() >= 4) {
        consider(table_word, 1_000_000);
    }
    best.map(|(_, _, w)| w)
}

fn table_words() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut all: Vec<String> = Vec::new();
        let mut add = |text: &str| all.extend(phrase(text));
        for (_, ws) in ROLE_WORDS.iter().chain(CATEGORY_WORDS) {
            ws.iter().for_each(|w| add(w));
        }
        for (ws, _) in PROFESSIONS.iter().chain(PHASE_WORDS) {
            ws.iter().for_each(|w| add(w));
        }
        CATALOGUE.iter().for_each(|s| add(s));
        CITIES.iter().for_each(|(c, ..)| add(c));
        COUNTRIES.iter().for_each(|(_, names)| names.iter().for_each(|n| add(n)));
        PROJECT_WORDS.iter().chain(PEOPLE_WORDS).for_each(|w| add(w));
        SKILL_NICKNAMES.iter().for_each(|(w, _)| add(w));
        NEAR_ME.iter().for_each(|p| p.iter().for_each(|w| add(w)));
        PAST_WORDS.iter().for_each(|w| add(w));
        super::lexicon::OCCUPATIONS.iter().for_each(|names| names.iter().for_each(|n| add(n)));
        DEMONYMS.iter().for_each(|(_, names)| names.iter().for_each(|n| add(n)));
        REGIONS.iter().for_each(|(_, names, _)| names.iter().for_each(|n| add(n)));
        crate::people::countries::COUNTRIES.iter().for_each(|(_, _, names)| names.iter().for_each(|n| add(n)));
        all.sort();
        all.dedup();
        all
    })
}

/// The words of the fixed place tables, worked out once.
struct PlacePhrases {
    near: Vec<Vec<String>>,
    /// In the order of `CITIES`.
    cities: Vec<Vec<String>>,
    /// A country's names and what its people are called: the words, the code and the name an answer says.
    countries: Vec<(Vec<String>, &'static str, String)>,
    /// Regions: the words, the name an answer says and the countries.
    regions: Vec<RegionPhrase>,
}

/// A region's words, the name an answer says and its countries.
type RegionPhrase = (Vec<String>, &'static str, Vec<[u8; 2]>);

/// The name an answer gives a country: Grow's own first name for it ("UK", "Kenya"), else the ISO list's.
fn country_display(code: &str) -> String {
    match COUNTRIES.iter().find(|(c, _)| *c == code) {
        Some((_, names)) => country_name(names[0]),
        None => crate::people::countries::COUNTRIES
            .iter()
            .find(|(c, ..)| *c == code)
            .map_or_else(|| code.to_string(), |(_, _, names)| names[0].to_string()),
    }
}

fn place_phrases() -> &'static PlacePhrases {
    static PHRASES: std::sync::OnceLock<PlacePhrases> = std::sync::OnceLock::new();
    PHRASES.get_or_init(|| PlacePhrases {
        near: NEAR_ME.iter().map(|p| p.iter().map(|s| s.to_string()).collect()).collect(),
        cities: CITIES.iter().map(|(name, ..)| phrase(name)).collect(),
        countries: {
            let demonym = |name: &str| DEMONYMS.iter().any(|(_, names)| names.contains(&name));
            let mut all: Vec<(Vec<String>, &'static str, String)> = COUNTRIES
                .iter()
                .flat_map(|(code, names)| names.iter().map(move |name| (code, *name)))
                .map(|(code, name)| {
                    let said = if demonym(name) { country_display(code) } else { country_name(name) };
                    (phrase(name), *code, said)
                })
                .collect();
            for (code, _, names) in crate::people::countries::COUNTRIES {
                all.extend(names.iter().map(|name| (phrase(name), *code, name.to_string())));
            }
            for (code, names) in DEMONYMS {
                all.extend(names.iter().map(|name| (phrase(name), *code, country_display(code))));
            }
            all
        },
        regions: REGIONS
            .iter()
            .flat_map(|(said, names, parts)| names.iter().map(move |name| (phrase(name), *said, countries_of(parts))))
            .collect(),
    })
}

/// Whether `seq` starts at `words[i..]`; the length matched.
/// [`starts`] comparing stems: "graphic designer" names the skill "Graphic Design".
fn starts_stemmed(words: &[String], i: usize, seq: &[String]) -> Option<usize> {
    let fits = !seq.is_empty()
        && words.len() >= i + seq.len()
        && words[i..i + seq.len()].iter().zip(seq).all(|(w, s)| w == s || stem(w) == stem(s));
    fits.then_some(seq.len())
}

fn starts(words: &[String], i: usize, seq: &[String]) -> Option<usize> {
    (!seq.is_empty() && words.len() >= i + seq.len() && words[i..i + seq.len()] == *seq).then_some(seq.len())
}

pub fn understand(question: &str, vocabulary: &Vocabulary<'_>) -> Understanding {
    let raw = words(question);
    let mut corrections = Vec::new();
    let mut ws: Vec<String> = Vec::with_capacity(raw.len());
    for word in raw {
        // A plural or other form of a word Grow knows is known too ("funds": fund).
        let known = vocabulary.words.contains_key(&word)
            || vocabulary.words.contains_key(&stem(&word))
            || is_stopword(&word)
            || known_to_tables(&word)
            || vocabulary.skills.iter().any(|s| s.words.contains(&word));
        // A common English word is read as another only in another form of itself ("maker" is never "baker").
        let fixed = (!known).then(|| correct(&word, vocabulary)).flatten();
        let fixed = fixed.filter(|f| !super::english::is_english(&word) || super::english::same_word(&word, f));
        match fixed {
            Some(fixed) => {
                corrections.push((word, fixed.clone()));
                ws.push(fixed);
            }
            None => ws.push(word),
        }
    }

    // "film makers", "co-founder": one word.
    let mut joined: Vec<String> = Vec::with_capacity(ws.len());
    let mut k = 0;
    while k < ws.len() {
        match ws.get(k + 1).and_then(|next| COMPOUNDS.iter().find(|(a, b, _)| *a == ws[k] && b == next)) {
            Some((_, _, one)) => {
                joined.push(one.to_string());
                k += 2;
            }
            None => {
                joined.push(ws[k].clone());
                k += 1;
            }
        }
    }
    let ws = joined;
    let builds = ws.iter().any(|w| BUILD_WORDS.contains(&w.as_str()));
    let mut u = Understanding {
        topics: Vec::new(),
        any_topic: false,
        builds,
        target: Target::Both,
        roles: Vec::new(),
        looking_for: Vec::new(),
        skills: Vec::new(),
        skill_groups: Vec::new(),
        professions: Vec::new(),
        categories: Vec::new(),
        category_hints: Vec::new(),
        subjects: Vec::new(),
        category_words: Vec::new(),
        phases: Vec::new(),
        phase_words: Vec::new(),
        place: None,
        near_me: false,
        terms: Vec::new(),
        corrections,
    };
    let mut first_people: Option<usize> = None;
    let mut first_projects: Option<usize> = None;
    let mut after_looking_for = false;
    // Roles read after "looking for", "need", "seeking" are what a project wants.
    let mut wanted_roles: Vec<&'static str> = Vec::new();
    let mut consumed = vec![false; ws.len()];
    // Every skill name's words, once per question (people's own skills change; the catalogue does not).
    let skill_phrases: Vec<(&[String], &str)> = CATALOGUE
        .iter()
        .map(|s| (table_phrase(s), *s))
        .chain(vocabulary.skills.iter().map(|s| (s.words.as_slice(), s.name.as_str())))
        .collect();
    let mut i = 0;
    while i < ws.len() {
        let w = ws[i].clone();
        if matches!(
            w.as_str(),
            "looking" | "seeking" | "need" | "needs" | "needing" | "wants" | "want" | "recruiting" | "hiring"
        ) {
            // "projects looking for…": what follows is what the project wants; "I need a designer": the asker's.
            after_looking_for = first_projects.is_some();
        }
        // Near me.
        if let Some(n) = place_phrases().near.iter().filter_map(|p| starts(&ws, i, p)).max() {
            u.near_me = true;
            consumed[i..i + n].iter_mut().for_each(|c| *c = true);
            i += n;
            continue;
        }
        // Places: cities, then countries (longest names first).
        let city = place_phrases()
            .cities
            .iter()
            .zip(CITIES)
            .filter_map(|(seq, (name, cc, lat, lng))| starts(&ws, i, seq).map(|n| (n, *name, *cc, *lat, *lng)))
            .max_by_key(|c| c.0);
        if let Some((n, name, country, lat, lng)) = city {
            u.place.get_or_insert(Place::City { name: title_case(name), country, lat, lng });
            consumed[i..i + n].iter_mut().for_each(|c| *c = true);
            i += n;
            continue;
        }
        let country = place_phrases()
            .countries
            .iter()
            .filter_map(|(seq, code, name)| starts(&ws, i, seq).map(|n| (n, *code, name)))
            .max_by_key(|c| c.0);
        let region = place_phrases()
            .regions
            .iter()
            .filter_map(|(seq, name, codes)| starts(&ws, i, seq).map(|n| (n, *name, codes)))
            .max_by_key(|r| r.0);
        match (country, region) {
            (Some((n, code, name)), region) if region.is_none_or(|r| r.0 <= n) => {
                u.place.get_or_insert(Place::Country { code, name: name.clone() });
                consumed[i..i + n].iter_mut().for_each(|c| *c = true);
                i += n;
                continue;
            }
            (_, Some((n, name, codes))) => {
                u.place.get_or_insert(Place::Region { name: name.to_string(), codes: codes.clone() });
                consumed[i..i + n].iter_mut().for_each(|c| *c = true);
                i += n;
                continue;
            }
            _ => {}
        }
        // Skills spelled out, several words long first ("machine learning", "react native").
        let skill = skill_phrases
            .iter()
            .filter_map(|(seq, s)| {
                // One-word skills must match as written ("react", not "reacting").
                if seq.len() > 1 { starts_stemmed(&ws, i, seq) } else { starts(&ws, i, seq) }.map(|n| (n, *s))
            })
            .max_by_key(|s| s.0);
        if let Some((n, name)) = skill.filter(|(n, _)| *n > 1) {
            add_group(&mut u, canonical(name), &[name]);
            for word in &ws[i..i + n] {
                u.terms.push((stem(word), 1.0));
                // "graphic designer": a skill, and a kind of person.
                for (names, skills) in PROFESSIONS {
                    if names.contains(&word.as_str()) && !u.professions.iter().any(|(p, _)| p == word) {
                        u.professions.push((word.clone(), skills));
                        first_people.get_or_insert(i);
                    }
                }
            }
            // A multi-word skill may also name a category ("game development").
            i += n;
            continue;
        }
        if let Some((_, name)) = skill {
            add_group(&mut u, canonical(name), &[name]);
        } else {
            for (nick, meant) in SKILL_NICKNAMES {
                if is_table_word(nick, &w) {
                    // Spelled as the skills spell it when that is not plain capitals ("iOS", "AR"), else short
                    // ones in capitals ("ML") and the rest as typed ("mobile").
                    let spelled = meant
                        .iter()
                        .flat_map(|m| m.split([' ', '/']))
                        .find(|s| s.eq_ignore_ascii_case(&w) && s.chars().skip(1).any(char::is_uppercase));
                    let label = match spelled {
                        Some(s) => s.to_string(),
                        None if w.len() <= 3 => w.to_uppercase(),
                        None => w.clone(),
                    };
                    add_group(&mut u, label, meant);
                }
            }
        }
        for (when, phases) in PHASE_WORDS {
            if when.iter().any(|p| is_table_word(p, &w)) {
                phases.iter().for_each(|p| push_unique_static(&mut u.phases, p));
                push_unique(&mut u.phase_words, w.clone());
            }
        }
        let mut is_role = false;
        for (role, names) in ROLE_WORDS {
            if names.iter().any(|n| is_table_word(n, &w)) {
                is_role = true;
                if after_looking_for {
                    push_unique_static(&mut wanted_roles, role);
                } else {
                    push_unique_static(&mut u.roles, role);
                    first_people.get_or_insert(i);
                }
            }
        }
        // "design projects": a word right before a project word says what kind of project, not who.
        let describes_projects = ws.get(i + 1).is_some_and(|next| PROJECT_WORDS.contains(&next.as_str()));
        if !is_role && !describes_projects {
            for (names, skills) in PROFESSIONS {
                if names.contains(&w.as_str()) && !u.professions.iter().any(|(p, _)| p == &w) {
                    u.professions.push((w.clone(), skills));
                    if !after_looking_for {
                        first_people.get_or_insert(i);
                    }
                }
            }
        }
        // A role word is a kind of person, not a subject ("students"); a word that also just means "projects"
        // ("businesses") names the category only before a project word ("business ideas").
        let generic = PROJECT_WORDS.contains(&w.as_str()) && !describes_projects;
        for (category, names) in CATEGORY_WORDS.iter().filter(|_| !is_role && !generic) {
            if names.iter().any(|n| is_table_word(n, &w)) {
                if CATEGORY_NAMES.contains(&w.as_str()) {
                    push_unique_static(&mut u.categories, category);
                } else {
                    push_unique_static(&mut u.category_hints, category);
                    push_unique(&mut u.subjects, w.clone());
                }
                push_unique(&mut u.category_words, w.clone());
            }
        }
        // "startup people", "startup folks": the people who make startups, not startups.
        let makers = ws.get(i + 1).is_some_and(|next| PEOPLE_WORDS.contains(&next.as_str()));
        // "startup founders", "startup investors": a project word right before a role says which of that role, as an
        // adjective does; the role word that follows decides who (a founder, an investor), not the project word.
        let of_a_role = ws
            .get(i + 1)
            .is_some_and(|next| ROLE_WORDS.iter().any(|(_, names)| names.iter().any(|n| is_table_word(n, next))));
        if PROJECT_WORDS.contains(&w.as_str()) && of_a_role && !after_looking_for {
            consumed[i] = true;
        } else if PROJECT_WORDS.contains(&w.as_str()) && makers && !after_looking_for {
            push_unique_static(&mut u.roles, "innovator");
            first_people.get_or_insert(i);
            consumed[i] = true;
        } else if PROJECT_WORDS.contains(&w.as_str()) {
            first_projects.get_or_insert(i);
            consumed[i] = true;
        }
        if PEOPLE_WORDS.contains(&w.as_str()) {
            first_people.get_or_insert(i);
            consumed[i] = true;
        }
        i += 1;
    }

    // "fisheries or aquaculture", "python or rust": skills joined by "or" are one constraint, met by any of them.
    if u.skill_groups.len() >= 2 && ws.iter().any(|w| w == "or") {
        let label = u.skill_groups.iter().map(|(label, _)| label.as_str()).collect::<Vec<_>>().join(" or ");
        let skills: Vec<String> = u.skill_groups.drain(..).flat_map(|(_, skills)| skills).collect();
        u.skill_groups.push((label, skills));
    }
    u.target = match (first_people, first_projects) {
        (Some(p), Some(q)) if q < p => Target::Projects,
        (Some(_), _) => Target::People,
        (None, Some(_)) => Target::Projects,
        (None, None) => Target::Both,
    };
    if u.target == Target::Projects {
        // "projects looking for an innovator", "startups with investors": what the project wants.
        for role in u.roles.drain(..).chain(wanted_roles) {
            let wanted = match role {
                "innovator" => Some("Innovator"),
                "collaborator" => Some("Collaborator"),
                "explorer" => Some("Explorer"),
                _ => None,
            };
            if let Some(w) = wanted {
                push_unique_static(&mut u.looking_for, w);
            }
        }
        if !u.professions.is_empty() && u.looking_for.is_empty() && after_looking_for {
            u.looking_for.push("Collaborator");
        }
    } else if !wanted_roles.is_empty() && u.roles.is_empty() {
        // "someone looking for investors" is still about people: read the role as asked.
        u.roles = wanted_roles;
    }
    if u.target == Target::Both && !u.roles.is_empty() {
        u.target = Target::People;
    }

    // Words for the text ranking: everything that is not a stopword, a place or a marker.
    let mut place_words: Vec<String> = Vec::new();
    for (i, w) in ws.iter().enumerate() {
        if consumed[i] || is_stopword(w) || PAST_WORDS.contains(&w.as_str()) {
            continue;
        }
        // A word after "in"/"from" that nothing else understood is a place Grow has no entry for.
        let after_in = i > 0 && matches!(ws[i - 1].as_str(), "in" | "from" | "at") && u.place.is_none();
        let understood = known_to_tables(w) || u.skills.iter().any(|s| phrase(s).contains(w));
        // So is a word nothing else understood that is a word of where people are ("mombasa", "la paz").
        let located = u.place.is_none()
            && (place_words.is_empty() || i > 0 && place_words.last() == Some(&ws[i - 1]))
            && vocabulary.location_words.contains(w);
        if (after_in || located) && !understood {
            place_words.push(w.clone());
            continue;
        }
        if !u.terms.iter().any(|(t, _)| *t == stem(w)) {
            u.terms.push((stem(w), 1.0));
            let named = u.skills.iter().any(|s| phrase(s).contains(w))
                || u.professions.iter().any(|(p, _)| p == w)
                || u.phase_words.contains(w)
                || ROLE_WORDS.iter().any(|(_, names)| names.contains(&w.as_str()))
                || u.category_words.contains(w);
            if !named && !BUILD_WORDS.contains(&w.as_str()) {
                u.topics.push(w.clone());
            }
        }
        for (word, related) in RELATED {
            if word == w {
                for r in *related {
                    if !u.terms.iter().any(|(t, _)| *t == stem(r)) {
                        u.terms.push((stem(r), 0.35));
                    }
                }
            }
        }
    }
    if !place_words.is_empty() {
        u.place = Some(Place::Named { words: place_words });
    }
    u.any_topic = u.topics.len() >= 2 && ws.iter().any(|w| w == "or");
    u
}

/// A skill or a set of skills the question asks for, once.
fn add_group(u: &mut Understanding, label: String, skills: &[&str]) {
    if u.skill_groups.iter().any(|(l, _)| l.eq_ignore_ascii_case(&label)) {
        return;
    }
    skills.iter().for_each(|s| push_unique(&mut u.skills, canonical(s)));
    u.skill_groups.push((label, skills.iter().map(|s| super::text::fold(s)).collect()));
}

fn canonical(skill: &str) -> String {
    CATALOGUE.iter().find(|c| c.eq_ignore_ascii_case(skill)).map_or_else(|| skill.to_string(), |c| c.to_string())
}

fn push_unique(list: &mut Vec<String>, value: String) {
    if !list.iter().any(|v| v.eq_ignore_ascii_case(&value)) {
        list.push(value);
    }
}

fn push_unique_static(list: &mut Vec<&'static str>, value: &'static str) {
    if !list.contains(&value) {
        list.push(value);
    }
}

fn country_name(alias: &str) -> String {
    if alias.len() <= 3 {
        alias.to_uppercase()
    } else {
        title_case(alias)
    }
}

pub fn title_case(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A question read against a tiny vocabulary, for the tests of this and the neighbouring modules.
#[cfg(test)]
pub fn read(q: &str) -> Understanding {
    let words: FastMap<String, u32> = [("python".to_string(), 5), ("london".to_string(), 3)].into_iter().collect();
    let by_letter: FastMap<(u8, char), Vec<String>> =
        [((0, 'p'), vec!["python".to_string()]), ((0, 'l'), vec!["london".to_string()])].into_iter().collect();
    understand(
        q,
        &Vocabulary { words: &words, by_letter: &by_letter, skills: &[], location_words: &FastSet::default() },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_with_skills_in_a_city() {
        let u = read("react developers in London");
        assert_eq!(u.target, Target::People);
        assert!(u.skills.contains(&"React".to_string()));
        assert_eq!(u.professions.len(), 1);
        assert!(matches!(u.place, Some(Place::City { ref name, .. }) if name == "London"));
    }

    #[test]
    fn projects_looking_for_a_role() {
        let u = read("fintech projects looking for an innovator");
        assert_eq!(u.target, Target::Projects);
        assert_eq!(u.looking_for, ["Innovator"]);
        assert!(u.roles.is_empty());
        // Fintech is inside business: a project meets it by saying so, and business ones rank first.
        assert_eq!((u.category_hints.clone(), u.subjects.clone()), (vec!["business"], vec!["fintech".to_string()]));
    }

    #[test]
    fn roles_phases_typos_and_near_me() {
        assert_eq!(read("investors").roles, ["investor"]);
        assert_eq!(read("backers in the UK").place, Some(Place::Country { code: "GB", name: "UK".into() }));
        let u = read("early-stage health projects");
        assert_eq!((u.target, u.phases.clone()), (Target::Projects, vec!["idea", "planning"]));
        assert!(u.categories.contains(&"healthcare"));
        let u = read("pyhton");
        assert_eq!(u.corrections, [("pyhton".to_string(), "python".to_string())]);
        assert!(u.skills.contains(&"Python".to_string()));
        let u = read("designers near me who know Figma");
        assert!(u.near_me && u.skills.contains(&"Figma".to_string()));
        assert_eq!(u.target, Target::People);
        assert!(read("ML people").skills.contains(&"Machine Learning".to_string()));
    }

    #[test]
    fn categories_by_name_by_something_narrower_and_never_by_a_role() {
        let u = read("health projects");
        assert_eq!((u.categories.clone(), u.subjects.clone()), (vec!["healthcare"], Vec::<String>::new()));
        let u = read("fashion projects");
        assert!(u.categories.is_empty());
        assert_eq!((u.category_hints.clone(), u.subjects.clone()), (vec!["design"], vec!["fashion".to_string()]));
        let u = read("students in London");
        assert_eq!(u.roles, ["explorer"]);
        assert!(u.categories.is_empty() && u.category_words.is_empty());
        let u = read("design projects");
        assert_eq!((u.target, u.categories.clone()), (Target::Projects, vec!["design"]));
        assert!(u.professions.is_empty());
        assert_eq!(read("ios developers").skill_groups[0].0, "iOS");
    }

    #[test]
    fn a_project_word_before_a_role_says_which_of_that_role() {
        let u = read("startup founders in India");
        assert_eq!((u.target, u.roles.clone()), (Target::People, vec!["innovator"]));
        assert!(u.looking_for.is_empty());
        let u = read("startup investors");
        assert_eq!((u.target, u.roles.clone()), (Target::People, vec!["investor"]));
        // Still about projects when the project word is what is asked for.
        let u = read("startups looking for investors");
        assert_eq!((u.target, u.looking_for.clone()), (Target::Projects, Vec::<&str>::new()));
        assert_eq!(read("projects looking for an innovator").looking_for, ["Innovator"]);
    }
}
