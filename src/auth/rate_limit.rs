//! Login throttling (API.md: "rate-limited per username and per address; repeated failures get 429").
//! Failures are counted in fixed windows in memory; each instance throttles on its own, which bounds
//! guessing per instance without a shared store.

use std::{
    collections::HashMap,
    net::IpAddr,
    sync::Mutex,
    time::{Duration, Instant},
};

pub const WINDOW: Duration = Duration::from_secs(15 * 60);
pub const MAX_FAILURES_PER_USERNAME: u32 = 5;
pub const MAX_FAILURES_PER_ADDRESS: u32 = 50;

#[derive(Default)]
pub struct LoginLimiter {
    by_username: Mutex<HashMap<String, Window>>,
    by_address: Mutex<HashMap<IpAddr, Window>>,
}

#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    failures: u32,
}

impl LoginLimiter {
    /// True when this username or address has failed too often in the current window.
    pub fn is_blocked(&self, username_key: &str, address: Option<IpAddr>) -> bool {
        let now = Instant::now();
        let over = |w: Option<&Window>, max: u32| {
            w.is_some_and(|w| now.duration_since(w.started) < WINDOW && w.failures >= max)
        };
        over(self.by_username.lock().unwrap().get(username_key), MAX_FAILURES_PER_USERNAME)
            || address.is_some_and(|a| over(self.by_address.lock().unwrap().get(&a), MAX_FAILURES_PER_ADDRESS))
    }

    pub fn record_failure(&self, username_key: &str, address: Option<IpAddr>) {
        bump(&mut self.by_username.lock().unwrap(), username_key.to_string());
        if let Some(address) = address {
            bump(&mut self.by_address.lock().unwrap(), address);
        }
    }

    pub fn record_success(&self, username_key: &str) {
        self.by_username.lock().unwrap().remove(username_key);
    }
}

fn bump<K: std::hash::Hash + Eq>(map: &mut HashMap<K, Window>, key: K) {
    let now = Instant::now();
    // Forget stale windows now and then so the map cannot grow without bound.
    if map.len() > 10_000 {
        map.retain(|_, w| now.duration_since(w.started) < WINDOW);
    }
    let window = map.entry(key).or_insert(Window { started: now, failures: 0 });
    if now.duration_since(window.started) >= WINDOW {
        *window = Window { started: now, failures: 0 };
    }
    window.failures += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_a_username_after_repeated_failures_only() {
        let limiter = LoginLimiter::default();
        for _ in 0..MAX_FAILURES_PER_USERNAME {
            assert!(!limiter.is_blocked("ann", None));
            limiter.record_failure("ann", None);
        }
        assert!(limiter.is_blocked("ann", None));
        assert!(!limiter.is_blocked("bob", None));
    }
}
