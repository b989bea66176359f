//! Operators' commands run as processes: backup and restore under write load, moving to PostgreSQL.

use std::sync::{
    atomic::{AtomicBool, Ordering},
    Arc, Mutex,
};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{on_postgres, signup_body, spawn_app_with, unique, TestApp, PASSWORD};

use crate::helpers::run_grow as grow;

/// An app on the embedded database, whatever the test pass.
async fn sqlite_app(demo: bool) -> TestApp {
    spawn_app_with(move |config| {
        config.database_url = None;
        config.seed_demo = demo;
    })
    .await
}

#[tokio::test]
async fn a_backup_taken_under_write_load_restores_every_change_acknowledged_before_it() {
    let app = sqlite_app(false).await;
    let acknowledged: Arc<Mutex<Vec<String>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (client, acknowledged, stop) = (app.client(), acknowledged.clone(), stop.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::SeqCst) {
                let body = signup_body(json!({}));
                if client.post("/api/auth/signup", &body).await.status == StatusCode::CREATED {
                    acknowledged.lock().unwrap().push(body["username"].as_str().unwrap().to_string());
                }
            }
        })
    };
    while acknowledged.lock().unwrap().len() < 5 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let before: Vec<String> = acknowledged.lock().unwrap().clone();
    let backup_dir = tempfile::tempdir().unwrap();
    let target = backup_dir.path().join("nightly");
    let out = grow(app.data_dir(), None, &["backup", target.to_str().unwrap()]).await;
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("wrote the database"));

    // Into an empty data dir, then served.
    let restored_dir = tempfile::tempdir().unwrap();
    let data = restored_dir.path().join("data");
    let out = grow(&data, None, &["restore", target.to_str().unwrap()]).await;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let restored = spawn_app_with({
        let data = data.clone();
        move |config| {
            config.database_url = None;
            config.data_dir = data;
        }
    })
    .await;
    let client = restored.client();
    for username in &before {
        let taken = client.post("/api/auth/check-username", &json!({ "username": username })).await;
        assert_eq!(taken.body, json!({ "available": false }), "{username} was lost");
    }
    assert_eq!(client.login(&before[0], PASSWORD, false).await.status, StatusCode::OK);
}

#[tokio::test]
async fn backup_and_restore_never_write_over_existing_data() {
    let app = sqlite_app(false).await;
    let busy = tempfile::tempdir().unwrap();
    std::fs::write(busy.path().join("something"), "x").unwrap();
    let out = grow(app.data_dir(), None, &["backup", busy.path().to_str().unwrap()]).await;
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not empty"));

    let good = tempfile::tempdir().unwrap();
    let target = good.path().join("b");
    assert!(grow(app.data_dir(), None, &["backup", target.to_str().unwrap()]).await.status.success());
    // The app's own data dir holds data: restoring over it is refused.
    let out = grow(app.data_dir(), None, &["restore", target.to_str().unwrap()]).await;
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already holds data"));
}

/// What a client sees of the community: the leaderboard, its own record and notifications.
async fn answers(client: &crate::helpers::Client) -> (Value, Value, Value) {
    let board = client.get("/api/rewards/leaderboard?limit=200").await.body;
    let mut me = client.get("/api/auth/user").await.body;
    me.as_object_mut().unwrap().remove("updatedAt");
    let notes = client.get("/api/notifications").await.body;
    (board, me, notes)
}

#[tokio::test]
async fn on_postgresql_move_to_copies_the_embedded_database_with_the_same_answers() {
    if !on_postgres() {
        return; // needs a PostgreSQL server: runs in the PostgreSQL pass
    }
    let app = sqlite_app(true).await;
    let (client, _) = app.signed_in().await;
    client.get("/api/rewards").await; // the daily bonus
    assert_eq!(client.post_empty("/api/rewards/scratch").await.status, StatusCode::OK);
    let before = answers(&client).await;

    let admin_url = std::env::var("GROW_TEST_DATABASE_URL").unwrap();
    let name = unique("grow_move");
    let admin = sqlx::postgres::PgPool::connect(&admin_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.unwrap();
    let target = format!("{}/{name}", &admin_url[..admin_url.rfind('/').unwrap()]);
    let out = grow(app.data_dir(), None, &["move-to", &target]).await;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("every count and every ledger sum checked") && said.contains("DATABASE_URL="), "{said}");
    // Moving again into a database that now has users is refused.
    assert!(!grow(app.data_dir(), None, &["move-to", &target]).await.status.success());

    let moved = spawn_app_with({
        let target = target.clone();
        move |config| config.database_url = Some(target)
    })
    .await;
    // The same browser (cookies belong to the host, whatever the port) keeps its session: it moved too.
    let client_on_pg = crate::helpers::Client { base: format!("http://{}", moved.addr), http: client.http.clone() };
    assert_eq!(client_on_pg.get("/api/auth/user").await.status, StatusCode::OK);
    let after = answers(&client_on_pg).await;
    assert_eq!(after.0, before.0, "the leaderboard");
    assert_eq!(after.1, before.1, "the user's record");
    let titles = |notes: &Value| -> Vec<String> {
        notes.as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(titles(&after.2), titles(&before.2), "the notifications");
    // New rows continue after the copied ids.
    assert_eq!(moved.client().post("/api/auth/signup", &signup_body(json!({}))).await.status, StatusCode::CREATED);
    drop(moved);
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&admin).await.unwrap();
}
