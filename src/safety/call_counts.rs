//! The counts behind every per-call budget (API.md "Limits and fair play": budgets kept in memory and shared
//! across instances without a database write per call).
//!
//! Each instance counts the calls it serves in memory, so a call never waits on a write for its budget. On
//! PostgreSQL, where instances share the database, a task adds what this instance counted to each budget's row in
//! `rate_counters` every [`FLUSH_EVERY`], all in one transaction, and reads back the total every instance has
//! added; a call is refused when that total plus what this instance counted since passes the budget. A budget
//! first touched here is read from its row once, so a person moving to another instance starts from what they spent
//! on the first. One instance is exact; across instances a budget can pass its figure by what the others counted
//! within one flush. On SQLite only one server runs on a data folder, and the counts stay in memory.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, Weak},
    time::Duration,
};

use crate::{
    db::{Backend, Db},
    sync::lock,
    time::Clock,
};

/// How often this instance's counts join the shared ones.
const FLUSH_EVERY: Duration = Duration::from_millis(200);
/// Budgets counted at once; past this the ended windows go first, and the rest if that is not enough.
const MAX_KEYS: usize = 200_000;

pub struct CallCounts {
    /// The database the counts are shared through (PostgreSQL), or none.
    shared: Option<Db>,
    clock: Clock,
    entries: Mutex<HashMap<String, Entry>>,
}

struct Entry {
    /// When the window ends (ms).
    ends: i64,
    window_ms: i64,
    /// Every instance's count, as of this instance's last flush of it (or its first read).
    known: i64,
    /// Counted here since.
    pending: i64,
    /// Asked for since the last flush: its total is read again then even when nothing was counted here, so an
    /// instance whose callers only spent elsewhere catches up with them.
    asked: bool,
}

impl CallCounts {
    /// The counts of one server; on PostgreSQL a task shares them until the server is dropped.
    pub fn start(db: Db, clock: Clock) -> Arc<Self> {
        let shared = (db.backend() == Backend::Postgres).then_some(db);
        let counts = Arc::new(Self::new(shared, clock));
        if counts.shared.is_some() {
            tokio::spawn(share(Arc::downgrade(&counts)));
        }
        counts
    }

    fn new(shared: Option<Db>, clock: Clock) -> Self {
        Self { shared, clock, entries: Mutex::default() }
    }

    /// Takes `amount` from `key`'s budget of `max` per `window` when it all fits; otherwise takes nothing and
    /// answers the seconds until the window ends.
    pub async fn take(
        &self,
        key: &str,
        amount: i64,
        max: i64,
        window: Duration,
    ) -> Result<Result<(), u64>, sqlx::Error> {
        let now = self.clock.now_ms();
        let window_ms = i64::try_from(window.as_millis()).unwrap_or(i64::MAX / 4);
        if let Some(answer) = self.take_known(key, amount, max, now) {
            return Ok(answer);
        }
        let (known, ends) = match &self.shared {
            Some(db) => super::store::read_counter(&mut *db.conn().await?, key, now).await?,
            None => None,
        }
        .unwrap_or((0, now + window_ms));
        let mut entries = lock(&self.entries);
        if entries.len() >= MAX_KEYS && !entries.contains_key(key) {
            entries.retain(|_, entry| entry.ends > now);
            if entries.len() >= MAX_KEYS {
                entries.clear();
            }
        }
        let entry = entries.entry(key.to_owned()).or_insert(Entry { ends, window_ms, known, pending: 0, asked: false });
        if entry.ends <= now {
            *entry = Entry { ends: now + window_ms, window_ms, known: 0, pending: 0, asked: false };
        }
        Ok(fit(entry, amount, max, now))
    }

    /// The answer from what is counted here, when this budget's window is known and open.
    fn take_known(&self, key: &str, amount: i64, max: i64, now: i64) -> Option<Result<(), u64>> {
        let mut entries = lock(&self.entries);
        let entry = entries.get_mut(key).filter(|entry| entry.ends > now)?;
        Some(fit(entry, amount, max, now))
    }

    /// Adds what was counted here to the shared rows and learns their totals.
    async fn flush(&self) -> Result<(), sqlx::Error> {
        let Some(db) = &self.shared else { return Ok(()) };
        let now = self.clock.now_ms();
        let batch: Vec<(String, i64, i64)> = {
            let mut entries = lock(&self.entries);
            entries.retain(|_, entry| entry.ends > now || entry.pending > 0);
            entries
                .iter_mut()
                .filter(|(_, entry)| entry.pending > 0 || entry.asked)
                .map(|(key, entry)| {
                    entry.asked = false;
                    (key.clone(), entry.pending, entry.window_ms)
                })
                .collect()
        };
        if batch.is_empty() {
            return Ok(());
        }
        let mut tx = db.begin().await?;
        let mut totals = Vec::with_capacity(batch.len());
        for (key, amount, window_ms) in &batch {
            totals.push(match amount {
                0 => super::store::read_counter(&mut tx, key, now).await?,
                _ => Some(super::store::count_amount(&mut tx, key, *amount, now, now + window_ms).await?),
            });
        }
        tx.commit().await?;
        let mut entries = lock(&self.entries);
        for ((key, amount, _), total) in batch.iter().zip(totals) {
            let Some(entry) = entries.get_mut(key) else { continue };
            entry.pending = (entry.pending - amount).max(0);
            match total {
                Some((total, ends)) => (entry.known, entry.ends) = (total, ends),
                // The shared window ended: so does this one.
                None => entry.ends = entry.ends.min(now),
            }
        }
        Ok(())
    }
}

fn fit(entry: &mut Entry, amount: i64, max: i64, now: i64) -> Result<(), u64> {
    entry.asked = true;
    if entry.known + entry.pending + amount > max {
        let left_ms = u64::try_from(entry.ends - now).unwrap_or(0);
        return Err(left_ms.div_ceil(1000).max(1));
    }
    entry.pending += amount;
    Ok(())
}

/// Flushes every [`FLUSH_EVERY`] while the server lives.
async fn share(counts: Weak<CallCounts>) {
    let mut every = tokio::time::interval(FLUSH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(counts) = counts.upgrade() else { return };
        if let Err(err) = counts.flush().await {
            // What was not added is added at the next flush.
            tracing::warn!(%err, "could not share the call budgets");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: Duration = Duration::from_secs(300);

    async fn take(counts: &CallCounts, key: &str, amount: i64) -> Result<(), u64> {
        counts.take(key, amount, 3, WINDOW).await.unwrap()
    }

    #[tokio::test]
    async fn a_key_spends_its_budget_whole_or_not_at_all_and_another_has_its_own() {
        let counts = CallCounts::new(None, Clock::default());
        assert!(take(&counts, "addr:10.0.0.1", 2).await.is_ok());
        assert!(take(&counts, "addr:10.0.0.1", 2).await.is_err(), "2 more would pass 3: nothing taken");
        assert!(take(&counts, "addr:10.0.0.1", 1).await.is_ok());
        let refused = take(&counts, "addr:10.0.0.1", 1).await.unwrap_err();
        assert!((299..=300).contains(&refused), "{refused}");
        assert!(take(&counts, "addr:10.0.0.2", 3).await.is_ok());
    }

    #[tokio::test]
    async fn a_new_window_gives_the_budget_back() {
        let clock = Clock::default();
        let counts = CallCounts::new(None, clock.clone());
        assert!(take(&counts, "a", 3).await.is_ok());
        assert!(take(&counts, "a", 1).await.is_err());
        clock.advance(WINDOW);
        assert!(take(&counts, "a", 1).await.is_ok());
    }
}
