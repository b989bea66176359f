//! Both migration folders must describe the same tables, columns and indexes, so the backends
//! cannot drift. Runs fully when GROW_TEST_DATABASE_URL points at PostgreSQL.

use std::collections::BTreeSet;

use sqlx::Row;

use crate::helpers::spawn_app;

async fn sqlite_shape() -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let db = grow::db::Db::connect(&format!("sqlite://{}?mode=rwc", dir.path().join("s.db").display())).await.unwrap();
    db.migrate().await.unwrap();
    let mut shape = BTreeSet::new();
    let tables = sqlx::query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%'",
    )
    .fetch_all(db.pool())
    .await
    .unwrap();
    for table in tables {
        let table: String = table.get(0);
        let columns =
            sqlx::query(&format!("SELECT name FROM pragma_table_info('{table}')")).fetch_all(db.pool()).await.unwrap();
        for column in columns {
            shape.insert(format!("column {table}.{}", column.get::<String, _>(0)));
        }
    }
    let indexes = sqlx::query("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        .fetch_all(db.pool())
        .await
        .unwrap();
    for index in indexes {
        shape.insert(format!("index {}", index.get::<String, _>(0)));
    }
    shape
}

#[tokio::test]
async fn both_backends_have_the_same_tables_columns_and_indexes() {
    let sqlite = sqlite_shape().await;
    assert!(sqlite.contains("column users.username_key"));
    if std::env::var("GROW_TEST_DATABASE_URL").map(|u| u.is_empty()).unwrap_or(true) {
        return; // the PostgreSQL half runs in the PostgreSQL pass of the test command
    }
    let app = spawn_app().await;
    let pool = app.state.db.pool();
    let mut postgres = BTreeSet::new();
    let columns = sqlx::query(
        "SELECT table_name::text, column_name::text FROM information_schema.columns \
         WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for row in columns {
        postgres.insert(format!("column {}.{}", row.get::<String, _>(0), row.get::<String, _>(1)));
    }
    let indexes = sqlx::query(
        "SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public' \
         AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_unique' AND tablename NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for row in indexes {
        postgres.insert(format!("index {}", row.get::<String, _>(0)));
    }
    assert_eq!(sqlite, postgres);
}
