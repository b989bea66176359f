//! Operators' commands: `grow backup DIR`, `grow restore DIR` and `grow move-to postgres://…`.

use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context};
use sqlx::Row;

use crate::{
    config::Config,
    db::{Backend, Db},
};

const DB_FILE: &str = "grow.db";
const FILES_DIR: &str = "files";
const MANIFEST: &str = "backup.json";

/// Every table, parents before children, so rows can be copied in this order. A table that is not
/// listed stops `move-to` (a new table must be added here to be moved).
const TABLES: &[&str] = &[
    "users",
    "user_words",
    "connections",
    "sessions",
    "remember_tokens",
    "password_resets",
    "job_leases",
    "login_attempts",
    "rate_counters",
    "server_secrets",
    "notifications",
    "notification_once",
    "push_subscriptions",
    "push_outbox",
    "coin_ledger",
    "user_achievements",
    "user_daily_tasks",
    "coin_caps",
    "projects",
    "project_supports",
    "project_collaborators",
    "project_departures",
    "project_tasks",
    "project_updates",
    "project_feedback",
    "project_swipes",
    "pledges",
    "conversations",
    "messages",
    "conversation_reads",
    "community_members",
    "presence",
    "blocks",
    "reports",
    "uploads",
    "email_tokens",
    "notification_settings",
    // Live events waiting for other instances: always empty on SQLite, copied like the rest.
    "live_spill",
];

/// `grow backup DIR`: a consistent copy while Grow serves. On SQLite the database is written with
/// `VACUUM INTO` (a snapshot of one moment, taken while others keep writing); uploaded files are
/// copied beside it. On PostgreSQL only the files are copied: the database is `pg_dump`'s job.
pub async fn backup(config: &Config, db: &Db, dir: &Path) -> anyhow::Result<String> {
    if dir.exists() {
        ensure!(
            std::fs::read_dir(dir)?.next().is_none(),
            "{} is not empty: back up into a new or empty folder",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let files = copy_files(&config.data_dir.join(FILES_DIR), &dir.join(FILES_DIR))?;
    let mut said = format!("copied {files} uploaded files");
    if db.backend() == Backend::Sqlite {
        let target = dir.join(DB_FILE);
        let target_text = target.to_str().context("the backup folder's path is not UTF-8")?;
        // SQLite takes the path as a value; quotes are doubled so any path works.
        sqlx::query(&format!("VACUUM INTO '{}'", target_text.replace('\'', "''"))).execute(db.pool()).await?;
        said = format!("wrote the database to {} and {said}", target.display());
    } else {
        said.push_str(
            "; the database is on PostgreSQL: back it up with pg_dump (pg_dump --format=custom \"$DATABASE_URL\")",
        );
    }
    let manifest = serde_json::json!({
        "createdAt": crate::time::rfc3339(crate::time::now_ms()),
        "backend": if db.backend() == Backend::Sqlite { "sqlite" } else { "postgres" },
        "grow": env!("CARGO_PKG_VERSION"),
    });
    std::fs::write(dir.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)?;
    Ok(said)
}

/// `grow restore DIR`: puts a backup into an empty data dir (never over live data).
pub fn restore(config: &Config, dir: &Path) -> anyhow::Result<String> {
    ensure!(dir.join(MANIFEST).exists(), "{} holds no Grow backup ({MANIFEST} is missing)", dir.display());
    let data = &config.data_dir;
    if data.exists() {
        ensure!(
            !data.join(DB_FILE).exists() && !data.join(FILES_DIR).exists(),
            "{} already holds data: restore into an empty data dir",
            data.display()
        );
    }
    std::fs::create_dir_all(data)?;
    let mut said = Vec::new();
    if dir.join(DB_FILE).exists() {
        std::fs::copy(dir.join(DB_FILE), data.join(DB_FILE)).context("copying the database")?;
        said.push("the database".to_string());
    }
    let files = copy_files(&dir.join(FILES_DIR), &data.join(FILES_DIR))?;
    said.push(format!("{files} uploaded files"));
    Ok(format!("restored {} into {}", said.join(" and "), data.display()))
}

/// Copies a folder tree; how many files.
fn copy_files(from: &Path, to: &Path) -> anyhow::Result<usize> {
    if !from.exists() {
        return Ok(0);
    }
    std::fs::create_dir_all(to)?;
    let mut copied = 0;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target: PathBuf = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copied += copy_files(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
            copied += 1;
        }
    }
    Ok(copied)
}

/// A column's value, by the portable types of docs/architecture.md.
enum Value {
    Int(Option<i64>),
    Float(Option<f64>),
    Text(Option<String>),
}

/// `grow move-to postgres://…`: copies every row of the embedded database into an empty
/// PostgreSQL database, checks each table's count and every user's ledger sums, and says what to
/// set next. Run it with Grow stopped, so nothing changes while it copies.
pub async fn move_to(source: &Db, target_url: &str) -> anyhow::Result<String> {
    ensure!(source.backend() == Backend::Sqlite, "move-to copies from the embedded database (SQLite)");
    ensure!(
        target_url.starts_with("postgres://") || target_url.starts_with("postgresql://"),
        "the target must be a postgres:// URL"
    );
    let source_tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%'",
    )
    .fetch_all(source.pool())
    .await?;
    if let Some(unknown) = source_tables.iter().find(|t| !TABLES.contains(&t.as_str())) {
        bail!("table {unknown} is not known to move-to: add it to ops::TABLES in dependency order");
    }
    let target = Db::connect(target_url).await.context("connecting to the target")?;
    target.migrate().await?;
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(target.pool()).await?;
    ensure!(users == 0, "the target database already has users: move into an empty database");

    let mut report = Vec::new();
    let mut tx = target.begin().await?;
    // Rows made by the target's own start (a job lease, a generated key) give way to the copied ones.
    for table in TABLES.iter().rev() {
        sqlx::query(&format!("DELETE FROM {table}")).execute(&mut *tx).await?;
    }
    for table in TABLES {
        let columns = sqlx::query(&format!("SELECT name, type FROM pragma_table_info('{table}') ORDER BY cid"))
            .fetch_all(source.pool())
            .await?;
        let columns: Vec<(String, String)> = columns.iter().map(|c| (c.get(0), c.get::<String, _>(1))).collect();
        let names = columns.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", ");
        let is_float = |declared: &str| matches!(declared.to_ascii_uppercase().as_str(), "DOUBLE PRECISION" | "REAL");
        // Floats go as text (`db::float`), so a NULL in one row and a number in the next share a type.
        let placeholders = (1..=columns.len())
            .map(|i| match is_float(&columns[i - 1].1) {
                true => format!("CAST(${i} AS DOUBLE PRECISION)"),
                false => format!("${i}"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let insert = format!("INSERT INTO {table} ({names}) VALUES ({placeholders})");
        // In the first column's order: a reply (`project_feedback.parent_id`) comes after its parent.
        let rows = sqlx::query(&format!("SELECT {names} FROM {table} ORDER BY 1")).fetch_all(source.pool()).await?;
        for row in &rows {
            let mut query = sqlx::query(&insert);
            for (i, (_, declared)) in columns.iter().enumerate() {
                let value = match declared.to_ascii_uppercase().as_str() {
                    "INTEGER" | "BIGINT" | "SMALLINT" => Value::Int(row.try_get(i)?),
                    _ if is_float(declared) => Value::Float(row.try_get(i)?),
                    _ => Value::Text(row.try_get(i)?),
                };
                query = match value {
                    Value::Int(v) => query.bind(v),
                    Value::Float(v) => query.bind(crate::db::float(v)),
                    Value::Text(v) => query.bind(v),
                };
            }
            query.execute(&mut *tx).await.with_context(|| format!("copying a row of {table}"))?;
        }
        if columns.iter().any(|(n, _)| n == "id") {
            // Identity columns continue after the copied ids.
            sqlx::query(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            ))
            .execute(&mut *tx)
            .await?;
        }
        report.push(format!("{table} {}", rows.len()));
    }
    tx.commit().await?;

    // Check: the same count in every table, and every balance equal to its ledger on the target.
    for table in TABLES {
        let count = |db: &Db| {
            let sql = format!("SELECT COUNT(*) FROM {table}");
            let pool = db.pool().clone();
            async move { sqlx::query_scalar::<_, i64>(&sql).fetch_one(&pool).await }
        };
        let (from, to) = (count(source).await?, count(&target).await?);
        ensure!(from == to, "{table}: {from} rows in the embedded database but {to} after the move");
    }
    let off: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM users u WHERE u.coins <> \
           (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM coin_ledger l WHERE l.user_id = u.id) \
         OR u.lifetime_coins <> (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM coin_ledger l \
           WHERE l.user_id = u.id AND l.amount > 0)",
    )
    .fetch_one(target.pool())
    .await?;
    ensure!(off == 0, "{off} users' balances differ from their ledger after the move");
    Ok(format!(
        "moved {}; every count and every ledger sum checked.\nNext: set DATABASE_URL={} for every instance \
         (keep GROW_DATA_DIR for uploaded files, or move them to the object store), then start Grow.",
        report.join(", "),
        crate::config::redact(target_url)
    ))
}
