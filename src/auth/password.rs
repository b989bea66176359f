//! Argon2id password hashing, run off the async threads (it is deliberately slow) and bounded:
//! at most as many hashes at once as there are cores, so a burst of logins cannot starve every
//! other request. Past a short wait the caller is told the server is busy (503).

use std::{sync::LazyLock, time::Duration};

use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Argon2,
};

use crate::{cpu_line::CpuLine, error::AppError};

/// How long a request waits for a free core before it is answered 503.
const WAIT: Duration = Duration::from_secs(3);

static HASHERS: LazyLock<CpuLine> = LazyLock::new(|| CpuLine::per_core(WAIT));

/// Runs one argon2 computation when a core is free.
async fn bounded<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
    HASHERS.run(work).await
}

pub async fn hash(password: String) -> Result<String, AppError> {
    bounded(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
    .map_err(AppError::from)
}

/// True when `password` matches `stored`. A stored value that is not a hash (a demo account's
/// `!`) matches nothing. With no account (`None`) a dummy hash is still checked, so a wrong
/// username takes as long as a wrong password.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, AppError> {
    bounded(move || {
        let stored = stored.as_deref().unwrap_or_else(|| dummy_hash());
        let Ok(parsed) = PasswordHash::new(stored) else {
            return false;
        };
        Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
}

/// The hash of a random string nobody knows; only ever compared against, to spend equal time.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(crate::auth::token::generate().as_bytes(), &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let stored = hash("Sunflower42!".into()).await.unwrap();
        assert!(verify("Sunflower42!".into(), Some(stored.clone())).await.unwrap());
        assert!(!verify("Sunflower43!".into(), Some(stored)).await.unwrap());
        assert!(!verify("Sunflower42!".into(), None).await.unwrap());
    }
}
