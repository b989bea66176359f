//! Projects: who may create and change them, tasks, updates, feedback, collaborators, joining,
//! supporting, deleting and the PDF summary; coins once and notifications to exactly the right people.

use image::ImageFormat;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{at_once, spawn_app, Client, TestApp, PASSWORD},
    people::{data_url, picture},
    uploads::upload,
};

async fn person_as(app: &TestApp, role: &str) -> (Client, i64) {
    let (username, user) = app.signup(json!({ "role": role })).await;
    let client = app.client();
    assert_eq!(client.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    (client, user["id"].as_i64().unwrap())
}

async fn coins(client: &Client) -> i64 {
    client.get("/api/auth/user").await.body["coins"].as_i64().unwrap()
}

/// An innovator's published project; its id.
async fn published(owner: &Client, extra: Value) -> i64 {
    let mut body =
        json!({ "title": "Solar kiosks", "description": "Charging points for market traders", "isPublished": true });
    crate::helpers::merge(&mut body, extra);
    let made = owner.post("/api/projects", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["id"].as_i64().unwrap()
}

async fn notifications_of(client: &Client, kind: &str) -> Vec<Value> {
    let all = client.get("/api/notifications").await.body;
    all.as_array().unwrap().iter().filter(|n| n["type"] == kind).cloned().collect()
}

#[tokio::test]
async fn only_innovators_create_and_creating_pays_by_completeness_once() {
    let app = spawn_app().await;
    for role in ["explorer", "collaborator", "investor"] {
        let (client, _) = person_as(&app, role).await;
        let refused = client.post("/api/projects", &json!({ "title": "Mine" })).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{role}");
    }
    let (owner, owner_id) = person_as(&app, "innovator").await;
    let before = coins(&owner).await;
    let bare = owner.post("/api/projects", &json!({ "title": "  Bare idea  " })).await;
    assert_eq!(bare.status, StatusCode::CREATED, "{}", bare.body);
    assert_eq!(bare.body["title"], "Bare idea");
    assert_eq!(bare.body["phase"], "idea");
    assert_eq!(bare.body["isPublished"], false);
    assert_eq!(bare.body["ownerId"], owner_id);
    assert_eq!(bare.body["coinsEarned"], 50);

    let images = upload(
        &owner,
        "files",
        vec![
            ("a.png", "image/png", picture(30, 30, ImageFormat::Png)),
            ("b.png", "image/png", picture(30, 30, ImageFormat::Png)),
        ],
    )
    .await
    .body["fileUrls"]
        .clone();
    let full = owner
        .post(
            "/api/projects",
            &json!({
                "title": "Community solar",
                "description": "A long and careful description of a network of solar charging kiosks for market traders in Lagos, with a plan, a budget and a team.",
                "category": "Technology", "phase": "prototype", "lookingFor": ["collaborator", "Explorer"], "imageUrls": images,
            }),
        )
        .await;
    assert_eq!(full.status, StatusCode::CREATED, "{}", full.body);
    assert_eq!(full.body["coinsEarned"], 200);
    assert_eq!(full.body["category"], "technology");
    assert_eq!(full.body["lookingFor"], json!(["Collaborator", "Explorer"]));
    assert_eq!(full.body["imageUrls"], images);
    assert_eq!(coins(&owner).await, before + 250);
}

#[tokio::test]
async fn bad_projects_are_refused_with_a_message_and_nothing_is_written() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let cases = [
        json!({ "title": "   " }),
        json!({ "title": "x".repeat(201) }),
        json!({ "title": "T", "phase": "beta" }),
        json!({ "title": "T", "category": "sports" }),
        json!({ "title": "T", "lookingFor": ["Innovator", "Collaborator", "Explorer"] }),
        json!({ "title": "T", "lookingFor": ["Investor"] }),
        json!({ "title": "T", "imageUrls": ["https://elsewhere.example/x.png"] }),
        json!({ "title": "T", "imageUrls": vec!["/api/files/abc.jpg"; 6] }),
        json!({ "title": 5 }),
        json!({}),
    ];
    for body in cases {
        let answer = owner.post("/api/projects", &body).await;
        assert!(
            answer.status == StatusCode::BAD_REQUEST || answer.status == StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            answer.status
        );
        assert!(!answer.message().is_empty());
    }
    let limit = owner
        .post("/api/projects", &json!({ "title": "T", "lookingFor": ["Innovator", "Collaborator", "Explorer"] }))
        .await;
    assert!(limit.message().contains("only select up to 2"), "{}", limit.message());
    assert_eq!(owner.get("/api/projects?owner=me").await.body, json!([]));
}

#[tokio::test]
async fn an_unpublished_project_is_its_owners_alone_and_the_feed_pages_published_ones_newest_first() {
    let app = spawn_app().await;
    let (owner, owner_id) = person_as(&app, "innovator").await;
    let (other, _) = person_as(&app, "explorer").await;
    let draft = owner.post("/api/projects", &json!({ "title": "Draft" })).await.body["id"].as_i64().unwrap();
    assert_eq!(other.get(&format!("/api/projects/{draft}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(owner.get(&format!("/api/projects/{draft}")).await.body["myRole"], "owner");
    assert_eq!(owner.get("/api/projects?owner=me").await.body.as_array().unwrap().len(), 1);
    assert!(other.get("/api/projects").await.body.as_array().unwrap().is_empty());
    assert_eq!(owner.get("/api/projects?owner=someone").await.status, StatusCode::BAD_REQUEST);

    let mut ids = Vec::new();
    for i in 0..3 {
        ids.push(published(&owner, json!({ "title": format!("Public {i}") })).await);
    }
    let first = other.get("/api/projects?limit=2").await;
    let page: Vec<i64> = first.body.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(page, [ids[2], ids[1]]);
    assert_eq!(first.body[0]["ownerFirstName"], "Ada");
    assert_eq!(first.body[0]["ownerId"], owner_id);
    assert!(first.body[0].get("email").is_none());
    let link = first.headers["link"].to_str().unwrap().to_string();
    let next = link.trim_start_matches('<').split('>').next().unwrap().to_string();
    // A project made between pages does not shift the next page.
    published(&owner, json!({ "title": "Later" })).await;
    let second = other.get(&next).await.body;
    assert_eq!(second.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>(), [ids[0]]);
    // Publishing the draft shows it to everyone.
    let shown = owner.patch(&format!("/api/projects/{draft}"), &json!({ "isPublished": true })).await;
    assert_eq!(shown.body["isPublished"], true);
    assert_eq!(other.get(&format!("/api/projects/{draft}")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn only_the_owner_changes_a_project_its_tasks_updates_and_collaborators() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (other, other_id) = person_as(&app, "innovator").await;
    let id = published(&owner, json!({})).await;
    let task = owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "Find a site" })).await.body["id"]
        .as_i64()
        .unwrap();
    let attempts = [
        other.patch(&format!("/api/projects/{id}"), &json!({ "title": "Mine now" })).await,
        other.request(reqwest::Method::DELETE, &format!("/api/projects/{id}"), None).await,
        other.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "Sneaky" })).await,
        other.post(&format!("/api/projects/{id}/updates"), &json!({ "title": "Fake", "content": "news" })).await,
        other.post(&format!("/api/projects/{id}/collaborators"), &json!({ "userId": other_id })).await,
        other.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": other_id })).await,
        other.patch(&format!("/api/tasks/{task}"), &json!({ "title": "Changed" })).await,
        other.request(reqwest::Method::DELETE, &format!("/api/tasks/{task}"), None).await,
        other.patch(&format!("/api/projects/tasks/{task}/complete"), &json!({})).await,
    ];
    for answer in attempts {
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    }
    for path in ["/api/projects/999999", "/api/projects/nope", "/api/projects/999999/tasks", "/api/tasks/999999"] {
        let answer = owner.patch(path, &json!({ "title": "x" })).await;
        assert!(answer.status == StatusCode::NOT_FOUND || answer.status == StatusCode::METHOD_NOT_ALLOWED, "{path}");
    }
    // The join screen reads a published project before anyone signs in; a draft stays hidden.
    let signed_out = app.client().get(&format!("/api/projects/{id}")).await;
    assert_eq!(signed_out.status, StatusCode::OK);
    assert!(signed_out.body["myRole"].is_null());
    let draft = owner.post("/api/projects", &json!({ "title": "Draft" })).await.body["id"].as_i64().unwrap();
    assert_eq!(app.client().get(&format!("/api/projects/{draft}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.client().get(&format!("/api/projects/{id}/tasks")).await.status, StatusCode::UNAUTHORIZED);
    let edited = owner
        .patch(
            &format!("/api/projects/{id}"),
            &json!({ "phase": "launch", "isProtected": true, "title": "Solar kiosks 2" }),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK);
    assert_eq!((edited.body["phase"].as_str(), edited.body["isProtected"].as_bool()), (Some("launch"), Some(true)));
    assert_eq!(
        owner.patch(&format!("/api/projects/{id}"), &json!({ "phase": "beta" })).await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn tasks_are_made_assigned_and_completed_once_for_25_coins() {
    let app = spawn_app().await;
    let (owner, owner_id) = person_as(&app, "innovator").await;
    let (helper, helper_id) = person_as(&app, "collaborator").await;
    let (stranger, stranger_id) = person_as(&app, "explorer").await;
    let id = published(&owner, json!({})).await;
    assert_eq!(
        owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": " " })).await.status,
        StatusCode::BAD_REQUEST
    );
    let long = owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "x".repeat(256) })).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    let made = owner
        .post(
            &format!("/api/projects/{id}/tasks"),
            &json!({ "title": "Survey the market", "description": "Ask 20 traders" }),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED);
    let task = made.body["id"].as_i64().unwrap();

    // Only people on the project are assignees; joining puts the helper on it.
    let wrong = owner.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": stranger_id })).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    let before_join = coins(&helper).await;
    let joined = helper.post(&format!("/api/projects/{id}/join"), &json!({ "role": "Collaborator" })).await;
    assert_eq!(joined.body["joined"], true, "{}", joined.body);
    assert_eq!(joined.body["coinsEarned"], 35);
    assert_eq!(coins(&helper).await, before_join + 35);
    let assigned =
        owner.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": helper_id })).await;
    assert_eq!(assigned.status, StatusCode::OK, "{}", assigned.body);
    assert_eq!(assigned.body["assignedTo"], helper_id);
    let told = notifications_of(&helper, "task_assignment").await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["data"]["taskId"], task);
    assert!(notifications_of(&stranger, "task_assignment").await.is_empty());
    assert!(notifications_of(&owner, "task_assignment").await.is_empty());

    assert_eq!(
        stranger.patch(&format!("/api/projects/tasks/{task}/complete"), &json!({})).await.status,
        StatusCode::FORBIDDEN
    );
    let before = coins(&helper).await;
    let (answers, overlap) = at_once(8, |_| {
        let helper = helper.clone();
        async move { helper.patch(&format!("/api/projects/tasks/{task}/complete"), &json!({})).await }
    })
    .await;
    assert!(overlap > 1);
    let done: Vec<&crate::helpers::Answer> = answers.iter().filter(|a| a.status == StatusCode::OK).collect();
    assert_eq!(done.len(), 1, "one completion wins");
    assert_eq!(done[0].body["coinsEarned"], 25);
    assert_eq!(done[0].body["completedBy"], helper_id);
    assert!(answers.iter().all(|a| a.status == StatusCode::OK || a.status == StatusCode::BAD_REQUEST));
    assert_eq!(coins(&helper).await, before + 25);
    let listed = owner.get(&format!("/api/projects/{id}/tasks")).await.body;
    assert_eq!(listed[0]["isCompleted"], true);
    assert!(listed[0]["completedByUsername"].as_str().is_some());
    let project = owner.get(&format!("/api/projects/{id}")).await.body;
    assert_eq!((project["taskCount"].as_i64(), project["completedTaskCount"].as_i64()), (Some(1), Some(1)));
    assert_eq!(project["collaborators"], json!([helper_id]));

    // Edits: a null description clears it; delete removes the task.
    let edited = owner.patch(&format!("/api/tasks/{task}"), &json!({ "title": "Survey", "description": null })).await;
    assert_eq!((edited.body["title"].as_str(), edited.body["description"].is_null()), (Some("Survey"), true));
    assert_eq!(
        owner.request(reqwest::Method::DELETE, &format!("/api/tasks/{task}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(owner.get(&format!("/api/projects/{id}/tasks")).await.body, json!([]));
    let _ = owner_id;
}

#[tokio::test]
async fn joining_an_open_project_is_immediate_and_a_protected_one_asks_the_owner() {
    let app = spawn_app().await;
    let (owner, owner_id) = person_as(&app, "innovator").await;
    let (joiner, joiner_id) = person_as(&app, "explorer").await;
    let open = published(&owner, json!({ "title": "Open one" })).await;
    let closed = published(&owner, json!({ "title": "Closed one", "isProtected": true })).await;

    assert_eq!(owner.post(&format!("/api/projects/{open}/join"), &json!({})).await.status, StatusCode::BAD_REQUEST);
    let bad_role = joiner.post(&format!("/api/projects/{open}/join"), &json!({ "role": "Pirate" })).await;
    assert_eq!(bad_role.status, StatusCode::BAD_REQUEST);
    let joined = joiner.post(&format!("/api/projects/{open}/join"), &json!({ "role": "Explorer" })).await;
    assert_eq!(joined.body["joined"], true);
    assert!(joined.body["message"].as_str().unwrap().contains("as Explorer"));
    assert_eq!(joiner.post(&format!("/api/projects/{open}/join"), &json!({})).await.status, StatusCode::BAD_REQUEST);
    let mine = joiner.get("/api/projects/collaborating").await.body;
    assert_eq!(mine.as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>(), [open]);

    let asked = joiner.post(&format!("/api/projects/{closed}/join"), &json!({ "role": "Collaborator" })).await;
    assert_eq!(asked.body["joined"], false, "{}", asked.body);
    assert_eq!(asked.body["requested"], true);
    let requests = owner.get("/api/connections/collaboration-requests").await.body;
    assert_eq!(requests.as_array().unwrap().len(), 1);
    assert_eq!(requests[0]["projectName"], "Closed one");
    assert_eq!(requests[0]["requesterId"], joiner_id);
    let told = notifications_of(&owner, "collaboration_request").await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["data"]["projectId"], closed);
    // Asking again is the same request.
    let again =
        joiner.post(&format!("/api/projects/{closed}/request-collaboration"), &json!({ "message": "Please" })).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(again.message().contains("already exists"));
    let via_connections = joiner
        .post("/api/connections", &json!({ "type": "collaboration", "projectId": closed, "targetUserId": owner_id }))
        .await;
    assert!(via_connections.message().contains("already exists"));

    let request = requests[0]["id"].as_i64().unwrap();
    let before = coins(&joiner).await;
    assert_eq!(owner.post_empty(&format!("/api/connections/{request}/accept")).await.status, StatusCode::OK);
    assert_eq!(coins(&joiner).await, before + 35);
    let on_it = joiner.get(&format!("/api/projects/{closed}")).await.body;
    assert_eq!(on_it["myRole"], "collaborator");
    // A collaboration is not a people connection.
    assert_eq!(joiner.get("/api/auth/user").await.body["connectionCount"], 0);
    let people = owner.get(&format!("/api/projects/{closed}/collaborators")).await.body;
    assert_eq!(people[0]["user"]["id"], joiner_id);
    assert!(people[0]["user"].get("email").is_none());
}

#[tokio::test]
async fn request_collaboration_notifies_the_owner_once_and_refuses_ones_own() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (asker, _) = person_as(&app, "collaborator").await;
    let id = published(&owner, json!({})).await;
    let own = owner.post(&format!("/api/projects/{id}/request-collaboration"), &json!({})).await;
    assert_eq!(own.status, StatusCode::BAD_REQUEST);
    let made = asker
        .post(
            &format!("/api/projects/{id}/request-collaboration"),
            &json!({ "message": "I'd love to help with this project!" }),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!((made.body["type"].as_str(), made.body["status"].as_str()), (Some("collaboration"), Some("pending")));
    assert_eq!(asker.get("/api/connections/project-requests").await.body[0]["projectId"], id);
    assert_eq!(notifications_of(&owner, "collaboration_request").await.len(), 1);
}

#[tokio::test]
async fn supporting_pays_25_once_counts_exactly_and_tells_the_owner() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let id = published(&owner, json!({})).await;
    assert_eq!(owner.post_empty(&format!("/api/projects/{id}/support")).await.status, StatusCode::BAD_REQUEST);
    let mut fans = Vec::new();
    for _ in 0..4 {
        fans.push(person_as(&app, "explorer").await.0);
    }
    let before = coins(&fans[0]).await;
    // Every fan at once, and the first fan several times over.
    let (answers, overlap) = at_once(8, |i| {
        let fan = fans[i % 4].clone();
        async move { fan.post_empty(&format!("/api/projects/{id}/support")).await }
    })
    .await;
    assert!(overlap > 1);
    assert_eq!(answers.iter().filter(|a| a.status == StatusCode::OK).count(), 4);
    for refused in answers.iter().filter(|a| a.status != StatusCode::OK) {
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(refused.message().contains("already supported"), "{}", refused.message());
    }
    assert_eq!(coins(&fans[0]).await, before + 25);
    assert_eq!(owner.get(&format!("/api/projects/{id}")).await.body["supporterCount"], 4);
    assert_eq!(notifications_of(&owner, "project_support").await.len(), 4);
    let supported = fans[0].get("/api/projects/supported").await.body;
    assert_eq!(supported[0]["id"], id);
    assert_eq!(supported[0]["isSupported"], true);
}

#[tokio::test]
async fn an_update_reaches_every_supporter_and_a_reply_reaches_the_comment_author() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (fan, _) = person_as(&app, "explorer").await;
    let (bystander, _) = person_as(&app, "explorer").await;
    let id = published(&owner, json!({})).await;
    fan.post_empty(&format!("/api/projects/{id}/support")).await;
    for body in [json!({ "title": "", "content": "x" }), json!({ "title": "x", "content": "  " })] {
        assert_eq!(owner.post(&format!("/api/projects/{id}/updates"), &body).await.status, StatusCode::BAD_REQUEST);
    }
    let image = data_url("image/png", &picture(40, 40, ImageFormat::Png));
    let posted = owner
        .post(
            &format!("/api/projects/{id}/updates"),
            &json!({ "title": "Site found", "content": "We have a roof.", "imageUrl": image }),
        )
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.body);
    assert_eq!(posted.body["supporterCount"], 1);
    assert!(posted.body["imageUrl"].as_str().unwrap().starts_with("/api/files/"));
    let told = notifications_of(&fan, "project_update").await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["data"]["projectId"], id);
    assert!(notifications_of(&bystander, "project_update").await.is_empty());
    assert_eq!(fan.get(&format!("/api/projects/{id}/updates")).await.body[0]["title"], "Site found");

    // Feedback: a comment tells nobody; a reply tells the comment's author, never oneself.
    assert_eq!(
        fan.post(&format!("/api/projects/{id}/feedback"), &json!({ "content": "   " })).await.status,
        StatusCode::BAD_REQUEST
    );
    let comment = fan.post(&format!("/api/projects/{id}/feedback"), &json!({ "content": "  Love it  " })).await;
    assert_eq!(comment.status, StatusCode::CREATED);
    assert_eq!(comment.body["content"], "Love it");
    let comment_id = comment.body["id"].as_i64().unwrap();
    assert!(notifications_of(&owner, "feedback_reply").await.is_empty());
    fan.post(&format!("/api/projects/{id}/feedback"), &json!({ "content": "And me again", "parentId": comment_id }))
        .await;
    assert!(notifications_of(&fan, "feedback_reply").await.is_empty());
    let reply = owner
        .post(&format!("/api/projects/{id}/feedback"), &json!({ "content": "Thank you!", "parentId": comment_id }))
        .await;
    assert_eq!(reply.body["parentId"], comment_id);
    assert_eq!(notifications_of(&fan, "feedback_reply").await.len(), 1);
    let other = published(&owner, json!({ "title": "Other" })).await;
    let crossed =
        fan.post(&format!("/api/projects/{other}/feedback"), &json!({ "content": "x", "parentId": comment_id })).await;
    assert_eq!(crossed.status, StatusCode::BAD_REQUEST);
    let lying = fan
        .post(
            &format!("/api/projects/{id}/feedback"),
            &json!({ "content": "x", "imageUrl": data_url("image/png", b"MZ\x90\0not a picture") }),
        )
        .await;
    assert_eq!(lying.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let thread = owner.get(&format!("/api/projects/{id}/feedback")).await.body;
    assert_eq!(thread.as_array().unwrap().len(), 3);
    assert_eq!(thread[0]["authorName"], "Ada Lovelace");
}

#[tokio::test]
async fn deleting_a_project_removes_everything_of_it_and_nothing_else() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (fan, _) = person_as(&app, "explorer").await;
    let (asker, _) = person_as(&app, "collaborator").await;
    let doomed = published(&owner, json!({ "title": "Doomed" })).await;
    let kept = published(&owner, json!({ "title": "Kept" })).await;
    for id in [doomed, kept] {
        owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "A task" })).await;
        owner.post(&format!("/api/projects/{id}/updates"), &json!({ "title": "News", "content": "Some" })).await;
        fan.post_empty(&format!("/api/projects/{id}/support")).await;
        fan.post(&format!("/api/projects/{id}/feedback"), &json!({ "content": "Nice" })).await;
        fan.post(&format!("/api/projects/{id}/join"), &json!({})).await;
        asker.post(&format!("/api/projects/{id}/request-collaboration"), &json!({})).await;
    }
    let gone = owner.request(reqwest::Method::DELETE, &format!("/api/projects/{doomed}"), None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    assert_eq!(owner.get(&format!("/api/projects/{doomed}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(fan.get(&format!("/api/projects/{doomed}/tasks")).await.status, StatusCode::NOT_FOUND);
    let supported: Vec<i64> = fan
        .get("/api/projects/supported")
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(supported, [kept]);
    let requests = owner.get("/api/connections/collaboration-requests").await.body;
    assert_eq!(
        requests.as_array().unwrap().iter().map(|r| r["projectId"].as_i64().unwrap()).collect::<Vec<_>>(),
        [kept]
    );
    let left = owner.get(&format!("/api/projects/{kept}")).await.body;
    assert_eq!((left["taskCount"].as_i64(), left["supporterCount"].as_i64()), (Some(1), Some(1)));
    assert_eq!(owner.get(&format!("/api/projects/{kept}/updates")).await.body.as_array().unwrap().len(), 1);
    assert_eq!(owner.get(&format!("/api/projects/{kept}/feedback")).await.body.as_array().unwrap().len(), 1);
    assert_eq!(owner.get(&format!("/api/projects/{kept}/collaborators")).await.body.as_array().unwrap().len(), 1);
    // The people stay, coins and all.
    assert_eq!(fan.get("/api/auth/user").await.status, StatusCode::OK);
}

/// A PDF's text as poppler reads it back, as a PDF viewer would.
async fn pdf_text(bytes: &[u8]) -> String {
    assert!(bytes.starts_with(b"%PDF-"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("summary.pdf");
    std::fs::write(&file, bytes).unwrap();
    let out = tokio::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .await
        .expect("pdftotext (Debian's poppler-utils) reads the PDF back; scripts/test installs it");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn the_pdf_prints_every_script_people_write_in_embedded_fonts() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let title = "Gdańsk: Źródło wiedzy";
    let description = "Москва и Αθήνα. القاهرة الجديدة. ירושלים של זהב.";
    let id = published(&owner, json!({ "title": title, "description": description })).await;
    // Chinese, Japanese and Korean come from the system's Noto CJK fonts (scripts/test installs them).
    let cjk = std::path::Path::new("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").exists();
    let far_east = "東京の太陽光発電 北京 서울";
    owner.post(&format!("/api/projects/{id}/updates"), &json!({ "title": "Update", "content": far_east })).await;
    let bytes = owner.http.post(app.url(&format!("/api/projects/{id}/download-pdf"))).send().await.unwrap();
    assert_eq!(bytes.status(), StatusCode::OK);
    let bytes = bytes.bytes().await.unwrap();
    let text = pdf_text(&bytes).await;
    let mut words = vec!["Gdańsk", "Źródło", "wiedzy", "Москва", "Αθήνα", "القاهرة", "الجديدة", "ירושלים", "זהב"];
    if cjk {
        words.extend(["東京の太陽光発電", "北京", "서울"]);
    }
    for word in words {
        assert!(text.contains(word), "{word} in {text}");
    }
    assert!(!text.contains('?'), "nothing replaced by '?': {text}");
    // The fonts travel in the file, as subsets (a whole Noto Sans is half a megabyte).
    let raw = String::from_utf8_lossy(&bytes);
    assert!(raw.contains("/FontFile2"), "embedded TrueType fonts");
    assert!(bytes.len() < 400_000, "subsets, not whole fonts: {} bytes", bytes.len());
}

#[tokio::test]
async fn the_pdf_summary_is_a_real_document_named_after_the_project() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let id = published(&owner, json!({ "title": "Solar (kiosks) for Zoë", "lookingFor": ["Collaborator"] })).await;
    owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "Survey" })).await;
    owner
        .post(
            &format!("/api/projects/{id}/updates"),
            &json!({ "title": "Roof secured", "content": "Lease signed today." }),
        )
        .await;
    let response = owner.http.post(app.url(&format!("/api/projects/{id}/download-pdf"))).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.contains("_project_summary.pdf"), "{disposition}");
    assert!(
        disposition.contains("filename*=UTF-8''Solar%20%28kiosks%29%20for%20Zo%C3%AB_project_summary.pdf"),
        "{disposition}"
    );
    let text = pdf_text(&response.bytes().await.unwrap()).await;
    for expected in [
        "Solar (kiosks) for Zoë",
        "Ada Lovelace",
        "Roof secured",
        "Lease signed today.",
        "0 of 1 tasks completed",
        "Collaborator",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    let stranger = person_as(&app, "explorer").await.0;
    let draft = owner.post("/api/projects", &json!({ "title": "Secret" })).await.body["id"].as_i64().unwrap();
    assert_eq!(stranger.post_empty(&format!("/api/projects/{draft}/download-pdf")).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_update_picture_sent_as_a_data_url_may_be_larger_than_a_json_body() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let id = published(&owner, json!({})).await;
    // About 2 MB of PNG: over the 1 MiB JSON limit, under the 10 MB picture limit.
    let png = picture(900, 800, ImageFormat::Png);
    assert!(png.len() > 1_200_000);
    let posted = owner
        .post(
            &format!("/api/projects/{id}/updates"),
            &json!({ "title": "Photos", "content": "Big one", "imageUrl": data_url("image/png", &png) }),
        )
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.body);
    let comment = owner
        .post(
            &format!("/api/projects/{id}/feedback"),
            &json!({ "content": "And here", "imageUrl": data_url("image/png", &png) }),
        )
        .await;
    assert_eq!(comment.status, StatusCode::CREATED);
}

#[tokio::test]
async fn names_and_titles_refuse_control_and_direction_characters() {
    let app = spawn_app().await;
    // "\u{202e}nimda" shows as "admin".
    let spoof = "\u{202e}nimda";
    let signup =
        app.client().post("/api/auth/signup", &crate::helpers::signup_body(json!({ "firstName": spoof }))).await;
    assert_eq!(signup.status, StatusCode::BAD_REQUEST, "{}", signup.body);
    assert_eq!(signup.message(), "First name may not contain control or text-direction characters");
    let (owner, _) = person_as(&app, "innovator").await;
    let renamed = owner.patch("/api/users/profile", &json!({ "lastName": "Smith\u{2066}" })).await;
    assert_eq!(renamed.status, StatusCode::BAD_REQUEST, "{}", renamed.body);
    let made = owner.post("/api/projects", &json!({ "title": format!("Solar{spoof}") })).await;
    assert_eq!(made.status, StatusCode::BAD_REQUEST, "{}", made.body);
    let id = published(&owner, json!({ "title": "Solar kiosks" })).await;
    let retitled = owner.patch(&format!("/api/projects/{id}"), &json!({ "title": "Bell\u{7}" })).await;
    assert_eq!(retitled.status, StatusCode::BAD_REQUEST, "{}", retitled.body);
    let task = owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": format!("Survey{spoof}") })).await;
    assert_eq!(task.status, StatusCode::BAD_REQUEST, "{}", task.body);
    let update = owner
        .post(&format!("/api/projects/{id}/updates"), &json!({ "title": format!("News{spoof}"), "content": "Fine" }))
        .await;
    assert_eq!(update.status, StatusCode::BAD_REQUEST, "{}", update.body);
    // Nothing was written, and names in any script are welcome.
    assert_eq!(owner.get(&format!("/api/projects/{id}")).await.body["title"], "Solar kiosks");
    assert_eq!(owner.get(&format!("/api/projects/{id}/tasks")).await.body.as_array().unwrap().len(), 0);
    let fine = owner.patch("/api/users/profile", &json!({ "firstName": "محمد", "lastName": "Zoë" })).await;
    assert_eq!(fine.status, StatusCode::OK, "{}", fine.body);
}

#[tokio::test]
async fn an_owner_adds_only_connections_and_no_one_who_left_until_they_ask_again() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (stranger, stranger_id) = person_as(&app, "collaborator").await;
    let id = published(&owner, json!({ "title": "Tide clocks", "isProtected": true })).await;
    let path = format!("/api/projects/{id}/collaborators");
    // A stranger is not made a member (nor told anything).
    let added = owner.post(&path, &json!({ "userId": stranger_id })).await;
    assert_eq!(added.status, StatusCode::FORBIDDEN, "{}", added.body);
    assert!(added.message().starts_with("You can add only people you're connected with"), "{}", added.body);
    assert!(stranger
        .get("/api/notifications")
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .all(|n| n["type"] != "project_update"));
    // Connected, they are added; once they leave, the owner cannot add them back for 30 days...
    crate::helpers::connect(&owner, &stranger).await;
    assert_eq!(owner.post(&path, &json!({ "userId": stranger_id })).await.status, StatusCode::CREATED);
    let leave = stranger.request(reqwest::Method::DELETE, &format!("{path}/{stranger_id}"), None).await;
    assert_eq!(leave.status, StatusCode::NO_CONTENT, "{}", leave.body);
    let again = owner.post(&path, &json!({ "userId": stranger_id })).await;
    assert_eq!(again.status, StatusCode::FORBIDDEN, "{}", again.body);
    assert_eq!(
        again.message(),
        "This person left the project recently. They can ask to join again whenever they like."
    );
    // ...unless they ask to join again, which the owner may then grant.
    let asked = stranger.post(&format!("/api/projects/{id}/request-collaboration"), &json!({})).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    assert_eq!(owner.post(&path, &json!({ "userId": stranger_id })).await.status, StatusCode::CREATED);
}

#[tokio::test]
async fn a_protected_projects_inner_parts_are_for_its_members_and_its_card_for_everyone() {
    let app = spawn_app().await;
    let (owner, _) = person_as(&app, "innovator").await;
    let (stranger, _) = person_as(&app, "explorer").await;
    let (member, member_id) = person_as(&app, "collaborator").await;
    let id = published(&owner, json!({ "title": "Patent pending", "isProtected": true })).await;
    owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "Secret task: file patent" })).await;
    owner.post(&format!("/api/projects/{id}/updates"), &json!({ "title": "Filed", "content": "Claims drafted" })).await;
    crate::helpers::connect(&owner, &member).await;
    assert_eq!(
        owner.post(&format!("/api/projects/{id}/collaborators"), &json!({ "userId": member_id })).await.status,
        StatusCode::CREATED
    );
    let inner = ["tasks", "updates", "feedback", "collaborators"];
    // The card is public; what is inside is not, to a signed-in stranger.
    assert_eq!(stranger.get(&format!("/api/projects/{id}")).await.status, StatusCode::OK);
    for part in inner {
        let answer = stranger.get(&format!("/api/projects/{id}/{part}")).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{part}: {}", answer.body);
        assert!(answer.message().starts_with("This project is protected"), "{part}: {}", answer.body);
        assert!(!answer.body.to_string().contains("Secret task"), "{part}");
    }
    assert_eq!(stranger.post_empty(&format!("/api/projects/{id}/download-pdf")).await.status, StatusCode::FORBIDDEN);
    let feedback = stranger.post(&format!("/api/projects/{id}/feedback"), &json!({ "content": "Let me in" })).await;
    assert_eq!(feedback.status, StatusCode::FORBIDDEN, "{}", feedback.body);
    // Its team sees it all.
    for part in inner {
        assert_eq!(member.get(&format!("/api/projects/{id}/{part}")).await.status, StatusCode::OK, "{part}");
    }
    let tasks = member.get(&format!("/api/projects/{id}/tasks")).await.body;
    assert_eq!(tasks[0]["title"], "Secret task: file patent");
    assert_eq!(member.post_empty(&format!("/api/projects/{id}/download-pdf")).await.status, StatusCode::OK);
}
