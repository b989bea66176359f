//! Connections: requests and answers, instant connections, removal, counts and coins.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{at_once, spawn_app, Client, TestApp};

async fn person(app: &TestApp) -> (Client, i64) {
    let (client, user) = app.signed_in().await;
    (client, user["id"].as_i64().unwrap())
}

async fn me(client: &Client) -> Value {
    client.get("/api/auth/user").await.body
}

#[tokio::test]
async fn a_request_is_pending_until_the_target_accepts_and_then_both_are_connected_and_paid() {
    let app = spawn_app().await;
    let (ann, ann_id) = person(&app).await;
    let (bob, bob_id) = person(&app).await;
    let made = ann.post("/api/connections", &json!({ "targetUserId": bob_id, "type": "connection" })).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["status"], "pending");
    assert_eq!((made.body["requesterId"].as_i64(), made.body["targetId"].as_i64()), (Some(ann_id), Some(bob_id)));

    let waiting = bob.get("/api/connections/requests").await.body;
    assert_eq!(waiting.as_array().unwrap().len(), 1);
    assert_eq!(waiting[0]["requesterId"], ann_id);
    assert!(waiting[0]["requesterName"].as_str().unwrap().contains("Ada"));
    assert!(ann.get("/api/connections/requests").await.body.as_array().unwrap().is_empty());
    // Pending counts as connected for the Connect button (spec 001 §4: SENT).
    let mine = ann.get("/api/connections/with-users").await.body;
    assert_eq!(mine[0]["status"], "pending");
    assert_eq!(mine[0]["connectedUser"]["id"], bob_id);
    assert!(mine[0]["connectedUser"].get("email").is_none());

    let (ann_coins, bob_coins) = (me(&ann).await["coins"].as_i64().unwrap(), me(&bob).await["coins"].as_i64().unwrap());
    let id = made.body["id"].as_i64().unwrap();
    assert_eq!(ann.post_empty(&format!("/api/connections/{id}/accept")).await.status, StatusCode::FORBIDDEN);
    let accepted = bob.post_empty(&format!("/api/connections/{id}/accept")).await;
    assert_eq!(accepted.status, StatusCode::OK);
    assert_eq!(accepted.body["status"], "accepted");
    for (client, before) in [(&ann, ann_coins), (&bob, bob_coins)] {
        let user = me(client).await;
        assert_eq!(user["connectionCount"], 1);
        // 25 for the connection; the day's "Say hello" task waits for CLAIM.
        assert_eq!(user["coins"].as_i64().unwrap(), before + 25);
    }
    assert_eq!(bob.post_empty(&format!("/api/connections/{id}/accept")).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn duplicates_self_unknown_people_and_strangers_are_refused() {
    let app = spawn_app().await;
    let (ann, ann_id) = person(&app).await;
    let (bob, bob_id) = person(&app).await;
    let (eve, _) = person(&app).await;
    ann.post("/api/connections", &json!({ "targetUserId": bob_id })).await;
    for (client, body) in [(&ann, json!({ "targetUserId": bob_id })), (&bob, json!({ "targetUserId": ann_id }))] {
        let again = client.post("/api/connections", &body).await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST);
        assert!(again.message().contains("already exists"), "{}", again.message());
    }
    let own = ann.post("/api/connections", &json!({ "targetUserId": ann_id })).await;
    assert_eq!(own.status, StatusCode::BAD_REQUEST);
    let ghost = ann.post("/api/connections", &json!({ "targetUserId": 987_654 })).await;
    assert_eq!(ghost.status, StatusCode::NOT_FOUND);
    assert_eq!(ghost.message(), "User not found");
    let project = ann.post("/api/connections", &json!({ "type": "collaboration", "projectId": 5 })).await;
    assert_eq!(project.status, StatusCode::NOT_FOUND);
    assert_eq!(
        ann.post("/api/connections", &json!({ "type": "friendship", "targetUserId": bob_id })).await.status,
        StatusCode::BAD_REQUEST
    );
    let id = ann.get("/api/connections/with-users").await.body[0]["id"].as_i64().unwrap();
    // A stranger can neither answer nor remove, nor learn that the connection exists.
    for answer in [
        eve.post_empty(&format!("/api/connections/{id}/accept")).await,
        eve.post_empty(&format!("/api/connections/{id}/reject")).await,
        eve.request(Method::DELETE, &format!("/api/connections/{id}"), None).await,
    ] {
        assert_eq!(answer.status, StatusCode::NOT_FOUND);
    }
    assert_eq!(app.client().get("/api/connections/with-users").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_rejected_request_may_be_made_again_after_thirty_days_and_removal_ends_it_for_both() {
    let app = spawn_app().await;
    let (ann, _) = person(&app).await;
    let (bob, bob_id) = person(&app).await;
    let id = ann.post("/api/connections", &json!({ "targetUserId": bob_id })).await.body["id"].as_i64().unwrap();
    assert_eq!(bob.post_empty(&format!("/api/connections/{id}/reject")).await.body["status"], "rejected");
    assert!(ann.get("/api/connections/with-users").await.body.as_array().unwrap().is_empty());
    app.state.clock.advance(std::time::Duration::from_secs(31 * 24 * 60 * 60));
    let again = ann.post("/api/connections", &json!({ "targetUserId": bob_id })).await;
    assert_eq!(again.status, StatusCode::CREATED);
    let id = again.body["id"].as_i64().unwrap();
    bob.post_empty(&format!("/api/connections/{id}/accept")).await;
    assert_eq!(me(&ann).await["connectionCount"], 1);
    assert_eq!(
        ann.request(Method::DELETE, &format!("/api/connections/{id}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    for client in [&ann, &bob] {
        assert_eq!(me(client).await["connectionCount"], 0);
        assert!(client.get("/api/connections/with-users").await.body.as_array().unwrap().is_empty());
    }
}

#[tokio::test]
async fn scanning_connects_at_once_and_pays_each_pair_only_once_ever() {
    let app = spawn_app().await;
    let (ann, _) = person(&app).await;
    let (bob, _) = person(&app).await;
    let bob_code = crate::helpers::connect_code_of(&bob).await;
    let scanned = ann.post("/api/connections/scan", &json!({ "code": bob_code })).await;
    assert_eq!(scanned.status, StatusCode::OK);
    assert_eq!(scanned.body["success"], true);
    assert_eq!(scanned.body["isNewConnection"], true);
    assert_eq!(scanned.body["profileUser"]["firstName"], "Ada");
    assert_eq!(scanned.body["coinsEarned"], 25);
    let again = ann.post("/api/connections/auto-connect", &json!({ "code": bob_code })).await;
    assert_eq!(again.body["isNewConnection"], false);
    let id = ann.get("/api/connections/with-users").await.body[0]["id"].as_i64().unwrap();
    bob.request(Method::DELETE, &format!("/api/connections/{id}"), None).await;
    let back = ann.post("/api/connections/scan", &json!({ "code": bob_code })).await;
    assert_eq!(back.body["isNewConnection"], true);
    assert_eq!(back.body["coinsEarned"], 0, "reconnecting does not pay again");
    assert_eq!(me(&bob).await["connectionCount"], 1);
    assert_eq!(
        ann.post("/api/connections/scan", &json!({ "code": "no-such-code" })).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn parallel_accepts_and_removals_keep_counts_and_coins_true() {
    let app = spawn_app().await;
    let (ann, _) = person(&app).await;
    let (bob, bob_id) = person(&app).await;
    let id = ann.post("/api/connections", &json!({ "targetUserId": bob_id })).await.body["id"].as_i64().unwrap();
    let ledger_before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coin_ledger WHERE reason = 'connection'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let (accepted, _) = at_once(20, |_| {
        let bob = Client { base: bob.base.clone(), http: bob.http.clone() };
        async move { bob.post_empty(&format!("/api/connections/{id}/accept")).await.status }
    })
    .await;
    assert_eq!(accepted.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{accepted:?}");
    let ledger_after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coin_ledger WHERE reason = 'connection'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(ledger_after - ledger_before, 2, "25 coins to each side, once");
    let (removed, _) = at_once(10, |i| {
        let client = if i % 2 == 0 {
            Client { base: ann.base.clone(), http: ann.http.clone() }
        } else {
            Client { base: bob.base.clone(), http: bob.http.clone() }
        };
        async move { client.request(Method::DELETE, &format!("/api/connections/{id}"), None).await.status }
    })
    .await;
    assert_eq!(removed.iter().filter(|s| **s == StatusCode::NO_CONTENT).count(), 1, "{removed:?}");
    for client in [&ann, &bob] {
        assert_eq!(me(client).await["connectionCount"], 0);
    }
}

#[tokio::test]
async fn user_search_finds_people_by_name_username_or_skill_and_filters_by_role() {
    let app = spawn_app().await;
    let (me_client, _) = person(&app).await;
    app.signup(
        json!({ "firstName": "Grace", "lastName": "Hopper", "role": "innovator", "skills": ["COBOL", "Compilers"] }),
    )
    .await;
    app.signup(json!({ "firstName": "Linus", "lastName": "T", "role": "collaborator", "skills": ["Kernel_Dev"] }))
        .await;
    let names = |body: &Value| -> Vec<String> {
        body.as_array().unwrap().iter().map(|u| u["firstName"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(names(&me_client.get("/api/users/search?q=hopper").await.body), ["Grace"]);
    assert_eq!(names(&me_client.get("/api/users/search?q=compilers&role=all").await.body), ["Grace"]);
    assert_eq!(names(&me_client.get("/api/users/search?q=kernel_&role=collaborator").await.body), ["Linus"]);
    assert!(names(&me_client.get("/api/users/search?q=Grace&role=investor").await.body).is_empty());
    assert!(names(&me_client.get("/api/users/search?q=%25").await.body).is_empty(), "a typed % is a letter");
    // Each word typed begins a word of theirs, with or without its accents, in any order.
    assert_eq!(names(&me_client.get("/api/users/search?q=gra").await.body), ["Grace"]);
    assert_eq!(names(&me_client.get("/api/users/search?q=HOP%20grace").await.body), ["Grace"]);
    assert!(names(&me_client.get("/api/users/search?q=grace%20linus").await.body).is_empty());
    assert!(
        names(&me_client.get("/api/users/search?q=race").await.body).is_empty(),
        "a word's middle is not its start"
    );
    let (zoe, _) = person(&app).await;
    let renamed = zoe.patch("/api/users/profile", &json!({ "firstName": "Zoë", "skills": ["Żurek"] })).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(names(&me_client.get("/api/users/search?q=zoe%20zurek").await.body), ["Zoë"]);
    assert_eq!(names(&me_client.get("/api/users/search?q=Zo%C3%AB").await.body), ["Zoë"]);
    let first = renamed.body["username"].as_str().unwrap().to_string();
    let renamed = zoe.patch("/api/users/profile", &json!({ "firstName": "Yara", "skills": [] })).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert!(names(&me_client.get("/api/users/search?q=zoe").await.body).is_empty(), "the old name is gone");
    assert_eq!(names(&me_client.get(&format!("/api/users/search?q={first}")).await.body), ["Yara"]);
    let everyone = me_client.get("/api/users/search").await.body;
    assert_eq!(everyone.as_array().unwrap().len(), 3, "everyone but the caller");
    assert!(everyone.as_array().unwrap().iter().all(|u| u.get("email").is_none()));
    assert_eq!(me_client.get("/api/users/search?role=wizard").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(me_client.get("/api/users/search?limit=0").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.client().get("/api/users/search?q=a").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_declined_request_cannot_be_sent_again_for_thirty_days_but_the_one_who_declined_may_ask() {
    let app = spawn_app().await;
    let (ann, ann_id) = person(&app).await;
    let (bob, bob_id) = person(&app).await;
    let asked = bob.post("/api/connections", &json!({ "targetUserId": ann_id })).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["id"].as_i64().unwrap();
    assert_eq!(ann.post_empty(&format!("/api/connections/{id}/reject")).await.status, StatusCode::OK);
    // Asking again at once is refused, with the dates, and Ann hears nothing more.
    let before = ann.get("/api/notifications").await.body.as_array().unwrap().len();
    for _ in 0..3 {
        let again = bob.post("/api/connections", &json!({ "targetUserId": ann_id })).await;
        assert_eq!(again.status, StatusCode::FORBIDDEN, "{}", again.body);
        assert!(again.message().starts_with("Your request was declined on "), "{}", again.body);
        assert!(again.message().contains("You can ask again from "), "{}", again.body);
    }
    assert_eq!(ann.get("/api/notifications").await.body.as_array().unwrap().len(), before);
    assert!(ann.get("/api/connections/requests").await.body.as_array().unwrap().is_empty());
    // A month on, Bob may ask again.
    app.state.clock.advance(std::time::Duration::from_secs(31 * 24 * 60 * 60));
    assert_eq!(bob.post("/api/connections", &json!({ "targetUserId": ann_id })).await.status, StatusCode::CREATED);

    // The same holds for asking to collaborate on a project.
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let project = owner
        .post("/api/projects", &json!({ "title": "Looms", "isPublished": true, "lookingFor": ["Collaborator"] }))
        .await
        .body["id"]
        .as_i64()
        .unwrap();
    let asked = bob.post(&format!("/api/projects/{project}/request-collaboration"), &json!({})).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let request = owner.get("/api/connections/collaboration-requests").await.body[0]["id"].as_i64().unwrap();
    assert_eq!(owner.post_empty(&format!("/api/connections/{request}/reject")).await.status, StatusCode::OK);
    let again = bob.post(&format!("/api/projects/{project}/request-collaboration"), &json!({})).await;
    assert_eq!(again.status, StatusCode::FORBIDDEN, "{}", again.body);
    // The one who declined may still ask the other to connect.
    let (carl, carl_id) = person(&app).await;
    let asked = carl.post("/api/connections", &json!({ "targetUserId": bob_id })).await;
    let id = asked.body["id"].as_i64().unwrap();
    assert_eq!(bob.post_empty(&format!("/api/connections/{id}/reject")).await.status, StatusCode::OK);
    let asks_back = bob.post("/api/connections", &json!({ "targetUserId": carl_id })).await;
    assert_eq!(asks_back.status, StatusCode::CREATED, "{}", asks_back.body);
}
