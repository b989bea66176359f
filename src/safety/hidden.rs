//! The people a block stands between each person and (either way), kept per person: a search, a look at
//! the leaderboard and a typing signal each ask, and blocks rarely change.
//!
//! A person's list is let go when a block of theirs is made or lifted (`Event::BlockChanged`: at once on
//! this instance, through the live bridge on the others), and every list when the bridge reconnects (a
//! notice may have been lost while it was away). A read that began before any block changed keeps nothing,
//! so a list read just before a block commits is never kept after it.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use super::store;
use crate::{db::Db, sync::lock};

/// People whose lists are kept; past this the cache starts again.
const MAX_PEOPLE: usize = 100_000;
/// The longest a list is served: bounds what a change outside the server (hand-written SQL) leaves stale.
const TTL: Duration = Duration::from_secs(60);

#[derive(Clone, Default)]
pub struct Hidden {
    state: Arc<Mutex<State>>,
}

#[derive(Default)]
struct State {
    people: HashMap<i64, (Instant, Arc<[i64]>)>,
    /// Moves with every block made or lifted anywhere.
    moves: u64,
}

impl Hidden {
    /// The people a block stands between `person` and.
    pub async fn of(&self, db: &Db, person: i64) -> Result<Arc<[i64]>, sqlx::Error> {
        let began = {
            let state = lock(&self.state);
            if let Some((read_at, ids)) = state.people.get(&person) {
                if read_at.elapsed() < TTL {
                    return Ok(ids.clone());
                }
            }
            state.moves
        };
        let ids: Arc<[i64]> = store::hidden_from(&mut *db.conn().await?, person).await?.into();
        let mut state = lock(&self.state);
        if state.moves == began {
            if state.people.len() >= MAX_PEOPLE {
                state.people.clear();
            }
            state.people.insert(person, (Instant::now(), ids.clone()));
        }
        Ok(ids)
    }

    /// A block between these people was made or lifted.
    pub fn changed(&self, people: &[i64]) {
        let mut state = lock(&self.state);
        state.moves += 1;
        for person in people {
            state.people.remove(person);
        }
    }

    /// Any block may have changed.
    pub fn clear(&self) {
        let mut state = lock(&self.state);
        state.moves += 1;
        state.people.clear();
    }
}
