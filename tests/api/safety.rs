//! Safety and one's data: blocking, reports and moderation, suspension, the per-person limits,
//! the export and account deletion.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    admin, closes, open_socket, session_cookie_of, spawn_app, spawn_app_with, two_instances, unique, Client, TestApp,
    PASSWORD,
};

/// A signed-in person; an innovator unless `extra` says otherwise (only innovators create projects).
async fn person(app: &TestApp, extra: Value) -> (Client, i64, String) {
    let mut body = json!({ "role": "innovator" });
    crate::helpers::merge(&mut body, extra);
    let (client, user) = app.signed_in_as(body).await;
    (client, user["id"].as_i64().unwrap(), user["username"].as_str().unwrap().to_string())
}

async fn connect(a: &Client, b: &Client, b_id: i64) {
    let made = a.post("/api/connections", &json!({ "targetUserId": b_id })).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let id = made.body["id"].as_i64().unwrap();
    assert_eq!(b.post_empty(&format!("/api/connections/{id}/accept")).await.status, StatusCode::OK);
}

async fn count_of(client: &Client) -> i64 {
    client.get("/api/auth/user").await.body["connectionCount"].as_i64().unwrap()
}

fn ids_of(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect()
}

/// The people a discovery question finds, once the index has caught up (it follows the database within a second).
async fn found_by_search(client: &Client, question: &str, expect_someone: bool) -> Vec<i64> {
    let mut last = Vec::new();
    for _ in 0..40 {
        let answer = client.get(&format!("/api/search?q={question}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        last = answer.body["results"]["users"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
        if last.is_empty() != expect_someone {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    last
}

async fn published(owner: &Client, title: &str) -> i64 {
    let made = owner
        .post("/api/projects", &json!({ "title": title, "description": "Kiosks for traders", "isPublished": true }))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_block_removes_the_connection_and_stops_messages_requests_scans_and_finding_each_other_both_ways() {
    let app = spawn_app().await;
    let word = unique("zephyrine");
    let (ann, ann_id, _) = person(&app, json!({})).await;
    let (bob, bob_id, bob_name) = person(&app, json!({ "firstName": "Bob" })).await;
    let place = json!({ "bio": format!("I build {word} boats"), "location": "Lisbon", "lat": 38.72, "lng": -9.14 });
    assert_eq!(bob.patch("/api/users/profile", &place).await.status, StatusCode::OK);
    connect(&ann, &bob, bob_id).await;
    assert_eq!((count_of(&ann).await, count_of(&bob).await), (1, 1));
    assert_eq!(ids_of(&ann.get(&format!("/api/users/search?q={bob_name}")).await.body), [bob_id]);
    assert_eq!(found_by_search(&ann, &word, true).await, [bob_id]);
    let nearby = ann.get("/api/users/nearby?lat=38.7&lng=-9.1").await.body;
    assert!(nearby.as_array().unwrap().iter().any(|n| n["id"] == bob_id), "{nearby}");

    assert_eq!(bob.post_empty(&format!("/api/users/{ann_id}/block")).await.status, StatusCode::NO_CONTENT);
    assert_eq!(bob.post_empty(&format!("/api/users/{ann_id}/block")).await.status, StatusCode::NO_CONTENT);
    let blocked = bob.get("/api/users/blocked").await.body;
    assert_eq!(ids_of(&blocked), [ann_id]);
    assert!(blocked[0].get("email").is_none());
    assert!(ids_of(&ann.get("/api/users/blocked").await.body).is_empty());
    // The connection went, and both counts with it.
    assert_eq!((count_of(&ann).await, count_of(&bob).await), (0, 0));
    assert!(ann.get("/api/connections/with-users").await.body.as_array().unwrap().is_empty());
    assert!(bob.get("/api/connections/with-users").await.body.as_array().unwrap().is_empty());

    // Neither reaches the other, whoever tries; each is told in their own words.
    let to_bob = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Hello?" })).await;
    assert_eq!(to_bob.status, StatusCode::FORBIDDEN);
    assert_eq!(to_bob.message(), "This person is not available");
    let to_ann = bob.post("/api/messages", &json!({ "receiverId": ann_id, "content": "Hi" })).await;
    assert_eq!(to_ann.status, StatusCode::FORBIDDEN);
    assert!(to_ann.message().contains("You have blocked"), "{}", to_ann.message());
    let (ann_code, bob_code) =
        (crate::helpers::connect_code_of(&ann).await, crate::helpers::connect_code_of(&bob).await);
    for (client, other, code) in [(&ann, bob_id, bob_code), (&bob, ann_id, ann_code)] {
        let request = client.post("/api/connections", &json!({ "targetUserId": other })).await;
        assert_eq!(request.status, StatusCode::FORBIDDEN, "{}", request.body);
        let scan = client.post("/api/connections/scan", &json!({ "code": code })).await;
        assert_eq!(scan.status, StatusCode::FORBIDDEN);
        let auto = client.post("/api/connections/auto-connect", &json!({ "code": code })).await;
        assert_eq!(auto.status, StatusCode::FORBIDDEN);
    }
    // Nor do they find each other.
    assert!(ann.get(&format!("/api/users/search?q={bob_name}")).await.body.as_array().unwrap().is_empty());
    assert!(found_by_search(&ann, &word, false).await.is_empty());
    let nearby = ann.get("/api/users/nearby?lat=38.7&lng=-9.1").await.body;
    assert!(!nearby.as_array().unwrap().iter().any(|n| n["id"] == bob_id), "{nearby}");
    assert_eq!(ann.get(&format!("/api/users/{bob_id}/presence")).await.status, StatusCode::NOT_FOUND);

    // Only the one who blocked can lift it; the connection does not come back by itself.
    assert_eq!(
        ann.request(reqwest::Method::DELETE, &format!("/api/users/{bob_id}/block"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(ids_of(&bob.get("/api/users/blocked").await.body), [ann_id]);
    assert_eq!(
        bob.request(reqwest::Method::DELETE, &format!("/api/users/{ann_id}/block"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        bob.request(reqwest::Method::DELETE, &format!("/api/users/{ann_id}/block"), None).await.status,
        StatusCode::NO_CONTENT
    );
    let again = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Friends again?" })).await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(count_of(&ann).await, 0);
    assert_eq!(found_by_search(&ann, &word, true).await, [bob_id]);

    let own = ann.post_empty(&format!("/api/users/{ann_id}/block")).await;
    assert_eq!(own.status, StatusCode::BAD_REQUEST);
    assert_eq!(ann.post_empty("/api/users/987654/block").await.status, StatusCode::NOT_FOUND);
    assert_eq!(ann.post_empty("/api/users/nobody/block").await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.client().post_empty(&format!("/api/users/{bob_id}/block")).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().get("/api/users/blocked").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_pending_request_goes_with_a_block_and_presence_frames_stop() {
    let app = spawn_app().await;
    let (ann_name, _) = app.signup(json!({})).await;
    let ann = app.client();
    let ann_cookie = session_cookie_of(&ann.login(&ann_name, PASSWORD, false).await);
    let (bob_name, bob) = app.signup(json!({})).await;
    let bob_id = bob["id"].as_i64().unwrap();
    let bob = app.client();
    let bob_cookie = session_cookie_of(&bob.login(&bob_name, PASSWORD, false).await);
    ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "hi" })).await;
    let ann_id = ann.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    bob.post("/api/messages", &json!({ "receiverId": ann_id, "content": "hello" })).await;
    ann.post("/api/connections", &json!({ "targetUserId": bob_id })).await;
    assert_eq!(bob.get("/api/connections/requests").await.body.as_array().unwrap().len(), 1);
    let mut ann_socket = open_socket(&app, &ann_cookie).await;
    // Chat partners see each other come online...
    let bob_socket = open_socket(&app, &bob_cookie).await;
    assert_eq!(crate::chat::frame_of(&mut ann_socket, &["presence"]).await["online"], true);
    drop(bob_socket);
    assert_eq!(crate::chat::frame_of(&mut ann_socket, &["presence"]).await["online"], false);

    ann.post_empty(&format!("/api/users/{bob_id}/block")).await;
    assert!(bob.get("/api/connections/requests").await.body.as_array().unwrap().is_empty());
    assert!(ann.get("/api/connections/with-users").await.body.as_array().unwrap().is_empty());
    // ...but not across a block.
    let _bob_socket = open_socket(&app, &bob_cookie).await;
    assert!(crate::chat::silent(&mut ann_socket, &["presence"]).await);
}

#[tokio::test]
async fn reports_need_a_reason_and_something_the_reporter_can_see() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, json!({})).await;
    let (bob, bob_id, _) = person(&app, json!({})).await;
    let (carl, _, _) = person(&app, json!({})).await;
    let project = published(&ann, "Solar kiosks").await;
    let draft = ann.post("/api/projects", &json!({ "title": "Secret draft" })).await.body["id"].as_i64().unwrap();
    let report = |kind: &str, id: i64, reason: &str| json!({ "targetType": kind, "targetId": id, "reason": reason });

    let made = bob.post("/api/reports", &report("project", project, "  Looks like a scam  ")).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["status"], "open");
    assert_eq!(made.body["reason"], "Looks like a scam");
    assert_eq!(made.body["targetType"], "project");
    let again = bob.post("/api/reports", &report("project", project, "Still a scam")).await;
    assert_eq!((again.status, again.body["id"].clone()), (StatusCode::CREATED, made.body["id"].clone()));

    for (body, status) in [
        (report("project", project, "   "), StatusCode::BAD_REQUEST),
        (report("project", project, &"x".repeat(1001)), StatusCode::BAD_REQUEST),
        (report("planet", project, "Bad"), StatusCode::BAD_REQUEST),
        (json!({ "targetType": "project", "reason": "Bad" }), StatusCode::BAD_REQUEST),
        (report("project", 987_654, "Bad"), StatusCode::NOT_FOUND),
        (report("project", draft, "Bad"), StatusCode::NOT_FOUND),
        (report("user", 987_654, "Bad"), StatusCode::NOT_FOUND),
        (report("user", bob_id, "Me"), StatusCode::BAD_REQUEST),
        (report("message", 987_654, "Bad"), StatusCode::NOT_FOUND),
        (report("feedback", 987_654, "Bad"), StatusCode::NOT_FOUND),
    ] {
        let answer = bob.post("/api/reports", &body).await;
        assert_eq!(answer.status, status, "{body} → {}", answer.body);
        assert!(!answer.message().is_empty());
    }
    assert_eq!(
        bob.post("/api/reports", &report("project", project, &"x".repeat(1000))).await.status,
        StatusCode::CREATED
    );
    let own = ann.post("/api/reports", &report("project", project, "Mine")).await;
    assert_eq!(own.status, StatusCode::BAD_REQUEST);
    // A direct message is for its two people: a third cannot even learn it exists.
    let message = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Buy my coins" })).await.body
        ["id"]
        .as_i64()
        .unwrap();
    assert_eq!(carl.post("/api/reports", &report("message", message, "Spam")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(bob.post("/api/reports", &report("message", message, "Spam")).await.status, StatusCode::CREATED);
    assert_eq!(ann.post("/api/reports", &report("message", message, "Mine")).await.status, StatusCode::BAD_REQUEST);
    let feedback = carl.post(&format!("/api/projects/{project}/feedback"), &json!({ "content": "Rude words" })).await;
    let feedback = feedback.body["id"].as_i64().unwrap();
    assert_eq!(bob.post("/api/reports", &report("feedback", feedback, "Rude")).await.status, StatusCode::CREATED);
    assert_eq!(bob.post("/api/reports", &report("user", ann_id, "Scammer")).await.status, StatusCode::CREATED);
    assert_eq!(app.client().post("/api/reports", &report("user", ann_id, "x")).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn administrators_alone_read_reports_in_context_and_remove_or_dismiss_them() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, json!({})).await;
    let (bob, bob_id, _) = person(&app, json!({})).await;
    let (carl, _, _) = person(&app, json!({})).await;
    let project = published(&ann, "Solar kiosks").await;
    let other = published(&ann, "Wind kiosks").await;
    let report = |kind: &str, id: i64, reason: &str| json!({ "targetType": kind, "targetId": id, "reason": reason });
    for text in ["Hi Bob", "Want to invest?", "Send me your bank details", "Please?"] {
        ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": text })).await;
    }
    let history = bob.get(&format!("/api/messages/{}", ann.get("/api/auth/user").await.body["id"])).await.body;
    let bad = history.as_array().unwrap().iter().find(|m| m["content"] == "Send me your bank details").unwrap()["id"]
        .as_i64()
        .unwrap();
    bob.post("/api/reports", &report("message", bad, "Phishing")).await;
    let feedback = carl.post(&format!("/api/projects/{project}/feedback"), &json!({ "content": "Rude words" })).await;
    let feedback = feedback.body["id"].as_i64().unwrap();
    bob.post("/api/reports", &report("feedback", feedback, "Rude")).await;
    bob.post("/api/reports", &report("project", other, "Fake")).await;
    carl.post("/api/reports", &report("project", other, "Fake too")).await;

    assert_eq!(bob.get("/api/admin/reports").await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.client().get("/api/admin/reports").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        bob.post("/api/admin/reports/1/resolve", &json!({ "action": "dismiss" })).await.status,
        StatusCode::FORBIDDEN
    );
    let admin = admin(&app).await;
    let listed = admin.get("/api/admin/reports").await;
    assert_eq!(listed.status, StatusCode::OK);
    let reports = listed.body.as_array().unwrap().clone();
    assert_eq!(reports.len(), 4);
    assert!(!listed.body.to_string().contains("@example.com"), "no email in reports");
    let find = |kind: &str| reports.iter().find(|r| r["targetType"] == kind).unwrap().clone();
    let on_message = find("message");
    assert_eq!(on_message["reason"], "Phishing");
    assert_eq!(on_message["reporter"]["id"], bob_id);
    assert_eq!(on_message["subject"]["firstName"], "Ada");
    assert_eq!(on_message["content"]["exists"], true);
    let context = on_message["content"]["context"].as_array().unwrap();
    assert_eq!(context.len(), 4, "three before it at most, and the one after");
    let marked: Vec<&Value> = context.iter().filter(|c| c["isReported"] == true).collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0]["content"], "Send me your bank details");
    assert_eq!(find("feedback")["content"]["projectId"], project);
    assert_eq!(find("feedback")["content"]["title"], "Solar kiosks");
    let page = admin.get("/api/admin/reports?limit=2").await;
    assert_eq!(page.body.as_array().unwrap().len(), 2);
    assert!(page.headers.get("link").is_some_and(|l| l.to_str().unwrap().contains("rel=\"next\"")));
    assert_eq!(admin.get("/api/admin/reports?status=closed").await.status, StatusCode::BAD_REQUEST);

    let resolve = |id: &Value, action: &str| (format!("/api/admin/reports/{id}/resolve"), json!({ "action": action }));
    // Removing the message deletes it for both people.
    let (path, body) = resolve(&on_message["id"], "remove");
    let removed = admin.post(&path, &body).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    assert_eq!(removed.body["status"], "removed");
    assert_eq!(removed.body["content"]["exists"], false);
    let history = bob.get(&format!("/api/messages/{}", ann.get("/api/auth/user").await.body["id"])).await.body;
    assert_eq!(history.as_array().unwrap().len(), 3);
    assert_eq!(admin.post(&path, &body).await.status, StatusCode::BAD_REQUEST, "already resolved");
    // Dismissing leaves the feedback where it was.
    let (path, body) = resolve(&find("feedback")["id"], "dismiss");
    assert_eq!(admin.post(&path, &body).await.body["status"], "dismissed");
    let thread = carl.get(&format!("/api/projects/{project}/feedback")).await.body;
    assert_eq!(thread.as_array().unwrap().len(), 1);
    // Removing a project settles every open report on it and takes it out of the feed.
    assert!(ids_of(&bob.get("/api/feed").await.body).contains(&other));
    let (path, body) = resolve(&find("project")["id"], "remove");
    assert_eq!(admin.post(&path, &body).await.status, StatusCode::OK);
    assert_eq!(bob.get(&format!("/api/projects/{other}")).await.status, StatusCode::NOT_FOUND);
    assert!(!ids_of(&bob.get("/api/feed").await.body).contains(&other));
    assert!(admin.get("/api/admin/reports").await.body.as_array().unwrap().is_empty());
    let all = admin.get("/api/admin/reports?status=all").await.body;
    assert_eq!(all.as_array().unwrap().len(), 4);
    assert!(all.as_array().unwrap().iter().all(|r| r["status"] != "open"));

    // A person is suspended, never "removed"; bad actions and unknown reports are refused.
    let on_person = bob.post("/api/reports", &report("user", carl_id(&carl).await, "Rude")).await.body["id"].clone();
    let (path, _) = resolve(&on_person, "remove");
    assert_eq!(admin.post(&path, &json!({ "action": "remove" })).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(admin.post(&path, &json!({ "action": "ban" })).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        admin.post("/api/admin/reports/987654/resolve", &json!({ "action": "dismiss" })).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        admin.get("/api/admin/reports").await.body.as_array().unwrap().len(),
        1,
        "a refused action changes nothing"
    );
}

async fn carl_id(carl: &Client) -> i64 {
    carl.get("/api/auth/user").await.body["id"].as_i64().unwrap()
}

#[tokio::test]
async fn suspension_ends_every_session_and_socket_at_once_and_refuses_login_until_lifted() {
    let app = spawn_app().await;
    let (eve_name, eve) = app.signup(json!({})).await;
    let eve_id = eve["id"].as_i64().unwrap();
    let phone = app.client();
    let login = phone.login(&eve_name, PASSWORD, true).await;
    let remember = login.body["rememberToken"].as_str().unwrap().to_string();
    let laptop = app.client();
    let cookie = session_cookie_of(&laptop.login(&eve_name, PASSWORD, false).await);
    let mut socket = open_socket(&app, &cookie).await;
    let (bob, _, _) = person(&app, json!({})).await;
    let id =
        bob.post("/api/reports", &json!({ "targetType": "user", "targetId": eve_id, "reason": "Spam" })).await.body
            ["id"]
            .clone();
    let admin = admin(&app).await;
    let done = admin.post(&format!("/api/admin/reports/{id}/resolve"), &json!({ "action": "suspend" })).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.body["status"], "suspended");

    assert!(closes(&mut socket).await, "the open socket is closed");
    for client in [&phone, &laptop] {
        assert_eq!(client.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
    }
    // Nobody finds a suspended person any more.
    assert!(bob.get(&format!("/api/users/search?q={eve_name}")).await.body.as_array().unwrap().is_empty());
    let refused = app.client().login(&eve_name, PASSWORD, false).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.message().contains("suspended"), "{}", refused.message());
    // The wrong password learns nothing.
    assert_eq!(app.client().login(&eve_name, "Wrong-password-1", false).await.status, StatusCode::UNAUTHORIZED);
    let remembered = app
        .client()
        .post("/api/auth/remembered-login", &json!({ "username": eve_name, "rememberToken": remember }))
        .await;
    assert_ne!(remembered.status, StatusCode::OK);

    let out =
        crate::helpers::run_grow(app.data_dir(), Some(&app.database_url()), &["admin", "unsuspend", &eve_name]).await;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(app.client().login(&eve_name, PASSWORD, false).await.status, StatusCode::OK);
    assert_eq!(bob.get(&format!("/api/users/search?q={eve_name}")).await.body.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn on_postgresql_a_suspension_on_one_instance_closes_the_persons_sockets_on_another() {
    let Some((first, second)) = two_instances().await else { return };
    let (eve_name, eve) = first.signup(json!({})).await;
    let eve_id = eve["id"].as_i64().unwrap();
    let client = second.client();
    let cookie = session_cookie_of(&client.login(&eve_name, PASSWORD, false).await);
    let mut socket = open_socket(&second, &cookie).await;
    assert_eq!(client.get("/api/auth/user").await.status, StatusCode::OK);
    let (bob, _, _) = person(&first, json!({})).await;
    let id =
        bob.post("/api/reports", &json!({ "targetType": "user", "targetId": eve_id, "reason": "Spam" })).await.body
            ["id"]
            .clone();
    let admin = admin(&first).await;
    assert_eq!(
        admin.post(&format!("/api/admin/reports/{id}/resolve"), &json!({ "action": "suspend" })).await.status,
        StatusCode::OK
    );
    assert!(closes(&mut socket).await);
    assert_eq!(client.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn messages_are_limited_per_person_and_each_persons_budget_is_their_own() {
    let app = spawn_app_with(|config| config.budgets.messages = 3).await;
    let (ann, _, _) = person(&app, json!({})).await;
    let (bob, bob_id, _) = person(&app, json!({})).await;
    let (_, carl_id, _) = person(&app, json!({})).await;
    for n in 0..3 {
        let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": format!("Hi {n}") })).await;
        assert_eq!(sent.status, StatusCode::CREATED);
    }
    // Direct, project and room messages share one budget.
    let fourth = ann.post("/api/messages", &json!({ "receiverId": carl_id, "content": "Hi again" })).await;
    assert_eq!(fourth.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(fourth.message().contains("messages"), "{}", fourth.message());
    let wait: u64 = fourth.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&wait), "{wait}");
    ann.post_empty("/api/communities/tech/join").await;
    let room = ann.post("/api/communities/tech/messages", &json!({ "content": "Hello room" })).await;
    assert_eq!(room.status, StatusCode::TOO_MANY_REQUESTS);
    // Someone else's budget is their own.
    assert_eq!(
        bob.post("/api/messages", &json!({ "receiverId": carl_id, "content": "x" })).await.status,
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn the_export_holds_everything_the_account_has_and_nobody_elses_email() {
    let app = spawn_app().await;
    let (ann, ann_id, ann_name) = person(&app, json!({ "role": "innovator" })).await;
    let (bob, bob_id, bob_name) = person(&app, json!({})).await;
    connect(&ann, &bob, bob_id).await;
    let project = published(&ann, "Solar kiosks").await;
    ann.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Find a welder" })).await;
    ann.post(&format!("/api/projects/{project}/updates"), &json!({ "title": "Week one", "content": "Built one" }))
        .await;
    bob.post(&format!("/api/projects/{project}/feedback"), &json!({ "content": "Lovely idea" })).await;
    bob.post_empty(&format!("/api/projects/{project}/support")).await;
    let bobs = published(&bob, "Wind kiosks").await;
    assert_eq!(ann.post_empty(&format!("/api/projects/{bobs}/support")).await.status, StatusCode::OK);
    ann.post("/api/feed/swipes", &json!({ "projectId": bobs, "direction": "pass" })).await;
    ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Hello Bob" })).await;
    bob.post("/api/messages", &json!({ "receiverId": ann_id, "content": "Hello Ann" })).await;

    assert_eq!(app.client().get("/api/account/export").await.status, StatusCode::UNAUTHORIZED);
    let response = ann.http.get(format!("{}/api/account/export", ann.base)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.starts_with("attachment;") && disposition.contains(&ann_name), "{disposition}");
    let text = response.text().await.unwrap();
    assert!(!text.contains(&format!("{bob_name}@example.com")), "no other user's email");
    let data: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(data["profile"]["email"], format!("{ann_name}@example.com"));
    assert_eq!(data["connections"][0]["otherUser"]["id"], bob_id);
    assert_eq!(data["connections"][0]["status"], "accepted");
    let project_out = &data["projects"][0];
    assert_eq!(project_out["title"], "Solar kiosks");
    assert_eq!(project_out["tasks"][0]["title"], "Find a welder");
    assert_eq!(project_out["updates"][0]["title"], "Week one");
    assert_eq!(project_out["feedback"][0]["content"], "Lovely idea");
    assert_eq!(data["supports"][0]["projectId"], bobs);
    assert_eq!(data["swipes"][0]["projectId"], bobs);
    let messages: Vec<(&str, bool)> = data["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["content"].as_str().unwrap(), m["sent"].as_bool().unwrap()))
        .collect();
    assert_eq!(messages, [("Hello Bob", true), ("Hello Ann", false)]);
    let ledger: i64 = data["ledger"].as_array().unwrap().iter().map(|e| e["amount"].as_i64().unwrap()).sum();
    assert!(ledger > 0);
    assert_eq!(ledger, ann.get("/api/auth/user").await.body["coins"].as_i64().unwrap());
    assert!(data["ledger"][0]["reason"].is_string() && data["ledger"][0]["createdAt"].is_string());
    assert!(!data["notifications"].as_array().unwrap().is_empty());
    assert!(data["pledges"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_long_account_history_is_exported_whole() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, json!({})).await;
    let (_, bob_id, _) = person(&app, json!({})).await;
    // More messages than one batch of the export, written straight into the database.
    let mut tx = app.state.db.begin().await.unwrap();
    let me = ann.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    let key = format!("direct:{}:{}", me.min(bob_id), me.max(bob_id));
    let conversation =
        grow::chat::store::open(&mut tx, &key, "direct", Some((me.min(bob_id), me.max(bob_id))), None, None, 1)
            .await
            .unwrap();
    for n in 0..1_203 {
        sqlx::query(
            "INSERT INTO messages (conversation_id, sender_id, receiver_id, content, message_type, created_at) \
             VALUES ($1, $2, $3, $4, 'text', $5)",
        )
        .bind(conversation)
        .bind(me)
        .bind(bob_id)
        .bind(format!("Message {n}"))
        .bind(1_000 + n)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    let data = ann.get("/api/account/export").await.body;
    let messages = data["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1_203);
    assert_eq!(messages[1_202]["content"], "Message 1202");
}

async fn rows_of(app: &TestApp, user: i64) -> Vec<(String, i64)> {
    let checks = [
        ("users", "SELECT COUNT(*) FROM users WHERE id = $1"),
        ("sessions", "SELECT COUNT(*) FROM sessions WHERE user_id = $1"),
        ("remember_tokens", "SELECT COUNT(*) FROM remember_tokens WHERE user_id = $1"),
        ("connections", "SELECT COUNT(*) FROM connections WHERE requester_id = $1 OR target_id = $1"),
        ("projects", "SELECT COUNT(*) FROM projects WHERE owner_id = $1"),
        ("project_supports", "SELECT COUNT(*) FROM project_supports WHERE user_id = $1"),
        ("project_swipes", "SELECT COUNT(*) FROM project_swipes WHERE user_id = $1"),
        ("project_feedback", "SELECT COUNT(*) FROM project_feedback WHERE author_id = $1"),
        ("messages", "SELECT COUNT(*) FROM messages WHERE sender_id = $1 OR receiver_id = $1"),
        ("conversations", "SELECT COUNT(*) FROM conversations WHERE low_id = $1 OR high_id = $1"),
        ("notifications", "SELECT COUNT(*) FROM notifications WHERE user_id = $1"),
        ("coin_ledger", "SELECT COUNT(*) FROM coin_ledger WHERE user_id = $1"),
        ("community_members", "SELECT COUNT(*) FROM community_members WHERE user_id = $1"),
        ("blocks", "SELECT COUNT(*) FROM blocks WHERE blocker_id = $1 OR blocked_id = $1"),
        ("reports", "SELECT COUNT(*) FROM reports WHERE reporter_id = $1 OR subject_id = $1"),
        ("pledges", "SELECT COUNT(*) FROM pledges WHERE investor_id = $1"),
    ];
    let mut left = Vec::new();
    for (table, sql) in checks {
        let n: i64 = sqlx::query_scalar(sql).bind(user).fetch_one(app.state.db.pool()).await.unwrap();
        if n > 0 {
            left.push((table.to_string(), n));
        }
    }
    left
}

#[tokio::test]
async fn deleting_an_account_takes_everything_it_owns_and_keeps_the_counts_others_see_true() {
    let app = spawn_app().await;
    let (ann_name, _) = app.signup(json!({ "role": "innovator" })).await;
    let ann = app.client();
    let login = ann.login(&ann_name, PASSWORD, true).await;
    let ann_id = login.body["user"]["id"].as_i64().unwrap();
    let cookie = session_cookie_of(&login);
    let (bob, bob_id, _) = person(&app, json!({})).await;
    connect(&ann, &bob, bob_id).await;
    let bobs = published(&bob, "Wind kiosks").await;
    ann.post_empty(&format!("/api/projects/{bobs}/support")).await;
    let anns = published(&ann, "Solar kiosks").await;
    bob.post_empty(&format!("/api/projects/{anns}/support")).await;
    ann.post(&format!("/api/projects/{bobs}/feedback"), &json!({ "content": "Great" })).await;
    ann.post_empty("/api/communities/tech/join").await;
    bob.post_empty(&format!("/api/users/{ann_id}/block")).await;
    bob.request(reqwest::Method::DELETE, &format!("/api/users/{ann_id}/block"), None).await;
    connect(&bob, &ann, ann_id).await;
    let members =
        |list: &Value| list.as_array().unwrap().iter().find(|c| c["slug"] == "tech").unwrap()["memberCount"].clone();
    assert_eq!(members(&bob.get("/api/communities").await.body), 1);
    let png = crate::people::picture(40, 30, image::ImageFormat::Png);
    let uploaded = crate::uploads::upload(&ann, "file", vec![("photo.png", "image/png", png)]).await;
    let file = uploaded.body["fileUrl"].as_str().unwrap().to_string();
    let sent = ann
        .post("/api/messages", &json!({ "receiverId": bob_id, "content": "A photo", "attachmentUrl": file.clone() }))
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    bob.post("/api/messages", &json!({ "receiverId": ann_id, "content": "Nice" })).await;
    bob.post("/api/reports", &json!({ "targetType": "user", "targetId": ann_id, "reason": "Spam" })).await;
    assert_eq!(count_of(&bob).await, 1);
    assert_eq!(bob.get(&format!("/api/projects/{bobs}")).await.body["supporterCount"], 1);
    let mut socket = open_socket(&app, &cookie).await;

    let missing = ann.request(reqwest::Method::DELETE, "/api/account", Some(&json!({}))).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    let wrong = ann.request(reqwest::Method::DELETE, "/api/account", Some(&json!({ "password": "Not-it-42" }))).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(ann.get("/api/auth/user").await.status, StatusCode::OK, "a wrong password changes nothing");
    let gone = ann.request(reqwest::Method::DELETE, "/api/account", Some(&json!({ "password": PASSWORD }))).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);

    assert!(closes(&mut socket).await);
    assert_eq!(ann.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().login(&ann_name, PASSWORD, false).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(rows_of(&app, ann_id).await, Vec::<(String, i64)>::new());
    // What others see stays true.
    assert_eq!(count_of(&bob).await, 0);
    assert_eq!(bob.get(&format!("/api/projects/{bobs}")).await.body["supporterCount"], 0);
    assert_eq!(members(&bob.get("/api/communities").await.body), 0);
    assert_eq!(bob.get(&format!("/api/projects/{anns}")).await.status, StatusCode::NOT_FOUND);
    assert!(bob.get("/api/connections/with-users").await.body.as_array().unwrap().is_empty());
    assert!(bob.get(&format!("/api/projects/{bobs}/feedback")).await.body.as_array().unwrap().is_empty());
    // The photo only the account used is removed from the file store.
    let mut served = StatusCode::OK;
    for _ in 0..40 {
        served = bob.get(&file).await.status;
        if served == StatusCode::NOT_FOUND {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(served, StatusCode::NOT_FOUND);
    // The name and the email are free again.
    let again = app
        .client()
        .post(
            "/api/auth/signup",
            &crate::helpers::signup_body(json!({ "username": ann_name, "email": format!("{ann_name}@example.com") })),
        )
        .await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
}

#[tokio::test]
async fn the_demo_community_has_open_reports_for_an_administrator_to_judge() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let admin = admin(&app).await;
    let reports = admin.get("/api/admin/reports").await.body;
    let kinds: Vec<&str> = reports.as_array().unwrap().iter().map(|r| r["targetType"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["message", "project", "user"]);
    for report in reports.as_array().unwrap() {
        assert_eq!(report["content"]["exists"], true, "{report}");
        assert!(report["reporter"]["firstName"].is_string() && report["subject"]["firstName"].is_string());
        assert_ne!(report["reporter"]["id"], report["subject"]["id"]);
    }
}

#[tokio::test]
async fn an_administrator_acts_on_no_report_about_themselves_and_suspends_no_administrator() {
    let app = spawn_app().await;
    let first = admin(&app).await;
    let second = admin(&app).await;
    let first_id = first.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    let second_id = second.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    let (bob, _, _) = person(&app, json!({})).await;
    let about = |id: i64| json!({ "targetType": "user", "targetId": id, "reason": "Rude in chat" });
    let on_first = bob.post("/api/reports", &about(first_id)).await.body["id"].as_i64().unwrap();
    let on_second = bob.post("/api/reports", &about(second_id)).await.body["id"].as_i64().unwrap();
    // About oneself: neither dismissed nor judged.
    for action in ["dismiss", "suspend"] {
        let own = first.post(&format!("/api/admin/reports/{on_first}/resolve"), &json!({ "action": action })).await;
        assert_eq!(own.status, StatusCode::FORBIDDEN, "{action}: {}", own.body);
        assert_eq!(own.message(), "You cannot act on a report about yourself");
    }
    // Another administrator is suspended only from the command line.
    let other = first.post(&format!("/api/admin/reports/{on_second}/resolve"), &json!({ "action": "suspend" })).await;
    assert_eq!(other.status, StatusCode::FORBIDDEN, "{}", other.body);
    assert_eq!(second.get("/api/auth/user").await.status, StatusCode::OK, "still signed in");
    // Both reports are still open for someone who may judge them.
    let open = |body: Value| body.as_array().unwrap().iter().filter(|r| r["status"] == "open").count();
    assert_eq!(open(second.get("/api/admin/reports").await.body), 2);
    let dismissed =
        second.post(&format!("/api/admin/reports/{on_first}/resolve"), &json!({ "action": "dismiss" })).await;
    assert_eq!(dismissed.status, StatusCode::OK, "{}", dismissed.body);
}

#[tokio::test]
async fn a_blockers_projects_and_a_suspended_owners_are_gone_by_id_from_lists_and_from_every_act() {
    let app = spawn_app().await;
    let (vera, vera_id, _) = person(&app, json!({})).await;
    let (sam, _, _) = person(&app, json!({})).await;
    let (ola, ola_id, _) = person(&app, json!({})).await;
    let veras = published(&vera, "Vera's kiosks").await;
    let olas = published(&ola, "Ola's looms").await;
    let listed = |list: Value, id: i64| ids_of(&list).contains(&id);
    assert!(listed(sam.get("/api/feed").await.body, veras));
    assert!(listed(sam.get("/api/projects").await.body, olas));

    // Vera blocks Sam: her project is gone for him, and he for her, wherever he looks.
    assert_eq!(
        vera.post_empty(&format!("/api/users/{}/block", ids_of_me(&sam).await)).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(sam.get(&format!("/api/projects/{veras}")).await.status, StatusCode::NOT_FOUND);
    assert!(!listed(sam.get("/api/feed").await.body, veras));
    assert!(!listed(sam.get("/api/projects").await.body, veras));
    assert_eq!(sam.post_empty(&format!("/api/projects/{veras}/support")).await.status, StatusCode::NOT_FOUND);
    let feedback = sam.post(&format!("/api/projects/{veras}/feedback"), &json!({ "content": "Still here" })).await;
    assert_eq!(feedback.status, StatusCode::NOT_FOUND, "{}", feedback.body);
    // Lifted, it is back.
    assert_eq!(
        vera.request(reqwest::Method::DELETE, &format!("/api/users/{}/block", ids_of_me(&sam).await), None)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(sam.get(&format!("/api/projects/{veras}")).await.status, StatusCode::OK);
    let _ = vera_id;

    // Ola is suspended: her project leaves the lists, answers 404, and supporting it pays nothing.
    let before = sam.get("/api/auth/user").await.body["coins"].as_i64().unwrap();
    let mut tx = app.state.db.begin().await.unwrap();
    grow::safety::reports::suspend_in(&mut tx, ola_id, 1).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(sam.get(&format!("/api/projects/{olas}")).await.status, StatusCode::NOT_FOUND);
    assert!(!listed(sam.get("/api/projects").await.body, olas));
    assert!(!listed(sam.get("/api/feed").await.body, olas));
    assert_eq!(sam.post_empty(&format!("/api/projects/{olas}/support")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sam.get("/api/auth/user").await.body["coins"].as_i64().unwrap(), before);
}

async fn ids_of_me(client: &Client) -> i64 {
    client.get("/api/auth/user").await.body["id"].as_i64().unwrap()
}
