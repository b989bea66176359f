//! Events sent to the other instances: PostgreSQL `NOTIFY` on one channel. A bounded queue feeds one task that
//! sends whatever has gathered as one notification (up to [`BATCH`] events and [`MAX_PAYLOAD`] bytes), so a busy
//! room's events go out in a few notifications, not one each, and a logout never waits behind them for long.
//!
//! The policy for a slow bridge: when the queue is full (the database cannot keep up), the event is dropped and the
//! next notification says events were missed; so does one that follows a failed send. The other instances then let
//! go of everything they keep (drop and resync), as they do when their own connection drops.

use std::sync::{
    atomic::{AtomicBool, Ordering},
    Arc,
};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::db::Db;

pub const CHANNEL: &str = "grow_live";

/// The largest payload sent as it is (PostgreSQL's limit is 8000 bytes, less its own framing). A single event
/// larger than this (a chat frame carrying a long message) waits in `live_spill`, and the notification names its row.
const MAX_PAYLOAD: usize = 7_000;
/// How long a spilled event waits for the other instances to read it.
pub(super) const SPILL_LIFETIME_MS: i64 = 60_000;
/// Events waiting to be sent, at most; past this they are dropped and the others told they missed some.
pub const QUEUE: usize = 8_192;
/// Events gathered into one notification, at most.
const BATCH: usize = 256;

/// What one notification carries: events in the order they happened on `instance`, and whether events were
/// dropped before them.
#[derive(Serialize, Deserialize)]
pub(super) struct Batch<E> {
    pub(super) instance: u64,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(super) missed: bool,
    pub(super) events: Vec<E>,
}

#[derive(Serialize)]
struct SpilledRef {
    instance: u64,
    spilled: i64,
}

/// The sending end: it never waits.
pub struct Outbound<E> {
    queue: mpsc::Sender<E>,
    missed: Arc<AtomicBool>,
}

impl<E: Serialize + Send + Sync + 'static> Outbound<E> {
    /// Starts the sending task of instance `instance`.
    pub fn start(db: Db, instance: u64) -> Self {
        let (queue, mut waiting) = mpsc::channel::<E>(QUEUE);
        let missed = Arc::new(AtomicBool::new(false));
        let dropped = missed.clone();
        tokio::spawn(async move {
            let mut events = Vec::with_capacity(BATCH);
            while waiting.recv_many(&mut events, BATCH).await > 0 {
                let missed = dropped.swap(false, Ordering::SeqCst);
                if let Err(err) = send(&db, instance, missed, &events).await {
                    // A lost notification is not a lost write; the others are told they missed something.
                    tracing::warn!(error = %err, "could not send live events to other instances");
                    dropped.store(true, Ordering::SeqCst);
                }
                events.clear();
            }
        });
        Self { queue, missed }
    }

    /// Queues an event for the other instances; when the queue is full it is dropped, and they are told.
    pub fn send(&self, event: E) {
        if self.queue.try_send(event).is_err() {
            self.missed.store(true, Ordering::SeqCst);
        }
    }
}

/// Sends `events` (in order) as few notifications as their size allows, saying first that events were `missed` when
/// some were dropped before them.
pub async fn send<E: Serialize>(db: &Db, instance: u64, missed: bool, events: &[E]) -> Result<(), sqlx::Error> {
    let encode = |e: serde_json::Error| sqlx::Error::Encode(Box::new(e));
    let head = |missed: bool| {
        format!(r#"{{"instance":{instance}{},"events":["#, if missed { r#","missed":true"# } else { "" })
    };
    let mut payload = head(missed);
    let mut count = 0;
    for event in events {
        let one = serde_json::to_string(event).map_err(encode)?;
        if count > 0 && payload.len() + one.len() + 2 > MAX_PAYLOAD {
            payload.push_str("]}");
            deliver(db, instance, payload).await?;
            payload = head(false);
            count = 0;
        }
        if count > 0 {
            payload.push(',');
        }
        payload.push_str(&one);
        count += 1;
    }
    if count == 0 && !missed {
        return Ok(());
    }
    payload.push_str("]}");
    deliver(db, instance, payload).await
}

/// Sends one batch's payload, through `live_spill` when it is too large for a notification (it then holds one event).
async fn deliver(db: &Db, instance: u64, mut payload: String) -> Result<(), sqlx::Error> {
    if payload.len() > MAX_PAYLOAD {
        // One event too large for a notification: it waits in a row the notification names.
        let expires_at = crate::time::now_ms() + SPILL_LIFETIME_MS;
        let spilled: i64 =
            sqlx::query_scalar("INSERT INTO live_spill (payload, expires_at) VALUES ($1, $2) RETURNING id")
                .bind(&payload)
                .bind(expires_at)
                .fetch_one(db.pool())
                .await?;
        payload =
            serde_json::to_string(&SpilledRef { instance, spilled }).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    }
    notify(db, &payload).await
}

async fn notify(db: &Db, payload: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(db.pool()).await?;
    Ok(())
}
