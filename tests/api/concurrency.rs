//! What must happen once happens once, on SQLite and on PostgreSQL, under bursts of parallel
//! requests (docs/architecture.md "Races"). `at_once` is the helper later areas use for coins,
//! supports, scratch cards and streaks.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{at_once, on_postgres, second_instance, spawn_app, spawn_app_with, PASSWORD};

#[tokio::test]
async fn the_burst_helper_overlaps_and_a_conditional_update_spends_a_balance_exactly_once() {
    let app = spawn_app().await;
    let (_, user) = app.signup(json!({})).await;
    let id = user["id"].as_i64().unwrap();
    let db = app.state.db.clone();
    let mut tx = db.begin().await.unwrap();
    sqlx::query("UPDATE users SET coins = 50 WHERE id = $1").bind(id).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();

    // Twenty spends of 10 from a balance of 50: the rule of docs/architecture.md, one conditional statement.
    let (spent, most) = at_once(20, |_| {
        let db = db.clone();
        async move {
            let mut tx = db.begin().await.unwrap();
            let left: Option<i64> =
                sqlx::query_scalar("UPDATE users SET coins = coins - 10 WHERE id = $1 AND coins >= 10 RETURNING coins")
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .unwrap();
            tx.commit().await.unwrap();
            left.is_some()
        }
    })
    .await;
    assert!(most > 1, "the requests overlapped");
    assert_eq!(spent.iter().filter(|s| **s).count(), 5);
    let coins: i64 =
        sqlx::query_scalar("SELECT coins FROM users WHERE id = $1").bind(id).fetch_one(db.pool()).await.unwrap();
    assert_eq!(coins, 0);
}

#[tokio::test]
async fn the_burst_helper_and_a_unique_key_make_an_award_happen_once() {
    let app = spawn_app().await;
    let db = app.state.db.clone();
    let mut tx = db.begin().await.unwrap();
    sqlx::query("CREATE TABLE awards (act TEXT PRIMARY KEY, amount BIGINT NOT NULL)").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let (inserted, _) = at_once(20, |_| {
        let db = db.clone();
        async move {
            let mut tx = db.begin().await.unwrap();
            let row: Option<String> = sqlx::query_scalar(
                "INSERT INTO awards (act, amount) VALUES ('daily:1:2026-11-23', 10) ON CONFLICT DO NOTHING RETURNING act",
            )
            .fetch_optional(&mut *tx)
            .await
            .unwrap();
            tx.commit().await.unwrap();
            row.is_some()
        }
    })
    .await;
    assert_eq!(inserted.iter().filter(|i| **i).count(), 1);
}

#[tokio::test]
async fn twenty_wrong_passwords_at_once_make_at_most_five_attempts() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let (answers, _) = at_once(20, |_| {
        let client = app.client();
        let username = username.clone();
        async move { client.login(&username, "Wrong-pass1!", false).await.status }
    })
    .await;
    let tried = answers.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let refused = answers.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(tried + refused, 20, "{answers:?}");
    assert!(tried <= 5, "{tried} attempts got through");
    // The budget is spent: even the right password waits for the window.
    assert_eq!(app.client().login(&username, PASSWORD, false).await.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn an_account_has_one_budget_whether_named_by_username_or_email() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let email = format!("{username}@example.com");
    assert!(user["email"].as_str().is_some_and(|e| e.eq_ignore_ascii_case(&email)));
    let client = app.client();
    for name in [&username, &email, &username.to_uppercase(), &email, &username] {
        assert_eq!(client.login(name, "Wrong-pass1!", false).await.status, StatusCode::UNAUTHORIZED);
    }
    let sixth = client.login(&email.to_uppercase(), "Wrong-pass1!", false).await;
    assert_eq!(sixth.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(sixth.message().contains("Too many failed login attempts"));
}

#[tokio::test]
async fn a_successful_login_clears_the_accounts_failures() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    for _ in 0..4 {
        client.login(&username, "Wrong-pass1!", false).await;
    }
    assert_eq!(client.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    for _ in 0..4 {
        assert_eq!(client.login(&username, "Wrong-pass1!", false).await.status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn on_postgresql_instances_share_one_login_budget() {
    if !on_postgres() {
        return;
    }
    let first = spawn_app().await;
    let second = second_instance(&first).await;
    let (username, _) = first.signup(json!({})).await;
    for _ in 0..3 {
        assert_eq!(first.client().login(&username, "Wrong-pass1!", false).await.status, StatusCode::UNAUTHORIZED);
    }
    for _ in 0..2 {
        assert_eq!(second.client().login(&username, "Wrong-pass1!", false).await.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(second.client().login(&username, "Wrong-pass1!", false).await.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(first.client().login(&username, PASSWORD, false).await.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_flood_of_random_names_from_one_address_is_stopped_by_the_address_budget() {
    let app = spawn_app_with(|config| config.login_limits.per_address = 8).await;
    let client = app.client();
    for i in 0..8 {
        let answer = client.login(&format!("nobody_{i}"), "Wrong-pass1!", false).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(client.login("nobody_new", "Wrong-pass1!", false).await.status, StatusCode::TOO_MANY_REQUESTS);
    // What is kept is bounded: one row per name tried and one for the address, removed with their window.
    let rows: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM login_attempts").fetch_one(app.state.db.pool()).await.unwrap();
    assert!(rows <= 10, "{rows} rows");
}
