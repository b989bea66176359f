//! Secret tokens (sessions, remember-me, password resets): random, shown to the client once, stored
//! only as a SHA-256 hash so that a copy of the database opens no account.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A fresh 256-bit token, URL-safe.
pub fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The form a token is stored and looked up in.
pub fn hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
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
    }
}
