//! Login throttling (API.md "Limits and fair play": login limits never lock the real owner out).
//!
//! Failed attempts count per account *and* client address, so a stranger's wrong guesses from
//! their address do not block the owner's own; a slower per-account ceiling over all addresses
//! stops a guesser with many addresses; and each address has a budget over all accounts. Counting
//! uses the shared budget counters (`safety::limits`), so every instance shares them. An attempt
//! is reserved before the password is checked, so a burst of parallel guesses cannot all slip in
//! under a limit; the right password gives its reservations back and forgets the failures.

use std::{net::IpAddr, time::Duration};

use crate::{db::Db, safety::limits, time::now_ms};

#[derive(Clone, Copy, Debug)]
pub struct LoginLimits {
    pub window: Duration,
    /// Failures for one account from one address per `window`.
    pub per_account_address: i64,
    /// Failures for one account over all addresses per `account_window`.
    pub per_account: i64,
    pub account_window: Duration,
    /// Attempts from one address over all accounts per `window`.
    pub per_address: i64,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            window: Duration::from_secs(15 * 60),
            per_account_address: 5,
            per_account: 30,
            account_window: Duration::from_secs(60 * 60),
            per_address: 50,
        }
    }
}

/// The key an account is counted under, however it was named (username or email).
pub fn account_key(user_id: Option<i64>, login_key: &str) -> String {
    match user_id {
        Some(id) => format!("login:user:{id}"),
        // Guesses at names that do not exist are limited too, without revealing that they don't.
        None => format!("login:name:{login_key}"),
    }
}

/// The keys one login attempt is counted under, with the budget and window of each.
pub struct AttemptKeys {
    keys: Vec<(String, i64, Duration)>,
}

pub struct LoginLimiter {
    db: Db,
    limits: LoginLimits,
}

impl LoginLimiter {
    pub fn new(db: Db, limits: LoginLimits) -> Self {
        Self { db, limits }
    }

    pub fn limits(&self) -> LoginLimits {
        self.limits
    }

    /// The keys of an attempt at `account` (see [`account_key`]) from `address`.
    pub fn keys(&self, account: &str, address: Option<IpAddr>) -> AttemptKeys {
        let l = self.limits;
        let from = limits::address_key(address);
        AttemptKeys {
            keys: vec![
                (format!("{from}:{account}"), l.per_account_address, l.window),
                (account.to_string(), l.per_account, l.account_window),
                (format!("login:{from}"), l.per_address, l.window),
            ],
        }
    }

    /// Reserves one attempt under every key; `Err(seconds)` when one of them is spent.
    pub async fn reserve(&self, attempt: &AttemptKeys) -> Result<Result<(), u64>, sqlx::Error> {
        for (key, max, window) in &attempt.keys {
            if let Err(wait) = limits::take(&self.db, key, *max, *window, now_ms()).await? {
                return Ok(Err(wait));
            }
        }
        Ok(Ok(()))
    }

    /// The attempt succeeded: the account's failures from this address are forgotten and the
    /// other reservations given back.
    pub async fn succeeded(&self, attempt: &AttemptKeys) -> Result<(), sqlx::Error> {
        let mut keys = attempt.keys.iter();
        if let Some((first, ..)) = keys.next() {
            limits::forget(&self.db, first).await?;
        }
        for (key, ..) in keys {
            limits::give_back(&self.db, key).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_strangers_failures_leave_the_owners_address_open_until_the_account_ceiling() {
        let (_dir, db) = crate::db::tests::temp_sqlite().await;
        db.migrate().await.unwrap();
        let limits = LoginLimits { per_account: 8, ..LoginLimits::default() };
        let limiter = LoginLimiter::new(db, limits);
        let stranger = limiter.keys("login:user:1", Some("198.51.100.7".parse().unwrap()));
        let owner = limiter.keys("login:user:1", Some("203.0.113.9".parse().unwrap()));
        for _ in 0..5 {
            assert!(limiter.reserve(&stranger).await.unwrap().is_ok());
        }
        assert!(limiter.reserve(&stranger).await.unwrap().is_err());
        assert!(limiter.reserve(&owner).await.unwrap().is_ok());
        limiter.succeeded(&owner).await.unwrap();
        // Failures from many addresses still meet the account's ceiling.
        for n in 0..3 {
            let other = limiter.keys("login:user:1", Some(format!("192.0.2.{n}").parse().unwrap()));
            assert!(limiter.reserve(&other).await.unwrap().is_ok());
        }
        assert!(limiter.reserve(&owner).await.unwrap().is_err());
    }
}
