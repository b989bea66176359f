//! Pledges that move (API.md "Money"): the owner's book of a project's pledges, accept / decline /
//! complete with every wrong move refused in words, the investor told (notification, badge, live
//! frames) and their portfolio sorted by status, and a decision made once under parallel requests.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    at_once, next_frame, open_socket, session_cookie_of, spawn_app, spawn_app_with, Client, Socket, TestApp, PASSWORD,
};

struct Person {
    client: Client,
    id: i64,
    cookie: String,
}

async fn person(app: &TestApp, extra: Value) -> Person {
    let (username, user) = app.signup(extra).await;
    let client = app.client();
    let login = client.login(&username, PASSWORD, false).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
    Person { client, id: user["id"].as_i64().unwrap(), cookie: session_cookie_of(&login) }
}

/// An innovator (Ann Owner) with a published project "Solar Sprout", and an investor (Ivy Banks).
async fn owner_and_investor(app: &TestApp) -> (Person, Person, i64) {
    let owner = person(app, json!({ "role": "innovator", "firstName": "Ann", "lastName": "Owner" })).await;
    let investor = person(app, json!({ "role": "investor", "firstName": "Ivy", "lastName": "Banks" })).await;
    let made = owner.client.post("/api/projects", &json!({ "title": "Solar Sprout", "isPublished": true })).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    (owner, investor, made.body["id"].as_i64().unwrap())
}

async fn pledge(investor: &Client, project: i64, amount: i64, message: &str) -> i64 {
    let made = investor
        .post(&format!("/api/projects/{project}/pledge"), &json!({ "amount": amount, "message": message }))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["pledge"]["id"].as_i64().unwrap()
}

async fn act(client: &Client, pledge: i64, action: &str) -> crate::helpers::Answer {
    client.post_empty(&format!("/api/pledges/{pledge}/{action}")).await
}

/// The status the investor's portfolio shows for `pledge`.
async fn portfolio_status(investor: &Client, pledge: i64) -> String {
    let list = investor.get("/api/investments").await.body;
    let found = list.as_array().unwrap().iter().find(|p| p["id"] == pledge).unwrap_or_else(|| panic!("{list}"));
    found["status"].as_str().unwrap().to_string()
}

/// The investor's notifications about pledges moving (not the day's note).
async fn pledge_news(investor: &Client) -> Vec<Value> {
    let list = investor.get("/api/notifications").await.body;
    list.as_array().unwrap().iter().filter(|n| n["data"]["pledgeId"].is_number()).cloned().collect()
}

/// Frames until one of `kind` arrives (others, like the day's note, are passed over).
async fn frame_of(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let frame = next_frame(socket).await.unwrap_or_else(|| panic!("closed before a {kind} frame"));
        if frame["type"] == kind {
            return frame;
        }
    }
}

/// One frame of each of `kinds`, in whatever order they arrive (others are passed over): frames of one change have
/// no order a client may count on.
async fn frames_of(socket: &mut Socket, kinds: &[&str]) -> std::collections::HashMap<String, Value> {
    let mut found = std::collections::HashMap::new();
    while found.len() < kinds.len() {
        let frame = next_frame(socket).await.unwrap_or_else(|| panic!("closed before frames {kinds:?}"));
        let kind = frame["type"].as_str().unwrap_or_default().to_string();
        if kinds.contains(&kind.as_str()) {
            found.entry(kind).or_insert(frame);
        }
    }
    found
}

#[tokio::test]
async fn the_owner_reads_a_projects_pledges_with_each_investor_but_no_email_and_nobody_else_does() {
    let app = spawn_app().await;
    let (owner, investor, project) = owner_and_investor(&app).await;
    let other = person(&app, json!({ "role": "investor", "firstName": "Otto", "lastName": "Funds" })).await;
    let first = pledge(&investor.client, project, 100_000, "Love the idea").await;
    let second = pledge(&other.client, project, 10_005, "A little help").await;

    let book = owner.client.get(&format!("/api/projects/{project}/pledges")).await;
    assert_eq!(book.status, StatusCode::OK, "{}", book.body);
    let rows = book.body.as_array().unwrap();
    assert_eq!(rows.iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>(), [second, first], "newest first");
    let ivy = &rows[1];
    assert_eq!(ivy["amount"], 100_000);
    assert_eq!(ivy["upfrontAmount"], 10_000);
    assert_eq!(ivy["message"], "Love the idea");
    assert_eq!(ivy["status"], "pending");
    assert!(ivy["createdAt"].as_str().unwrap().ends_with('Z'));
    assert_eq!(ivy["investor"]["id"], investor.id);
    assert_eq!(
        (ivy["investor"]["firstName"].as_str(), ivy["investor"]["lastName"].as_str()),
        (Some("Ivy"), Some("Banks"))
    );
    assert!(ivy["investor"].as_object().unwrap().contains_key("profileImageUrl"));
    assert_eq!(rows[0]["upfrontAmount"], 1_001);
    assert!(!book.body.to_string().contains("@example.com"), "an investor's email left the server: {}", book.body);

    // A page at a time, by the Link header like every list.
    let page = owner.client.get(&format!("/api/projects/{project}/pledges?limit=1")).await;
    assert_eq!(page.body.as_array().unwrap().len(), 1);
    let link = page.headers["link"].to_str().unwrap();
    let next = link.trim_start_matches('<').split('>').next().unwrap();
    assert!(next.starts_with(&format!("/api/projects/{project}/pledges?")) && link.ends_with("rel=\"next\""), "{link}");
    let rest = owner.client.get(next).await;
    assert_eq!(rest.body[0]["id"], first);
    assert!(!rest.headers.contains_key("link"));
    assert_eq!(
        owner.client.get(&format!("/api/projects/{project}/pledges?limit=0")).await.status,
        StatusCode::BAD_REQUEST
    );

    // Nobody else reads it: not the investor, a collaborator, a stranger; a draft or unknown project is not there.
    let helper = person(&app, json!({ "role": "collaborator" })).await;
    assert!(helper.client.post_empty(&format!("/api/projects/{project}/join")).await.status.is_success());
    for client in [&investor.client, &helper.client, &other.client] {
        let refused = client.get(&format!("/api/projects/{project}/pledges")).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
        assert!(refused.message().contains("owner"), "{}", refused.body);
    }
    let draft = owner.client.post("/api/projects", &json!({ "title": "Hidden" })).await.body["id"].as_i64().unwrap();
    assert_eq!(investor.client.get(&format!("/api/projects/{draft}/pledges")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(owner.client.get(&format!("/api/projects/{draft}/pledges")).await.body, json!([]));
    let unknown = owner.client.get("/api/projects/999999/pledges").await;
    assert_eq!((unknown.status, unknown.message()), (StatusCode::NOT_FOUND, "Project not found"));
    assert_eq!(app.client().get(&format!("/api/projects/{project}/pledges")).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_owner_accepts_declines_and_completes_and_every_wrong_move_is_refused_in_words() {
    let app = spawn_app().await;
    let (owner, investor, project) = owner_and_investor(&app).await;
    let kept = pledge(&investor.client, project, 50_000, "For the first batch").await;
    let turned_down = pledge(&investor.client, project, 20_000, "A second go").await;
    let waiting = pledge(&investor.client, project, 15_000, "Still thinking").await;
    let owner = &owner.client;

    // A pending pledge cannot be completed.
    let early = act(owner, kept, "complete").await;
    assert_eq!(early.status, StatusCode::BAD_REQUEST);
    assert_eq!(early.message(), "Only an active pledge can be marked completed: this one is pending");

    let accepted = act(owner, kept, "accept").await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert_eq!((accepted.body["id"].as_i64(), accepted.body["status"].as_str()), (Some(kept), Some("active")));
    assert_eq!(accepted.body["investor"]["firstName"], "Ivy");
    assert_eq!(portfolio_status(&investor.client, kept).await, "active");
    for (action, words) in [("accept", "accepted"), ("decline", "declined")] {
        let again = act(owner, kept, action).await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST, "{action}");
        assert_eq!(again.message(), format!("Only a pending pledge can be {words}: this one is active"));
    }

    let completed = act(owner, kept, "complete").await;
    assert_eq!((completed.status, completed.body["status"].as_str()), (StatusCode::OK, Some("completed")));
    assert_eq!(
        act(owner, kept, "complete").await.message(),
        "Only an active pledge can be marked completed: this one is completed"
    );
    assert_eq!(act(owner, kept, "decline").await.status, StatusCode::BAD_REQUEST);

    let declined = act(owner, turned_down, "decline").await;
    assert_eq!((declined.status, declined.body["status"].as_str()), (StatusCode::OK, Some("declined")));
    assert_eq!(
        act(owner, turned_down, "accept").await.message(),
        "Only a pending pledge can be accepted: this one is declined"
    );
    assert_eq!(act(owner, turned_down, "complete").await.status, StatusCode::BAD_REQUEST);

    // Only the owner decides: the investor is told so, a stranger learns nothing, a bad id is no pledge.
    for action in ["accept", "decline", "complete"] {
        let own = act(&investor.client, waiting, action).await;
        assert_eq!(own.status, StatusCode::FORBIDDEN, "{action}: {}", own.body);
        assert!(own.message().starts_with("Only the project's owner can"), "{}", own.body);
    }
    let stranger = person(&app, json!({ "role": "innovator" })).await;
    for path in [
        format!("/api/pledges/{waiting}/accept"),
        "/api/pledges/999999/accept".into(),
        "/api/pledges/abc/decline".into(),
    ] {
        let answer = stranger.client.post_empty(&path).await;
        assert_eq!((answer.status, answer.message()), (StatusCode::NOT_FOUND, "Pledge not found"), "{path}");
    }
    assert_eq!(
        app.client().post_empty(&format!("/api/pledges/{waiting}/accept")).await.status,
        StatusCode::UNAUTHORIZED
    );

    // The portfolio shows each where it now stands; the owner's book agrees.
    assert_eq!(portfolio_status(&investor.client, kept).await, "completed");
    assert_eq!(portfolio_status(&investor.client, turned_down).await, "declined");
    assert_eq!(portfolio_status(&investor.client, waiting).await, "pending");
    let book = owner.get(&format!("/api/projects/{project}/pledges")).await.body;
    let statuses: Vec<&str> = book.as_array().unwrap().iter().map(|p| p["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["pending", "declined", "completed"]);
}

#[tokio::test]
async fn the_investor_is_told_of_each_move_with_a_notification_a_badge_and_live_frames() {
    let app = spawn_app().await;
    let (owner, investor, project) = owner_and_investor(&app).await;
    let id = pledge(&investor.client, project, 100_000, "Happy to back this").await;
    let mut investor_socket = open_socket(&app, &investor.cookie).await;
    let mut owner_socket = open_socket(&app, &owner.cookie).await;
    let unread = investor.client.get("/api/notifications/count").await.body["count"].as_i64().unwrap();
    // A browser of the investor's is subscribed to Web Push.
    let (_, _, keys) = crate::notifications::browser_keys();
    let subscribed = investor
        .client
        .post("/api/push/subscribe", &json!({ "endpoint": "https://push.example/ivy", "keys": keys }))
        .await;
    assert_eq!(subscribed.status, StatusCode::CREATED, "{}", subscribed.body);

    assert_eq!(act(&owner.client, id, "accept").await.status, StatusCode::OK);
    let told = frames_of(&mut investor_socket, &["notification", "investments_changed"]).await["notification"].clone();
    assert_eq!(told["notificationType"], "project_support");
    assert_eq!(frame_of(&mut owner_socket, "pledges_changed").await["projectId"], project);
    let news = pledge_news(&investor.client).await;
    assert_eq!(news.len(), 1);
    assert_eq!(news[0]["id"], told["id"]);
    assert_eq!(news[0]["title"], "Pledge accepted");
    assert_eq!(news[0]["message"], "Ann Owner accepted your £1,000.00 pledge to Solar Sprout");
    assert_eq!(news[0]["data"], json!({ "pledgeId": id, "status": "active", "url": "/create" }));
    assert_eq!(investor.client.get("/api/notifications/count").await.body["count"].as_i64().unwrap(), unread + 1);
    let pushed: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id \
         WHERE o.notification_id = $1 AND s.user_id = $2",
    )
    .bind(told["id"].as_i64().unwrap())
    .bind(investor.id)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(pushed, 1, "the note is queued for the investor's browser");

    assert_eq!(act(&owner.client, id, "complete").await.status, StatusCode::OK);
    frames_of(&mut investor_socket, &["notification", "investments_changed"]).await;
    let news = pledge_news(&investor.client).await;
    assert_eq!(news[0]["title"], "Investment completed");
    assert_eq!(news[0]["message"], "Ann Owner marked your £1,000.00 pledge to Solar Sprout as completed");

    let other = pledge(&investor.client, project, 25_050, "One more").await;
    assert_eq!(
        frame_of(&mut owner_socket, "pledges_changed").await["projectId"],
        project,
        "a new pledge reaches the owner's book"
    );
    assert_eq!(act(&owner.client, other, "decline").await.status, StatusCode::OK);
    frame_of(&mut investor_socket, "investments_changed").await;
    let news = pledge_news(&investor.client).await;
    assert_eq!(
        (news[0]["title"].as_str(), news[0]["message"].as_str()),
        (Some("Pledge declined"), Some("Ann Owner declined your £250.50 pledge to Solar Sprout"))
    );
    // A refused move tells nobody.
    assert_eq!(act(&owner.client, other, "accept").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(pledge_news(&investor.client).await.len(), 3);
}

#[tokio::test]
async fn two_decisions_at_once_move_a_pledge_once_and_tell_the_investor_once() {
    let app = spawn_app().await;
    let (owner, investor, project) = owner_and_investor(&app).await;
    let id = pledge(&investor.client, project, 30_000, "Race me").await;
    let (answers, overlap) = at_once(10, |i| {
        let owner = owner.client.clone();
        async move { act(&owner, id, if i % 2 == 0 { "accept" } else { "decline" }).await }
    })
    .await;
    assert!(overlap > 1, "the requests did not overlap");
    let won: Vec<&crate::helpers::Answer> = answers.iter().filter(|a| a.status == StatusCode::OK).collect();
    assert_eq!(won.len(), 1, "{:?}", answers.iter().map(|a| (a.status, a.body.clone())).collect::<Vec<_>>());
    assert!(answers.iter().all(|a| a.status == StatusCode::OK || a.status == StatusCode::BAD_REQUEST));
    let status = won[0].body["status"].as_str().unwrap().to_string();
    assert_eq!(portfolio_status(&investor.client, id).await, status);
    assert_eq!(pledge_news(&investor.client).await.len(), 1);

    if status == "active" {
        let (answers, _) = at_once(6, |_| {
            let owner = owner.client.clone();
            async move { act(&owner, id, "complete").await }
        })
        .await;
        assert_eq!(answers.iter().filter(|a| a.status == StatusCode::OK).count(), 1);
        assert_eq!(pledge_news(&investor.client).await.len(), 2);
    }
}

#[tokio::test]
async fn a_pledge_still_moves_across_a_block_but_the_blocked_investor_is_not_notified() {
    let app = spawn_app().await;
    let (owner, investor, project) = owner_and_investor(&app).await;
    let id = pledge(&investor.client, project, 40_000, "Before the block").await;
    let blocked = owner.client.post_empty(&format!("/api/users/{}/block", investor.id)).await;
    assert_eq!(blocked.status, StatusCode::NO_CONTENT);
    // The owner may still settle the pledge on their own project (declining one is the point of a block).
    assert_eq!(act(&owner.client, id, "decline").await.status, StatusCode::OK);
    assert_eq!(portfolio_status(&investor.client, id).await, "declined");
    assert!(pledge_news(&investor.client).await.is_empty(), "the reach rule lets nothing through a block");
}

#[tokio::test]
async fn the_demo_community_has_pledges_in_every_state_on_its_projects() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let counts: Vec<(String, i64)> =
        sqlx::query_as("SELECT status, COUNT(*) FROM pledges GROUP BY status ORDER BY status")
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
    let states: Vec<&str> = counts.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(states, ["active", "completed", "declined", "pending"], "{counts:?}");
    let by_investors: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pledges g JOIN users u ON u.id = g.investor_id JOIN projects p ON p.id = g.project_id \
         WHERE u.role = 'investor' AND p.is_published = 1 AND g.created_at >= p.created_at AND g.upfront_amount * 10 >= g.amount",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(by_investors, counts.iter().map(|(_, n)| n).sum::<i64>());
}
