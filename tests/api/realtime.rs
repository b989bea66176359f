//! The live channel at /ws.

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Message};

use crate::helpers::{spawn_app, TestApp, PASSWORD};

async fn session_cookie(app: &TestApp) -> String {
    let (username, _) = app.signup(json!({})).await;
    let answer = app.client().login(&username, PASSWORD, false).await;
    answer.headers["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string()
}

fn ws_request(
    app: &TestApp,
    cookie: Option<&str>,
    origin: Option<&str>,
) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    let mut request = format!("ws://{}/ws", app.addr).into_client_request().unwrap();
    if let Some(cookie) = cookie {
        request.headers_mut().insert("cookie", cookie.parse().unwrap());
    }
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", origin.parse().unwrap());
    }
    request
}

async fn next_json(
    socket: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
) -> Value {
    let frame = tokio::time::timeout(std::time::Duration::from_secs(5), socket.next()).await.expect("a frame in time");
    match frame.expect("open").expect("frame") {
        Message::Text(text) => serde_json::from_str(&text).unwrap(),
        other => panic!("unexpected {other:?}"),
    }
}

#[tokio::test]
async fn a_signed_in_socket_is_greeted_and_answers_ping_with_pong() {
    let app = spawn_app().await;
    let cookie = session_cookie(&app).await;
    let (mut socket, _) =
        tokio_tungstenite::connect_async(ws_request(&app, Some(&cookie), None)).await.expect("upgrade");
    assert_eq!(next_json(&mut socket).await["type"], "ready");
    socket.send(Message::Text(json!({ "type": "ping" }).to_string().into())).await.unwrap();
    assert_eq!(next_json(&mut socket).await, json!({ "type": "pong" }));
}

#[tokio::test]
async fn a_socket_without_a_session_is_refused_with_401() {
    let app = spawn_app().await;
    let err = tokio_tungstenite::connect_async(ws_request(&app, None, None)).await.unwrap_err();
    match err {
        tokio_tungstenite::tungstenite::Error::Http(response) => {
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED)
        }
        other => panic!("expected an HTTP refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn a_socket_from_another_site_is_refused_with_403() {
    let app = spawn_app().await;
    let cookie = session_cookie(&app).await;
    let err = tokio_tungstenite::connect_async(ws_request(&app, Some(&cookie), Some("https://evil.example")))
        .await
        .unwrap_err();
    match err {
        tokio_tungstenite::tungstenite::Error::Http(response) => {
            assert_eq!(response.status(), StatusCode::FORBIDDEN)
        }
        other => panic!("expected an HTTP refusal, got {other:?}"),
    }
}

/// Waits for the next frame of the given type, skipping others (e.g. the `ready` greeting).
async fn next_of_type(
    socket: &mut (impl StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin),
    kind: &str,
) -> Value {
    loop {
        let frame = next_json(socket).await;
        if frame["type"] == kind {
            return frame;
        }
    }
}

#[tokio::test]
async fn a_profile_change_is_announced_to_the_users_open_sockets() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let tab = app.client();
    let cookie = tab.login(&username, PASSWORD, false).await.headers["set-cookie"].to_str().unwrap().to_string();
    let cookie = cookie.split(';').next().unwrap().to_string();
    let (mut socket, _) = tokio_tungstenite::connect_async(ws_request(&app, Some(&cookie), None)).await.unwrap();
    next_of_type(&mut socket, "ready").await;

    let other_device = app.client();
    other_device.login(&username, PASSWORD, false).await;
    assert_eq!(
        other_device.patch("/api/users/profile", &json!({ "bio": "Changed elsewhere" })).await.status,
        StatusCode::OK
    );
    assert_eq!(next_of_type(&mut socket, "user_updated").await, json!({ "type": "user_updated" }));
}

#[tokio::test]
async fn on_postgresql_frames_reach_sockets_on_another_instance() {
    if std::env::var("GROW_TEST_DATABASE_URL").map(|u| u.is_empty()).unwrap_or(true) {
        return; // several instances share a database only on PostgreSQL; this runs in the PostgreSQL pass
    }
    let first = spawn_app().await;
    let shared_url = first.database_url();
    let second = crate::helpers::spawn_app_with(|config| config.database_url = Some(shared_url)).await;

    let (username, _) = first.signup(json!({})).await;
    let cookie = session_cookie_for(&first, &username).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(ws_request(&first, Some(&cookie), None)).await.unwrap();
    next_of_type(&mut socket, "ready").await;

    // The same account, served by the other instance, changes its profile.
    let elsewhere = second.client();
    assert_eq!(elsewhere.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    assert_eq!(
        elsewhere.patch("/api/users/profile", &json!({ "bio": "From instance two" })).await.status,
        StatusCode::OK
    );
    assert_eq!(next_of_type(&mut socket, "user_updated").await["type"], "user_updated");
}

async fn session_cookie_for(app: &TestApp, username: &str) -> String {
    let answer = app.client().login(username, PASSWORD, false).await;
    answer.headers["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn logging_out_tells_the_users_other_tabs_to_refresh() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let cookie = session_cookie_for(&app, &username).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(ws_request(&app, Some(&cookie), None)).await.unwrap();
    next_of_type(&mut socket, "ready").await;

    let tab = app.client();
    tab.login(&username, PASSWORD, false).await;
    assert_eq!(tab.post_empty("/api/auth/logout").await.status, StatusCode::OK);
    assert_eq!(next_of_type(&mut socket, "user_updated").await["type"], "user_updated");
}

fn on_postgresql() -> bool {
    std::env::var("GROW_TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty())
}

/// What the other instances receive, as the notifications `grow_live` carried within half a second of the last.
async fn notifications(listener: &mut sqlx::postgres::PgListener) -> Vec<Value> {
    let mut got = Vec::new();
    while let Ok(Ok(n)) = tokio::time::timeout(std::time::Duration::from_millis(500), listener.recv()).await {
        got.push(serde_json::from_str(n.payload()).unwrap());
    }
    got
}

#[tokio::test]
async fn on_postgresql_events_cross_to_other_instances_in_batches_in_order_and_a_large_one_through_a_row() {
    if !on_postgresql() {
        return;
    }
    use grow::events::DomainEvent;
    let app = spawn_app().await;
    let mut listener = sqlx::postgres::PgListener::connect(&app.database_url()).await.unwrap();
    listener.listen("grow_live").await.unwrap();
    let events: Vec<DomainEvent> = (0..300).map(|id| DomainEvent::ConnectionsChanged { people: vec![id] }).collect();
    grow::realtime::outbound::send(&app.state.db, 7, false, &events).await.unwrap();
    let sent = notifications(&mut listener).await;
    assert!((2..=4).contains(&sent.len()), "300 small events in {} notifications", sent.len());
    let people: Vec<i64> = sent
        .iter()
        .flat_map(|n| n["events"].as_array().unwrap().iter().map(|e| e["people"][0].as_i64().unwrap()))
        .collect();
    assert_eq!(people, (0..300).collect::<Vec<i64>>(), "every event once, in order");
    assert!(sent.iter().all(|n| n["instance"] == 7 && n.get("missed").is_none()));

    // One event past a notification's size waits in a row the notification names.
    let large = DomainEvent::ProjectChanged { project_id: 1, people: (1_000_000..1_002_000).collect() };
    grow::realtime::outbound::send(&app.state.db, 7, false, &[large]).await.unwrap();
    let sent = notifications(&mut listener).await;
    assert_eq!(sent.len(), 1);
    let row = sent[0]["spilled"].as_i64().expect("a row, not the event");
    let stored: String = sqlx::query_scalar("SELECT payload FROM live_spill WHERE id = $1")
        .bind(row)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let stored: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(stored["events"][0]["people"].as_array().unwrap().len(), 2_000);
}

#[tokio::test]
async fn on_postgresql_an_instance_told_that_events_were_missed_lets_go_of_what_it_keeps() {
    if !on_postgresql() {
        return;
    }
    let app = spawn_app().await;
    let (client, me) = app.signed_in().await;
    let first_name = |answer: crate::helpers::Answer| answer.body["firstName"].as_str().unwrap_or_default().to_string();
    let before = first_name(client.get("/api/auth/user").await);
    // A change no event announced (as one lost on the way would be): the kept session still shows the old name.
    sqlx::query("UPDATE users SET first_name = 'Renamed' WHERE id = $1")
        .bind(me["id"].as_i64().unwrap())
        .execute(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(first_name(client.get("/api/auth/user").await), before, "kept, as the change was not announced");
    // Another instance says it dropped events: this one trusts nothing it kept.
    grow::realtime::outbound::send::<grow::events::DomainEvent>(&app.state.db, 7, true, &[]).await.unwrap();
    let renamed = crate::helpers::eventually(std::time::Duration::from_secs(5), async || {
        first_name(client.get("/api/auth/user").await) == "Renamed"
    })
    .await;
    assert!(renamed.is_some(), "the kept session was never let go");
}
