//! `smartResponse`: one or two sentences saying what Grow understood and what it found.

use super::{
    query::{Place, Target, Understanding},
    relax::Loosened,
    text::stem,
};

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn role_plural(role: &str) -> &'static str {
    match role {
        "investor" => "investors",
        "innovator" => "innovators",
        "collaborator" => "collaborators",
        _ => "explorers",
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

fn place_words(u: &Understanding, located: bool) -> String {
    match &u.place {
        Some(Place::City { name, .. }) => format!(" in {name}"),
        Some(Place::Country { name, .. }) => {
            format!(" in {}", if name.len() <= 3 { format!("the {name}") } else { name.clone() })
        }
        Some(Place::Region { name, .. }) => format!(" in {name}"),
        Some(Place::Named { words }) => format!(" in {}", super::query::title_case(&words.join(" "))),
        None if u.near_me && located => " near you".to_string(),
        None => String::new(),
    }
}

/// Skills before the kind of person: "React developers"; "Graphic Design" with "designers" reads "Graphic designers".
fn skilled(labels: &[String], noun: &str) -> String {
    let noun_stem = stem(noun);
    let merged = labels.iter().find_map(|label| {
        let (init, last) = label.rsplit_once(' ')?;
        (stem(&last.to_lowercase()) == noun_stem).then(|| format!("{init} {noun}"))
    });
    merged.unwrap_or_else(|| format!("{} {noun}", list(labels)))
}

/// What was asked, in words: "React developers in London", "early-stage healthcare projects looking for an innovator".
fn asked(u: &Understanding, located: bool) -> (String, String) {
    let place = place_words(u, located);
    let labels: Vec<String> = u.skill_groups.iter().map(|(l, _)| l.clone()).collect();
    // A profession that is also the skill asked ("UX") is said once, as the skill.
    let professions: Vec<String> = u
        .professions
        .iter()
        .map(|(w, _)| w.clone())
        .filter(|w| !labels.iter().any(|l| l.eq_ignore_ascii_case(w)))
        .collect();
    let noun = if !u.roles.is_empty() {
        Some(list(&u.roles.iter().map(|r| role_plural(r).to_string()).collect::<Vec<_>>()))
    } else if !professions.is_empty() {
        Some(list(&professions))
    } else {
        None
    };
    let mut people = match (&noun, labels.is_empty()) {
        (Some(noun), false) => skilled(&labels, noun),
        (Some(noun), true) => noun.clone(),
        (None, false) => format!("people skilled in {}", list(&labels)),
        (None, true) => "people".to_string(),
    };
    let interests: Vec<String> = u.interests().cloned().collect();
    if !interests.is_empty() && u.target == Target::People {
        people = format!("{people} interested in {}", list(&interests));
    }
    if u.skill_groups.is_empty() && !u.topics.is_empty() {
        people = format!("{people} matching {}", u.topics.join(" "));
    }
    people.push_str(&place);
    let mut projects = String::new();
    if !u.phase_words.is_empty() {
        let words: Vec<String> = u
            .phase_words
            .iter()
            .map(|w| if w == "early" || w == "late" { format!("{w}-stage") } else { w.clone() })
            .collect();
        projects.push_str(&list(&words));
        projects.push(' ');
    }
    // What kind of projects, in the words asked: "fintech", "robotics", "Sustainability".
    let kinds: Vec<String> = u
        .category_words
        .iter()
        .cloned()
        .chain(labels.iter().filter(|l| !u.category_words.iter().any(|w| w.eq_ignore_ascii_case(l))).cloned())
        .collect();
    if !kinds.is_empty() {
        projects.push_str(&list(&kinds));
        projects.push(' ');
    }
    projects.push_str("projects");
    if !u.topics.is_empty() {
        projects.push_str(&format!(" about {}", u.topics.join(" ")));
    }
    if !u.looking_for.is_empty() {
        let wanted: Vec<String> =
            u.looking_for.iter().map(|w| format!("{} {}", article(w), w.to_lowercase())).collect();
        projects.push_str(&format!(" looking for {}", wanted.join(" or ")));
    }
    projects.push_str(&place);
    (people, projects)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|f| f.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

/// What a relaxed answer shows instead, and what it let go of: "React developers elsewhere:".
fn instead(relaxed: &Understanding, way: &[Loosened], people: bool, located: bool) -> String {
    let (asked_people, asked_projects) = asked(relaxed, located);
    let what = if people { asked_people } else { asked_projects };
    let tails: Vec<&str> = way.iter().map(|c| c.words(people)).collect();
    format!("{} {}:", capitalised(&what), tails.join(", "))
}

/// A relaxed answer: what the question was answered without.
pub struct Relaxed<'a> {
    pub understood: &'a Understanding,
    pub way: &'a [Loosened],
}

pub fn smart(
    question: &str,
    u: &Understanding,
    people: usize,
    projects: usize,
    located: bool,
    relaxed: Option<Relaxed<'_>>,
) -> String {
    let mut out = String::new();
    if !u.corrections.is_empty() {
        let fixed: Vec<String> = u.corrections.iter().map(|(from, to)| format!("“{to}” for “{from}”")).collect();
        out.push_str(&format!("Reading {}. ", fixed.join(", ")));
    }
    if u.near_me && !located {
        out.push_str("Share your location, or add it to your profile, to see who is near you. ");
    }
    let (asked_people, asked_projects) = asked(u, located);
    if let Some(Relaxed { understood, way }) = relaxed.filter(|_| people + projects > 0) {
        let tails: Vec<&str> = way.iter().map(|c| c.words(false)).collect();
        out.push_str(&match u.target {
            Target::People => format!("No {asked_people} yet. {}", instead(understood, way, true, located)),
            Target::Projects => format!("No {asked_projects} yet. {}", instead(understood, way, false, located)),
            Target::Both => format!("Nothing matches “{}” yet. Matches {}:", question.trim(), tails.join(", ")),
        });
        return out;
    }
    let found = match u.target {
        Target::People if people > 0 => format!("Found {} — {asked_people}.", plural(people, "person", "people")),
        Target::Projects if projects > 0 => {
            format!("Found {} — {asked_projects}.", plural(projects, "project", "projects"))
        }
        Target::Both if people + projects > 0 => format!(
            "Found {} and {} matching “{}”.",
            plural(people, "person", "people"),
            plural(projects, "project", "projects"),
            question.trim()
        ),
        Target::People => format!("No {asked_people} yet. Try fewer words, another skill or a wider place."),
        Target::Projects => format!("No {asked_projects} yet. Try another category or phase, or fewer words."),
        Target::Both => format!("Nothing matches “{}” yet. Try different words or fewer of them.", question.trim()),
    };
    out.push_str(&found);
    out
}

#[cfg(test)]
mod tests {
    use super::{smart, Relaxed};
    use crate::search::{
        query::read,
        relax::{without, Loosened},
    };

    #[test]
    fn says_what_it_shows_and_what_it_let_go_of() {
        let q = "react developers in London";
        let u = read(q);
        assert_eq!(smart(q, &u, 2, 0, true, None), "Found 2 people — React developers in London.");
        let way = [Loosened::Place];
        let looser = without(&u, &way);
        let relaxed = Some(Relaxed { understood: &looser, way: &way });
        assert_eq!(smart(q, &u, 4, 0, true, relaxed), "No React developers in London yet. React developers elsewhere:");
        assert_eq!(
            smart(q, &u, 0, 0, true, None),
            "No React developers in London yet. Try fewer words, another skill or a wider place."
        );
        let q = "graphic designers in London";
        assert_eq!(smart(q, &read(q), 1, 0, true, None), "Found 1 person — Graphic designers in London.");
        let q = "launched education projects";
        let u = read(q);
        let way = [Loosened::Phase];
        let looser = without(&u, &way);
        let relaxed = Some(Relaxed { understood: &looser, way: &way });
        assert_eq!(
            smart(q, &u, 0, 1, true, relaxed),
            "No launched education projects yet. Education projects at any stage:"
        );
    }
}
