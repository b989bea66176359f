//! Security from outside, generated from the OpenAPI document where it can be: every state-changing
//! call refuses another site, every call but the public ones asks who is calling, every call that
//! names someone else's resource refuses a stranger and changes nothing; plus session fixation,
//! active content in uploads, and the login limit across instances.

use std::collections::{BTreeMap, BTreeSet};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::{
    helpers::{session_cookie_of, spawn_app, two_instances, Client, TestApp, PASSWORD},
    uploads::upload,
};

/// Every operation of the document: (method, path template).
async fn operations(app: &TestApp) -> Vec<(Method, String)> {
    let document: Value = reqwest::get(app.url("/api/openapi.json")).await.unwrap().json().await.unwrap();
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            found.push((method.to_uppercase().parse().unwrap(), path.clone()));
        }
    }
    assert!(found.len() > 50, "the document lists the API: {}", found.len());
    found
}

/// A template with every path parameter filled with 1.
fn filled(template: &str) -> String {
    let mut path = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').unwrap() + open;
        path.push_str(&rest[..open]);
        path.push('1');
        rest = &rest[close + 1..];
    }
    path + rest
}

async fn send(client: &Client, method: Method, path: &str, body: &Value, origin: Option<&str>) -> (StatusCode, Value) {
    let mut request = client.http.request(method.clone(), format!("{}{path}", client.base));
    if method != Method::GET {
        request = request.json(body);
    }
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    let answer = Client::answer(request.send().await.unwrap()).await;
    (answer.status, answer.body)
}

#[tokio::test]
async fn every_state_changing_call_refuses_a_request_from_another_site_and_changes_nothing() {
    let app = spawn_app().await;
    let (client, user) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let mut checked = 0;
    for (method, template) in operations(&app).await {
        if matches!(method, Method::GET | Method::HEAD) {
            continue;
        }
        for origin in ["https://evil.example", "null"] {
            let path = filled(&template);
            let body = json!({ "title": "From elsewhere", "bio": "From elsewhere", "content": "hi" });
            let (status, answer) = send(&client, method.clone(), &path, &body, Some(origin)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {template} from {origin}: {answer}");
            assert_eq!(answer["message"], "Cross-site request refused", "{method} {template}");
        }
        checked += 1;
    }
    assert!(checked > 40, "{checked}");
    // Nothing of it landed: still signed in (logout and account deletion were refused), nothing made.
    let me = client.get("/api/auth/user").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["bio"], user["bio"]);
    // The session cookie cannot be read by a page's script or sent along by another site's form.
    let (name, _) = app.signup(json!({})).await;
    let login = app.client().login(&name, PASSWORD, false).await;
    let cookie = login.headers["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
}

/// Calls anyone may make without signing in, each for a reason of the spec.
const PUBLIC: &[(&str, &str)] = &[
    ("POST /api/auth/check-email", "the sign-up form checks as one types"),
    ("POST /api/auth/check-username", "the sign-up form checks as one types"),
    ("POST /api/auth/signup", "signing up"),
    ("POST /api/auth/login", "signing in"),
    ("POST /api/auth/logout", "signing out is harmless when signed out"),
    ("POST /api/auth/remembered-login", "the remembered-account screen"),
    ("POST /api/auth/forget-remembered", "the remembered-account screen"),
    ("POST /api/auth/forgot-password", "asking for a reset link"),
    ("POST /api/auth/verify-email", "the link mailed to prove an address, opened in any browser"),
    ("POST /api/mail/unsubscribe", "one click from a mail app: the signed token names the person"),
    ("POST /api/auth/reset-password", "the reset link's page"),
    ("GET /api/projects/{id}", "the join page shows a published project before signing in"),
    ("GET /api/push/public-key", "the server's public VAPID key"),
    ("GET /api/public/projects/{id}", "a shared link's public card of a published project"),
];

#[tokio::test]
async fn every_call_but_the_public_ones_asks_who_is_calling() {
    let app = spawn_app().await;
    let anonymous = app.client();
    let public: BTreeMap<&str, &str> = PUBLIC.iter().copied().collect();
    let mut answered_anyway = Vec::new();
    for (method, template) in operations(&app).await {
        let key = format!("{method} {template}");
        let (status, answer) = send(&anonymous, method.clone(), &filled(&template), &json!({}), None).await;
        if public.contains_key(key.as_str()) {
            continue;
        }
        if status != StatusCode::UNAUTHORIZED {
            answered_anyway.push(format!("{key}: {status} {answer}"));
        } else {
            assert!(answer["message"].is_string(), "{key}: {answer}");
        }
    }
    assert!(answered_anyway.is_empty(), "answered without asking who is calling:\n{}", answered_anyway.join("\n"));
}

#[tokio::test]
async fn a_session_id_chosen_before_signing_in_is_never_adopted_and_a_signed_out_one_is_dead() {
    let app = spawn_app().await;
    let (name, _) = app.signup(json!({})).await;
    let planted = "grow_session=attackerchosenvalue0123456789abcdefghijkl";
    let login = app
        .client()
        .http
        .post(app.url("/api/auth/login"))
        .header("cookie", planted)
        .json(&json!({ "username": name, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    let login = Client::answer(login).await;
    assert_eq!(login.status, StatusCode::OK);
    let issued = session_cookie_of(&login);
    assert_ne!(issued, planted, "the server adopted the planted session id");
    let as_planted = reqwest::Client::new().get(app.url("/api/auth/user")).header("cookie", planted).send().await;
    assert_eq!(as_planted.unwrap().status(), StatusCode::UNAUTHORIZED);
    let as_issued = reqwest::Client::new().get(app.url("/api/auth/user")).header("cookie", &issued).send().await;
    assert_eq!(as_issued.unwrap().status(), StatusCode::OK);
    // Each sign-in is a new session; signing out ends the one it came with for good.
    let again = session_cookie_of(&app.client().login(&name, PASSWORD, false).await);
    assert_ne!(again, issued);
    let out = reqwest::Client::new().post(app.url("/api/auth/logout")).header("cookie", &issued).send().await;
    assert!(out.unwrap().status().is_success());
    let replayed = reqwest::Client::new().get(app.url("/api/auth/user")).header("cookie", &issued).send().await;
    assert_eq!(replayed.unwrap().status(), StatusCode::UNAUTHORIZED);
    let other = reqwest::Client::new().get(app.url("/api/auth/user")).header("cookie", &again).send().await;
    assert_eq!(other.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn html_and_svg_uploads_are_never_served_as_active_content() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let html = b"<!doctype html><html><body><script>alert(document.cookie)</script></body></html>".to_vec();
    let svg = b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><script>alert(2)</script></svg>".to_vec();
    let files = [
        ("page.html", "text/html", html.clone()),
        ("page.htm", "application/xhtml+xml", html.clone()),
        ("picture.svg", "image/svg+xml", svg.clone()),
        ("picture.png", "image/png", svg.clone()),
        ("notes.txt", "text/plain", html),
        ("drawing.xml", "application/xml", svg),
    ];
    for (name, mime, bytes) in files {
        let stored = upload(&client, "file", vec![(name, mime, bytes)]).await;
        if stored.status != StatusCode::OK {
            assert_eq!(stored.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{name}: {}", stored.body);
            continue;
        }
        let url = stored.body["fileUrl"].as_str().unwrap();
        let served = client.http.get(app.url(url)).send().await.unwrap();
        let headers = served.headers();
        let kind = headers["content-type"].to_str().unwrap();
        assert!(!kind.contains("html") && !kind.contains("svg") && !kind.contains("xml"), "{name} served as {kind}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{name}");
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(policy.contains("sandbox") || policy.contains("script-src 'none'"), "{name}: {policy}");
    }
}

#[tokio::test]
async fn on_postgresql_the_login_limit_is_one_budget_across_instances() {
    let Some((first, second)) = two_instances().await else { return };
    let (name, _) = first.signup(json!({})).await;
    let mut refused = 0;
    for attempt in 0..8 {
        let instance = if attempt % 2 == 0 { &first } else { &second };
        let answer = instance.client().login(&name, "Wrong-pass1!", false).await;
        match answer.status {
            StatusCode::UNAUTHORIZED => {}
            StatusCode::TOO_MANY_REQUESTS => refused += 1,
            other => panic!("attempt {attempt}: {other} {}", answer.body),
        }
    }
    assert!(refused >= 3, "alternating instances got more than five tries: {refused} refused of 8");
    for instance in [&first, &second] {
        assert_eq!(instance.client().login(&name, PASSWORD, false).await.status, StatusCode::TOO_MANY_REQUESTS);
    }
}

/// Ann's things, each of a kind some call names by id, and the people around them.
struct World {
    ann: Client,
    bob: Client,
    carl: Client,
    eve: Client,
    project: i64,
    draft: i64,
    task: i64,
    message: i64,
    /// Ann and Bob's direct conversation.
    conversation: i64,
    notification: i64,
    request: i64,
    pledge: i64,
    ann_id: i64,
    bob_id: i64,
}

async fn person(app: &TestApp, role: &str) -> (Client, i64) {
    let (client, user) = app.signed_in_as(json!({ "role": role })).await;
    (client, user["id"].as_i64().unwrap())
}

async fn world(app: &TestApp) -> World {
    let (ann, ann_id) = person(app, "innovator").await;
    let (bob, bob_id) = person(app, "collaborator").await;
    let (carl, carl_id) = person(app, "explorer").await;
    let (eve, _) = person(app, "investor").await;
    let made = ann
        .post("/api/projects", &json!({ "title": "Ann's kiosks", "description": "Mine", "isPublished": true }))
        .await;
    let project = made.body["id"].as_i64().unwrap();
    let draft = ann.post("/api/projects", &json!({ "title": "Ann's secret" })).await.body["id"].as_i64().unwrap();
    let task = ann.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Find a site" })).await.body["id"]
        .as_i64()
        .unwrap();
    ann.post(&format!("/api/projects/{project}/updates"), &json!({ "title": "News", "content": "We began" })).await;
    assert!(bob.post_empty(&format!("/api/projects/{project}/join")).await.status.is_success());
    let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Just for Bob" })).await;
    let message = sent.body["id"].as_i64().unwrap();
    let conversation = sent.body["conversationId"].as_i64().unwrap();
    let (ivy, _) = person(app, "investor").await;
    let pledged =
        ivy.post(&format!("/api/projects/{project}/pledge"), &json!({ "amount": 50_000, "message": "For Ann" })).await;
    let pledge = pledged.body["pledge"]["id"].as_i64().unwrap();
    bob.post_empty(&format!("/api/projects/{project}/support")).await;
    let notification = ann.get("/api/notifications").await.body[0]["id"].as_i64().expect("Ann was notified");
    let asked = ann.post("/api/connections", &json!({ "targetUserId": carl_id, "type": "connection" })).await;
    let request = asked.body["id"].as_i64().unwrap();
    World {
        ann,
        bob,
        carl,
        eve,
        project,
        draft,
        task,
        message,
        conversation,
        notification,
        request,
        pledge,
        ann_id,
        bob_id,
    }
}

/// What Ann, Bob and Carl see of Ann's things.
async fn seen(w: &World) -> Value {
    let p = w.project;
    json!({
        "project": w.ann.get(&format!("/api/projects/{p}")).await.body,
        "draft": w.ann.get(&format!("/api/projects/{}", w.draft)).await.body,
        "tasks": w.ann.get(&format!("/api/projects/{p}/tasks")).await.body,
        "updates": w.ann.get(&format!("/api/projects/{p}/updates")).await.body,
        "collaborators": w.ann.get(&format!("/api/projects/{p}/collaborators")).await.body,
        "team chat": w.ann.get(&format!("/api/projects/{p}/messages")).await.body,
        "notifications": w.ann.get("/api/notifications").await.body,
        "chat": w.bob.get(&format!("/api/messages/{}", w.ann_id)).await.body,
        "bob's chats": w.bob.get("/api/conversations").await.body,
        "carl's requests": w.carl.get("/api/connections/requests").await.body,
        "pledges": w.ann.get(&format!("/api/projects/{p}/pledges")).await.body,
    })
}

/// The path a stranger calls and the body sent.
type Attempt = (String, Value);

#[tokio::test]
async fn every_call_that_names_someone_elses_thing_refuses_a_stranger_and_changes_nothing() {
    let app = spawn_app().await;
    let w = world(&app).await;
    let (p, d, t, m, n, r, b) = (w.project, w.draft, w.task, w.message, w.notification, w.request, w.bob_id);
    let g = w.pledge;
    // Each call with a path parameter: what a stranger (Eve) tries with Ann's things, or why the call
    // is anyone's to make (it acts on the caller's own state, or shows what is public).
    let tried: Vec<(&str, Option<Attempt>, &str)> = vec![
        ("POST /api/admin/jobs/{name}/run", Some(("/api/admin/jobs/digest/run".into(), json!({}))), ""),
        (
            "POST /api/admin/reports/{id}/resolve",
            Some(("/api/admin/reports/1/resolve".into(), json!({ "action": "dismiss" }))),
            "",
        ),
        ("POST /api/communities/{slug}/join", None, "joins the caller to a public room"),
        ("DELETE /api/communities/{slug}/join", None, "the caller leaves a room"),
        ("GET /api/communities/{slug}/messages", Some(("/api/communities/tech/messages".into(), json!({}))), ""),
        (
            "POST /api/communities/{slug}/messages",
            Some(("/api/communities/tech/messages".into(), json!({ "content": "x" }))),
            "",
        ),
        ("DELETE /api/connections/{id}", Some((format!("/api/connections/{r}"), json!({}))), ""),
        (
            "POST /api/conversations/{id}/read",
            Some((format!("/api/conversations/{}/read", w.conversation), json!({ "messageId": m }))),
            "",
        ),
        ("POST /api/connections/{id}/accept", Some((format!("/api/connections/{r}/accept"), json!({}))), ""),
        ("POST /api/connections/{id}/reject", Some((format!("/api/connections/{r}/reject"), json!({}))), ""),
        ("GET /api/messages/{id}", None, "the caller's own chat with that person"),
        ("PATCH /api/messages/{id}", Some((format!("/api/messages/{m}"), json!({ "content": "Changed by Eve" }))), ""),
        ("DELETE /api/messages/{id}", Some((format!("/api/messages/{m}"), json!({}))), ""),
        ("DELETE /api/notifications/{id}", Some((format!("/api/notifications/{n}"), json!({}))), ""),
        ("POST /api/notifications/{id}/read", Some((format!("/api/notifications/{n}/read"), json!({}))), ""),
        (
            "PATCH /api/projects/tasks/{taskId}/assign",
            Some((format!("/api/projects/tasks/{t}/assign"), json!({ "assignedTo": b }))),
            "",
        ),
        (
            "PATCH /api/projects/tasks/{taskId}/complete",
            Some((format!("/api/projects/tasks/{t}/complete"), json!({}))),
            "",
        ),
        ("GET /api/projects/{id}", Some((format!("/api/projects/{d}"), json!({}))), ""),
        ("GET /api/public/projects/{id}", Some((format!("/api/public/projects/{d}"), json!({}))), ""),
        ("PATCH /api/projects/{id}", Some((format!("/api/projects/{p}"), json!({ "title": "Eve's now" }))), ""),
        ("DELETE /api/projects/{id}", Some((format!("/api/projects/{p}"), json!({}))), ""),
        ("GET /api/projects/{id}/collaborators", None, "a published project's team is on its page"),
        (
            "POST /api/projects/{id}/collaborators",
            Some((format!("/api/projects/{p}/collaborators"), json!({ "userId": b }))),
            "",
        ),
        (
            "DELETE /api/projects/{id}/collaborators/{userId}",
            Some((format!("/api/projects/{p}/collaborators/{b}"), json!({}))),
            "",
        ),
        ("POST /api/projects/{id}/download-pdf", Some((format!("/api/projects/{d}/download-pdf"), json!({}))), ""),
        ("GET /api/projects/{id}/feedback", None, "a published project's feedback is on its page"),
        ("POST /api/projects/{id}/feedback", None, "anyone signed in may leave feedback"),
        ("POST /api/projects/{id}/join", None, "the caller asks to join"),
        ("GET /api/projects/{id}/messages", Some((format!("/api/projects/{p}/messages"), json!({}))), ""),
        (
            "POST /api/projects/{id}/messages",
            Some((format!("/api/projects/{p}/messages"), json!({ "content": "x" }))),
            "",
        ),
        ("POST /api/projects/{id}/pledge", None, "an investor pledges to a published project"),
        ("GET /api/projects/{id}/pledges", Some((format!("/api/projects/{p}/pledges"), json!({}))), ""),
        ("POST /api/pledges/{id}/accept", Some((format!("/api/pledges/{g}/accept"), json!({}))), ""),
        ("POST /api/pledges/{id}/decline", Some((format!("/api/pledges/{g}/decline"), json!({}))), ""),
        ("POST /api/pledges/{id}/complete", Some((format!("/api/pledges/{g}/complete"), json!({}))), ""),
        ("POST /api/projects/{id}/request-collaboration", None, "the caller asks to collaborate"),
        ("POST /api/projects/{id}/support", None, "the caller supports a published project"),
        ("GET /api/projects/{id}/tasks", None, "a published project's tasks are on its page"),
        (
            "POST /api/projects/{id}/tasks",
            Some((format!("/api/projects/{p}/tasks"), json!({ "title": "Eve's task" }))),
            "",
        ),
        ("GET /api/projects/{id}/updates", None, "a published project's updates are on its page"),
        (
            "POST /api/projects/{id}/updates",
            Some((format!("/api/projects/{p}/updates"), json!({ "title": "Fake", "content": "news" }))),
            "",
        ),
        ("POST /api/rewards/claim/{name}", None, "the caller's own reward"),
        ("PATCH /api/tasks/{taskId}", Some((format!("/api/tasks/{t}"), json!({ "title": "Eve's task" }))), ""),
        ("DELETE /api/tasks/{taskId}", Some((format!("/api/tasks/{t}"), json!({}))), ""),
        ("POST /api/users/{id}/block", None, "the caller's own block list"),
        ("DELETE /api/users/{id}/block", None, "the caller's own block list"),
        ("GET /api/users/{id}/presence", None, "online or not, as a profile shows it"),
    ];
    // Generated side: every operation that names something by a path parameter is in the table.
    let named: BTreeSet<String> = operations(&app)
        .await
        .into_iter()
        .filter(|(_, template)| template.contains('{'))
        .map(|(method, template)| format!("{method} {template}"))
        .collect();
    let listed: BTreeSet<String> = tried.iter().map(|(key, _, _)| key.to_string()).collect();
    assert_eq!(named, listed, "a call that names a resource is missing from the matrix, or one is gone");

    let before = seen(&w).await;
    let mut let_through = Vec::new();
    for (key, attempt, reason) in &tried {
        let Some((path, body)) = attempt else {
            assert!(!reason.is_empty(), "{key} needs a reason to be open");
            continue;
        };
        let method: Method = key.split(' ').next().unwrap().parse().unwrap();
        let (status, answer) = send(&w.eve, method, path, body, None).await;
        if !matches!(status, StatusCode::FORBIDDEN | StatusCode::NOT_FOUND) {
            let_through.push(format!("{key} as {path}: {status} {answer}"));
        } else {
            assert!(answer["message"].is_string(), "{key}: {answer}");
        }
    }
    assert!(let_through.is_empty(), "a stranger got through:\n{}", let_through.join("\n"));
    assert_eq!(seen(&w).await, before, "a refused call changed something");
}
