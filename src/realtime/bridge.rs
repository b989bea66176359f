//! Live events across instances: PostgreSQL `NOTIFY` on one channel, one `LISTEN`ing connection per
//! instance. Each notification carries one event and the instance that sent it; every other
//! instance applies the event to its own sockets and session cache.

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;

use super::{hub::Event, Hub};
use crate::db::Db;

pub const CHANNEL: &str = "grow_live";

#[derive(Serialize, Deserialize)]
struct Envelope<E> {
    instance: u64,
    event: E,
}

pub async fn notify(db: &Db, instance: u64, event: &Event) -> Result<(), sqlx::Error> {
    let payload = serde_json::to_string(&Envelope { instance, event }).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(db.pool()).await?;
    Ok(())
}

/// Sends an event from a process that has no hub (the `grow` commands), so that running servers
/// apply it. Only PostgreSQL reaches other processes; on SQLite this does nothing.
pub async fn notify_from_cli(db: &Db, event: &Event) -> Result<(), sqlx::Error> {
    if db.backend() == crate::db::Backend::Postgres {
        notify(db, 0, event).await?;
    }
    Ok(())
}

/// Starts listening (the subscription is live when this returns) and applies events from other
/// instances in a background task. After a lost connection (events may have been missed) the
/// session cache is emptied and kept deck pages marked stale, so nothing stale outlives the gap.
pub async fn listen(database_url: &str, hub: Hub) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen(CHANNEL).await?;
    Ok(tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => match serde_json::from_str::<Envelope<Event>>(notification.payload()) {
                    Ok(envelope) if envelope.instance != hub.instance() => hub.apply_remote(&envelope.event),
                    Ok(_) => {}
                    Err(err) => tracing::warn!(error = %err, "unreadable live event from another instance"),
                },
                Ok(None) => {
                    tracing::warn!("live channel listener lost its connection; reconnecting");
                    hub.sessions().clear();
                    hub.cards().everyone_changed();
                }
                Err(err) => {
                    tracing::warn!(error = %err, "live channel listener failed; retrying");
                    hub.sessions().clear();
                    hub.cards().everyone_changed();
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    }))
}
