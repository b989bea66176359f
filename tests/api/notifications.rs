//! Notifications: the calls and their ownership rules, the daily job, live frames and Web Push.

use std::sync::{Arc, Mutex};

use axum::{extract::State, http::HeaderMap, routing::post, Router};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use grow::notifications::webpush;
use grow::notifications::{self, Kind, NewNotification};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    at_once, next_frame, on_postgres, open_socket, second_instance, session_cookie_of, spawn_app, spawn_app_with,
    TestApp, PASSWORD,
};

/// Gives `user_id` a notification through the service, as an area would.
pub async fn notify(app: &TestApp, user_id: i64, title: &str) -> i64 {
    let mut tx = app.state.db.begin().await.unwrap();
    let new = NewNotification {
        user_id,
        actor: None,
        kind: Kind::ProjectSupport,
        title,
        message: "Someone supported your project",
        data: json!({ "projectId": 7 }),
        once_key: None,
    };
    let made = notifications::notify(&mut tx, &new).await.unwrap().unwrap();
    tx.commit().await.unwrap();
    made.id
}

/// Forgets every notification, as if a new day had begun (logging in gives the day's note).
async fn forget_all_notifications(app: &TestApp) {
    let mut tx = app.state.db.begin().await.unwrap();
    sqlx::query("DELETE FROM notifications").execute(&mut *tx).await.unwrap();
    sqlx::query("DELETE FROM notification_once").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_list_is_newest_first_paged_by_cursor_and_only_ones_own() {
    let app = spawn_app().await;
    let (ann, ann_user) = app.signed_in().await;
    let (bob, bob_user) = app.signed_in().await;
    let ann_id = ann_user["id"].as_i64().unwrap();
    forget_all_notifications(&app).await;
    for i in 0..5 {
        notify(&app, ann_id, &format!("For Ann {i}")).await;
    }
    notify(&app, bob_user["id"].as_i64().unwrap(), "For Bob").await;

    let first = ann.get("/api/notifications?limit=2").await;
    assert_eq!(first.status, StatusCode::OK);
    let titles: Vec<&str> = first.body.as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["For Ann 4", "For Ann 3"]);
    let item = &first.body[0];
    assert_eq!(item["type"], "project_support");
    assert_eq!(item["isRead"], false);
    assert_eq!(item["data"]["projectId"], 7);
    assert_eq!(item["readAt"], Value::Null);
    // Follow the Link header to the end; a new notification meanwhile does not disturb the pages.
    let mut seen = titles.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    let mut link = first.headers["link"].to_str().unwrap().to_string();
    notify(&app, ann_id, "Arrived while paging").await;
    loop {
        let next = link.trim_start_matches('<').split('>').next().unwrap().to_string();
        let page = ann.get(&next).await;
        seen.extend(page.body.as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()));
        match page.headers.get("link") {
            Some(l) => link = l.to_str().unwrap().to_string(),
            None => break,
        }
    }
    assert_eq!(seen, ["For Ann 4", "For Ann 3", "For Ann 2", "For Ann 1", "For Ann 0"]);
    assert_eq!(bob.get("/api/notifications").await.body.as_array().unwrap().len(), 1);
    assert_eq!(ann.get("/api/notifications?limit=0").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(ann.get("/api/notifications?cursor=nonsense").await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn count_read_read_all_and_delete_act_on_ones_own_only() {
    let app = spawn_app().await;
    let (ann, ann_user) = app.signed_in().await;
    let (bob, _) = app.signed_in().await;
    let ann_id = ann_user["id"].as_i64().unwrap();
    forget_all_notifications(&app).await;
    let first = notify(&app, ann_id, "One").await;
    let second = notify(&app, ann_id, "Two").await;
    notify(&app, ann_id, "Three").await;
    assert_eq!(ann.get("/api/notifications/count").await.body, json!({ "count": 3 }));

    // Another user's notification is not theirs to read or delete, and its existence is not revealed.
    for answer in [
        bob.post_empty(&format!("/api/notifications/{first}/read")).await,
        bob.request(reqwest::Method::DELETE, &format!("/api/notifications/{first}"), None).await,
        ann.post_empty("/api/notifications/999999/read").await,
        ann.post_empty("/api/notifications/not-a-number/read").await,
    ] {
        assert_eq!(answer.status, StatusCode::NOT_FOUND);
        assert_eq!(answer.message(), "Notification not found");
    }
    let read = ann.post_empty(&format!("/api/notifications/{first}/read")).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.body["isRead"], true);
    assert!(read.body["readAt"].is_string());
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 2);

    let deleted = ann.request(reqwest::Method::DELETE, &format!("/api/notifications/{second}"), None).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(ann.get("/api/notifications").await.body.as_array().unwrap().len(), 2);

    let all = ann.post_empty("/api/notifications/read-all").await;
    assert_eq!(all.body, json!({ "updated": 1 }));
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 0);
    assert_eq!(bob.get("/api/notifications/count").await.body["count"], 0);
}

#[tokio::test]
async fn the_count_and_first_page_show_every_change_on_the_next_look() {
    let app = spawn_app().await;
    let (ann, ann_user) = app.signed_in().await;
    let ann_id = ann_user["id"].as_i64().unwrap();
    forget_all_notifications(&app).await;
    let titles = |page: &Value| -> Vec<String> {
        page.as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap().to_string()).collect()
    };
    // Looked at once (and so kept), then each change shows on the very next look.
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 0);
    assert_eq!(titles(&ann.get("/api/notifications").await.body), Vec::<String>::new());
    let first = notify(&app, ann_id, "First").await;
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 1);
    assert_eq!(titles(&ann.get("/api/notifications").await.body), ["First"]);
    let second = notify(&app, ann_id, "Second").await;
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 2);
    assert_eq!(titles(&ann.get("/api/notifications").await.body), ["Second", "First"]);

    assert_eq!(ann.post_empty(&format!("/api/notifications/{first}/read")).await.status, StatusCode::OK);
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 1);
    assert_eq!(ann.get("/api/notifications").await.body[1]["isRead"], true);
    let deleted = ann.request(reqwest::Method::DELETE, &format!("/api/notifications/{second}"), None).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 0);
    assert_eq!(titles(&ann.get("/api/notifications").await.body), ["First"]);
    // Asked another way, the first page is its own answer, with its own link.
    notify(&app, ann_id, "Third").await;
    let short = ann.get("/api/notifications?limit=1").await;
    assert_eq!(titles(&short.body), ["Third"]);
    assert!(short.headers["link"].to_str().unwrap().contains("limit=1"), "{:?}", short.headers);
    assert_eq!(titles(&ann.get("/api/notifications").await.body), ["Third", "First"]);
    assert!(ann.get("/api/notifications").await.headers.get("link").is_none());
    assert_eq!(ann.post_empty("/api/notifications/read-all").await.body, json!({ "updated": 1 }));
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 0);
    let all_read = ann.get("/api/notifications").await.body;
    assert!(all_read.as_array().unwrap().iter().all(|n| n["isRead"] == true), "{all_read}");
}

#[tokio::test]
async fn signed_out_every_notification_call_is_401() {
    let app = spawn_app().await;
    let anon = app.client();
    for answer in [
        anon.get("/api/notifications").await,
        anon.get("/api/notifications/count").await,
        anon.post_empty("/api/notifications/1/read").await,
        anon.post_empty("/api/notifications/read-all").await,
        anon.request(reqwest::Method::DELETE, "/api/notifications/1", None).await,
        anon.get("/api/push/public-key").await,
        anon.post("/api/push/subscribe", &json!({})).await,
    ] {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn a_notification_for_a_rolled_back_change_never_appears() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let mut socket = open_socket(&app, &cookie).await;
    let mut tx = app.state.db.begin().await.unwrap();
    let new = NewNotification {
        user_id: user["id"].as_i64().unwrap(),
        actor: None,
        kind: Kind::Reward,
        title: "Never",
        message: "This change rolls back",
        data: json!({}),
        once_key: None,
    };
    assert!(notifications::notify(&mut tx, &new).await.unwrap().is_some());
    drop(tx); // the change fails: rolled back
    let client = app.client();
    client.login(&username, PASSWORD, false).await;
    let list = client.get("/api/notifications").await.body;
    assert!(list.as_array().unwrap().iter().all(|n| n["title"] != "Never"), "{list}");
    // No frame either: nothing about a reward reaches the socket before the answer to this ping.
    use futures_util::SinkExt;
    socket
        .send(tokio_tungstenite::tungstenite::Message::Text(json!({ "type": "ping" }).to_string().into()))
        .await
        .unwrap();
    loop {
        let frame = next_frame(&mut socket).await.unwrap();
        assert_ne!(frame["notificationType"], "reward", "{frame}");
        if frame["type"] == "pong" {
            break;
        }
    }
}

#[tokio::test]
async fn a_new_notification_is_announced_to_the_recipients_sockets() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let cookie = session_cookie_of(&app.client().login(&username, PASSWORD, false).await);
    let mut socket = open_socket(&app, &cookie).await;
    let id = notify(&app, user["id"].as_i64().unwrap(), "Live").await;
    let expected = json!({ "type": "notification", "id": id, "notificationType": "project_support" });
    // The day's note from logging in may be announced first.
    while next_frame(&mut socket).await.unwrap() != expected {}
}

#[tokio::test]
async fn the_daily_motivation_gives_each_active_person_one_note_a_day_however_often_it_runs() {
    let app = spawn_app().await;
    let (ann, _) = app.signed_in().await;
    let (bob, _) = app.signed_in().await;
    app.signup(json!({})).await; // never logged in: not active
    forget_all_notifications(&app).await; // a new day
    let report = grow::jobs::run_once("daily_motivation", &app.state).await.unwrap();
    assert!(report.contains("gave 2 of 2"), "{report}");
    let again = grow::jobs::run_once("daily_motivation", &app.state).await.unwrap();
    assert!(again.contains("gave 0 of 2"), "{again}");
    for client in [&ann, &bob] {
        let list = client.get("/api/notifications").await.body;
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert_eq!(list[0]["type"], "daily_motivation");
        assert!(!list[0]["title"].as_str().unwrap().is_empty());
        assert!(list[0]["message"].as_str().unwrap().len() > 20);
    }
}

#[tokio::test]
async fn the_daily_motivation_run_at_once_by_several_instances_gives_one_note() {
    let first = spawn_app().await;
    let second = if on_postgres() { Some(second_instance(&first).await) } else { None };
    let (ann, _) = first.signed_in().await;
    forget_all_notifications(&first).await;
    let states: Vec<grow::state::AppState> =
        std::iter::once(first.state.clone()).chain(second.iter().map(|s| s.state.clone())).collect();
    let (reports, _) = at_once(6, |i| {
        let state = states[i % states.len()].clone();
        async move { grow::jobs::run_once("daily_motivation", &state).await.unwrap() }
    })
    .await;
    assert_eq!(reports.iter().filter(|r| r.contains("gave 1 of 1")).count(), 1, "{reports:?}");
    assert_eq!(ann.get("/api/notifications/count").await.body["count"], 1);
}

/// What the stand-in push service received: each request's headers and body.
type Received = Arc<Mutex<Vec<(HeaderMap, Vec<u8>)>>>;

#[tokio::test]
async fn a_deleted_daily_note_is_not_given_again_the_same_day() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let note = client.get("/api/notifications").await.body[0]["id"].as_i64().unwrap();
    let deleted = client.request(reqwest::Method::DELETE, &format!("/api/notifications/{note}"), None).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let report = grow::jobs::run_once("daily_motivation", &app.state).await.unwrap();
    assert!(report.contains("gave 0 of 1"), "{report}");
    assert!(client.get("/api/notifications").await.body.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn logging_in_gives_the_days_note_once() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    for _ in 0..3 {
        assert_eq!(client.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    }
    let list = client.get("/api/notifications").await.body;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list[0]["type"], "daily_motivation");
    assert_eq!(list[0]["data"]["url"], "/");
}

/// A stand-in push service on loopback: records what it receives and answers `status`.
struct PushService {
    url: String,
    received: Received,
    status: Arc<Mutex<u16>>,
}

async fn push_service() -> PushService {
    type Shared = (Received, Arc<Mutex<u16>>);
    let received: Received = Arc::default();
    let status = Arc::new(Mutex::new(201u16));
    let app = Router::new()
        .route(
            "/push/{id}",
            post(|State((received, status)): State<Shared>, headers: HeaderMap, body: axum::body::Bytes| async move {
                received.lock().unwrap().push((headers, body.to_vec()));
                let code = *status.lock().unwrap();
                axum::http::StatusCode::from_u16(code).unwrap()
            }),
        )
        .with_state((received.clone(), status.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    PushService { url: format!("http://{addr}/push/device1"), received, status }
}

/// A browser's push keys: the secret it keeps and what it sends to `subscribe`.
pub fn browser_keys() -> (p256::SecretKey, [u8; 16], Value) {
    let secret = p256::SecretKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
    let auth: [u8; 16] = rand::random();
    let keys = json!({
        "p256dh": URL_SAFE_NO_PAD.encode(secret.public_key().to_sec1_bytes()),
        "auth": URL_SAFE_NO_PAD.encode(auth),
    });
    (secret, auth, keys)
}

async fn wait_for<T>(mut check: impl FnMut() -> Option<T>) -> T {
    for _ in 0..200 {
        if let Some(found) = check() {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("timed out waiting");
}

#[tokio::test]
async fn a_new_notification_is_pushed_encrypted_and_signed_to_each_subscription() {
    // A stand-in push service on loopback needs the test-only setting.
    let app = spawn_app_with(|config| config.push_allow_loopback_http = true).await;
    let (client, user) = app.signed_in().await;
    let service = push_service().await;
    let (secret, auth, keys) = browser_keys();
    let subscribed = client.post("/api/push/subscribe", &json!({ "endpoint": service.url, "keys": keys })).await;
    assert_eq!(subscribed.status, StatusCode::CREATED);
    let public_key = client.get("/api/push/public-key").await.body["publicKey"].as_str().unwrap().to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&public_key).unwrap().len(), 65);

    notify(&app, user["id"].as_i64().unwrap(), "Pushed to you").await;
    let (headers, body) = wait_for(|| service.received.lock().unwrap().first().cloned()).await;
    assert_eq!(headers["content-encoding"], "aes128gcm");
    let authorization = headers["authorization"].to_str().unwrap();
    assert!(authorization.starts_with("vapid t=") && authorization.ends_with(&format!("k={public_key}")));
    // The token (RFC 8292) is signed by the key the app gives browsers, for the push service's origin, for 12 hours
    // (at most 24); the service keeps the message a day.
    let token = authorization["vapid t=".len()..].split(", k=").next().unwrap();
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let key = p256::ecdsa::VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(&public_key).unwrap()).unwrap();
    let signature = p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
    assert!(p256::ecdsa::signature::Verifier::verify(&key, signed.as_bytes(), &signature).is_ok());
    let claims: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(signed.split('.').nth(1).unwrap()).unwrap()).unwrap();
    assert_eq!(claims["aud"], reqwest::Url::parse(&service.url).unwrap().origin().ascii_serialization());
    let expires_in = claims["exp"].as_i64().unwrap() - chrono::Utc::now().timestamp();
    assert!((12 * 60 * 60 - 60..=12 * 60 * 60).contains(&expires_in), "{claims}");
    assert_eq!(headers["ttl"], "86400");
    let plain = webpush::open(&body, &secret, &auth).expect("the browser opens the push");
    let payload: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(payload["title"], "Pushed to you");
    assert_eq!(payload["type"], "project_support");
    assert_eq!(payload["data"]["projectId"], 7);
    // Delivered once: nothing is left to send.
    let round = grow::jobs::run_once("push", &app.state).await.unwrap();
    assert!(round.contains("sent: 0"), "{round}");
    assert_eq!(service.received.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_subscription_the_push_service_calls_gone_is_removed_and_a_failure_is_retried_later() {
    // A stand-in push service on loopback needs the test-only setting.
    let app = spawn_app_with(|config| config.push_allow_loopback_http = true).await;
    let (client, user) = app.signed_in().await;
    let user_id = user["id"].as_i64().unwrap();
    let service = push_service().await;
    let (_, _, keys) = browser_keys();
    client.post("/api/push/subscribe", &json!({ "endpoint": service.url, "keys": keys })).await;
    let subscriptions = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM push_subscriptions")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap()
    };

    *service.status.lock().unwrap() = 503;
    notify(&app, user_id, "Try again").await;
    wait_for(|| (!service.received.lock().unwrap().is_empty()).then_some(())).await;
    let attempts: i64 = wait_for_row(&app, "SELECT attempts FROM push_outbox").await;
    assert_eq!(attempts, 1, "the failure is scheduled for another try");
    assert_eq!(subscriptions().await, 1);

    *service.status.lock().unwrap() = 410;
    notify(&app, user_id, "Gone").await;
    wait_for(|| (service.received.lock().unwrap().len() >= 2).then_some(())).await;
    for _ in 0..100 {
        if subscriptions().await == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    assert_eq!(subscriptions().await, 0);
    let queued: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM push_outbox").fetch_one(app.state.db.pool()).await.unwrap();
    assert_eq!(queued, 0, "nothing stays queued for a removed subscription");
}

async fn wait_for_row(app: &TestApp, sql: &str) -> i64 {
    for _ in 0..200 {
        if let Ok(Some(v)) = sqlx::query_scalar::<_, i64>(sql).fetch_optional(app.state.db.pool()).await {
            if v > 0 {
                return v;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("no row for {sql}");
}

#[tokio::test]
async fn subscriptions_are_checked_and_a_repeat_replaces_and_unsubscribe_removes() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let (_, _, keys) = browser_keys();
    let cases = [
        (json!({ "endpoint": "http://push.example/x", "keys": keys }), "https"),
        (json!({ "endpoint": "https://push.example/x", "keys": { "p256dh": "abc", "auth": keys["auth"] } }), "p256dh"),
        (json!({ "endpoint": "https://push.example/x", "keys": { "p256dh": keys["p256dh"], "auth": "AAAA" } }), "auth"),
        (json!({ "endpoint": "https://push.example/x" }), "keys"),
    ];
    for (body, word) in cases {
        let answer = client.post("/api/push/subscribe", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(answer.message().contains(word), "{} lacks {word}", answer.message());
    }
    let good = json!({ "endpoint": "https://push.example/x", "keys": keys });
    assert_eq!(client.post("/api/push/subscribe", &good).await.status, StatusCode::CREATED);
    assert_eq!(client.post("/api/push/subscribe", &good).await.status, StatusCode::CREATED);
    let count = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM push_subscriptions")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap()
    };
    assert_eq!(count().await, 1);
    let gone = client
        .request(reqwest::Method::DELETE, "/api/push/subscribe", Some(&json!({ "endpoint": "https://push.example/x" })))
        .await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    assert_eq!(count().await, 0);
}

#[tokio::test]
async fn logging_out_ends_the_devices_push_subscription_and_a_reset_ends_them_all() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let count = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM push_subscriptions")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap()
    };
    let (phone, laptop) = (app.client(), app.client());
    for (client, endpoint) in [(&phone, "https://push.example/phone"), (&laptop, "https://push.example/laptop")] {
        client.login(&username, PASSWORD, false).await;
        let (_, _, keys) = browser_keys();
        assert_eq!(
            client.post("/api/push/subscribe", &json!({ "endpoint": endpoint, "keys": keys })).await.status,
            StatusCode::CREATED
        );
    }
    assert_eq!(count().await, 2);
    phone.post_empty("/api/auth/logout").await;
    assert_eq!(count().await, 1, "only the phone's subscription went");
    let token = crate::helpers::reset_token(&app, &username, user["id"].as_i64().unwrap()).await;
    app.client().post("/api/auth/reset-password", &json!({ "token": token, "password": "New-pass99!" })).await;
    assert_eq!(count().await, 0);
}

#[tokio::test]
async fn push_goes_only_for_the_types_a_person_left_on() {
    let app = spawn_app_with(|config| config.push_allow_loopback_http = true).await;
    let (client, user) = app.signed_in().await;
    let user_id = user["id"].as_i64().unwrap();
    let service = push_service().await;
    let (secret, auth, keys) = browser_keys();
    let subscribed = client.post("/api/push/subscribe", &json!({ "endpoint": service.url, "keys": keys })).await;
    assert_eq!(subscribed.status, StatusCode::CREATED);
    let settings = "/api/users/me/notification-settings";
    let off = json!({ "push": { "project_support": false } });
    assert_eq!(client.request(reqwest::Method::PUT, settings, Some(&off)).await.status, StatusCode::OK);
    notify(&app, user_id, "Kept quiet").await;
    let on = json!({ "push": { "project_support": true } });
    assert_eq!(client.request(reqwest::Method::PUT, settings, Some(&on)).await.status, StatusCode::OK);
    notify(&app, user_id, "Pushed again").await;
    // The one push that arrives is the second: the first, of a type turned off, was kept in the app only.
    let (_, body) = wait_for(|| service.received.lock().unwrap().first().cloned()).await;
    let plain = webpush::open(&body, &secret, &auth).expect("the browser opens the push");
    let payload: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(payload["title"], "Pushed again");
    let round = grow::jobs::run_once("push", &app.state).await.unwrap();
    assert!(round.contains("sent: 0"), "{round}");
    assert_eq!(service.received.lock().unwrap().len(), 1);
    // Both are in the app.
    let listed = client.get("/api/notifications").await.body;
    assert!(listed.to_string().contains("Kept quiet") && listed.to_string().contains("Pushed again"), "{listed}");
}
