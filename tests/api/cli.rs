//! The `grow` binary's commands, run as a separate process against the app's own database.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, PASSWORD};

fn grow(app: &crate::helpers::TestApp, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_grow"))
        .args(args)
        .env("GROW_DATA_DIR", app.data_dir())
        .env("DATABASE_URL", app.database_url())
        .env("RUST_LOG", "warn")
        .output()
        .expect("run grow")
}

#[tokio::test]
async fn admin_grant_makes_a_user_an_administrator() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    assert_eq!(user["isAdmin"], false);
    let out = grow(&app, &["admin", "grant", &username.to_uppercase()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let client = app.client();
    client.login(&username, PASSWORD, false).await;
    assert_eq!(client.get("/api/auth/user").await.body["isAdmin"], true);

    let out = grow(&app, &["admin", "grant", "nobody_by_that_name"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no user named"));
}

#[tokio::test]
async fn openapi_command_prints_the_served_document() {
    let app = spawn_app().await;
    let out = grow(&app, &["openapi"]);
    assert!(out.status.success());
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed, app.client().get("/api/openapi.json").await.body);
}

#[tokio::test]
async fn an_empty_database_is_filled_with_the_demo_community_once() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let client = app.client();
    let demo = client.post("/api/auth/check-username", &json!({ "username": "amara_okafor" })).await;
    assert_eq!(demo.body, json!({ "available": false }));
    // Demo people have no usable password: there are no built-in credentials.
    assert_eq!(client.login("amara_okafor", PASSWORD, false).await.status, StatusCode::UNAUTHORIZED);
    // Seeding again adds nobody.
    let out = grow(&app, &["seed", "--demo"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("nothing seeded"), "{out:?}");
}

#[tokio::test]
async fn a_database_with_people_is_never_seeded() {
    let app = spawn_app().await;
    app.signup(json!({})).await;
    let out = grow(&app, &["seed", "--demo"]);
    assert!(out.status.success());
    let demo = app.client().post("/api/auth/check-username", &json!({ "username": "amara_okafor" })).await;
    assert_eq!(demo.body, json!({ "available": true }));
}
