//! A value kept for each person until an event says it moved: who a block hides from them, their unread
//! count, their first page of notifications. The owner lets a person's value go when a domain event announces a
//! change to it (at once on this instance, through the live bridge on the others) and every value when the
//! bridge reconnects (a notice may have been lost while it was away).
//!
//! A read that began before any change kept here keeps nothing ([`Ticket`]), so a value read just before a
//! change commits is never kept after it. Values are served at most a TTL, which bounds what a change made
//! outside the server (hand-written SQL) leaves stale, and at most a number of people are kept: past it the
//! cache starts again.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use crate::sync::lock;

pub struct PerPerson<V> {
    state: Arc<Mutex<State<V>>>,
    ttl: Duration,
    max_people: usize,
}

impl<V> Clone for PerPerson<V> {
    fn clone(&self) -> Self {
        Self { state: self.state.clone(), ttl: self.ttl, max_people: self.max_people }
    }
}

struct State<V> {
    people: HashMap<i64, (Instant, V)>,
    /// Moves with every change let go here.
    moves: u64,
}

/// What a read began under (see [`PerPerson::keep`]).
pub struct Ticket(u64);

impl<V: Clone> PerPerson<V> {
    pub fn new(ttl: Duration, max_people: usize) -> Self {
        Self { state: Arc::new(Mutex::new(State { people: HashMap::new(), moves: 0 })), ttl, max_people }
    }

    /// The person's value if it is kept and fresh; otherwise the ticket to read it with.
    pub fn get(&self, person: i64) -> Result<V, Ticket> {
        let state = lock(&self.state);
        match state.people.get(&person) {
            Some((read_at, value)) if read_at.elapsed() < self.ttl => Ok(value.clone()),
            _ => Err(Ticket(state.moves)),
        }
    }

    /// Keeps a value read under `ticket`, unless something changed since the read began.
    pub fn keep(&self, ticket: Ticket, person: i64, value: V) {
        let mut state = lock(&self.state);
        if state.moves != ticket.0 {
            return;
        }
        if state.people.len() >= self.max_people && !state.people.contains_key(&person) {
            state.people.clear();
        }
        state.people.insert(person, (Instant::now(), value));
    }

    /// The person's value as kept, or as `read` now (and kept unless something changed meanwhile).
    pub async fn get_or_read<E>(&self, person: i64, read: impl AsyncFnOnce() -> Result<V, E>) -> Result<V, E> {
        match self.get(person) {
            Ok(value) => Ok(value),
            Err(ticket) => {
                let value = read().await?;
                self.keep(ticket, person, value.clone());
                Ok(value)
            }
        }
    }

    /// The value of each of these people may have changed.
    pub fn changed(&self, people: &[i64]) {
        let mut state = lock(&self.state);
        state.moves += 1;
        for person in people {
            state.people.remove(person);
        }
    }

    /// Anyone's value may have changed.
    pub fn clear(&self) {
        let mut state = lock(&self.state);
        state.moves += 1;
        state.people.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_kept_until_its_person_changes_and_a_read_across_a_change_keeps_nothing() {
        let kept: PerPerson<i64> = PerPerson::new(Duration::from_secs(60), 2);
        let Err(ticket) = kept.get(1) else { panic!("nothing kept at first") };
        kept.keep(ticket, 1, 10);
        assert_eq!(kept.get(1).ok(), Some(10));

        let Err(ticket) = kept.get(2) else { panic!() };
        kept.changed(&[3]); // someone else's change, while 2's read was under way
        kept.keep(ticket, 2, 20);
        assert!(kept.get(2).is_err(), "read across a change: not kept");
        assert_eq!(kept.get(1).ok(), Some(10), "another person's change leaves 1's value");

        kept.changed(&[1]);
        assert!(kept.get(1).is_err());
    }

    #[test]
    fn past_its_bound_the_cache_starts_again_and_past_its_ttl_a_value_is_not_served() {
        let kept: PerPerson<i64> = PerPerson::new(Duration::from_secs(60), 2);
        for person in 1..=2 {
            let Err(ticket) = kept.get(person) else { panic!() };
            kept.keep(ticket, person, person);
        }
        let Err(ticket) = kept.get(3) else { panic!() };
        kept.keep(ticket, 3, 3);
        assert!(kept.get(1).is_err() && kept.get(2).is_err(), "full: started again");
        assert_eq!(kept.get(3).ok(), Some(3));

        let brief: PerPerson<i64> = PerPerson::new(Duration::ZERO, 10);
        let Err(ticket) = brief.get(1) else { panic!() };
        brief.keep(ticket, 1, 1);
        assert!(brief.get(1).is_err(), "a value past its TTL is read again");
        kept.clear();
        assert!(kept.get(3).is_err());
    }
}
