//! Web Push (API.md "Push"): the VAPID key, checking subscriptions, and the delivery worker.
//!
//! A notification is queued for each of its recipient's subscriptions in the transaction that
//! creates it (`push_outbox`). A worker on every instance drains the queue: woken at once after a
//! commit on its own instance, and every few seconds for retries and other instances' rows. Rows are
//! claimed with a lease, so each push goes out once however many instances run. A push service that
//! answers 404 or 410 has forgotten the subscription: it is removed. Other failures are retried with
//! growing pauses, five times in all. Nothing here runs on a request's path.

use std::{net::IpAddr, sync::Arc, time::Duration};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use tokio::sync::Notify;
use web_push_native::{
    jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair},
    p256, Auth, WebPushBuilder,
};

use super::store::{self, DuePush};
use crate::{db::Db, error::AppError, time::now_ms};

const BATCH: i64 = 50;
const LEASE_MS: i64 = 60_000;
const SWEEP: Duration = Duration::from_secs(5);
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Pauses before the 2nd, 3rd, 4th and 5th try.
const RETRY_AFTER_MS: [i64; 4] = [10_000, 60_000, 300_000, 1_800_000];
const MAX_ENDPOINT_LEN: usize = 2048;

#[derive(Clone)]
pub struct Pusher {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    key: ES256KeyPair,
    public_key: String,
    /// The VAPID subject (`mailto:` or `https:`): who push services contact about our traffic.
    subject: String,
    http: reqwest::Client,
    wake: Notify,
    /// This instance, as it signs its claims.
    instance: String,
}

/// The outcome of one delivery attempt, for tests and the log.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    pub sent: usize,
    pub retried: usize,
    pub gone: usize,
}

impl Pusher {
    /// Loads the VAPID key (made on first start and kept in the database, so every instance signs
    /// with the same one).
    pub async fn load(db: Db, subject: String, instance: String) -> anyhow::Result<Self> {
        let fresh = URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes());
        let mut tx = db.begin().await?;
        let stored = store::secret_or_insert(&mut tx, "vapid_private_key", &fresh).await?;
        tx.commit().await?;
        let key = ES256KeyPair::from_bytes(&URL_SAFE_NO_PAD.decode(stored)?)
            .map_err(|e| anyhow::anyhow!("the stored VAPID key is unreadable: {e}"))?;
        let public_key = URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed());
        let http = reqwest::Client::builder().timeout(SEND_TIMEOUT).build()?;
        Ok(Self { inner: Arc::new(Inner { db, key, public_key, subject, http, wake: Notify::new(), instance }) })
    }

    pub fn public_key(&self) -> &str {
        &self.inner.public_key
    }

    /// Asks the worker to look at the queue now (after a commit that queued pushes).
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    /// Runs the worker until the process ends.
    pub fn spawn(&self) {
        let pusher = self.clone();
        tokio::spawn(async move {
            loop {
                match pusher.deliver_due().await {
                    Ok(done) if done != Delivered::default() => tracing::info!(?done, "push deliveries"),
                    Ok(_) => {}
                    Err(err) => tracing::warn!(error = %format!("{err:#}"), "push delivery round failed"),
                }
                let _ = tokio::time::timeout(SWEEP, pusher.inner.wake.notified()).await;
            }
        });
    }

    /// Hands back what this instance claimed but has not sent (a clean shutdown).
    pub async fn release(&self) -> anyhow::Result<u64> {
        let mut tx = self.inner.db.begin().await?;
        let released = store::release_claims(&mut tx, &self.inner.instance).await?;
        tx.commit().await?;
        Ok(released)
    }

    /// Sends every push that is due now (one round; the worker calls it, and tests may).
    pub async fn deliver_due(&self) -> anyhow::Result<Delivered> {
        let mut done = Delivered::default();
        loop {
            let mut tx = self.inner.db.begin().await?;
            let due = store::claim_due(&mut tx, BATCH, LEASE_MS, &self.inner.instance).await?;
            tx.commit().await?;
            if due.is_empty() {
                return Ok(done);
            }
            for push in due {
                let outcome = self.send(&push).await;
                let mut tx = self.inner.db.begin().await?;
                let label = match &outcome {
                    Outcome::Sent => "sent",
                    Outcome::Gone => "gone",
                    Outcome::Retry(_) => "retry",
                };
                metrics::counter!(crate::metrics::PUSHES, "outcome" => label).increment(1);
                match outcome {
                    Outcome::Sent => {
                        store::push_delivered(&mut tx, push.id).await?;
                        done.sent += 1;
                    }
                    Outcome::Gone => {
                        store::subscription_gone(&mut tx, push.subscription_id).await?;
                        done.gone += 1;
                    }
                    Outcome::Retry(why) => {
                        let attempts = push.attempts + 1;
                        let pause = usize::try_from(push.attempts).ok().and_then(|i| RETRY_AFTER_MS.get(i));
                        tracing::warn!(attempt = attempts, why, "a push was not delivered");
                        store::push_failed(&mut tx, push.id, attempts, pause.map(|ms| now_ms() + ms)).await?;
                        done.retried += 1;
                    }
                }
                tx.commit().await?;
            }
        }
    }

    async fn send(&self, push: &DuePush) -> Outcome {
        let request = match self.build(push) {
            Ok(request) => request,
            // A subscription we cannot encrypt for will never work.
            Err(why) => {
                tracing::warn!(why, "an unusable push subscription was removed");
                return Outcome::Gone;
            }
        };
        let request = match reqwest::Request::try_from(request) {
            Ok(request) => request,
            Err(_) => return Outcome::Gone,
        };
        match self.inner.http.execute(request).await {
            Ok(answer) if answer.status().is_success() => Outcome::Sent,
            Ok(answer) if matches!(answer.status().as_u16(), 404 | 410) => Outcome::Gone,
            Ok(answer) => Outcome::Retry(format!("push service answered {}", answer.status())),
            Err(err) => Outcome::Retry(format!("could not reach the push service: {err}")),
        }
    }

    fn build(&self, push: &DuePush) -> Result<axum::http::Request<Vec<u8>>, String> {
        let public = decode_key(&push.p256dh).map_err(|e| e.to_string())?;
        let auth = decode_auth(&push.auth).map_err(|e| e.to_string())?;
        let endpoint = push.endpoint.parse().map_err(|_| "the endpoint is not a URL".to_string())?;
        let payload = serde_json::json!({
            "id": push.notification_id,
            "type": push.kind,
            "title": push.title,
            "body": push.message,
            "data": serde_json::from_str::<serde_json::Value>(&push.data).unwrap_or_default(),
        });
        WebPushBuilder::new(endpoint, public, auth)
            .with_valid_duration(Duration::from_secs(24 * 60 * 60))
            .with_vapid(&self.inner.key, &self.inner.subject)
            .build(payload.to_string())
            .map_err(|e| format!("could not encrypt the push: {e}"))
    }
}

enum Outcome {
    Sent,
    Gone,
    Retry(String),
}

/// A browser's public key: base64url of an uncompressed P-256 point (RFC 8291: 65 bytes).
pub fn decode_key(text: &str) -> Result<p256::PublicKey, AppError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('=').as_bytes())
        .map_err(|_| AppError::bad_request("keys.p256dh must be base64url"))?;
    if bytes.len() != 65 {
        return Err(AppError::bad_request("keys.p256dh must be a 65-byte P-256 public key"));
    }
    p256::PublicKey::from_sec1_bytes(&bytes).map_err(|_| AppError::bad_request("keys.p256dh is not a P-256 public key"))
}

/// A browser's auth secret: base64url of 16 bytes (RFC 8291).
pub fn decode_auth(text: &str) -> Result<Auth, AppError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('=').as_bytes())
        .map_err(|_| AppError::bad_request("keys.auth must be base64url"))?;
    if bytes.len() != 16 {
        return Err(AppError::bad_request("keys.auth must be 16 bytes"));
    }
    Ok(Auth::clone_from_slice(&bytes))
}

/// An endpoint we will post to: https, or plain http only to this machine (for tests).
pub fn check_endpoint(endpoint: &str) -> Result<(), AppError> {
    let bad = || AppError::bad_request("endpoint must be an https URL");
    if endpoint.is_empty() || endpoint.len() > MAX_ENDPOINT_LEN {
        return Err(AppError::bad_request("endpoint must be an https URL of at most 2048 characters"));
    }
    let uri: axum::http::Uri = endpoint.parse().map_err(|_| bad())?;
    let host = uri.host().ok_or_else(bad)?;
    match uri.scheme_str() {
        Some("https") => Ok(()),
        Some("http") if is_loopback(host) => Ok(()),
        _ => Err(bad()),
    }
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_must_be_https_or_loopback() {
        assert!(check_endpoint("https://fcm.googleapis.com/fcm/send/abc").is_ok());
        assert!(check_endpoint("http://127.0.0.1:9000/push/1").is_ok());
        assert!(check_endpoint("http://[::1]:9000/push/1").is_ok());
        assert!(check_endpoint("http://localhost/push").is_ok());
        assert!(check_endpoint("http://push.example/1").is_err());
        assert!(check_endpoint("ftp://push.example/1").is_err());
        assert!(check_endpoint("not a url").is_err());
        assert!(check_endpoint(&format!("https://x.example/{}", "a".repeat(3000))).is_err());
    }

    #[test]
    fn keys_are_checked_for_their_rfc_8291_sizes() {
        let secret = p256::SecretKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
        let point = secret.public_key().to_sec1_bytes();
        assert!(decode_key(&URL_SAFE_NO_PAD.encode(&point)).is_ok());
        assert!(decode_key(&URL_SAFE_NO_PAD.encode([4u8; 65])).is_err(), "not on the curve");
        assert!(decode_key(&URL_SAFE_NO_PAD.encode([4u8; 33])).is_err());
        assert!(decode_key("***").is_err());
        assert!(decode_auth(&URL_SAFE_NO_PAD.encode([1u8; 16])).is_ok());
        assert!(decode_auth(&URL_SAFE_NO_PAD.encode([1u8; 15])).is_err());
    }
}
