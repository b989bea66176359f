//! Who is asking: sessions, remember tokens, password hashing and the extractors handlers use.

pub mod cookie;
mod current_user;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod session_cache;
pub mod token;

pub use current_user::{Caller, CurrentUser, MaybeUser};
