//! Live frames across instances: PostgreSQL `NOTIFY` on one channel, one `LISTEN`ing connection per
//! instance. Each notification names the user and the instance that sent it; every other instance
//! hands the frame to that user's local sockets.

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;

use super::{Hub, ServerFrame};
use crate::db::Db;

pub const CHANNEL: &str = "grow_live";

#[derive(Serialize, Deserialize)]
struct Envelope {
    instance: u64,
    user_id: i64,
    frame: ServerFrame,
}

pub async fn notify(db: &Db, instance: u64, user_id: i64, frame: &ServerFrame) -> Result<(), sqlx::Error> {
    let payload =
        serde_json::to_string(&Envelope { instance, user_id, frame: frame.clone() }).expect("frames serialise");
    sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(db.pool()).await?;
    Ok(())
}

/// Starts listening (the subscription is live when this returns) and relays frames from other
/// instances in a background task. The listener reconnects by itself after a lost connection.
pub async fn listen(database_url: &str, hub: Hub) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let mut listener = PgListener::connect(database_url).await?;
    listener.listen(CHANNEL).await?;
    Ok(tokio::spawn(async move {
        loop {
            match listener.recv().await {
                Ok(notification) => match serde_json::from_str::<Envelope>(notification.payload()) {
                    Ok(envelope) if envelope.instance != hub.instance() => {
                        hub.send_to_user(envelope.user_id, &envelope.frame)
                    }
                    Ok(_) => {}
                    Err(err) => tracing::warn!(error = %err, "unreadable live frame from another instance"),
                },
                Err(err) => {
                    tracing::warn!(error = %err, "live channel listener failed; retrying");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    }))
}
