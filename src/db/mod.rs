//! The one query layer: an `AnyPool` on SQLite (embedded default) or PostgreSQL (`DATABASE_URL`).
//!
//! Portable column conventions (docs/architecture.md): ids, coins, pence, times (epoch ms) and flags
//! (0/1) are integers; text is TEXT; lists are JSON text. The same SQL, with `$n` placeholders,
//! runs on both backends. Branch on [`Backend`] only where the SQL truly differs.

use std::{str::FromStr, sync::Arc, time::Duration};

use anyhow::Context;
use sqlx::{
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::Migrator,
    Any, AnyPool, ConnectOptions, Executor,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// SQLite allows one writer at a time. Queueing writers here (instead of in SQLite's busy
    /// handler) keeps write transactions fair and free of `SQLITE_BUSY`.
    writer: Option<Arc<Semaphore>>,
}

/// A write transaction. Derefs to the connection, so `&mut *tx` is an executor.
pub struct Tx {
    inner: sqlx::Transaction<'static, Any>,
    _writer: Option<OwnedSemaphorePermit>,
}

impl Tx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.inner.commit().await
    }
}

impl std::ops::Deref for Tx {
    type Target = sqlx::AnyConnection;
    fn deref(&self) -> &Self::Target {
        &self.inner
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.inner
    }
}

impl Db {
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            anyhow::bail!("DATABASE_URL must start with sqlite:// or postgres://");
        };
        let options = AnyConnectOptions::from_str(url)
            .context("DATABASE_URL is not a valid database URL")?
            .log_statements(tracing::log::LevelFilter::Trace)
            .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_millis(500));
        let pool = match backend {
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(8)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;",
                            )
                            .await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            // A runaway query must not hold a connection forever.
                            conn.execute("SET statement_timeout = '15s'").await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await
            }
        }
        .context("could not connect to the database")?;
        let writer = (backend == Backend::Sqlite).then(|| Arc::new(Semaphore::new(1)));
        Ok(Self { pool, backend, writer })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("running migrations")?;
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Begins a write transaction: `BEGIN IMMEDIATE` behind the writer queue on SQLite, so a
    /// read-then-write inside it can never be overtaken by another writer.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        match &self.writer {
            Some(writer) => {
                let permit = writer.clone().acquire_owned().await.expect("writer semaphore never closes");
                let inner = self.pool.begin_with("BEGIN IMMEDIATE").await?;
                Ok(Tx { inner, _writer: Some(permit) })
            }
            None => Ok(Tx { inner: self.pool.begin().await?, _writer: None }),
        }
    }

    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// True when the error is a unique-constraint violation (a duplicate), on either backend.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    err.as_database_error().is_some_and(|e| e.is_unique_violation())
}

/// Flags are stored as 0/1 integers on both backends.
pub fn flag(value: bool) -> i64 {
    i64::from(value)
}
