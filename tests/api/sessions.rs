//! Sessions as every instance sees them: the in-memory session cache stays true after each write
//! that changes what it holds, and sockets belong to the session that opened them.

use std::time::{Duration, Instant};

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{
    closes, eventually, next_frame, open_socket, reset_token, session_cookie_of, spawn_app, spawn_app_with,
    two_instances, PASSWORD,
};

#[tokio::test]
async fn a_profile_change_is_seen_at_once_by_the_next_request() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    // Warm the cache, then change what it holds.
    assert_eq!(client.get("/api/auth/user-refresh").await.body["bio"], serde_json::Value::Null);
    for bio in ["First", "Second", "Third"] {
        assert_eq!(client.patch("/api/users/profile", &json!({ "bio": bio })).await.status, StatusCode::OK);
        assert_eq!(client.get("/api/auth/user-refresh").await.body["bio"], bio);
    }
}

#[tokio::test]
async fn a_logout_ends_the_session_for_every_tab_sharing_it() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let tab_a = app.with_cookie(&cookie);
    let tab_b = app.with_cookie(&cookie);
    assert_eq!(tab_b.get("/api/auth/user").await.status, StatusCode::OK);
    assert_eq!(tab_a.post_empty("/api/auth/logout").await.status, StatusCode::OK);
    assert_eq!(tab_b.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn on_postgresql_a_logout_on_one_instance_ends_the_cached_session_on_another_within_a_second() {
    let Some((a, b)) = two_instances().await else { return };
    let (username, _) = a.signup(json!({})).await;
    let cookie = session_cookie_of(&a.client().login(&username, PASSWORD, false).await);
    let on_a = a.with_cookie(&cookie);
    let on_b = b.with_cookie(&cookie);
    // B has the session cached now.
    for _ in 0..3 {
        assert_eq!(on_b.get("/api/auth/user-refresh").await.status, StatusCode::OK);
    }
    assert_eq!(on_a.post_empty("/api/auth/logout").await.status, StatusCode::OK);
    let took = eventually(Duration::from_secs(1), async || {
        on_b.get("/api/auth/user-refresh").await.status == StatusCode::UNAUTHORIZED
    })
    .await;
    assert!(took.is_some(), "instance B still served the ended session after a second");
}

#[tokio::test]
async fn on_postgresql_a_password_reset_on_one_instance_ends_sessions_on_another() {
    let Some((a, b)) = two_instances().await else { return };
    let (username, user) = a.signup(json!({})).await;
    let cookie = session_cookie_of(&b.client().login(&username, PASSWORD, false).await);
    let on_b = b.with_cookie(&cookie);
    assert_eq!(on_b.get("/api/auth/user").await.status, StatusCode::OK);

    a.client().post("/api/auth/forgot-password", &json!({ "email": username })).await;
    let link = a.state.mailer.last_to(user["id"].as_i64().unwrap()).unwrap().link;
    let token = link.split("reset=").nth(1).unwrap();
    let reset =
        a.client().post("/api/auth/reset-password", &json!({ "token": token, "password": "New-pass99!" })).await;
    assert_eq!(reset.status, StatusCode::OK);
    let took = eventually(Duration::from_secs(1), async || {
        on_b.get("/api/auth/user").await.status == StatusCode::UNAUTHORIZED
    })
    .await;
    assert!(took.is_some());
}

#[tokio::test]
async fn on_postgresql_a_profile_change_on_one_instance_refreshes_the_cache_of_another() {
    let Some((a, b)) = two_instances().await else { return };
    let (username, _) = a.signup(json!({})).await;
    let cookie = session_cookie_of(&a.client().login(&username, PASSWORD, false).await);
    let on_b = b.with_cookie(&cookie);
    assert_eq!(on_b.get("/api/auth/user").await.body["bio"], serde_json::Value::Null);
    a.with_cookie(&cookie).patch("/api/users/profile", &json!({ "bio": "Changed on A" })).await;
    let took =
        eventually(Duration::from_secs(1), async || on_b.get("/api/auth/user").await.body["bio"] == "Changed on A")
            .await;
    assert!(took.is_some());
}

#[tokio::test]
async fn logging_out_closes_that_sessions_sockets_and_tells_the_users_other_sessions() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let phone = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let laptop = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let mut phone_socket = open_socket(&app, &phone).await;
    let mut laptop_socket = open_socket(&app, &laptop).await;

    assert_eq!(app.with_cookie(&phone).post_empty("/api/auth/logout").await.status, StatusCode::OK);
    // It is told first, so the app signs out at once, then closed.
    while next_frame(&mut phone_socket).await.expect("told before the close")["type"] != "session_ended" {}
    assert!(closes(&mut phone_socket).await, "the ended session's socket is closed");
    loop {
        let frame = next_frame(&mut laptop_socket).await.unwrap();
        if frame["type"] == "user_updated" {
            break;
        }
    }
    // The other session's socket still answers.
    laptop_socket.send(Message::Text(json!({ "type": "ping" }).to_string().into())).await.unwrap();
    loop {
        if next_frame(&mut laptop_socket).await.unwrap()["type"] == "pong" {
            break;
        }
    }
}

#[tokio::test]
async fn on_postgresql_a_logout_on_one_instance_closes_the_sessions_socket_on_another() {
    let Some((a, b)) = two_instances().await else { return };
    let (username, _) = a.signup(json!({})).await;
    let cookie = session_cookie_of(&a.client().login(&username, PASSWORD, false).await);
    let mut socket_on_b = open_socket(&b, &cookie).await;
    a.with_cookie(&cookie).post_empty("/api/auth/logout").await;
    assert!(closes(&mut socket_on_b).await);
}

#[tokio::test]
async fn a_password_reset_closes_every_socket_of_the_user() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let mut socket = open_socket(&app, &cookie).await;
    let token = reset_token(&app, &username, user["id"].as_i64().unwrap()).await;
    app.client().post("/api/auth/reset-password", &json!({ "token": token, "password": "New-pass99!" })).await;
    assert!(closes(&mut socket).await);
}

#[tokio::test]
async fn a_socket_that_sends_an_oversized_message_is_closed() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let mut socket = open_socket(&app, &cookie).await;
    let huge = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(100 * 1024));
    let _ = socket.send(Message::Text(huge.into())).await;
    assert!(closes(&mut socket).await);
}

#[tokio::test]
async fn a_silent_socket_is_closed_after_the_idle_timeout_and_a_pinging_one_is_not() {
    let app = spawn_app_with(|config| config.ws_idle_timeout = Duration::from_millis(700)).await;
    let (username, _) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let mut silent = open_socket(&app, &cookie).await;
    let mut chatty = open_socket(&app, &cookie).await;
    let started = Instant::now();
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        chatty.send(Message::Text(json!({ "type": "ping" }).to_string().into())).await.unwrap();
        while next_frame(&mut chatty).await.expect("still open")["type"] != "pong" {}
    }
    assert!(closes(&mut silent).await);
    assert!(started.elapsed() >= Duration::from_millis(700));
}
