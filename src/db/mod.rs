//! The one query layer: an `AnyPool` on SQLite (embedded default) or PostgreSQL (`DATABASE_URL`).
//!
//! Portable column conventions (docs/architecture.md): ids, coins, pence, times (epoch ms) and flags
//! (0/1) are integers; text is TEXT; lists are JSON text. The same SQL, with `$n` placeholders,
//! runs on both backends. Branch on [`Backend`] only where the SQL truly differs.
//!
//! How store functions take the database (one rule for every area):
//! - a read takes `conn: &mut Conn`: a pool connection (`&mut db.conn().await?`) or an open
//!   transaction (`&mut tx`, which derefs to a connection), so any read can join a transaction;
//! - a write takes `tx: &mut Tx`, which only [`Db::begin`] makes. On SQLite that holds the one
//!   writer permit, so every write goes through the writer queue and none meets `SQLITE_BUSY`.

mod migrations;
pub mod page;
pub mod row;

use std::{
    collections::HashSet,
    str::FromStr,
    sync::{Arc, Mutex},
    time::Duration,
};

use anyhow::Context;
use sqlx::{
    any::{AnyConnectOptions, AnyPoolOptions},
    pool::PoolConnection,
    Any, AnyPool, ConnectOptions, Executor,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::sync::lock;

/// What a read runs on: a pool connection or an open transaction.
pub type Conn = sqlx::AnyConnection;

/// How long a write waits for the SQLite writer queue before it gives up with an error.
const WRITER_WAIT: Duration = Duration::from_secs(10);

/// A floating-point parameter, bound as text and read back with `CAST($n AS DOUBLE PRECISION)`.
/// sqlx 0.8's `Any` driver binds a NULL `f64` as a PostgreSQL `real` (float4), and a connection's
/// cached statement keeps that type, so the same statement later bound to a number fails with
/// "incorrect binary data format". As text, NULL and a number are one type; Rust's shortest
/// round-trip formatting keeps every `f64` exact.
pub fn float(value: Option<f64>) -> Option<String> {
    value.map(|v| v.to_string())
}

/// How long a request waits for a connection: past it the database is taken to be gone or
/// overwhelmed and the request answers 503 (sqlx's default, 30 s, is the whole request's time).
const ACQUIRE_WAIT: Duration = Duration::from_secs(5);

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
    /// The tasks that hold an open transaction. A second `begin()` in the same task would wait
    /// for itself on SQLite (and hold two connections on PostgreSQL): it fails at once instead.
    open: Arc<Mutex<HashSet<Holder>>>,
    /// Who hears what committed transactions recorded ([`Tx::record`]).
    listeners: Listeners,
}

/// A fact a transaction records for after its commit. Its type belongs to the layer above (the event path,
/// `crate::events`), which alone reads it: this layer only keeps it and hands it on.
pub type Recorded = Box<dyn std::any::Any + Send + Sync>;
type Listener = Arc<dyn Fn(&Recorded) + Send + Sync>;
type Listeners = Arc<std::sync::RwLock<Vec<Listener>>>;

/// Who holds a transaction: a task, or a thread blocking on a future outside any task.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Holder {
    Task(tokio::task::Id),
    Thread(std::thread::ThreadId),
}

/// A write transaction. Derefs to the connection, so `&mut tx` is a [`Conn`] and `&mut **tx` an executor.
pub struct Tx {
    inner: sqlx::Transaction<'static, Any>,
    _writer: Option<OwnedSemaphorePermit>,
    _mark: OpenMark,
    events: Vec<Recorded>,
    listeners: Listeners,
}

/// The listeners as registered now (copied, so none runs while the list is locked).
fn registered(listeners: &Listeners) -> Vec<Listener> {
    listeners.read().map(|l| l.clone()).unwrap_or_default()
}

fn hand_to(listeners: &[Listener], event: &Recorded) {
    for listener in listeners {
        listener(event);
    }
}

impl Tx {
    /// Commits, then hands what it recorded to the listeners (after the writer queue is released, so what they
    /// start may begin another transaction). The one way anything acts after a commit: announcing a change, its
    /// live frames and notifications, never for a change that did not happen, never missing for one that did.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        let Tx { inner, _writer, _mark, events, listeners } = self;
        inner.commit().await?;
        drop((_writer, _mark));
        let listeners = registered(&listeners);
        for event in &events {
            hand_to(&listeners, event);
        }
        Ok(())
    }

    /// Records a fact this transaction establishes; the listeners hear it once it commits, never if it rolls back.
    pub fn record(&mut self, event: Recorded) {
        self.events.push(event);
    }

    /// What this transaction recorded so far.
    pub fn recorded(&self) -> impl Iterator<Item = &Recorded> {
        self.events.iter()
    }
}

/// Marks the current task as holding a transaction until dropped.
struct OpenMark(Option<(Holder, Arc<Mutex<HashSet<Holder>>>)>);

impl Drop for OpenMark {
    fn drop(&mut self) {
        if let Some((id, open)) = self.0.take() {
            lock(&open).remove(&id);
        }
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

/// SQLite copies its write-ahead log into the database file (a checkpoint, with a sync of the file) in
/// whichever commit crosses `wal_autocheckpoint` pages: that one write waits tens of milliseconds while
/// every other queues behind it. A task checkpoints every second instead, beside the writers (a passive
/// checkpoint takes no write lock), and the automatic one stays only as a backstop should the task fall
/// behind.
const WAL_BACKSTOP_PAGES: u32 = 10_000;
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

fn checkpoint_off_the_write_path(pool: &AnyPool) {
    // Ends when the pool is closed (or with the runtime).
    let pool = pool.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(CHECKPOINT_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if pool.is_closed() {
                break;
            }
            if let Err(err) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
                tracing::debug!(%err, "a passive checkpoint did not run");
            }
        }
    });
}

/// What both databases' pools share.
fn pool_options(max_connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(ACQUIRE_WAIT)
        // No ping as a connection leaves the pool: sqlx pings each one as it comes back and closes it there if
        // broken, and a second ping on the way out would cost every request one more round trip to the
        // connection's thread (SQLite) or to the server (PostgreSQL). One that broke while idle answers its first
        // statement with an I/O error: a 503 to try again, and it is closed as it comes back.
        .test_before_acquire(false)
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
                pool_options(8)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(&*format!(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
                                 PRAGMA wal_autocheckpoint = {WAL_BACKSTOP_PAGES};"
                            ))
                            .await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await
            }
            Backend::Postgres => {
                pool_options(16)
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
        if backend == Backend::Sqlite {
            checkpoint_off_the_write_path(&pool);
        }
        Ok(Self { pool, backend, writer, open: Arc::default(), listeners: Arc::default() })
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = migrations::for_backend(self.backend);
        migrator.run(&self.pool).await.context("running migrations")?;
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A connection for reads: pass `&mut conn` to store functions that read.
    pub async fn conn(&self) -> Result<PoolConnection<Any>, sqlx::Error> {
        self.pool.acquire().await
    }

    /// Begins a write transaction: `BEGIN IMMEDIATE` behind the writer queue on SQLite, so a
    /// read-then-write inside it can never be overtaken by another writer. Fails at once (never
    /// hangs) when the calling task already holds a transaction.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        let mark = self.mark_open()?;
        let writer = match &self.writer {
            Some(writer) => Some(
                tokio::time::timeout(WRITER_WAIT, writer.clone().acquire_owned())
                    .await
                    .map_err(|_| sqlx::Error::PoolTimedOut)?
                    .map_err(|_| sqlx::Error::PoolClosed)?,
            ),
            None => None,
        };
        // Begun in a task of its own: a request cut off while its `BEGIN` was under way (its client went away)
        // would otherwise drop the future after the database began the transaction but before sqlx made a
        // `Transaction` of it, leaving a connection in the pool inside a transaction nobody ends; on SQLite that
        // one holds the write lock, and every write after it failed with "database is locked". The task always
        // finishes: a transaction nobody waits for any more is dropped there, and so rolled back.
        let pool = self.pool.clone();
        let immediate = writer.is_some();
        let inner = tokio::spawn(async move {
            if immediate {
                pool.begin_with("BEGIN IMMEDIATE").await
            } else {
                pool.begin().await
            }
        })
        .await
        .map_err(|_| sqlx::Error::WorkerCrashed)??;
        Ok(Tx { inner, _writer: writer, _mark: mark, events: Vec::new(), listeners: self.listeners.clone() })
    }

    fn mark_open(&self) -> Result<OpenMark, sqlx::Error> {
        // Outside a spawned task (a `block_on`, as in `main`), the future stays on its thread.
        let id = match tokio::task::try_id() {
            Some(task) => Holder::Task(task),
            None => Holder::Thread(std::thread::current().id()),
        };
        if !lock(&self.open).insert(id) {
            return Err(sqlx::Error::Protocol(
                "a transaction was begun while this task already holds one; pass the open `Tx` down instead".into(),
            ));
        }
        Ok(OpenMark(Some((id, self.open.clone()))))
    }

    /// Adds a listener of what committed transactions recorded (see [`Tx::record`]).
    pub fn listen(&self, listener: impl Fn(&Recorded) + Send + Sync + 'static) {
        if let Ok(mut listeners) = self.listeners.write() {
            listeners.push(Arc::new(listener));
        }
    }

    /// Hands an event no transaction holds (a passing signal: typing, presence) to the listeners, now.
    pub fn announce(&self, event: Recorded) {
        hand_to(&registered(&self.listeners), &event);
    }

    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// A secret the server generated once, shared by every instance: the stored one, or `fresh` stored now.
pub async fn secret_or_insert(tx: &mut Tx, name: &str, fresh: &str) -> Result<String, sqlx::Error> {
    sqlx::query(
        "INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
    )
    .bind(name)
    .bind(fresh)
    .bind(crate::time::now_ms())
    .execute(&mut **tx)
    .await?;
    sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1").bind(name).fetch_one(&mut **tx).await
}

/// True when the error is a unique-constraint violation (a duplicate), on either backend.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    err.as_database_error().is_some_and(|e| e.is_unique_violation())
}

/// Ids for an `IN (…)` list, written into the SQL: they are integers, so nothing can be injected, and one
/// statement serves any number of them on both backends. Such a statement is different almost every time:
/// run it with `.persistent(false)`, or each would take a place in the connection's cache of prepared
/// statements and push out the ones that repeat (on PostgreSQL, each pushed out is parsed and planned again).
/// Where a statement runs often, prefer [`ids_param`].
pub fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// The ids of an `IN (…)` read from parameter `$param`, bound as [`id_array`]: the statement's text is the
/// same for any number of ids, so it is prepared once and kept (an [`id_list`] statement is prepared
/// afresh every time: on SQLite that was an eighth of a search's cost).
pub fn ids_param(conn: &Conn, param: u8) -> String {
    if conn.backend_name() == "PostgreSQL" {
        format!("SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(${param} AS JSON))")
    } else {
        format!("SELECT CAST(value AS BIGINT) FROM json_each(${param})")
    }
}

/// The value to bind for an [`ids_param`]: the ids as a JSON array.
pub fn id_array(ids: &[i64]) -> String {
    format!("[{}]", id_list(ids))
}

/// Flags are stored as 0/1 integers on both backends.
pub fn flag(value: bool) -> i64 {
    i64::from(value)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) async fn temp_sqlite() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display())).await.unwrap();
        (dir, db)
    }

    #[tokio::test]
    async fn a_nested_transaction_fails_at_once_instead_of_waiting_for_itself() {
        let (_dir, db) = temp_sqlite().await;
        let outer = db.begin().await.unwrap();
        let nested = tokio::time::timeout(Duration::from_secs(2), db.begin()).await.expect("answers without waiting");
        assert!(nested.is_err());
        drop(outer);
        // Once the first is gone the task may begin again.
        db.begin().await.unwrap().commit().await.unwrap();
    }

    #[tokio::test]
    async fn a_begin_cut_off_half_way_leaves_no_transaction_open() {
        use futures_util::FutureExt;
        let (_dir, db) = temp_sqlite().await;
        sqlx::query("CREATE TABLE t (n INTEGER)").execute(db.pool()).await.unwrap();
        for attempt in 0..40 {
            // Polled a few times with pauses between (so the BEGIN reaches the database's thread), then dropped
            // wherever it got to: what a request cut off by its client's going away does.
            let mut begin = Box::pin(db.begin());
            for _ in 0..=attempt % 6 {
                if begin.as_mut().now_or_never().is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            drop(begin);
            tokio::task::yield_now().await;
        }
        // Every write after them goes through at once, on every connection of the pool.
        for n in 0..16 {
            let mut tx = tokio::time::timeout(Duration::from_secs(3), db.begin())
                .await
                .expect("the writer queue is free")
                .expect("no connection is left inside a transaction");
            sqlx::query("INSERT INTO t (n) VALUES ($1)").bind(n).execute(&mut *tx).await.unwrap();
            tx.commit().await.unwrap();
        }
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t").fetch_one(db.pool()).await.unwrap();
        assert_eq!(count, 16);
    }

    #[tokio::test]
    async fn what_a_transaction_records_is_heard_after_its_commit_and_never_after_a_rollback() {
        let (_dir, db) = temp_sqlite().await;
        let heard = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = heard.clone();
        db.listen(move |recorded| {
            if recorded.downcast_ref::<&str>() == Some(&"changed") {
                counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
        });
        let mut rolled_back = db.begin().await.unwrap();
        rolled_back.record(Box::new("changed"));
        drop(rolled_back);
        assert_eq!(heard.load(std::sync::atomic::Ordering::SeqCst), 0);
        let mut committed = db.begin().await.unwrap();
        committed.record(Box::new("changed"));
        committed.commit().await.unwrap();
        assert_eq!(heard.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn writers_in_other_tasks_queue_behind_an_open_transaction() {
        let (_dir, db) = temp_sqlite().await;
        sqlx::query("CREATE TABLE n (v BIGINT NOT NULL)").execute(db.pool()).await.unwrap();
        sqlx::query("INSERT INTO n (v) VALUES (0)").execute(db.pool()).await.unwrap();
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move {
                    let mut tx = db.begin().await.unwrap();
                    let v: i64 = sqlx::query_scalar("SELECT v FROM n").fetch_one(&mut *tx).await.unwrap();
                    sqlx::query("UPDATE n SET v = $1").bind(v + 1).execute(&mut *tx).await.unwrap();
                    tx.commit().await.unwrap();
                })
            })
            .collect();
        for t in tasks {
            t.await.unwrap();
        }
        let v: i64 = sqlx::query_scalar("SELECT v FROM n").fetch_one(db.pool()).await.unwrap();
        assert_eq!(v, 20, "on SQLite the writer queue serialises read-then-write transactions");
    }
}
