//! Explore: the deck without one's own or swiped projects, the swiped set on the server, supports
//! counted exactly under parallel requests, investors' pledges in pence and the portfolio.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{at_once, spawn_app, Client, TestApp, PASSWORD};

async fn person_as(app: &TestApp, role: &str) -> (Client, i64) {
    let (username, user) = app.signup(json!({ "role": role })).await;
    let client = app.client();
    assert_eq!(client.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    (client, user["id"].as_i64().unwrap())
}

async fn project(owner: &Client, body: Value) -> i64 {
    let mut body = body;
    crate::helpers::merge(&mut body, json!({ "isPublished": true }));
    let made = owner.post("/api/projects", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["id"].as_i64().unwrap()
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn the_deck_leaves_out_ones_own_and_swiped_projects_filters_and_resets_on_every_device() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (viewer, _) = person_as(&app, "innovator").await;
    let tech =
        project(&owner, json!({ "title": "Tech", "category": "technology", "lookingFor": ["Collaborator"] })).await;
    let music = project(&owner, json!({ "title": "Music", "category": "music", "lookingFor": ["Explorer"] })).await;
    let own = project(&viewer, json!({ "title": "Mine" })).await;
    owner.post("/api/projects", &json!({ "title": "Draft" })).await;

    assert_eq!(ids(&viewer.get("/api/feed").await.body), [music, tech]);
    assert!(!ids(&viewer.get("/api/feed").await.body).contains(&own));
    assert_eq!(ids(&viewer.get("/api/feed?category=Technology").await.body), [tech]);
    assert_eq!(ids(&viewer.get("/api/feed?lookingFor=explorer").await.body), [music]);
    assert_eq!(ids(&viewer.get("/api/feed?category=all&lookingFor=").await.body).len(), 2);
    assert_eq!(viewer.get("/api/feed?category=sports").await.status, StatusCode::BAD_REQUEST);

    let swipe = |id: i64, direction: &str| json!({ "projectId": id, "direction": direction });
    assert_eq!(viewer.post("/api/feed/swipes", &swipe(tech, "pass")).await.status, StatusCode::NO_CONTENT);
    assert_eq!(viewer.post("/api/feed/swipes", &swipe(tech, "pass")).await.status, StatusCode::NO_CONTENT);
    assert_eq!(viewer.post("/api/feed/swipes", &swipe(tech, "sideways")).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(viewer.post("/api/feed/swipes", &swipe(999_999, "pass")).await.status, StatusCode::NOT_FOUND);
    // Another device of the same person sees the same deck.
    let (username, _) = (viewer.get("/api/auth/user").await.body["username"].as_str().unwrap().to_string(), ());
    let phone = app.client();
    phone.login(&username, PASSWORD, false).await;
    assert_eq!(ids(&phone.get("/api/feed").await.body), [music]);
    let swiped = phone.get("/api/feed/swipes").await.body;
    assert_eq!(swiped, json!([{ "projectId": tech, "direction": "pass" }]));
    assert_eq!(phone.request(Method::DELETE, "/api/feed/swipes", None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(ids(&viewer.get("/api/feed").await.body), [music, tech]);
    assert_eq!(app.client().get("/api/feed").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn twenty_people_supporting_at_once_count_twenty_and_one_person_ten_times_counts_one() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let id = project(&owner, json!({ "title": "Popular" })).await;
    let mut fans = Vec::new();
    for _ in 0..20 {
        fans.push(person_as(&app, "explorer").await.0);
    }
    let (answers, overlap) = at_once(20, |i| {
        let fan = fans[i].clone();
        async move { fan.post_empty(&format!("/api/projects/{id}/support")).await }
    })
    .await;
    assert!(overlap > 1);
    assert!(
        answers.iter().all(|a| a.status == StatusCode::OK),
        "{:?}",
        answers.iter().map(|a| a.status).collect::<Vec<_>>()
    );
    assert!(answers.iter().all(|a| a.body["coinsEarned"] == 25));
    assert_eq!(owner.get(&format!("/api/projects/{id}")).await.body["supporterCount"], 20);

    let other = project(&owner, json!({ "title": "Once" })).await;
    let keen = fans[0].clone();
    let before = keen.get("/api/auth/user").await.body["coins"].as_i64().unwrap();
    let (answers, _) = at_once(10, |_| {
        let keen = keen.clone();
        async move { keen.post_empty(&format!("/api/projects/{other}/support")).await }
    })
    .await;
    assert_eq!(answers.iter().filter(|a| a.status == StatusCode::OK).count(), 1);
    assert_eq!(owner.get(&format!("/api/projects/{other}")).await.body["supporterCount"], 1);
    assert_eq!(keen.get("/api/auth/user").await.body["coins"].as_i64().unwrap(), before + 25);
}

#[tokio::test]
async fn only_investors_pledge_in_whole_pence_from_100_pounds_with_a_message_and_see_it_in_their_portfolio() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (investor, investor_id) = person_as(&app, "investor").await;
    let (explorer, _) = person_as(&app, "explorer").await;
    let id = project(&owner, json!({ "title": "Fundable" })).await;
    let path = format!("/api/projects/{id}/pledge");
    let good = json!({ "amount": 15_000, "message": "Love the traction" });
    assert_eq!(explorer.post(&path, &good).await.status, StatusCode::FORBIDDEN);
    for bad in [
        json!({ "amount": 9_999, "message": "x" }),
        json!({ "amount": 150.5, "message": "x" }),
        json!({ "amount": "15000", "message": "x" }),
        json!({ "amount": 15_000, "message": "   " }),
        json!({ "amount": 15_000 }),
        json!({ "amount": 10_000_000_000_i64, "message": "x" }),
    ] {
        let answer = investor.post(&path, &bad).await;
        assert!(
            answer.status == StatusCode::BAD_REQUEST || answer.status == StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            answer.status
        );
    }
    assert_eq!(
        investor.post(&path, &json!({ "amount": 15_000, "message": " " })).await.message(),
        "Message is required to complete your investment pledge"
    );
    let made = investor.post(&path, &good).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["pledge"]["amount"], 15_000);
    assert_eq!(made.body["pledge"]["upfrontAmount"], 1_500);
    assert_eq!(made.body["upfrontPaymentRequired"], 1_500);
    assert_eq!(made.body["pledge"]["status"], "pending");
    investor.post(&path, &json!({ "amount": 10_005, "message": "And a little more" })).await;

    let portfolio = investor.get("/api/investments").await.body;
    assert_eq!(portfolio.as_array().unwrap().len(), 2);
    assert_eq!(portfolio[0]["upfrontAmount"], 1_001, "half a penny rounds up");
    assert_eq!(portfolio[1]["projectId"], id);
    assert_eq!(portfolio[1]["investorId"], investor_id);
    assert_eq!(portfolio[1]["projectTitle"], "Fundable");
    assert_eq!(explorer.get("/api/investments").await.body, json!([]));
    let told = owner.get("/api/notifications").await.body;
    assert_eq!(told.as_array().unwrap().iter().filter(|n| n["data"]["pledgeId"].is_number()).count(), 2);
}

/// What a reader's deck and feed show of project `id` (`null` where it is missing).
async fn card_in_deck_and_feed(reader: &Client, id: i64) -> [Value; 2] {
    let mut seen = [Value::Null, Value::Null];
    for (slot, path) in seen.iter_mut().zip(["/api/feed", "/api/projects"]) {
        let list = reader.get(path).await.body;
        *slot = list.as_array().unwrap().iter().find(|p| p["id"] == id).cloned().unwrap_or(Value::Null);
    }
    seen
}

/// Every reader's deck and feed show the card as `check` wants: the first reader (on the instance that
/// made the change) at once, the others as soon as the live bridge's notice reaches their instance.
async fn every_reader_sees(readers: &[Client], id: i64, what: &str, check: impl Fn(&Value) -> bool) {
    for (n, reader) in readers.iter().enumerate() {
        let mut last = [Value::Null, Value::Null];
        let mut look = async || {
            last = card_in_deck_and_feed(reader, id).await;
            last.iter().all(&check)
        };
        let seen = match n {
            0 => look().await,
            _ => crate::helpers::eventually(std::time::Duration::from_secs(3), look).await.is_some(),
        };
        assert!(seen, "reader {n} should see {what}: {last:?}");
    }
}

/// The deck and the feed serve pages and cards from each instance's memory: every change to what a
/// card shows must reach them, at once on this instance and (on PostgreSQL) soon on another one.
#[tokio::test]
async fn deck_and_feed_cards_follow_every_change_on_every_instance() {
    let (app, other) = match crate::helpers::two_instances().await {
        Some((first, second)) => (first, Some(second)),
        None => (spawn_app().await, None),
    };
    let (owner, _) = person_as(&app, "innovator").await;
    let (helper, helper_id) = person_as(&app, "collaborator").await;
    let (viewer_name, _) = app.signup(json!({ "role": "explorer" })).await;
    let mut readers = vec![app.client()];
    if let Some(other) = &other {
        readers.push(other.client());
    }
    for reader in &readers {
        assert_eq!(reader.login(&viewer_name, PASSWORD, false).await.status, StatusCode::OK);
    }
    let id = project(&owner, json!({ "title": "Cached", "lookingFor": ["Collaborator"] })).await;
    every_reader_sees(&readers, id, "the new card", |card| card["title"] == "Cached" && card["taskCount"] == 0).await;

    let renamed = owner.patch("/api/users/profile", &json!({ "firstName": "Renamed" })).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    every_reader_sees(&readers, id, "the owner's new name", |card| card["ownerFirstName"] == "Renamed").await;

    let task = owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "First" })).await;
    assert_eq!(task.status, StatusCode::CREATED, "{}", task.body);
    every_reader_sees(&readers, id, "one open task", |card| card["taskCount"] == 1 && card["completedTaskCount"] == 0)
        .await;
    let task = task.body["id"].as_i64().unwrap();
    assert_eq!(owner.patch(&format!("/api/projects/tasks/{task}/complete"), &json!({})).await.status, StatusCode::OK);
    every_reader_sees(&readers, id, "the task done", |card| card["completedTaskCount"] == 1).await;

    let joined = helper.post(&format!("/api/projects/{id}/join"), &json!({ "role": "Collaborator" })).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    every_reader_sees(&readers, id, "the collaborator", |card| {
        card["collaboratorCount"] == 1 && card["collaborators"] == json!([helper_id])
    })
    .await;
    // The helper's own view of the same card names their role; nobody else's does.
    let feed = helper.get("/api/projects").await.body;
    let mine = feed.as_array().unwrap().iter().find(|p| p["id"] == id).unwrap();
    assert_eq!(mine["myRole"], "collaborator");

    assert_eq!(readers[0].post_empty(&format!("/api/projects/{id}/support")).await.status, StatusCode::OK);
    every_reader_sees(&readers, id, "the support, as the viewer's own", |card| {
        card["supporterCount"] == 1 && card["isSupported"] == true && card["myRole"].is_null()
    })
    .await;
    let feed = helper.get("/api/projects").await.body;
    let theirs = feed.as_array().unwrap().iter().find(|p| p["id"] == id).unwrap();
    assert_eq!((theirs["supporterCount"].as_i64(), theirs["isSupported"].as_bool()), (Some(1), Some(false)));

    // A collaboration request accepted (through the connections area, no project route at all) adds a
    // member: every reader's card follows, on the other instance too.
    assert_eq!(
        owner.patch(&format!("/api/projects/{id}"), &json!({ "isProtected": true })).await.status,
        StatusCode::OK
    );
    let (asker, asker_id) = person_as(&app, "collaborator").await;
    let asked = asker.post(&format!("/api/projects/{id}/join"), &json!({ "role": "Collaborator" })).await;
    assert_eq!(asked.body["joined"], false, "{}", asked.body);
    let requests = owner.get("/api/connections/collaboration-requests").await.body;
    let request = requests.as_array().unwrap().iter().find(|r| r["requesterId"] == asker_id).unwrap()["id"].clone();
    let accepted = owner.post_empty(&format!("/api/connections/{request}/accept")).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    every_reader_sees(&readers, id, "the accepted collaborator", |card| card["collaboratorCount"] == 2).await;

    assert_eq!(
        owner.patch(&format!("/api/projects/{id}"), &json!({ "title": "Retitled" })).await.status,
        StatusCode::OK
    );
    every_reader_sees(&readers, id, "the new title", |card| card["title"] == "Retitled").await;
    assert_eq!(
        owner.patch(&format!("/api/projects/{id}"), &json!({ "isPublished": false })).await.status,
        StatusCode::OK
    );
    every_reader_sees(&readers, id, "no card once unpublished", Value::is_null).await;
}
