//! Fair play, the bounds (issue 28, API.md "Push", "Uploads", "Limits and fair play"): push that
//! cannot be aimed inside the network, files owned by what uses them, uploads streamed with their
//! size checked as they arrive, and at most 10 sockets a person.

use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{extract::Path, routing::post, Router};
use image::ImageFormat;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{closes, next_frame, open_socket, session_cookie_of, spawn_app, spawn_app_with, Client, TestApp},
    notifications::{browser_keys, notify},
    people::{data_url, picture},
    uploads::upload,
};

// ---------------------------------------------------------------------------------------------
// Push

/// A stand-in push service on loopback that records the path of each push it receives.
async fn listener() -> (String, Arc<Mutex<Vec<String>>>) {
    let received: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = received.clone();
    let app = Router::new().route(
        "/push/{id}",
        post(move |Path(id): Path<String>| {
            let seen = seen.clone();
            async move {
                seen.lock().unwrap().push(id);
                StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}/push"), received)
}

/// A push service that takes connections and never answers them.
async fn silent_listener() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    format!("http://{addr}/push/slow")
}

#[tokio::test]
async fn push_endpoints_inside_the_network_or_plain_http_are_refused() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let (url, received) = listener().await;
    let port = url.split(':').nth(2).and_then(|rest| rest.split('/').next()).unwrap().to_string();
    let (_, _, keys) = browser_keys();
    for endpoint in [
        format!("{url}/1"),
        format!("https://127.0.0.1:{port}/push/1"),
        format!("https://localhost:{port}/push/1"),
        "https://[::1]/push/1".to_string(),
        "https://[::ffff:127.0.0.1]/push/1".to_string(),
        "https://10.0.0.1/".to_string(),
        "https://192.168.1.10/push".to_string(),
        "https://169.254.169.254/latest/meta-data".to_string(),
        "https://100.64.0.1/push".to_string(),
        "https://[fd12::1]/push".to_string(),
        "http://push.example/1".to_string(),
    ] {
        let answer = client.post("/api/push/subscribe", &json!({ "endpoint": endpoint, "keys": keys })).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{endpoint}");
        assert!(!answer.message().is_empty(), "{endpoint}");
    }
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM push_subscriptions").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(count, 0);
    assert!(received.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_subscription_to_loopback_stored_some_other_way_is_never_called() {
    let app = spawn_app().await;
    let (_, user) = app.signed_in().await;
    let user_id = user["id"].as_i64().unwrap();
    let (url, received) = listener().await;
    let (_, _, keys) = browser_keys();
    // As a row stored before the rules (the database is the point here: the API refuses it).
    sqlx::query(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, session_hash, created_at) \
         VALUES ($1, $2, $3, $4, '', 0)",
    )
    .bind(user_id)
    .bind(format!("{url}/planted"))
    .bind(keys["p256dh"].as_str().unwrap())
    .bind(keys["auth"].as_str().unwrap())
    .execute(app.state.db.pool())
    .await
    .unwrap();
    notify(&app, user_id, "Aimed inside").await;
    grow::jobs::run_once("push", &app.state).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(received.lock().unwrap().is_empty(), "the push reached the loopback listener");
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM push_subscriptions").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(count, 0, "the refused subscription is removed");
}

/// Waits until `received` holds `n` pushes (or 5 s pass).
async fn received_at_least(received: &Arc<Mutex<Vec<String>>>, n: usize, within: Duration) -> Vec<String> {
    let started = Instant::now();
    while started.elapsed() < within {
        if received.lock().unwrap().len() >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    received.lock().unwrap().clone()
}

fn test_push(config: &mut grow::config::Config) {
    config.push_allow_loopback_http = true;
}

#[tokio::test]
async fn an_eleventh_push_subscription_replaces_the_oldest() {
    let app = spawn_app_with(test_push).await;
    let (client, user) = app.signed_in().await;
    let (url, received) = listener().await;
    for device in 1..=11 {
        let (_, _, keys) = browser_keys();
        let endpoint = format!("{url}/{device}");
        let answer = client.post("/api/push/subscribe", &json!({ "endpoint": endpoint, "keys": keys })).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.message());
    }
    notify(&app, user["id"].as_i64().unwrap(), "To every device").await;
    received_at_least(&received, 10, Duration::from_secs(5)).await;
    // Nothing more arrives for an eleventh device.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut got = received.lock().unwrap().clone();
    got.sort_by_key(|id| id.parse::<u32>().unwrap());
    let expected: Vec<String> = (2..=11).map(|d| d.to_string()).collect();
    assert_eq!(got, expected, "ten devices, the first one replaced");
}

#[tokio::test]
async fn a_push_service_that_never_answers_does_not_hold_up_anyone_elses_push() {
    let app = spawn_app_with(test_push).await;
    let (slow_client, slow_user) = app.signed_in().await;
    let (fast_client, fast_user) = app.signed_in().await;
    let (url, received) = listener().await;
    let (_, _, keys) = browser_keys();
    let slow = json!({ "endpoint": silent_listener().await, "keys": keys });
    assert_eq!(slow_client.post("/api/push/subscribe", &slow).await.status, StatusCode::CREATED);
    let fast = json!({ "endpoint": format!("{url}/fast"), "keys": keys });
    assert_eq!(fast_client.post("/api/push/subscribe", &fast).await.status, StatusCode::CREATED);

    // The slow one is queued first, so a worker sending one at a time would wait on it.
    notify(&app, slow_user["id"].as_i64().unwrap(), "Into the void").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    notify(&app, fast_user["id"].as_i64().unwrap(), "Right away").await;
    let got = received_at_least(&received, 1, Duration::from_secs(15)).await;
    assert_eq!(got, vec!["fast".to_string()]);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the push waited {:?} behind a service that never answers",
        started.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// Sockets

#[tokio::test]
async fn an_eleventh_socket_closes_the_oldest() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let cookie = session_cookie_of(&client.login(&username, crate::helpers::PASSWORD, false).await);
    let mut sockets = Vec::new();
    for _ in 0..10 {
        sockets.push(open_socket(&app, &cookie).await);
    }
    let mut newest = open_socket(&app, &cookie).await;
    assert!(closes(&mut sockets[0]).await, "the oldest socket is closed");
    // The others stay open: each still answers a ping.
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    for socket in sockets.iter_mut().skip(1).chain(std::iter::once(&mut newest)) {
        socket.send(Message::Text(r#"{"type":"ping"}"#.into())).await.unwrap();
        assert_eq!(next_frame(socket).await.expect("still open")["type"], "pong");
    }
    assert_eq!(app.state.hub.sockets_of(app_user_id(&app, &username).await), 10);
}

async fn app_user_id(app: &TestApp, username: &str) -> i64 {
    sqlx::query_scalar("SELECT id FROM users WHERE username = $1")
        .bind(username)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

// ---------------------------------------------------------------------------------------------
// Files owned by what uses them

async fn innovator(app: &TestApp) -> (Client, i64) {
    let (client, user) = app.signed_in_as(json!({ "role": "innovator" })).await;
    (client, user["id"].as_i64().unwrap())
}

async fn new_project(owner: &Client, images: Value) -> i64 {
    let made =
        owner.post("/api/projects", &json!({ "title": "Bounded", "isPublished": true, "imageUrls": images })).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["id"].as_i64().unwrap()
}

/// Sets a profile photo; its address and its thumbnail's.
async fn photo_of(client: &Client) -> (String, String) {
    let png = picture(300, 300, ImageFormat::Png);
    let answer = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url("image/png", &png) })).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let photo = answer.body["profileImageUrl"].as_str().unwrap().to_string();
    let thumbnail = photo.replace(".png", "_256.png");
    (photo, thumbnail)
}

async fn served(app: &TestApp, url: &str) -> StatusCode {
    reqwest::get(app.url(url)).await.unwrap().status()
}

#[tokio::test]
async fn an_attachment_image_or_message_may_not_name_someone_elses_file() {
    let app = spawn_app().await;
    let (alice, _) = app.signed_in().await;
    let (photo, thumbnail) = photo_of(&alice).await;
    let (bob, _) = innovator(&app).await;
    let project = new_project(&bob, json!([])).await;
    for url in [&photo, &thumbnail] {
        let attached = bob
            .post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Mine now", "attachments": [url] }))
            .await;
        assert_eq!(attached.status, StatusCode::BAD_REQUEST, "{url}: {}", attached.body);
        assert!(!attached.message().is_empty());
        let cover = bob.patch(&format!("/api/projects/{project}"), &json!({ "imageUrls": [url] })).await;
        assert_eq!(cover.status, StatusCode::BAD_REQUEST, "{url}");
        let said = bob
            .post(&format!("/api/projects/{project}/messages"), &json!({ "content": "look", "attachmentUrl": url }))
            .await;
        assert_eq!(said.status, StatusCode::BAD_REQUEST, "{url}: {}", said.body);
        let posted = bob
            .post(&format!("/api/projects/{project}/feedback"), &json!({ "content": "look", "imageUrl": url }))
            .await;
        assert_eq!(posted.status, StatusCode::BAD_REQUEST, "{url}: {}", posted.body);
    }
    let made = bob.post("/api/projects", &json!({ "title": "Borrowed", "imageUrls": [&thumbnail] })).await;
    assert_eq!(made.status, StatusCode::BAD_REQUEST);
    assert_eq!(served(&app, &photo).await, StatusCode::OK);
    assert_eq!(served(&app, &thumbnail).await, StatusCode::OK);
}

#[tokio::test]
async fn a_file_already_on_the_project_may_be_named_there_by_others() {
    let app = spawn_app().await;
    let (owner, _) = innovator(&app).await;
    let cover = upload(&owner, "file", vec![("cover.png", "image/png", picture(40, 40, ImageFormat::Png))]).await;
    let cover = cover.body["fileUrl"].as_str().unwrap().to_string();
    let project = new_project(&owner, json!([&cover])).await;
    let (fan, _) = app.signed_in().await;
    let posted = fan
        .post(&format!("/api/projects/{project}/feedback"), &json!({ "content": "Love it", "imageUrl": cover }))
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.body);
    // Not on another project of theirs, though.
    let (other, _) = innovator(&app).await;
    let elsewhere = new_project(&other, json!([])).await;
    let borrowed = other.patch(&format!("/api/projects/{elsewhere}"), &json!({ "imageUrls": [cover] })).await;
    assert_eq!(borrowed.status, StatusCode::BAD_REQUEST);
}

async fn gone_within(app: &TestApp, url: &str, within: Duration) -> bool {
    let started = Instant::now();
    while started.elapsed() < within {
        if served(app, url).await == StatusCode::NOT_FOUND {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test]
async fn a_file_or_its_thumbnail_is_removed_only_when_nothing_names_it() {
    let app = spawn_app().await;
    let (bob, _) = innovator(&app).await;
    let project = new_project(&bob, json!([])).await;
    // Bob attaches his own photo's thumbnail to a task, then deletes the task: his photo stays.
    let (photo, thumbnail) = photo_of(&bob).await;
    let task = bob
        .post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Me", "attachments": [&thumbnail] }))
        .await;
    assert_eq!(task.status, StatusCode::CREATED, "{}", task.body);
    let task = task.body["id"].as_i64().unwrap();
    assert_eq!(
        bob.request(reqwest::Method::DELETE, &format!("/api/tasks/{task}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert!(!gone_within(&app, &thumbnail, Duration::from_millis(500)).await, "the photo's thumbnail was removed");
    assert_eq!(served(&app, &photo).await, StatusCode::OK);

    // A file on two tasks stays until the second goes.
    let notes = upload(&bob, "file", vec![("notes.txt", "text/plain", b"plans\n".to_vec())]).await;
    let notes = notes.body["fileUrl"].as_str().unwrap().to_string();
    let mut tasks = Vec::new();
    for title in ["One", "Two"] {
        let made = bob
            .post(&format!("/api/projects/{project}/tasks"), &json!({ "title": title, "attachments": [&notes] }))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
        tasks.push(made.body["id"].as_i64().unwrap());
    }
    bob.request(reqwest::Method::DELETE, &format!("/api/tasks/{}", tasks[0]), None).await;
    assert!(!gone_within(&app, &notes, Duration::from_millis(500)).await, "removed while a task still names it");
    bob.request(reqwest::Method::DELETE, &format!("/api/tasks/{}", tasks[1]), None).await;
    assert!(gone_within(&app, &notes, Duration::from_secs(5)).await, "kept after nothing names it");
}

// ---------------------------------------------------------------------------------------------
// Uploads streamed to storage

/// The files being received in the data dir's file folder, with their sizes.
fn spooled(app: &TestApp) -> Vec<u64> {
    let Ok(entries) = std::fs::read_dir(app.data_dir().join("files")) else { return Vec::new() };
    entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".part"))
        .filter_map(|e| e.metadata().ok().map(|m| m.len()))
        .collect()
}

/// Starts a multipart upload of one text file of `total` bytes by hand; the connection and the
/// bytes that close the form.
async fn start_upload(app: &TestApp, cookie: &str, total: usize) -> (tokio::net::TcpStream, Vec<u8>) {
    use tokio::io::AsyncWriteExt;
    let head = b"--XBOUNDARYX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.txt\"\r\n\
                 Content-Type: text/plain\r\n\r\n"
        .to_vec();
    let tail = b"\r\n--XBOUNDARYX--\r\n".to_vec();
    let mut stream = tokio::net::TcpStream::connect(app.addr).await.unwrap();
    let request = format!(
        "POST /api/upload HTTP/1.1\r\nHost: {}\r\nCookie: {cookie}\r\nContent-Type: multipart/form-data; boundary=XBOUNDARYX\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        app.addr,
        head.len() + total + tail.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.write_all(&head).await.unwrap();
    (stream, tail)
}

async fn status_of(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::AsyncReadExt;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn an_upload_is_written_to_storage_as_it_arrives_not_held_in_memory() {
    use tokio::io::AsyncWriteExt;
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, crate::helpers::PASSWORD, false).await);
    let total = 6 * 1024 * 1024;
    let (mut stream, tail) = start_upload(&app, &cookie, total).await;
    let line = vec![b'a'; 1023].into_iter().chain([b'\n']).collect::<Vec<u8>>();
    for _ in 0..4 * 1024 {
        stream.write_all(&line).await.unwrap();
    }
    // Four of six megabytes sent: they are on disk already, not waiting in memory for the rest.
    let started = Instant::now();
    while spooled(&app).iter().all(|len| *len < 3 * 1024 * 1024) && started.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(spooled(&app).iter().any(|len| *len >= 3 * 1024 * 1024), "nothing was written while the upload arrived");
    for _ in 0..2 * 1024 {
        stream.write_all(&line).await.unwrap();
    }
    stream.write_all(&tail).await.unwrap();
    assert!(status_of(&mut stream).await.contains("200"));
    assert!(spooled(&app).is_empty(), "the received file was moved into place");
}

#[tokio::test]
async fn an_upload_is_refused_at_the_first_chunk_past_ten_megabytes_and_leaves_nothing() {
    use tokio::io::AsyncWriteExt;
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, crate::helpers::PASSWORD, false).await);
    // Twenty megabytes announced; a little over ten sent, then the client waits.
    let (mut stream, _) = start_upload(&app, &cookie, 20 * 1024 * 1024).await;
    let chunk = vec![b'a'; 64 * 1024];
    for _ in 0..(10 * 1024 / 64 + 2) {
        if stream.write_all(&chunk).await.is_err() {
            break;
        }
    }
    let status = status_of(&mut stream).await;
    assert!(status.contains("413"), "{status}");
    let cleaned = crate::helpers::eventually(Duration::from_secs(5), async || spooled(&app).is_empty()).await;
    assert!(cleaned.is_some(), "a refused upload left a file behind: {:?}", spooled(&app));
}
