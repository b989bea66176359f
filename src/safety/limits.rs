//! Budgets (API.md "Limits and fair play"): every call that writes or sends spends from a budget of
//! its kind, per person (per client address for calls made without a session), and answers 429 with
//! `Retry-After` once the window's budget is spent. The edge spends the budget of every state-changing API call
//! before its handler runs ([`spend_for_call`]), and of every call without a session ([`spend_open_call`]), so a
//! new route cannot forget one; both are counted in memory and shared across instances ([`super::call_counts`]).
//! Login, mail and the upload bytes, each a write of its own anyway, keep a counter row per budget and window in
//! `rate_counters`, taken with one upsert ([`take`], [`take_amount`]), exact across instances.

use std::{net::IpAddr, time::Duration};

use axum::http::Method;

use super::call_counts::CallCounts;
use crate::{
    db::{Db, Tx},
    error::AppError,
};

/// How much of one kind a person (or an address) may do in a window.
#[derive(Clone, Copy, Debug)]
pub struct Budgets {
    pub window: Duration,
    /// Every kind but messages.
    pub per_kind: i64,
    /// Direct, project and room messages together: about one every two seconds for the window.
    pub messages: i64,
    /// Bytes one person may upload in a day (API.md "Uploads": 500 MiB).
    pub upload_bytes_per_day: i64,
    /// API calls one client address may make without a session in `open_window` (`open_calls`).
    pub open_calls: u32,
    pub open_window: Duration,
}

impl Default for Budgets {
    fn default() -> Self {
        Self {
            window: Duration::from_secs(15 * 60),
            per_kind: 100,
            messages: 450,
            upload_bytes_per_day: 500 * 1024 * 1024,
            open_calls: 300,
            open_window: Duration::from_secs(5 * 60),
        }
    }
}

/// The kind of budget a state-changing call spends from; calls of one kind share it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Messages,
    /// Read marks a chat open on screen sets as messages arrive live.
    Reads,
    /// Connection and collaboration requests, and asking to join a project.
    Requests,
    /// Scans and auto-connects (connecting at once through someone's code).
    Scans,
    /// Name and email availability checks (they tell whether an account exists).
    Checks,
    /// Any other call: a budget of its own, named by its method and route.
    Call(String),
}

impl Kind {
    fn name(&self) -> &str {
        match self {
            Kind::Messages => "messages",
            Kind::Reads => "reads",
            Kind::Requests => "requests",
            Kind::Scans => "scans",
            Kind::Checks => "checks",
            Kind::Call(route) => route,
        }
    }

    fn max(&self, budgets: &Budgets) -> i64 {
        match self {
            // As many as the messages one may send: a chat read live marks at most one a message.
            Kind::Messages | Kind::Reads => budgets.messages,
            _ => budgets.per_kind,
        }
    }

    fn refusal(&self) -> &'static str {
        match self {
            Kind::Messages => "You're sending messages very fast. Please wait a few minutes and try again.",
            Kind::Requests | Kind::Scans => "You've sent a lot of requests. Please wait a few minutes and try again.",
            _ => "You're doing that too often. Please wait a few minutes and try again.",
        }
    }
}

/// The budget a state-changing API call spends from; `None` for login, whose attempts are counted
/// by the login limiter per account and address instead (a budget per address alone there would
/// let one stranger lock a whole household or office out).
pub fn kind_of(method: &Method, route: &str) -> Option<Kind> {
    let kind = match (method.as_str(), route) {
        ("POST", "/api/auth/login") => return None,
        ("POST", "/api/messages" | "/api/projects/{id}/messages" | "/api/communities/{slug}/messages") => {
            Kind::Messages
        }
        ("POST", "/api/connections" | "/api/projects/{id}/request-collaboration" | "/api/projects/{id}/join") => {
            Kind::Requests
        }
        ("POST", "/api/connections/scan" | "/api/connections/auto-connect") => Kind::Scans,
        ("POST", "/api/conversations/{id}/read") => Kind::Reads,
        ("POST", "/api/auth/check-email" | "/api/auth/check-username") => Kind::Checks,
        _ => Kind::Call(format!("{method} {route}")),
    };
    Some(kind)
}

/// Who a budget belongs to: a person, or for calls without a session the client's address (an IPv6
/// address by its /64, which one household or phone holds whole). An IPv4 client seen through an IPv6 socket
/// (`::ffff:a.b.c.d`) is its IPv4 address: by its /64 every such client would share one budget.
pub fn address_key(address: Option<IpAddr>) -> String {
    match address.map(|a| a.to_canonical()) {
        Some(IpAddr::V6(v6)) => {
            let s = v6.segments();
            format!("addr:{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Some(IpAddr::V4(v4)) => format!("addr:{v4}"),
        None => "addr:unknown".into(),
    }
}

/// Spends one of the budget of a state-changing API call for `who` (`user:{id}` or an address key).
pub async fn spend_for_call(counts: &CallCounts, budgets: &Budgets, kind: &Kind, who: &str) -> Result<(), AppError> {
    let key = format!("budget:{}:{who}", kind.name());
    match counts.take(&key, 1, kind.max(budgets), budgets.window).await? {
        Ok(()) => Ok(()),
        Err(retry_after_secs) => Err(AppError::TooManyRequests { message: kind.refusal().into(), retry_after_secs }),
    }
}

/// Spends one of the budget of calls an address makes without a session (300 per 5 minutes by default).
pub async fn spend_open_call(counts: &CallCounts, budgets: &Budgets, address: Option<IpAddr>) -> Result<(), AppError> {
    let key = format!("open:{}", address_key(address));
    match counts.take(&key, 1, i64::from(budgets.open_calls), budgets.open_window).await? {
        Ok(()) => Ok(()),
        Err(retry_after_secs) => Err(AppError::TooManyRequests {
            message: "Too many requests from your network. Please wait a few minutes and try again.".into(),
            retry_after_secs,
        }),
    }
}

/// Takes `amount` from `key`'s budget of `max` per `window` when it all fits: `Err(seconds)` (until the window
/// ends) when it does not, and then nothing is taken. One statement counts, so parallel takers cannot both fit.
pub async fn take_amount(
    db: &Db,
    key: &str,
    amount: i64,
    max: i64,
    window: Duration,
    now: i64,
) -> Result<Result<(), u64>, sqlx::Error> {
    let window_ms = i64::try_from(window.as_millis()).unwrap_or(i64::MAX);
    let mut tx = db.begin().await?;
    let (used, expires_at) =
        super::store::count_amount(&mut tx, key, amount, now, now.saturating_add(window_ms)).await?;
    if used <= max {
        tx.commit().await?;
        return Ok(Ok(()));
    }
    super::store::give_back_amount(&mut tx, key, amount).await?;
    tx.commit().await?;
    let left_ms = u64::try_from(expires_at.saturating_sub(now)).unwrap_or(0);
    Ok(Err(left_ms.div_ceil(1000).max(1)))
}

/// Counts one use of `key` in its window and answers the count and when the window ends.
pub async fn count(tx: &mut Tx, key: &str, window: Duration, now: i64) -> Result<(i64, i64), sqlx::Error> {
    let window_ms = i64::try_from(window.as_millis()).unwrap_or(i64::MAX);
    super::store::count_use(tx, key, now, now.saturating_add(window_ms)).await
}

/// Takes one from `key`'s budget of `max` per `window`, in a transaction of its own: `Err(seconds)`
/// (until the window ends) when it was already spent. Check-and-count is one statement, so a burst
/// of parallel calls cannot all slip in under the limit.
pub async fn take(db: &Db, key: &str, max: i64, window: Duration, now: i64) -> Result<Result<(), u64>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let (used, expires_at) = count(&mut tx, key, window, now).await?;
    tx.commit().await?;
    if used <= max {
        return Ok(Ok(()));
    }
    let left_ms = u64::try_from(expires_at.saturating_sub(now)).unwrap_or(0);
    Ok(Err(left_ms.div_ceil(1000).max(1)))
}

/// Gives one use back (an attempt that turned out fine, such as a successful login).
pub async fn give_back(db: &Db, key: &str) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    super::store::give_back(&mut tx, key).await?;
    tx.commit().await
}

/// Forgets a counter (an account's failures after the right password).
pub async fn forget(db: &Db, key: &str) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    super::store::forget_counter(&mut tx, key).await?;
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_sends_share_one_budget_and_every_other_call_has_its_own() {
        let post = Method::POST;
        assert_eq!(kind_of(&post, "/api/messages"), Some(Kind::Messages));
        assert_eq!(kind_of(&post, "/api/communities/{slug}/messages"), Some(Kind::Messages));
        assert_eq!(kind_of(&post, "/api/projects/{id}/join"), Some(Kind::Requests));
        assert_eq!(kind_of(&post, "/api/auth/login"), None);
        assert_eq!(
            kind_of(&Method::PATCH, "/api/tasks/{taskId}"),
            Some(Kind::Call("PATCH /api/tasks/{taskId}".into()))
        );
    }

    #[test]
    fn an_ipv6_address_counts_by_its_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(address_key(Some(a)), address_key(Some(b)));
        assert_ne!(address_key(Some(a)), address_key(Some("2001:db8:1:3::1".parse().unwrap())));
        assert_eq!(address_key(Some("203.0.113.9".parse().unwrap())), "addr:203.0.113.9");
        // IPv4 clients of a server bound to `::` arrive IPv4-mapped: each is its own address, not one /64.
        let mapped: IpAddr = "::ffff:203.0.113.9".parse().unwrap();
        assert_eq!(address_key(Some(mapped)), "addr:203.0.113.9");
        assert_ne!(address_key(Some(mapped)), address_key(Some("::ffff:198.51.100.7".parse().unwrap())));
    }

    #[tokio::test]
    async fn a_burst_takes_at_most_the_budget_and_says_when_the_window_ends() {
        let (_dir, db) = crate::db::tests::temp_sqlite().await;
        db.migrate().await.unwrap();
        let db = std::sync::Arc::new(db);
        let window = Duration::from_secs(60);
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move { take(&db, "k", 5, window, 1_000).await.unwrap() })
            })
            .collect();
        let mut granted = 0;
        for t in tasks {
            granted += usize::from(t.await.unwrap().is_ok());
        }
        assert_eq!(granted, 5);
        assert_eq!(take(&db, "k", 5, window, 31_000).await.unwrap(), Err(30));
        forget(&db, "k").await.unwrap();
        assert_eq!(take(&db, "k", 1, window, 31_000).await.unwrap(), Ok(()));
        give_back(&db, "k").await.unwrap();
        assert_eq!(take(&db, "k", 1, window, 31_000).await.unwrap(), Ok(()));
        // A new window starts once the old one has ended.
        assert_eq!(take(&db, "k", 1, window, 31_500).await.unwrap(), Err(60));
        assert_eq!(take(&db, "k", 1, window, 91_001).await.unwrap(), Ok(()));
    }
}
