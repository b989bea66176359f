//! When nothing meets everything a question states, one labelled relaxation instead of silent padding
//! (issue 29): the place is let go first, then, with it, the weakest of the rest. The answer says which.

use super::query::{Target, Understanding};

/// A constraint a relaxation lets go of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loosened {
    Place,
    Profession,
    /// A category named in a question about people ("investors interested in health").
    Interest,
    Role,
    LookingFor,
    Phase,
    Category,
    Skill,
}

impl Loosened {
    /// How the relaxed answer says what it let go of (a skill named of projects is their subject).
    pub fn words(self, of_people: bool) -> &'static str {
        match self {
            Loosened::Place => "elsewhere",
            Loosened::Profession => "in any line of work",
            Loosened::Interest => "whatever their interests",
            Loosened::Role => "in any role",
            Loosened::LookingFor => "whoever they look for",
            Loosened::Phase => "at any stage",
            Loosened::Category => "in any category",
            Loosened::Skill if of_people => "with other skills",
            Loosened::Skill => "on any subject",
        }
    }
}

/// The weakest first, after the place: a profession is broader than the skills that make it, a role broader than a
/// skill; for projects, who they look for and their stage matter less than what they are.
const PEOPLE_ORDER: [Loosened; 4] = [Loosened::Profession, Loosened::Interest, Loosened::Role, Loosened::Skill];
const PROJECT_ORDER: [Loosened; 4] = [Loosened::LookingFor, Loosened::Phase, Loosened::Category, Loosened::Skill];
const BOTH_ORDER: [Loosened; 3] = [Loosened::Phase, Loosened::Category, Loosened::Skill];

/// The constraints a question states, for what it is about.
fn stated(u: &Understanding) -> Vec<Loosened> {
    let order: &[Loosened] = match u.target {
        Target::People => &PEOPLE_ORDER,
        Target::Projects => &PROJECT_ORDER,
        Target::Both => &BOTH_ORDER,
    };
    let mut out: Vec<Loosened> = u.place.iter().map(|_| Loosened::Place).collect();
    out.extend(order.iter().copied().filter(|c| match c {
        Loosened::Place => false,
        Loosened::Profession => !u.professions.is_empty(),
        Loosened::Interest => u.interests().next().is_some(),
        Loosened::Role => !u.roles.is_empty(),
        Loosened::LookingFor => !u.looking_for.is_empty(),
        Loosened::Phase => !u.phases.is_empty(),
        Loosened::Category => !u.categories.is_empty() || !u.subjects.is_empty(),
        Loosened::Skill => !u.skill_groups.is_empty(),
    }));
    out
}

/// The relaxations to try, in order: the place alone, then the place with each of the rest, weakest first. Each
/// keeps at least one constraint (a relaxation that keeps none would be anything at all).
pub fn ways(u: &Understanding) -> Vec<Vec<Loosened>> {
    let all = stated(u);
    let place = all.first() == Some(&Loosened::Place);
    let rest = &all[usize::from(place)..];
    let mut ways: Vec<Vec<Loosened>> = Vec::new();
    if place && !rest.is_empty() {
        ways.push(vec![Loosened::Place]);
    }
    for c in rest {
        let way: Vec<Loosened> = if place { vec![Loosened::Place, *c] } else { vec![*c] };
        if way.len() < all.len() {
            ways.push(way);
        }
    }
    ways
}

/// The question without what `way` lets go of.
pub fn without(u: &Understanding, way: &[Loosened]) -> Understanding {
    let mut out = u.clone();
    for c in way {
        match c {
            Loosened::Place => out.place = None,
            Loosened::Profession => out.professions.clear(),
            Loosened::Interest => out.category_words.clear(),
            Loosened::Role => out.roles.clear(),
            Loosened::LookingFor => out.looking_for.clear(),
            Loosened::Phase => {
                out.phases.clear();
                out.phase_words.clear();
            }
            Loosened::Category => {
                out.categories.clear();
                out.category_hints.clear();
                out.subjects.clear();
                out.category_words.clear();
            }
            Loosened::Skill => {
                out.skill_groups.clear();
                out.skills.clear();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{ways, without, Loosened::*};
    use crate::search::query::read;

    #[test]
    fn the_place_first_then_with_it_the_weakest_of_the_rest() {
        assert_eq!(
            ways(&read("react developers in London")),
            [vec![Place], vec![Place, Profession], vec![Place, Skill]]
        );
        assert_eq!(ways(&read("launched education projects")), [vec![Phase], vec![Category]]);
        assert_eq!(ways(&read("python investors in London"))[1], [Place, Role]);
        // One constraint: nothing to keep if it went.
        assert!(ways(&read("investors")).is_empty());
        assert!(without(&read("investors in London"), &[Place]).place.is_none());
    }
}
