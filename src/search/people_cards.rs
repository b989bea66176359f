//! People as a search answer shows them, kept written by their row's change time. An answer reads from the
//! database only which of its people may be shown and when each row last changed (two numbers a person), and
//! writes a person again only when their row moved: every change to what an answer shows of a person (profile,
//! coins, streaks, counts, suspension) moves `users.updated_at`.

use std::{collections::HashMap, sync::Arc};

/// People kept at once (about 500 bytes each); past it, all are dropped and kept anew.
const MAX_KEPT: usize = 10_000;

/// A person's answer object, as JSON without its closing brace: the asker's distance is added after it.
pub type Written = Arc<[u8]>;

#[derive(Default)]
pub struct PeopleCards {
    by_id: HashMap<i64, (i64, Written)>,
}

impl PeopleCards {
    /// The kept writing of each person whose row has not moved since it was written; the ids of the rest.
    pub fn find(&self, stamps: &[(i64, i64)]) -> (HashMap<i64, Written>, Vec<i64>) {
        let mut found = HashMap::with_capacity(stamps.len());
        let mut missing = Vec::new();
        for (id, changed) in stamps {
            match self.by_id.get(id) {
                Some((at, written)) if at == changed => {
                    found.insert(*id, Arc::clone(written));
                }
                _ => missing.push(*id),
            }
        }
        (found, missing)
    }

    pub fn keep(&mut self, id: i64, changed: i64, written: &Written) {
        if self.by_id.len() >= MAX_KEPT && !self.by_id.contains_key(&id) {
            self.by_id.clear();
        }
        self.by_id.insert(id, (changed, Arc::clone(written)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_is_written_again_once_their_row_moved() {
        let mut cards = PeopleCards::default();
        let written: Written = Arc::from(&b"{\"id\":1"[..]);
        cards.keep(1, 100, &written);
        let (found, missing) = cards.find(&[(1, 100), (2, 100)]);
        assert_eq!(found.get(&1).map(|w| &w[..]), Some(&b"{\"id\":1"[..]));
        assert_eq!(missing, [2]);
        let (found, missing) = cards.find(&[(1, 101)]);
        assert!(found.is_empty(), "a row that moved is not answered from what was kept");
        assert_eq!(missing, [1]);
        for id in 10..(10 + MAX_KEPT as i64) {
            cards.keep(id, 1, &written);
        }
        assert!(cards.by_id.len() <= MAX_KEPT, "bounded");
    }
}
