//! Secret tokens (sessions, remember-me, password resets): random, shown to the client once, stored
//! only as a SHA-256 hash so that a copy of the database opens no account.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::{
    db::Tx,
    time::{now_ms, DAY_MS, HOUR_MS},
};

/// The three kinds of stored token; each has its own table of the same shape.
#[derive(Clone, Copy)]
pub enum Kind {
    /// A browser session (the `grow_session` cookie), 30 days.
    Session,
    /// A remembered login on a device (API.md), 30 days.
    Remember,
    /// A password-reset link, 1 hour.
    PasswordReset,
}

impl Kind {
    pub fn ttl_ms(self) -> i64 {
        match self {
            Kind::Session | Kind::Remember => 30 * DAY_MS,
            Kind::PasswordReset => HOUR_MS,
        }
    }

    fn insert_sql(self) -> &'static str {
        match self {
            Kind::Session => {
                "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)"
            }
            Kind::Remember => {
                "INSERT INTO remember_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)"
            }
            Kind::PasswordReset => {
                "INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)"
            }
        }
    }
}

/// Stores the hash of a fresh token of `kind` for `user_id` and returns the token itself, which the
/// server never sees again.
pub async fn issue(tx: &mut Tx, kind: Kind, user_id: i64) -> Result<String, sqlx::Error> {
    let token = generate();
    let now = now_ms();
    sqlx::query(kind.insert_sql())
        .bind(hash(&token))
        .bind(user_id)
        .bind(now)
        .bind(now + kind.ttl_ms())
        .execute(&mut **tx)
        .await?;
    Ok(token)
}

/// A fresh 256-bit token, URL-safe.
pub fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A person's connect code (API.md "Limits and fair play"): 128 random bits, url-safe. Not a secret
/// like a session (it is shared on purpose, in a QR code), so it is stored as it is.
pub fn connect_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The form a token is stored and looked up in.
pub fn hash(token: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(token.as_bytes());
    let mut out = String::with_capacity(64);
    for byte in digest {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0x0f)]));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_unique_and_hashes_stable() {
        let (a, b) = (super::generate(), super::generate());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(super::hash(&a), super::hash(&a));
        assert_ne!(super::hash(&a), a);
        assert_eq!(super::hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
