//! The session → user lookup, cached in memory: every signed-in request and the 2-second poll
//! usually cost no database round trip.
//!
//! Correctness rests on invalidation, not on expiry: every write that changes a user's record records a
//! domain event (`UserChanged`, `BalanceMoved`, `SessionEnded`, `SignedOut`), and the dispatcher
//! (`app::effects`) evicts here and, through the live bridge, on every other instance. The time limit only bounds the damage of a notice lost while
//! the bridge reconnects (the bridge also clears everything when it reconnects).
//!
//! A load races with an eviction: a request may read the old row just before a write commits and
//! put it back just after the write evicted it. Each eviction is numbered, and a load only stores
//! its row if no eviction of that user (or of everything) happened since it started.

use std::{
    collections::{HashMap, HashSet, VecDeque},
    ops::Deref,
    sync::{Arc, Mutex, OnceLock},
    time::{Duration, Instant},
};

use axum::body::Bytes;

use crate::{accounts::model::UserRow, error::AppError, sync::lock};

/// A signed-in user as the cache holds it: the row, and the user's own JSON (`/api/auth/user`)
/// once it was asked for, so the 2-second poll answers without building it again.
pub struct SessionUser {
    row: UserRow,
    own_json: OnceLock<Bytes>,
}

impl SessionUser {
    pub fn new(row: UserRow) -> Self {
        Self { row, own_json: OnceLock::new() }
    }

    /// The body of `/api/auth/user` for this user.
    pub fn own_json(&self) -> Result<Bytes, AppError> {
        if let Some(json) = self.own_json.get() {
            return Ok(json.clone());
        }
        let json =
            Bytes::from(serde_json::to_vec(&self.row.to_own()).map_err(|e| AppError::Internal(anyhow::Error::new(e)))?);
        Ok(self.own_json.get_or_init(|| json).clone())
    }
}

impl Deref for SessionUser {
    type Target = UserRow;
    fn deref(&self) -> &UserRow {
        &self.row
    }
}

const TTL: Duration = Duration::from_secs(60);
const CAPACITY: usize = 100_000;
/// Evictions remembered for the load race above; a load older than these is not stored.
const EVICTIONS_KEPT: usize = 4096;

#[derive(Clone, Default)]
pub struct SessionCache {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    by_session: HashMap<String, Entry>,
    sessions_of: HashMap<i64, HashSet<String>>,
    /// Count of evictions so far; a load notes it when it starts.
    epoch: u64,
    /// The latest evictions: (epoch after it, user id or `None` for everything).
    recent: VecDeque<(u64, Option<i64>)>,
}

struct Entry {
    user: Arc<SessionUser>,
    session_expires_at: i64,
    cached_at: Instant,
}

/// Where a load started, to be handed back to [`SessionCache::store`].
#[derive(Clone, Copy)]
pub struct Ticket(u64);

impl SessionCache {
    /// The cached user of a session (by token hash), if fresh.
    pub fn get(&self, token_hash: &str, now_ms: i64) -> Option<Arc<SessionUser>> {
        let inner = lock(&self.inner);
        let entry = inner.by_session.get(token_hash)?;
        (entry.session_expires_at > now_ms && entry.cached_at.elapsed() < TTL).then(|| entry.user.clone())
    }

    /// Call before reading the database for a session.
    pub fn ticket(&self) -> Ticket {
        Ticket(lock(&self.inner).epoch)
    }

    /// Stores a loaded user unless it was evicted while loading.
    pub fn store(&self, ticket: Ticket, token_hash: &str, user: Arc<SessionUser>, session_expires_at: i64) {
        let mut inner = lock(&self.inner);
        if inner.epoch != ticket.0 {
            let oldest_kept = inner.recent.front().map_or(inner.epoch, |(epoch, _)| epoch - 1);
            let stale = ticket.0 < oldest_kept
                || inner.recent.iter().any(|(epoch, who)| *epoch > ticket.0 && who.is_none_or(|id| id == user.id));
            if stale {
                return;
            }
        }
        if inner.by_session.len() >= CAPACITY {
            // Sheds everything rather than tracking recency: a refill costs one query per session.
            inner.by_session.clear();
            inner.sessions_of.clear();
        }
        inner.sessions_of.entry(user.id).or_default().insert(token_hash.to_string());
        inner.by_session.insert(token_hash.to_string(), Entry { user, session_expires_at, cached_at: Instant::now() });
    }

    pub fn evict_session(&self, token_hash: &str) {
        let mut inner = lock(&self.inner);
        if let Some(entry) = inner.by_session.remove(token_hash) {
            let id = entry.user.id;
            if let Some(sessions) = inner.sessions_of.get_mut(&id) {
                sessions.remove(token_hash);
                if sessions.is_empty() {
                    inner.sessions_of.remove(&id);
                }
            }
        }
        // An ended session is never loaded again (its row is gone), so no epoch is needed.
    }

    pub fn evict_user(&self, user_id: i64) {
        let mut inner = lock(&self.inner);
        if let Some(sessions) = inner.sessions_of.remove(&user_id) {
            for session in sessions {
                inner.by_session.remove(&session);
            }
        }
        note_eviction(&mut inner, Some(user_id));
    }

    pub fn clear(&self) {
        let mut inner = lock(&self.inner);
        inner.by_session.clear();
        inner.sessions_of.clear();
        note_eviction(&mut inner, None);
    }

    pub fn len(&self) -> usize {
        lock(&self.inner).by_session.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn note_eviction(inner: &mut Inner, who: Option<i64>) {
    inner.epoch += 1;
    let epoch = inner.epoch;
    inner.recent.push_back((epoch, who));
    if inner.recent.len() > EVICTIONS_KEPT {
        inner.recent.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: i64, bio: &str) -> Arc<SessionUser> {
        Arc::new(SessionUser::new(UserRow {
            id,
            username: format!("u{id}"),
            email: String::new(),
            password_hash: String::new(),
            first_name: "A".into(),
            last_name: "B".into(),
            role: "explorer".into(),
            plan: "free".into(),
            bio: Some(bio.into()),
            location: None,
            lat: None,
            lng: None,
            skills: "[]".into(),
            profile_image_url: None,
            coins: 0,
            lifetime_coins: 0,
            scratch_card_streak: 0,
            last_scratch_at: None,
            streak_days: 0,
            connection_count: 0,
            is_discoverable: 1,
            is_admin: 0,
            email_verified: 0,
            created_at: 0,
            updated_at: 0,
            connect_code: None,
        }))
    }

    #[test]
    fn a_stored_user_is_served_until_evicted_or_expired() {
        let cache = SessionCache::default();
        cache.store(cache.ticket(), "s1", user(1, "a"), 1_000);
        assert_eq!(cache.get("s1", 999).unwrap().bio.as_deref(), Some("a"));
        assert!(cache.get("s1", 1_000).is_none(), "the session itself has expired");
        cache.evict_user(1);
        assert!(cache.get("s1", 0).is_none());
        cache.store(cache.ticket(), "s2", user(1, "b"), 1_000);
        cache.evict_session("s2");
        assert!(cache.get("s2", 0).is_none());
    }

    #[test]
    fn a_load_that_raced_an_eviction_is_not_stored() {
        let cache = SessionCache::default();
        let ticket = cache.ticket();
        cache.evict_user(1); // a write committed while the old row was being read
        cache.store(ticket, "s1", user(1, "old"), 1_000);
        assert!(cache.get("s1", 0).is_none());
        // An eviction of somebody else does not stop it.
        let ticket = cache.ticket();
        cache.evict_user(2);
        cache.store(ticket, "s1", user(1, "new"), 1_000);
        assert!(cache.get("s1", 0).is_some());
        let ticket = cache.ticket();
        cache.clear();
        cache.store(ticket, "s3", user(3, "x"), 1_000);
        assert!(cache.get("s3", 0).is_none());
    }
}
