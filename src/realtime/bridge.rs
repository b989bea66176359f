//! Live events across instances: PostgreSQL `NOTIFY` on one channel, one `LISTEN`ing connection per
//! instance. Each notification carries one event and the instance that sent it; every other
//! instance applies the event to its own sockets and session cache. PostgreSQL refuses a payload of
//! 8000 bytes or more, so a larger event (a chat frame carrying a long message) waits in `live_spill`
//! and the notification names its row: one read per instance, never one per recipient.

use serde::Deserialize;
use sqlx::postgres::PgListener;

use super::{
    outbound::{notify, Envelope, CHANNEL, SPILL_LIFETIME_MS},
    Event, Hub,
};
use crate::db::Db;

/// What a notification holds: an event, or the row of `live_spill` that holds it.
#[derive(Deserialize)]
#[serde(untagged)]
enum Incoming {
    Event(Envelope<Event>),
    Spilled { instance: u64, spilled: i64 },
}

/// The event a notification carries, read from `live_spill` when it was too large to send.
async fn event_of(db: &Db, hub: &Hub, payload: &str) -> anyhow::Result<Option<Event>> {
    let (instance, event) = match serde_json::from_str::<Incoming>(payload)? {
        Incoming::Event(envelope) => (envelope.instance, Some(envelope.event)),
        Incoming::Spilled { instance, spilled } if instance != hub.instance() => {
            let stored: Option<String> = sqlx::query_scalar("SELECT payload FROM live_spill WHERE id = $1")
                .bind(spilled)
                .fetch_optional(db.pool())
                .await?;
            let stored = stored.ok_or_else(|| anyhow::anyhow!("spilled live event {spilled} is gone"))?;
            (instance, Some(serde_json::from_str::<Envelope<Event>>(&stored)?.event))
        }
        Incoming::Spilled { instance, .. } => (instance, None),
    };
    Ok(event.filter(|_| instance != hub.instance()))
}

/// Sends an event from a process that has no hub (the `grow` commands), so that running servers
/// apply it within a second (API.md "Safety": admin changes). On PostgreSQL it is a notification like any
/// other; on SQLite, which has none, a row of `live_spill` the server reads ([`follow_commands`]).
pub async fn notify_from_cli(db: &Db, event: &Event) -> Result<(), sqlx::Error> {
    if db.backend() == crate::db::Backend::Postgres {
        return notify(db, 0, event).await;
    }
    let payload =
        serde_json::to_string(&Envelope { instance: 0, event }).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query("INSERT INTO live_spill (payload, expires_at) VALUES ($1, $2)")
        .bind(payload)
        .bind(crate::time::now_ms() + SPILL_LIFETIME_MS)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// How often a server on SQLite looks for events a command wrote.
const COMMANDS_EVERY: std::time::Duration = std::time::Duration::from_millis(400);

/// On SQLite, applies the events `grow` commands leave in `live_spill` (only they write there on SQLite),
/// each once: the rows after the newest one seen at start, read a few times a second by their id.
pub async fn follow_commands(db: Db, hub: Hub) -> anyhow::Result<tokio::task::JoinHandle<()>> {
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
                match serde_json::from_str::<Envelope<Event>>(&payload) {
                    Ok(envelope) => hub.apply_remote(&envelope.event),
                    Err(err) => tracing::warn!(error = %err, "unreadable event from a grow command"),
                }
            }
        }
    }))
}

/// Starts listening (the subscription is live when this returns) and applies events from other
/// instances in a background task. After a lost connection (events may have been missed) everything the
/// hub keeps is let go ([`Hub::all_stale`]), so nothing stale outlives the gap.
pub async fn listen(database_url: &str, db: Db, hub: Hub) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen(CHANNEL).await?;
    Ok(tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => match event_of(&db, &hub, notification.payload()).await {
                    Ok(Some(event)) => hub.apply_remote(&event),
                    Ok(None) => {}
                    Err(err) => tracing::warn!(error = %err, "unreadable live event from another instance"),
                },
                Ok(None) => {
                    tracing::warn!("live channel listener lost its connection; reconnecting");
                    hub.all_stale();
                }
                Err(err) => {
                    tracing::warn!(error = %err, "live channel listener failed; retrying");
                    hub.all_stale();
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    }))
}
