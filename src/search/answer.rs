//! `smartResponse`: one or two sentences saying what Grow understood and what it found.

use super::query::{Place, Target, Understanding};

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
        Some(Place::Named { words }) => format!(" in {}", super::query::title_case(&words.join(" "))),
        None if u.near_me && located => " near you".to_string(),
        None => String::new(),
    }
}

/// What was asked, in words: "investors in London", "early-stage healthcare projects looking for an innovator".
fn asked(u: &Understanding, located: bool) -> (String, String) {
    let place = place_words(u, located);
    let mut people = if !u.roles.is_empty() {
        list(&u.roles.iter().map(|r| role_plural(r).to_string()).collect::<Vec<_>>())
    } else if u.professions.iter().any(|(w, _)| !u.skill_groups.iter().any(|(l, _)| l.eq_ignore_ascii_case(w))) {
        list(&u.professions.iter().map(|(w, _)| w.clone()).collect::<Vec<_>>())
    } else {
        "people".to_string()
    };
    if u.skill_groups.is_empty() && !u.topics.is_empty() {
        people = format!("{people} matching {}", u.topics.join(" "));
    }
    if !u.skill_groups.is_empty() {
        people =
            format!("{people} skilled in {}", list(&u.skill_groups.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>()));
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
    if !u.categories.is_empty() {
        projects.push_str(&list(&u.categories.iter().map(|c| c.to_string()).collect::<Vec<_>>()));
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

pub fn smart(question: &str, u: &Understanding, people: usize, projects: usize, located: bool) -> String {
    let mut out = String::new();
    if !u.corrections.is_empty() {
        let fixed: Vec<String> = u.corrections.iter().map(|(from, to)| format!("“{to}” for “{from}”")).collect();
        out.push_str(&format!("Reading {}. ", fixed.join(", ")));
    }
    if u.near_me && !located {
        out.push_str("Share your location, or add it to your profile, to see who is near you. ");
    }
    let (asked_people, asked_projects) = asked(u, located);
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
