//! Login throttling (API.md "Limits and fair play": login limits never lock the real owner out).
//!
//! Failed attempts count per account *and* client address, so a stranger's wrong guesses from
//! their address do not block the owner's own; a slower per-account ceiling over all addresses
//! stops a guesser with many addresses; and each address has a budget over all accounts. Counting
//! uses the shared budget counters (`safety::limits`), so every instance shares them. An attempt
//! is reserved before the password is checked, so a burst of parallel guesses cannot all slip in
//! under a limit; the right password gives its reservations back and forgets the failures.
//!
//! The ceiling never applies to a browser the owner signed in from before: each login sets a signed `grow_device`
//! cookie naming the account ([`LoginLimiter::device_cookie`]), and an attempt carrying it for that account counts
//! only against its own address (API.md "Limits and fair play"). Guessers without it meet the ceiling; the owner,
//! on their own phone or laptop, never does.

use std::{net::IpAddr, time::Duration};

use axum::http::HeaderMap;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tokio::sync::OnceCell;

use crate::{db::Db, safety::limits, time::now_ms};

/// The cookie that marks a browser the account signed in from; read only by the auth calls.
pub const DEVICE_COOKIE: &str = "grow_device";
const DEVICE_MAX_AGE_SECS: i64 = 365 * 24 * 60 * 60;

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

/// What one try at a password found.
pub enum Try {
    /// Its budget is spent: wait this long.
    Spent {
        retry_after_secs: u64,
    },
    Wrong,
    /// Right: [`LoginLimiter::succeeded`] once whatever else the call checks has passed.
    Right(AttemptKeys),
}

/// The keys one login attempt is counted under, with the budget and window of each.
pub struct AttemptKeys {
    keys: Vec<(String, i64, Duration)>,
}

pub struct LoginLimiter {
    db: Db,
    limits: LoginLimits,
    /// The key device cookies are signed with: made once, kept in the database for every instance.
    device_key: OnceCell<[u8; 64]>,
}

impl LoginLimiter {
    pub fn new(db: Db, limits: LoginLimits) -> Self {
        Self { db, limits, device_key: OnceCell::new() }
    }

    /// `{user_id}.{signature}` for `purpose`: a value only this server (any of its instances) makes, naming a person
    /// for one use (`device`: the device cookie; `unsubscribe`: the digest's one-click link).
    pub async fn signed(&self, purpose: &str, user_id: i64) -> Result<String, sqlx::Error> {
        Ok(format!("{user_id}.{}", self.signature(purpose, user_id).await?))
    }

    /// The person a [`Self::signed`] value of `purpose` names, when this server made it.
    pub async fn person_signed(&self, purpose: &str, value: &str) -> Result<Option<i64>, sqlx::Error> {
        let Some((id, signature)) = value.split_once('.') else { return Ok(None) };
        let Ok(user_id) = id.parse::<i64>() else { return Ok(None) };
        let expected = self.signature(purpose, user_id).await?;
        // Compared in constant time: the signature is the secret part.
        let same = expected.len() == signature.len()
            && expected.bytes().zip(signature.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
        Ok(same.then_some(user_id))
    }

    async fn signature(&self, purpose: &str, user_id: i64) -> Result<String, sqlx::Error> {
        let key = self
            .device_key
            .get_or_try_init(|| async {
                let fresh = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
                let mut tx = self.db.begin().await?;
                let stored = crate::db::secret_or_insert(&mut tx, "device_cookie_key", &fresh).await?;
                tx.commit().await?;
                // HMAC's key block: the stored secret's digest, padded with zeros (as HMAC pads a shorter key).
                let mut block = [0u8; 64];
                block[..32].copy_from_slice(&<Sha256 as sha2::Digest>::digest(stored.as_bytes()));
                Ok::<_, sqlx::Error>(block)
            })
            .await?;
        let mut mac = <Hmac<Sha256> as hmac::digest::KeyInit>::new(&(*key).into());
        mac.update(format!("{purpose}:{user_id}").as_bytes());
        Ok(URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
    }

    /// Whether the request carries the device cookie of `user_id` (signed by this server).
    pub async fn known_device(&self, headers: &HeaderMap, user_id: i64) -> Result<bool, sqlx::Error> {
        let Some(value) = super::cookie::value(headers, DEVICE_COOKIE) else {
            return Ok(false);
        };
        Ok(self.person_signed("device", value).await? == Some(user_id))
    }

    /// The `Set-Cookie` value that marks this browser as one `user_id` signed in from (a year; `Secure` when
    /// the app is served over https).
    pub async fn device_cookie(&self, user_id: i64, secure: bool) -> Result<String, sqlx::Error> {
        let value = self.signed("device", user_id).await?;
        let secure = if secure { "; Secure" } else { "" };
        Ok(format!(
            "{DEVICE_COOKIE}={value}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age={DEVICE_MAX_AGE_SECS}{secure}"
        ))
    }

    pub fn limits(&self) -> LoginLimits {
        self.limits
    }

    /// The keys of an attempt at `account` (see [`account_key`]) from `address`; from a browser the account signed
    /// in from before (`known_device`), without the account's ceiling over all addresses.
    pub fn keys(&self, account: &str, address: Option<IpAddr>, known_device: bool) -> AttemptKeys {
        let l = self.limits;
        let from = limits::address_key(address);
        let mut keys = vec![(format!("{from}:{account}"), l.per_account_address, l.window)];
        if !known_device {
            keys.push((account.to_string(), l.per_account, l.account_window));
        }
        keys.push((format!("login:{from}"), l.per_address, l.window));
        AttemptKeys { keys }
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

    /// One try at a password, counted as a login attempt wherever it is made (logging in, changing the password or
    /// the address, deleting the account): guessing a password anywhere spends the same budget. The attempt is
    /// reserved before the (slow) hash is checked, so a burst cannot outrun the count. `account_key` and
    /// `known_device` as for [`Self::keys`]; `hash` is the account's, or none for a name that names no account.
    pub async fn try_password(
        &self,
        (account_key, known_device): (&str, bool),
        address: Option<IpAddr>,
        given: String,
        hash: Option<String>,
    ) -> Result<Try, crate::error::AppError> {
        let attempt = self.keys(account_key, address, known_device);
        if let Err(retry_after_secs) = self.reserve(&attempt).await? {
            return Ok(Try::Spent { retry_after_secs });
        }
        // No real password is this long; hashing megabytes on each attempt would only serve an attacker.
        let plausible = given.len() <= crate::accounts::rules::PASSWORD_MAX_LEN * 4;
        match plausible && super::password::verify(given, hash).await? {
            true => Ok(Try::Right(attempt)),
            false => Ok(Try::Wrong),
        }
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
        let stranger = limiter.keys("login:user:1", Some("198.51.100.7".parse().unwrap()), false);
        let owner = limiter.keys("login:user:1", Some("203.0.113.9".parse().unwrap()), false);
        for _ in 0..5 {
            assert!(limiter.reserve(&stranger).await.unwrap().is_ok());
        }
        assert!(limiter.reserve(&stranger).await.unwrap().is_err());
        assert!(limiter.reserve(&owner).await.unwrap().is_ok());
        limiter.succeeded(&owner).await.unwrap();
        // Failures from many addresses still meet the account's ceiling.
        for n in 0..3 {
            let other = limiter.keys("login:user:1", Some(format!("192.0.2.{n}").parse().unwrap()), false);
            assert!(limiter.reserve(&other).await.unwrap().is_ok());
        }
        assert!(limiter.reserve(&owner).await.unwrap().is_err());
    }
}
