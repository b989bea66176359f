//! Background jobs. Each job has `run_once()`, which does one round of its work and says what it
//! did; tests call it directly and `grow jobs run NAME` runs it from the command line. In a server,
//! a task per job runs it every period, and a lease row decides which instance does: claiming the
//! lease is one conditional `UPDATE`, so however many instances share the database, one runs each
//! round. The work itself must be safe to repeat (a second round finds nothing left to do).

mod cleanup;

use std::time::Duration;

use anyhow::Context;

use crate::{
    db::Db,
    notifications::{daily, digest},
    people::positions,
    state::AppState,
    time::now_ms,
};

/// The jobs there are, by name.
pub const NAMES: &[&str] = &[cleanup::NAME, daily::NAME, digest::NAME, positions::NAME, PUSH];

/// Push delivery runs continuously in every server; as a job it is one round, for operators and tests.
const PUSH: &str = "push";

fn period(name: &str) -> Option<Duration> {
    match name {
        cleanup::NAME => Some(cleanup::PERIOD),
        daily::NAME => Some(daily::PERIOD),
        digest::NAME => Some(digest::PERIOD),
        positions::NAME => Some(positions::PERIOD),
        _ => None,
    }
}

/// Runs one round of the job called `name` now; a line saying what it did.
pub async fn run_once(name: &str, state: &AppState) -> anyhow::Result<String> {
    match name {
        cleanup::NAME => cleanup::run_once(state).await,
        daily::NAME => daily::run_once(state).await,
        digest::NAME => digest::run_once(state).await,
        positions::NAME => positions::run_once(state).await,
        PUSH => Ok(format!("{:?}", state.pusher.deliver_due().await?)),
        _ => anyhow::bail!("no job called {name:?}; the jobs are: {}", NAMES.join(", ")),
    }
}

/// Starts the task of every job (a server does this on start).
pub fn spawn_all(state: AppState) {
    for &name in NAMES.iter().filter(|&&name| period(name).is_some()) {
        let state = state.clone();
        tokio::spawn(async move {
            let every = period(name).unwrap_or(Duration::from_secs(3600));
            // A little spread so instances started together do not all wake at once.
            tokio::time::sleep(Duration::from_millis(rand::random::<u64>() % 5_000)).await;
            loop {
                match claim_as(&state.db, name, every, &state.hub.instance().to_string()).await {
                    Ok(true) => {
                        let outcome = run_once(name, &state).await;
                        let result = if outcome.is_ok() { "ok" } else { "failed" };
                        metrics::counter!(crate::metrics::JOB_RUNS, "job" => name, "outcome" => result).increment(1);
                        if let Err(err) = &outcome {
                            tracing::error!(job = name, error = %format!("{err:#}"), "job failed");
                        }
                        if let Err(err) = record(&state.db, name, &outcome).await {
                            tracing::warn!(job = name, error = %err, "could not record a job run");
                        }
                    }
                    Ok(false) => {}
                    Err(err) => tracing::warn!(job = name, error = %err, "could not claim a job"),
                }
                tokio::time::sleep(every.min(Duration::from_secs(60))).await;
            }
        });
    }
}

/// Takes the job's lease when its round is due: true for the one instance that gets it.
pub async fn claim(db: &Db, name: &str, every: Duration) -> anyhow::Result<bool> {
    claim_as(db, name, every, "").await
}

/// [`claim`], signed by an instance, so a clean shutdown can hand back a round it did not finish.
pub async fn claim_as(db: &Db, name: &str, every: Duration, instance: &str) -> anyhow::Result<bool> {
    let now = now_ms();
    let every_ms = i64::try_from(every.as_millis()).unwrap_or(i64::MAX / 2);
    let mut tx = db.begin().await?;
    sqlx::query("INSERT INTO job_leases (name, next_run_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    let claimed: Option<String> = sqlx::query_scalar(
        "UPDATE job_leases SET next_run_at = $2, last_started_at = $3, locked_by = $4 \
         WHERE name = $1 AND next_run_at <= $3 RETURNING name",
    )
    .bind(name)
    .bind(now + every_ms)
    .bind(now)
    .bind(instance)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(claimed.is_some())
}

/// A stopping instance hands back the rounds it started and did not finish: they are due again now.
pub async fn release(db: &Db, instance: &str) -> anyhow::Result<u64> {
    let mut tx = db.begin().await?;
    let done = sqlx::query(
        "UPDATE job_leases SET next_run_at = $2, locked_by = NULL WHERE locked_by = $1 \
         AND (last_finished_at IS NULL OR last_finished_at < last_started_at)",
    )
    .bind(instance)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(done.rows_affected())
}

async fn record(db: &Db, name: &str, outcome: &anyhow::Result<String>) -> anyhow::Result<()> {
    let text = match outcome {
        Ok(done) => format!("ok: {done}"),
        Err(err) => format!("failed: {err:#}"),
    };
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE job_leases SET last_finished_at = $2, last_outcome = $3, locked_by = NULL WHERE name = $1")
        .bind(name)
        .bind(now_ms())
        .bind(text)
        .execute(&mut *tx)
        .await
        .context("recording the run")?;
    tx.commit().await?;
    Ok(())
}
