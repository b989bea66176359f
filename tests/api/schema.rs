//! Both migration folders must describe the same schema: tables, columns with their types,
//! nullability and defaults, primary keys, unique constraints and indexes, so the backends cannot
//! drift. Runs fully when GROW_TEST_DATABASE_URL points at PostgreSQL.

use std::collections::BTreeSet;

use sqlx::Row;

use crate::helpers::{on_postgres, spawn_app};

/// The portable name of a declared type (docs/architecture.md: the Any driver reads every integer as i64).
fn portable_type(declared: &str) -> String {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" | "int8" => "bigint".into(),
        "smallint" | "int2" => "smallint".into(),
        "double precision" | "float8" => "double precision".into(),
        other => other.into(),
    }
}

/// A default as written, without PostgreSQL's `::type` casts.
fn portable_default(default: Option<String>) -> String {
    match default {
        None => "none".into(),
        Some(text) => {
            let text = text.trim().trim_start_matches('(').trim_end_matches(')').to_string();
            match text.find("::") {
                Some(cast) => text[..cast].to_string(),
                None => text,
            }
        }
    }
}

async fn sqlite_shape() -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let db = grow::db::Db::connect(&format!("sqlite://{}?mode=rwc", dir.path().join("s.db").display())).await.unwrap();
    db.migrate().await.unwrap();
    let pool = db.pool();
    let mut shape = BTreeSet::new();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for table in tables {
        let columns = sqlx::query(&format!(
            "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('{table}') ORDER BY pk"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        let mut primary = Vec::new();
        for c in columns {
            let (name, declared, not_null, default, pk): (String, String, i64, Option<String>, i64) =
                (c.get(0), c.get(1), c.get(2), c.get(3), c.get(4));
            // SQLite lets a primary key hold NULL unless it says otherwise; both backends refuse it in practice.
            let nullable = if not_null == 1 || pk > 0 { "not null" } else { "null" };
            shape.insert(format!(
                "column {table}.{name} {} {nullable} default {}",
                portable_type(&declared),
                portable_default(default)
            ));
            if pk > 0 {
                primary.push(name);
            }
        }
        shape.insert(format!("primary key {table}({})", primary.join(",")));
        let uniques = sqlx::query(&format!(
            "SELECT name FROM pragma_index_list('{table}') WHERE \"unique\" = 1 AND origin <> 'pk'"
        ))
        .fetch_all(pool)
        .await
        .unwrap();
        for index in uniques {
            let index: String = index.get(0);
            let cols: Vec<String> =
                sqlx::query_scalar(&format!("SELECT name FROM pragma_index_info('{index}') ORDER BY seqno"))
                    .fetch_all(pool)
                    .await
                    .unwrap();
            shape.insert(format!("unique {table}({})", cols.join(",")));
        }
    }
    let indexes: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            .fetch_all(pool)
            .await
            .unwrap();
    for index in indexes {
        shape.insert(format!("index {index}"));
    }
    shape
}

async fn postgres_shape(pool: &sqlx::AnyPool) -> BTreeSet<String> {
    let mut shape = BTreeSet::new();
    let columns = sqlx::query(
        "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, column_default::text \
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for c in columns {
        let (table, name, declared, nullable, default): (String, String, String, String, Option<String>) =
            (c.get(0), c.get(1), c.get(2), c.get(3), c.get(4));
        let nullable = if nullable == "NO" { "not null" } else { "null" };
        shape.insert(format!(
            "column {table}.{name} {} {nullable} default {}",
            portable_type(&declared),
            portable_default(default)
        ));
    }
    let keys = sqlx::query(
        "SELECT t.relname::text, CASE WHEN i.indisprimary THEN 1 ELSE 0 END, \
           (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord) \
              FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord) \
              JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) \
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace \
         WHERE n.nspname = 'public' AND i.indisunique AND t.relname NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for k in keys {
        let (table, primary, cols): (String, i32, String) = (k.get(0), k.get(1), k.get(2));
        let kind = if primary == 1 { "primary key" } else { "unique" };
        shape.insert(format!("{kind} {table}({cols})"));
    }
    let indexes: Vec<String> = sqlx::query_scalar(
        "SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public' \
         AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_unique' AND tablename NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for index in indexes {
        shape.insert(format!("index {index}"));
    }
    shape
}

#[tokio::test]
async fn both_backends_have_the_same_columns_types_nullability_defaults_keys_and_indexes() {
    let sqlite = sqlite_shape().await;
    assert!(sqlite.contains("column users.role text not null default 'explorer'"), "{sqlite:#?}");
    assert!(sqlite.contains("unique users(username_key)"), "{sqlite:#?}");
    assert!(sqlite.contains("primary key sessions(token_hash)"), "{sqlite:#?}");
    if !on_postgres() {
        return; // the PostgreSQL half runs in the PostgreSQL pass of the test command
    }
    let app = spawn_app().await;
    let postgres = postgres_shape(app.state.db.pool()).await;
    let only_sqlite: Vec<_> = sqlite.difference(&postgres).collect();
    let only_postgres: Vec<_> = postgres.difference(&sqlite).collect();
    assert!(
        only_sqlite.is_empty() && only_postgres.is_empty(),
        "the migrations differ\nonly on SQLite: {only_sqlite:#?}\nonly on PostgreSQL: {only_postgres:#?}"
    );
}

#[test]
fn types_and_defaults_are_compared_in_portable_form() {
    assert_eq!(portable_type("INTEGER"), "bigint");
    assert_eq!(portable_type("DOUBLE PRECISION"), "double precision");
    assert_eq!(portable_default(Some("'explorer'::text".into())), "'explorer'");
    assert_eq!(portable_default(Some("0".into())), "0");
    assert_eq!(portable_default(None), "none");
}

#[tokio::test]
async fn on_postgresql_several_instances_starting_together_on_a_new_database_migrate_it_once() {
    if !on_postgres() {
        return;
    }
    let admin_url = std::env::var("GROW_TEST_DATABASE_URL").unwrap();
    let name = crate::helpers::unique("grow_m");
    let admin = sqlx::postgres::PgPool::connect(&admin_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.unwrap();
    let url = format!("{}/{name}", &admin_url[..admin_url.rfind('/').unwrap()]);
    let (apps, _) = crate::helpers::at_once(3, |_| {
        let url = url.clone();
        async move { crate::helpers::spawn_app_with(move |config| config.database_url = Some(url)).await }
    })
    .await;
    let versions: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
        .fetch_all(apps[0].state.db.pool())
        .await
        .unwrap();
    let files = std::fs::read_dir("migrations/postgres").unwrap().count();
    assert_eq!(versions.len(), files, "{versions:?}");
    for app in &apps {
        assert_eq!(app.client().get("/readyz").await.status, reqwest::StatusCode::OK);
    }
    drop(apps);
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&admin).await.unwrap();
}
