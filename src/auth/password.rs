//! Argon2id password hashing, run off the async threads (it is deliberately slow).

use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Argon2,
};

use crate::error::AppError;

pub async fn hash(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await
    .map_err(anyhow::Error::from)?
    .map_err(AppError::from)
}

/// True when `password` matches `stored`. A stored value that is not a hash (a demo account's
/// `!`) matches nothing. With no account (`None`) a dummy hash is still checked, so a wrong
/// username takes as long as a wrong password.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let stored = stored.as_deref().unwrap_or_else(|| dummy_hash());
        let Ok(parsed) = PasswordHash::new(stored) else {
            return false;
        };
        Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))
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
