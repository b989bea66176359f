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
