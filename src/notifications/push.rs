//! Web Push (API.md "Push"): the VAPID key, checking subscriptions, and the delivery worker.
//!
//! A notification is queued for each of its recipient's subscriptions in the transaction that
//! creates it (`push_outbox`). A worker on every instance drains the queue: woken at once after a
//! commit on its own instance, and every few seconds for retries and other instances' rows. Rows are
//! claimed with a lease, so each push goes out once however many instances run. A push service that
//! answers 404 or 410 has forgotten the subscription: it is removed. Other failures are retried with
//! growing pauses, five times in all. Nothing here runs on a request's path.
//!
//! Deliveries run side by side (at most `IN_FLIGHT` at once), each with a short timeout, so a slow
//! push service delays no one else's pushes. Every request goes through [`endpoint`]'s guard:
//! the URL is checked again, names resolve only to public addresses, no proxy, no redirects.

use std::{sync::Arc, time::Duration};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use p256::ecdsa::SigningKey;
use tokio::{sync::Notify, task::JoinSet};

use super::{
    endpoint::{self, GuardedResolver, Reach},
    store::{self, DuePush},
    webpush,
};
use crate::{db::Db, error::AppError, time::now_ms};

/// Deliveries in flight at once on one instance.
const IN_FLIGHT: usize = 16;
const LEASE_MS: i64 = 60_000;
const SWEEP: Duration = Duration::from_secs(5);
/// One delivery's whole time, connecting included: a push service that takes longer is retried later.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(4);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Pauses before the 2nd, 3rd, 4th and 5th try.
const RETRY_AFTER_MS: [i64; 4] = [10_000, 60_000, 300_000, 1_800_000];

#[derive(Clone)]
pub struct Pusher {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    key: SigningKey,
    public_key: String,
    /// The VAPID subject (`mailto:` or `https:`): who push services contact about our traffic.
    subject: String,
    http: reqwest::Client,
    wake: Notify,
    /// This instance, as it signs its claims.
    instance: String,
    /// Where pushes may go (loopback only under the test-only setting).
    reach: Reach,
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
    pub async fn load(db: Db, subject: String, instance: String, reach: Reach) -> anyhow::Result<Self> {
        let fresh = URL_SAFE_NO_PAD.encode(SigningKey::random(&mut rand::rngs::OsRng).to_bytes());
        let mut tx = db.begin().await?;
        let stored = crate::db::secret_or_insert(&mut tx, "vapid_private_key", &fresh).await?;
        tx.commit().await?;
        let key = SigningKey::from_slice(&URL_SAFE_NO_PAD.decode(stored)?)
            .map_err(|e| anyhow::anyhow!("the stored VAPID key is unreadable: {e}"))?;
        let public_key = webpush::public_key(&key);
        let http = reqwest::Client::builder()
            .timeout(SEND_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            // The address connected to is the one the guard allowed: no proxy resolves it instead,
            // and no redirect sends the request on somewhere else.
            .dns_resolver(GuardedResolver::new(reach))
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let inner = Inner { db, key, public_key, subject, http, wake: Notify::new(), instance, reach };
        Ok(Self { inner: Arc::new(inner) })
    }

    pub fn public_key(&self) -> &str {
        &self.inner.public_key
    }

    /// Wakes the worker: a notification committed here, and with it the pushes it queued.
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

    /// Sends every push that is due now (one round; the worker calls it, and tests may). Up to
    /// `IN_FLIGHT` deliveries run at once; while any is in flight, newly queued pushes are claimed
    /// as soon as they are announced, so one slow push service holds up only its own pushes.
    pub async fn deliver_due(&self) -> anyhow::Result<Delivered> {
        let mut done = Delivered::default();
        let mut running: JoinSet<anyhow::Result<Outcome>> = JoinSet::new();
        loop {
            let free = IN_FLIGHT - running.len();
            if free > 0 {
                let mut tx = self.inner.db.begin().await?;
                let due = store::claim_due(&mut tx, free as i64, LEASE_MS, &self.inner.instance).await?;
                tx.commit().await?;
                for push in due {
                    let pusher = self.clone();
                    running.spawn(async move { pusher.deliver(push).await });
                }
            }
            if running.is_empty() {
                return Ok(done);
            }
            tokio::select! {
                finished = running.join_next() => {
                    let mut finished = finished;
                    // Everything that finished meanwhile is counted before the next claim.
                    while let Some(result) = finished {
                        match result {
                            Ok(Ok(outcome)) => done.count(&outcome),
                            Ok(Err(err)) => tracing::warn!(error = %format!("{err:#}"), "a push outcome was not recorded"),
                            Err(err) => tracing::warn!(error = %err, "a push delivery stopped"),
                        }
                        finished = running.try_join_next();
                    }
                }
                // A commit queued more pushes: claim them beside those in flight.
                () = self.inner.wake.notified(), if free > 0 => {}
                () = tokio::time::sleep(SWEEP) => {}
            }
        }
    }

    /// Sends one push and records its outcome.
    async fn deliver(&self, push: DuePush) -> anyhow::Result<Outcome> {
        let outcome = self.send(&push).await;
        let mut tx = self.inner.db.begin().await?;
        let label = match &outcome {
            Outcome::Sent => "sent",
            Outcome::Gone => "gone",
            Outcome::Retry(_) => "retry",
        };
        metrics::counter!(crate::metrics::PUSHES, "outcome" => label).increment(1);
        match &outcome {
            Outcome::Sent => store::push_delivered(&mut tx, push.id).await?,
            Outcome::Gone => store::subscription_gone(&mut tx, push.subscription_id).await?,
            Outcome::Retry(why) => {
                let attempts = push.attempts + 1;
                let pause = usize::try_from(push.attempts).ok().and_then(|i| RETRY_AFTER_MS.get(i));
                tracing::warn!(attempt = attempts, why, "a push was not delivered");
                store::push_failed(&mut tx, push.id, attempts, pause.map(|ms| now_ms() + ms)).await?;
            }
        }
        tx.commit().await?;
        Ok(outcome)
    }

    async fn send(&self, push: &DuePush) -> Outcome {
        // Checked again here: a row stored before the rules (or by any other way) reaches nothing
        // internal. The resolver then checks the address actually connected to.
        if let Err(why) = endpoint::check_endpoint(&push.endpoint, self.inner.reach) {
            tracing::warn!(why = %why, "a push subscription to a refused address was removed");
            return Outcome::Gone;
        }
        let request = match self.build(push) {
            Ok(request) => request,
            // A subscription we cannot encrypt for will never work.
            Err(why) => {
                tracing::warn!(why, "an unusable push subscription was removed");
                return Outcome::Gone;
            }
        };
        match self.inner.http.execute(request).await {
            Ok(answer) if answer.status().is_success() => Outcome::Sent,
            Ok(answer) if matches!(answer.status().as_u16(), 404 | 410) => Outcome::Gone,
            Ok(answer) => Outcome::Retry(format!("push service answered {}", answer.status())),
            Err(err) => Outcome::Retry(format!("could not reach the push service: {err}")),
        }
    }

    fn build(&self, push: &DuePush) -> Result<reqwest::Request, String> {
        let public = decode_key(&push.p256dh).map_err(|e| e.to_string())?;
        let auth = decode_auth(&push.auth).map_err(|e| e.to_string())?;
        let endpoint = reqwest::Url::parse(&push.endpoint).map_err(|_| "the endpoint is not a URL".to_string())?;
        let payload = serde_json::json!({
            "id": push.notification_id,
            "type": push.kind,
            "title": push.title,
            "body": push.message,
            "data": serde_json::from_str::<serde_json::Value>(&push.data).unwrap_or_default(),
        });
        let body = webpush::seal(payload.to_string().as_bytes(), &public, &auth).ok_or("could not encrypt the push")?;
        // The push service keeps the message a day for a browser that is offline. The token is valid for 12 hours:
        // RFC 8292 allows at most 24, and a service whose clock runs ahead refuses one that reaches past them.
        let keep = Duration::from_secs(24 * 60 * 60);
        let expires = now_ms() / 1000 + 12 * 60 * 60;
        self.inner
            .http
            .post(endpoint.clone())
            .header("TTL", keep.as_secs())
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header(
                "Authorization",
                webpush::vapid(&self.inner.key, &self.inner.public_key, &endpoint, &self.inner.subject, expires),
            )
            .body(body)
            .build()
            .map_err(|e| format!("could not make the push request: {e}"))
    }
}

enum Outcome {
    Sent,
    Gone,
    Retry(String),
}

impl Delivered {
    fn count(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Sent => self.sent += 1,
            Outcome::Gone => self.gone += 1,
            Outcome::Retry(_) => self.retried += 1,
        }
    }
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
pub fn decode_auth(text: &str) -> Result<[u8; 16], AppError> {
    let bytes = URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('=').as_bytes())
        .map_err(|_| AppError::bad_request("keys.auth must be base64url"))?;
    bytes.try_into().map_err(|_| AppError::bad_request("keys.auth must be 16 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
