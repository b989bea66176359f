//! Login throttling (API.md: "rate-limited per username and per address; repeated failures get 429").
//!
//! Attempts are counted in the database in fixed 15-minute windows, so every instance shares one
//! budget. Counting is check-and-record in one statement: an attempt is reserved (the count goes up
//! and comes back) before the password is checked, so a burst of parallel guesses cannot all slip
//! in under the limit. A success gives its reservation back. Rows live one window; the clean-up job
//! removes the rest, so a flood of random names costs neither memory nor lasting space.

use std::{net::IpAddr, time::Duration};

use crate::{db::Db, time::now_ms};

#[derive(Clone, Copy, Debug)]
pub struct LoginLimits {
    pub window: Duration,
    pub per_account: i64,
    pub per_address: i64,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self { window: Duration::from_secs(15 * 60), per_account: 5, per_address: 50 }
    }
}

/// The key an account is counted under, however it was named (username or email).
pub fn account_key(user_id: Option<i64>, login_key: &str) -> String {
    match user_id {
        Some(id) => format!("user:{id}"),
        // Guesses at names that do not exist are limited too, without revealing that they don't.
        None => format!("login:{login_key}"),
    }
}

pub fn address_key(address: IpAddr) -> String {
    format!("addr:{address}")
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

    /// Reserves one attempt under `key`; false when the window's budget of `max` is spent.
    pub async fn reserve(&self, key: &str, max: i64) -> Result<bool, sqlx::Error> {
        let now = now_ms();
        let window_ms = i64::try_from(self.limits.window.as_millis()).unwrap_or(i64::MAX);
        let mut tx = self.db.begin().await?;
        let attempts: i64 = sqlx::query_scalar(
            "INSERT INTO login_attempts (attempt_key, window_start, attempts) VALUES ($1, $2, 1) \
             ON CONFLICT (attempt_key) DO UPDATE SET \
               attempts = CASE WHEN login_attempts.window_start <= $3 THEN 1 ELSE login_attempts.attempts + 1 END, \
               window_start = CASE WHEN login_attempts.window_start <= $3 THEN $2 ELSE login_attempts.window_start END \
             RETURNING attempts",
        )
        .bind(key)
        .bind(now)
        .bind(now - window_ms)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(attempts <= max)
    }

    /// Gives a reservation back (the attempt succeeded).
    pub async fn release(&self, key: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin().await?;
        sqlx::query("UPDATE login_attempts SET attempts = attempts - 1 WHERE attempt_key = $1 AND attempts > 0")
            .bind(key)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    /// Forgets an account's failures (a successful login).
    pub async fn clear(&self, key: &str) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin().await?;
        sqlx::query("DELETE FROM login_attempts WHERE attempt_key = $1").bind(key).execute(&mut *tx).await?;
        tx.commit().await
    }
}

/// Removes windows that have ended (run by the clean-up job).
pub async fn remove_expired(tx: &mut crate::db::Tx, window: Duration) -> Result<u64, sqlx::Error> {
    let window_ms = i64::try_from(window.as_millis()).unwrap_or(i64::MAX);
    let done = sqlx::query("DELETE FROM login_attempts WHERE window_start <= $1")
        .bind(now_ms() - window_ms)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_burst_reserves_at_most_the_budget_and_a_release_gives_one_back() {
        let (_dir, db) = crate::db::tests::temp_sqlite().await;
        db.migrate().await.unwrap();
        let limiter = std::sync::Arc::new(LoginLimiter::new(db, LoginLimits::default()));
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let limiter = limiter.clone();
                tokio::spawn(async move { limiter.reserve("user:1", 5).await.unwrap() })
            })
            .collect();
        let mut granted = 0;
        for t in tasks {
            granted += usize::from(t.await.unwrap());
        }
        assert_eq!(granted, 5);
        assert!(!limiter.reserve("user:2", 0).await.unwrap());
        limiter.clear("user:1").await.unwrap();
        assert!(limiter.reserve("user:1", 1).await.unwrap());
        limiter.release("user:1").await.unwrap();
        assert!(limiter.reserve("user:1", 1).await.unwrap());
        assert!(!limiter.reserve("user:1", 1).await.unwrap());
    }
}
