//! Events from the other instances: one `LISTEN`ing connection per instance on PostgreSQL, reading the batches
//! `outbound` sends. Each event is handed to the one dispatcher, which does on this instance what the event's own
//! instance did on its own. A batch larger than a notification waits in `live_spill` and the notification names its
//! row: one read per instance, never one per recipient.

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use sqlx::postgres::PgListener;

use super::outbound::{self, Batch, CHANNEL, SPILL_LIFETIME_MS};
use crate::db::Db;

/// What a notification holds: a batch, or the row of `live_spill` that holds it.
#[derive(Deserialize)]
#[serde(untagged)]
enum Incoming<E> {
    Batch(Batch<E>),
    Spilled { instance: u64, spilled: i64 },
}

/// The batch a notification carries (read from `live_spill` when it was too large to send), unless this instance
/// sent it.
async fn batch_of<E: DeserializeOwned>(db: &Db, me: u64, payload: &str) -> anyhow::Result<Option<Batch<E>>> {
    Ok(match serde_json::from_str::<Incoming<E>>(payload)? {
        Incoming::Batch(batch) => Some(batch).filter(|b| b.instance != me),
        Incoming::Spilled { instance, spilled } if instance != me => {
            let stored: Option<String> = sqlx::query_scalar("SELECT payload FROM live_spill WHERE id = $1")
                .bind(spilled)
                .fetch_optional(db.pool())
                .await?;
            let stored = stored.ok_or_else(|| anyhow::anyhow!("spilled live event {spilled} is gone"))?;
            Some(serde_json::from_str(&stored)?)
        }
        Incoming::Spilled { .. } => None,
    })
}

/// Sends an event from a process that has no server (the `grow` commands), so that running servers act on it
/// within a second (API.md "Safety": admin changes). On PostgreSQL it is a notification like any other; on SQLite,
/// which has none, a row of `live_spill` the server reads ([`follow_commands`]).
pub async fn notify_from_cli<E: Serialize>(db: &Db, event: &E) -> Result<(), sqlx::Error> {
    if db.backend() == crate::db::Backend::Postgres {
        return outbound::send(db, 0, false, std::slice::from_ref(event)).await;
    }
    let payload = serde_json::to_string(&Batch { instance: 0, missed: false, events: vec![event] })
        .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query("INSERT INTO live_spill (payload, expires_at) VALUES ($1, $2)")
        .bind(payload)
        .bind(crate::time::now_ms() + SPILL_LIFETIME_MS)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// How often a server on SQLite looks for events a command wrote.
const COMMANDS_EVERY: std::time::Duration = std::time::Duration::from_millis(400);

/// On SQLite, hands the events `grow` commands leave in `live_spill` (only they write there on SQLite) to
/// `on_event`, each once: the rows after the newest one seen at start, read a few times a second by their id.
pub async fn follow_commands<E: DeserializeOwned + Send + 'static>(
    db: Db,
    on_event: impl Fn(E) + Send + 'static,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let mut seen: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM live_spill").fetch_one(db.pool()).await?;
    Ok(tokio::spawn(async move {
        loop {
            tokio::time::sleep(COMMANDS_EVERY).await;
            let rows: Result<Vec<(i64, String)>, _> =
                sqlx::query_as("SELECT id, payload FROM live_spill WHERE id > $1 ORDER BY id")
                    .bind(seen)
                    .fetch_all(db.pool())
                    .await;
            let rows = match rows {
                Ok(rows) => rows,
                Err(err) => {
                    tracing::warn!(error = %err, "could not read the events of grow commands");
                    continue;
                }
            };
            for (id, payload) in rows {
                seen = id;
                match serde_json::from_str::<Batch<E>>(&payload) {
                    Ok(batch) => batch.events.into_iter().for_each(&on_event),
                    Err(err) => tracing::warn!(error = %err, "unreadable event from a grow command"),
                }
            }
        }
    }))
}

/// Starts listening (the subscription is live when this returns) and hands the events of every other instance to
/// `on_event`, in a background task. When events may have been missed (the connection was lost, or a sender dropped
/// some), `on_missed` runs first, so that nothing stale outlives the gap.
pub async fn listen<E: DeserializeOwned + Send + 'static>(
    database_url: &str,
    db: Db,
    me: u64,
    on_event: impl Fn(E) + Send + 'static,
    on_missed: impl Fn() + Send + 'static,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen(CHANNEL).await?;
    Ok(tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => match batch_of::<E>(&db, me, notification.payload()).await {
                    Ok(Some(batch)) => {
                        if batch.missed {
                            on_missed();
                        }
                        batch.events.into_iter().for_each(&on_event);
                    }
                    Ok(None) => {}
                    Err(err) => {
                        tracing::warn!(error = %err, "unreadable live event from another instance");
                        on_missed();
                    }
                },
                Ok(None) => {
                    tracing::warn!("live channel listener lost its connection; reconnecting");
                    on_missed();
                }
                Err(err) => {
                    tracing::warn!(error = %err, "live channel listener failed; retrying");
                    on_missed();
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    }))
}
