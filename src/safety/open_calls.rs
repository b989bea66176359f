//! The budget of calls made without a session (API.md "Limits and fair play": 300 per address per 5 minutes).
//! Signing up, logging in, a public project page, the OpenAPI document: each costs the server work that no account
//! answers for, so each client address may make only so many. Counted in memory (a call without a session never
//! writes to the database for its budget); each instance keeps its own count.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

use crate::sync::lock;

/// Addresses counted at once; past this the oldest windows are dropped first (they are the nearest to ending).
const MAX_ADDRESSES: usize = 100_000;

pub struct OpenCalls {
    max: u32,
    window: Duration,
    counts: Mutex<HashMap<String, (Instant, u32)>>,
}

impl OpenCalls {
    pub fn new(max: u32, window: Duration) -> Self {
        Self { max, window, counts: Mutex::default() }
    }

    /// Spends one call for the address `key`: `Err(seconds)` until its window ends once the budget is spent.
    pub fn spend(&self, key: &str) -> Result<(), u64> {
        let now = Instant::now();
        let mut counts = lock(&self.counts);
        if counts.len() >= MAX_ADDRESSES && !counts.contains_key(key) {
            let window = self.window;
            counts.retain(|_, (started, _)| now.duration_since(*started) < window);
            if counts.len() >= MAX_ADDRESSES {
                counts.clear();
            }
        }
        let (started, used) = counts.entry(key.to_owned()).or_insert((now, 0));
        if now.duration_since(*started) >= self.window {
            (*started, *used) = (now, 0);
        }
        if *used >= self.max {
            let left = self.window.saturating_sub(now.duration_since(*started));
            return Err(left.as_secs().max(1));
        }
        *used += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_spends_its_budget_and_another_has_its_own() {
        let calls = OpenCalls::new(3, Duration::from_secs(300));
        for _ in 0..3 {
            assert!(calls.spend("addr:10.0.0.1").is_ok());
        }
        let refused = calls.spend("addr:10.0.0.1").unwrap_err();
        assert!((299..=300).contains(&refused), "{refused}");
        assert!(calls.spend("addr:10.0.0.2").is_ok());
    }

    #[test]
    fn a_new_window_gives_the_budget_back() {
        let calls = OpenCalls::new(1, Duration::from_millis(20));
        assert!(calls.spend("a").is_ok());
        assert!(calls.spend("a").is_err());
        std::thread::sleep(Duration::from_millis(25));
        assert!(calls.spend("a").is_ok());
    }
}
