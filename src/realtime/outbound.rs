//! Live events sent to the other instances: PostgreSQL `NOTIFY` on one channel, each notification one event and the
//! instance that sent it; an event too large for a notification waits in `live_spill`, named by its row. The hub
//! sends every event here; `bridge` receives them.

use serde::{Deserialize, Serialize};

use super::Event;
use crate::db::Db;

pub const CHANNEL: &str = "grow_live";

/// The largest payload sent as it is (PostgreSQL's limit is 8000 bytes, less its own framing).
const MAX_PAYLOAD: usize = 7_000;
/// How long a spilled event waits for the other instances to read it.
pub(super) const SPILL_LIFETIME_MS: i64 = 60_000;

/// One event as sent, with the instance that sent it.
#[derive(Serialize, Deserialize)]
pub(super) struct Envelope<E> {
    pub(super) instance: u64,
    pub(super) event: E,
}

#[derive(Serialize)]
struct SpilledRef {
    instance: u64,
    spilled: i64,
}

pub async fn notify(db: &Db, instance: u64, event: &Event) -> Result<(), sqlx::Error> {
    let encode = |e: serde_json::Error| sqlx::Error::Encode(Box::new(e));
    let mut payload = serde_json::to_string(&Envelope { instance, event }).map_err(encode)?;
    if payload.len() > MAX_PAYLOAD {
        let expires_at = crate::time::now_ms() + SPILL_LIFETIME_MS;
        let spilled: i64 =
            sqlx::query_scalar("INSERT INTO live_spill (payload, expires_at) VALUES ($1, $2) RETURNING id")
                .bind(&payload)
                .bind(expires_at)
                .fetch_one(db.pool())
                .await?;
        payload = serde_json::to_string(&SpilledRef { instance, spilled }).map_err(encode)?;
    }
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(db.pool()).await?;
    Ok(())
}
