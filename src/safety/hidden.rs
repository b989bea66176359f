//! The people a block stands between each person and (either way), kept per person: a search, a look at
//! the leaderboard and a typing signal each ask, and blocks rarely change.
//!
//! A person's list is let go when a block of theirs is made or lifted (`Blocked`, `Unblocked`: at once on
//! this instance, through the live bridge on the others), and every list when the bridge reconnects (a
//! notice may have been lost while it was away). A read that began before any block changed keeps nothing,
//! so a list read just before a block commits is never kept after it.

use std::{sync::Arc, time::Duration};

use super::store;
use crate::{db::Db, per_person::PerPerson};

/// People whose lists are kept; past this the cache starts again.
const MAX_PEOPLE: usize = 100_000;
/// The longest a list is served: bounds what a change outside the server (hand-written SQL) leaves stale.
const TTL: Duration = Duration::from_secs(60);

#[derive(Clone)]
pub struct Hidden {
    kept: PerPerson<Arc<[i64]>>,
}

impl Default for Hidden {
    fn default() -> Self {
        Self { kept: PerPerson::new(TTL, MAX_PEOPLE) }
    }
}

impl Hidden {
    /// The people a block stands between `person` and.
    pub async fn of(&self, db: &Db, person: i64) -> Result<Arc<[i64]>, sqlx::Error> {
        self.kept
            .get_or_read(person, async || Ok(store::hidden_from(&mut *db.conn().await?, person).await?.into()))
            .await
    }

    /// A block between these people was made or lifted.
    pub fn changed(&self, people: &[i64]) {
        self.kept.changed(people);
    }

    /// Any block may have changed.
    pub fn clear(&self) {
        self.kept.clear();
    }
}
