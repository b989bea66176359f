//! The one reach rule (API.md "Safety", "Limits and fair play"): no path reaches a person across a
//! block or a suspension (collaborators, tasks, joining, pledges, replies, typing, notifications,
//! presence, the leaderboard); a viewer follows a project without working on it; reports about a
//! deleted account stay for the administrators. Each test is a hole as a stranger would find it.

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::{
    chat::{frame_of, silent},
    helpers::{admin, open_socket, session_cookie_of, spawn_app, Client, TestApp, PASSWORD},
};

const NOT_AVAILABLE: &str = "This person is not available";

/// A signed-in person of `role`: their client, id and session cookie (for a socket).
async fn person(app: &TestApp, role: &str) -> (Client, i64, String) {
    let (username, user) = app.signup(json!({ "role": role })).await;
    let client = app.client();
    let answer = client.login(&username, PASSWORD, false).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    (client, user["id"].as_i64().unwrap(), session_cookie_of(&answer))
}

async fn published(owner: &Client, extra: Value) -> i64 {
    let mut body =
        json!({ "title": "Solar kiosks", "description": "Charging points for traders", "isPublished": true });
    crate::helpers::merge(&mut body, extra);
    let made = owner.post("/api/projects", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["id"].as_i64().unwrap()
}

async fn block(who: &Client, whom: i64) {
    assert_eq!(who.post_empty(&format!("/api/users/{whom}/block")).await.status, StatusCode::NO_CONTENT);
}

/// Connects the owner with `member`, then adds them to the project.
async fn add_collaborator(owner: &Client, project: i64, member: &Client) {
    crate::helpers::connect(owner, member).await;
    let user = member.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    let added = owner.post(&format!("/api/projects/{project}/collaborators"), &json!({ "userId": user })).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
}

async fn notifications_of(client: &Client, kind: &str) -> Vec<Value> {
    let all = client.get("/api/notifications").await.body;
    all.as_array().unwrap().iter().filter(|n| n["type"] == kind).cloned().collect()
}

/// A project across a block is not there for the other (API.md "Safety": one cannot act on what one cannot see).
fn not_found(answer: &crate::helpers::Answer) {
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.body);
    assert_eq!(answer.message(), "Project not found");
}

fn forbidden_as_unavailable(answer: &crate::helpers::Answer) {
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.body);
    assert_eq!(answer.message(), NOT_AVAILABLE);
}

/// Suspends `user` as an administrator would, through a report on them.
pub(crate) async fn suspend(app: &TestApp, user: i64) {
    let (reporter, _, _) = person(app, "explorer").await;
    let report =
        reporter.post("/api/reports", &json!({ "targetType": "user", "targetId": user, "reason": "Spam" })).await;
    assert_eq!(report.status, StatusCode::CREATED, "{}", report.body);
    let admin = admin(app).await;
    let id = report.body["id"].as_i64().unwrap();
    let done = admin.post(&format!("/api/admin/reports/{id}/resolve"), &json!({ "action": "suspend" })).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
}

#[tokio::test]
async fn an_owner_cannot_add_as_collaborator_someone_with_a_block_between_them() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let (_carl, carl_id, _) = person(&app, "innovator").await;
    let project = published(&ann, json!({})).await;
    let path = format!("/api/projects/{project}/collaborators");

    block(&bob, ann_id).await;
    forbidden_as_unavailable(&ann.post(&path, &json!({ "userId": bob_id })).await);
    block(&ann, carl_id).await;
    let blocked_by_me = ann.post(&path, &json!({ "userId": carl_id })).await;
    assert_eq!(blocked_by_me.status, StatusCode::FORBIDDEN);
    assert!(blocked_by_me.message().contains("You have blocked"), "{}", blocked_by_me.message());
    assert!(ann.get(&path).await.body.as_array().unwrap().is_empty(), "nobody was added");
}

#[tokio::test]
async fn a_task_is_not_assigned_across_a_block_and_the_blocker_is_not_notified() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let project = published(&ann, json!({})).await;
    add_collaborator(&ann, project, &bob).await;
    let task = ann.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Wire the panels" })).await;
    let task = task.body["id"].as_i64().unwrap();

    block(&bob, ann_id).await;
    let assigned = ann.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": bob_id })).await;
    forbidden_as_unavailable(&assigned);
    assert!(notifications_of(&bob, "task_assignment").await.is_empty());
    let tasks = ann.get(&format!("/api/projects/{project}/tasks")).await.body;
    assert!(tasks[0]["assignedTo"].is_null(), "{tasks}");
    // The owner may still take the task herself.
    let own = ann.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": ann_id })).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
}

#[tokio::test]
async fn nobody_joins_or_asks_to_join_a_project_across_a_block_with_its_owner() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "collaborator").await;
    let (carl, carl_id, _) = person(&app, "innovator").await;
    let open = published(&ann, json!({ "title": "Open kiosks" })).await;
    let protected = published(&ann, json!({ "title": "Closed kiosks", "isProtected": true })).await;

    block(&ann, bob_id).await;
    for project in [open, protected] {
        let joined = bob.post(&format!("/api/projects/{project}/join"), &json!({ "role": "Collaborator" })).await;
        not_found(&joined);
        let asked = bob.post(&format!("/api/projects/{project}/request-collaboration"), &json!({})).await;
        not_found(&asked);
        let asked = bob
            .post("/api/connections", &json!({ "targetUserId": ann_id, "type": "collaboration", "projectId": project }))
            .await;
        not_found(&asked);
    }
    assert!(ann.get("/api/connections/collaboration-requests").await.body.as_array().unwrap().is_empty());
    assert!(notifications_of(&ann, "collaboration_request").await.is_empty());
    let team = ann.get(&format!("/api/projects/{open}/collaborators")).await.body;
    assert!(team.as_array().unwrap().is_empty(), "{team}");
    // The one who blocked cannot join the other's project either.
    let carls = published(&carl, json!({})).await;
    block(&ann, carl_id).await;
    not_found(&ann.post(&format!("/api/projects/{carls}/join"), &json!({ "role": "Explorer" })).await);
}

#[tokio::test]
async fn an_investor_cannot_pledge_across_a_block_with_the_owner() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (ivy, ivy_id, _) = person(&app, "investor").await;
    let (ian, _, _) = person(&app, "investor").await;
    let project = published(&ann, json!({})).await;
    let pledge = json!({ "amount": 25_000, "message": "Happy to back this" });

    block(&ann, ivy_id).await;
    not_found(&ivy.post(&format!("/api/projects/{project}/pledge"), &pledge).await);
    block(&ian, ann_id).await;
    not_found(&ian.post(&format!("/api/projects/{project}/pledge"), &pledge).await);
    assert!(ivy.get("/api/investments").await.body.as_array().unwrap().is_empty());
    assert!(notifications_of(&ann, "project_support").await.is_empty());
}

#[tokio::test]
async fn a_reply_to_feedback_does_not_reach_its_author_across_a_block() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "innovator").await;
    let (bob, _, _) = person(&app, "explorer").await;
    let (carl, carl_id, _) = person(&app, "explorer").await;
    let project = published(&ann, json!({})).await;
    let path = format!("/api/projects/{project}/feedback");
    let comment = bob.post(&path, &json!({ "content": "Love the idea" })).await;
    assert_eq!(comment.status, StatusCode::CREATED, "{}", comment.body);
    let parent = comment.body["id"].as_i64().unwrap();

    block(&bob, carl_id).await;
    let reply = carl.post(&path, &json!({ "content": "Nobody asked you", "parentId": parent })).await;
    forbidden_as_unavailable(&reply);
    assert!(notifications_of(&bob, "feedback_reply").await.is_empty());
    // Others still reply, and their replies still reach the author.
    let fine = ann.post(&path, &json!({ "content": "Thank you!", "parentId": parent })).await;
    assert_eq!(fine.status, StatusCode::CREATED, "{}", fine.body);
    assert_eq!(notifications_of(&bob, "feedback_reply").await.len(), 1);
}

#[tokio::test]
async fn no_notification_crosses_a_block_whoever_acts() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "explorer").await;
    let (carl, _, _) = person(&app, "explorer").await;
    let project = published(&ann, json!({})).await;

    // Someone the owner blocked cannot support the project (it is not there for them), and the owner hears nothing.
    block(&ann, bob_id).await;
    not_found(&bob.post_empty(&format!("/api/projects/{project}/support")).await);
    assert!(notifications_of(&ann, "project_support").await.is_empty());
    // A supporter who then blocks the owner is not told of the owner's updates.
    assert_eq!(carl.post_empty(&format!("/api/projects/{project}/support")).await.status, StatusCode::OK);
    assert_eq!(notifications_of(&ann, "project_support").await.len(), 1, "an unblocked supporter is told of");
    block(&carl, ann_id).await;
    let update = json!({ "title": "Live", "content": "We launched" });
    assert_eq!(ann.post(&format!("/api/projects/{project}/updates"), &update).await.status, StatusCode::CREATED);
    assert!(notifications_of(&carl, "project_update").await.is_empty());
    assert!(notifications_of(&bob, "project_update").await.is_empty());
}

#[tokio::test]
async fn typing_never_reaches_someone_with_a_block_between() {
    let app = spawn_app().await;
    let (ann, ann_id, ann_cookie) = person(&app, "innovator").await;
    let (bob, bob_id, bob_cookie) = person(&app, "innovator").await;
    let (carl, carl_id, carl_cookie) = person(&app, "innovator").await;
    let project = published(&ann, json!({})).await;
    add_collaborator(&ann, project, &bob).await;
    add_collaborator(&ann, project, &carl).await;
    let mut ann_socket = open_socket(&app, &ann_cookie).await;
    let mut bob_socket = open_socket(&app, &bob_cookie).await;
    let mut carl_socket = open_socket(&app, &carl_cookie).await;
    let typing = |chat: Value| Message::Text(json!({ "type": "typing", "chat": chat }).to_string().into());

    // In a project's chat: the owner sees Bob typing; Carl, who blocked Bob, does not.
    block(&carl, bob_id).await;
    bob_socket.send(typing(json!({ "kind": "project", "projectId": project }))).await.unwrap();
    assert_eq!(frame_of(&mut ann_socket, &["typing"]).await["userId"], bob_id);
    assert!(silent(&mut carl_socket, &["typing"]).await, "typing crossed a block in a project chat");

    // In a direct chat: Ann blocked Bob, so his typing to her is dropped; Carl's reaches her.
    block(&ann, bob_id).await;
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    bob_socket.send(typing(json!({ "kind": "direct", "userId": ann_id }))).await.unwrap();
    carl_socket.send(typing(json!({ "kind": "direct", "userId": ann_id }))).await.unwrap();
    assert_eq!(frame_of(&mut ann_socket, &["typing"]).await["userId"], carl_id);
    assert!(silent(&mut ann_socket, &["typing"]).await, "typing crossed a block in a direct chat");
}

#[tokio::test]
async fn presence_is_answered_only_about_connections_and_chat_partners() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "explorer").await;
    let (bob, bob_id, _) = person(&app, "explorer").await;
    let (stranger, _, _) = person(&app, "explorer").await;
    let (dan, dan_id, _) = person(&app, "explorer").await;
    let of = |id: i64| format!("/api/users/{id}/presence");

    // A stranger learns nothing of anyone's comings and goings.
    let asked = stranger.get(&of(bob_id)).await;
    assert_eq!(asked.status, StatusCode::NOT_FOUND, "{}", asked.body);
    assert!(asked.body["message"].is_string());
    // One unanswered message does not make a chat partner; an answered one does, and so does a connection.
    assert_eq!(
        ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "hi" })).await.status,
        StatusCode::CREATED
    );
    assert_eq!(ann.get(&of(bob_id)).await.status, StatusCode::NOT_FOUND, "Bob never answered");
    assert_eq!(
        bob.post("/api/messages", &json!({ "receiverId": ann_id, "content": "hello" })).await.status,
        StatusCode::CREATED
    );
    assert_eq!(ann.get(&of(bob_id)).await.body, json!({ "userId": bob_id, "online": false }));
    assert_eq!(bob.get(&of(ann_id)).await.status, StatusCode::OK);
    let asked = ann.post("/api/connections", &json!({ "targetUserId": dan_id })).await;
    assert_eq!(ann.get(&of(dan_id)).await.status, StatusCode::NOT_FOUND, "a pending request is not a connection");
    let id = asked.body["id"].as_i64().unwrap();
    assert_eq!(dan.post_empty(&format!("/api/connections/{id}/accept")).await.status, StatusCode::OK);
    assert_eq!(ann.get(&of(dan_id)).await.status, StatusCode::OK);
    assert_eq!(ann.get(&of(ann_id)).await.status, StatusCode::OK, "one's own");
    // Never across a block, either way.
    block(&bob, ann_id).await;
    assert_eq!(ann.get(&of(bob_id)).await.status, StatusCode::NOT_FOUND);
    assert_eq!(bob.get(&of(ann_id)).await.status, StatusCode::NOT_FOUND);
}

fn board_ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn the_leaderboard_leaves_out_suspended_people_and_anyone_with_a_block_between() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let (carl, carl_id, _) = person(&app, "innovator").await;
    let (eve, eve_id, _) = person(&app, "innovator").await;
    for (client, title) in [(&ann, "A"), (&bob, "B"), (&carl, "C"), (&eve, "E")] {
        published(client, json!({ "title": title })).await;
        client.get("/api/rewards").await;
    }
    let board = "/api/rewards/leaderboard?limit=200";
    let everyone = board_ids(&carl.get(board).await.body);
    for id in [ann_id, bob_id, carl_id, eve_id] {
        assert!(everyone.contains(&id), "{id} has coins: {everyone:?}");
    }

    block(&ann, bob_id).await;
    suspend(&app, eve_id).await;
    let anns = board_ids(&ann.get(board).await.body);
    assert!(!anns.contains(&bob_id) && !anns.contains(&eve_id) && anns.contains(&carl_id), "{anns:?}");
    let bobs = board_ids(&bob.get(board).await.body);
    assert!(!bobs.contains(&ann_id) && !bobs.contains(&eve_id) && bobs.contains(&carl_id), "{bobs:?}");
    let carls = board_ids(&carl.get(board).await.body);
    assert!(carls.contains(&ann_id) && carls.contains(&bob_id) && !carls.contains(&eve_id), "{carls:?}");
    // The Progress screen's own top ten follows the same rule.
    let in_rewards = board_ids(&ann.get("/api/rewards").await.body["leaderboard"]);
    assert!(!in_rewards.contains(&bob_id) && !in_rewards.contains(&eve_id), "{in_rewards:?}");
}

#[tokio::test]
async fn a_suspended_person_is_not_reachable_by_message_or_request() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "innovator").await;
    let (_eve, eve_id, _) = person(&app, "innovator").await;
    suspend(&app, eve_id).await;
    forbidden_as_unavailable(&ann.post("/api/messages", &json!({ "receiverId": eve_id, "content": "Hi" })).await);
    forbidden_as_unavailable(&ann.post("/api/connections", &json!({ "targetUserId": eve_id })).await);
    let project = published(&ann, json!({})).await;
    let added = ann.post(&format!("/api/projects/{project}/collaborators"), &json!({ "userId": eve_id })).await;
    forbidden_as_unavailable(&added);
}

#[tokio::test]
async fn a_viewer_follows_a_project_but_neither_completes_its_tasks_nor_uses_its_chat() {
    let app = spawn_app().await;
    let (ann, _, ann_cookie) = person(&app, "innovator").await;
    let (vic, vic_id, vic_cookie) = person(&app, "explorer").await;
    let (cole, cole_id, cole_cookie) = person(&app, "collaborator").await;
    let project = published(&ann, json!({})).await;
    let joined = vic.post(&format!("/api/projects/{project}/join"), &json!({ "role": "Explorer" })).await;
    assert_eq!(joined.body["joined"], true, "{}", joined.body);
    let joined = cole.post(&format!("/api/projects/{project}/join"), &json!({ "role": "Collaborator" })).await;
    assert_eq!(joined.body["joined"], true, "{}", joined.body);
    let task = ann.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Wire the panels" })).await;
    let task = task.body["id"].as_i64().unwrap();
    let other = ann.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Paint the kiosk" })).await;
    let other = other.body["id"].as_i64().unwrap();

    // The viewer reads the team, but completes nothing and earns nothing.
    let team = vic.get(&format!("/api/projects/{project}/collaborators")).await;
    assert_eq!(team.status, StatusCode::OK);
    let coins_before = vic.get("/api/auth/user").await.body["coins"].clone();
    let done = vic.patch(&format!("/api/projects/tasks/{task}/complete"), &json!({})).await;
    assert_eq!(done.status, StatusCode::FORBIDDEN, "{}", done.body);
    assert!(done.body["message"].is_string());
    assert_eq!(vic.get("/api/auth/user").await.body["coins"], coins_before);
    // Nor is a task assigned to someone who cannot do it.
    let assigned = ann.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": vic_id })).await;
    assert_eq!(assigned.status, StatusCode::BAD_REQUEST, "{}", assigned.body);
    // A collaborator does both.
    let done = cole.patch(&format!("/api/projects/tasks/{other}/complete"), &json!({})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(
        ann.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": cole_id })).await.status,
        StatusCode::OK
    );

    // The project's chat is its workers': the viewer neither reads nor sends, nor hears it live.
    let chat = format!("/api/projects/{project}/messages");
    let mut vic_socket = open_socket(&app, &vic_cookie).await;
    let mut cole_socket = open_socket(&app, &cole_cookie).await;
    let _ann_socket = open_socket(&app, &ann_cookie).await;
    let read = vic.get(&chat).await;
    assert_eq!(read.status, StatusCode::FORBIDDEN, "{}", read.body);
    assert!(read.body["message"].is_string());
    let sent = vic.post(&chat, &json!({ "content": "Hello team" })).await;
    assert_eq!(sent.status, StatusCode::FORBIDDEN, "{}", sent.body);
    assert_eq!(ann.post(&chat, &json!({ "content": "Stand-up at ten" })).await.status, StatusCode::CREATED);
    assert_eq!(frame_of(&mut cole_socket, &["project_message"]).await["projectId"], project);
    assert!(silent(&mut vic_socket, &["project_message"]).await, "a viewer heard the project's chat");
    let listed = vic.get("/api/conversations").await.body;
    assert!(listed.as_array().unwrap().iter().all(|c| c["projectId"] != project), "{listed}");
    assert!(cole.get("/api/conversations").await.body.as_array().unwrap().iter().any(|c| c["projectId"] == project));
    assert_eq!(cole.get(&chat).await.status, StatusCode::OK);
}

#[tokio::test]
async fn reports_about_a_deleted_account_stay_for_the_administrators() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let admin = admin(&app).await;
    let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Buy my course" })).await;
    let message = sent.body["id"].as_i64().unwrap();
    let report = |kind: &str, id: i64| json!({ "targetType": kind, "targetId": id, "reason": "Spam" });
    assert_eq!(bob.post("/api/reports", &report("user", ann_id)).await.status, StatusCode::CREATED);
    assert_eq!(bob.post("/api/reports", &report("message", message)).await.status, StatusCode::CREATED);
    assert_eq!(ann.post("/api/reports", &report("user", bob_id)).await.status, StatusCode::CREATED);
    assert_eq!(admin.get("/api/admin/reports").await.body.as_array().unwrap().len(), 3);

    let gone = ann.request(reqwest::Method::DELETE, "/api/account", Some(&json!({ "password": PASSWORD }))).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);

    let listed = admin.get("/api/admin/reports?status=all").await.body;
    let reports = listed.as_array().unwrap();
    assert_eq!(reports.len(), 2, "the reports about her stay, hers go: {listed}");
    for report in reports {
        assert_eq!(report["reporter"]["id"], bob_id);
        assert!(report["subject"].is_null(), "{report}");
        assert_eq!(report["subjectDeleted"], true, "{report}");
        assert_eq!(report["content"]["exists"], false, "{report}");
    }
    let on_her = reports.iter().find(|r| r["targetType"] == "user").unwrap();
    assert_eq!(on_her["targetId"], ann_id);
    assert_eq!(on_her["content"]["title"], "Deleted account");
    // The administrator can still close them.
    let id = on_her["id"].as_i64().unwrap();
    let done = admin.post(&format!("/api/admin/reports/{id}/resolve"), &json!({ "action": "dismiss" })).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.body["subjectDeleted"], true);
}

/// The content of each message of a chat's first page, oldest first.
async fn contents(client: &Client, chat: &str) -> Vec<String> {
    let page = client.get(chat).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let items = page.body["items"].as_array().or(page.body.as_array()).cloned().unwrap_or_default();
    items.iter().map(|m| m["content"].as_str().unwrap_or_default().to_string()).collect()
}

#[tokio::test]
async fn a_block_holds_in_a_room_a_blocked_persons_words_reach_everyone_else() {
    let app = spawn_app().await;
    let (ann, _, ann_cookie) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let (carl, _, carl_cookie) = person(&app, "innovator").await;
    for who in [&ann, &bob, &carl] {
        assert_eq!(who.post_empty("/api/communities/tech/join").await.status, StatusCode::NO_CONTENT);
    }
    let room = "/api/communities/tech/messages";
    let before = bob.post(room, &json!({ "content": "Hello from before" })).await;
    assert_eq!(before.status, StatusCode::CREATED, "{}", before.body);
    block(&carl, bob_id).await;
    let mut ann_socket = open_socket(&app, &ann_cookie).await;
    let mut carl_socket = open_socket(&app, &carl_cookie).await;

    // Bob's word reaches Ann live; Carl's next room frame is Ann's answer, not Bob's.
    assert_eq!(bob.post(room, &json!({ "content": "Anyone up for a demo?" })).await.status, StatusCode::CREATED);
    assert_eq!(frame_of(&mut ann_socket, &["community_message"]).await["senderId"], bob_id);
    assert_eq!(ann.post(room, &json!({ "content": "Count me in" })).await.status, StatusCode::CREATED);
    let next = frame_of(&mut carl_socket, &["community_message"]).await;
    assert_eq!(next["message"]["content"], "Count me in", "{next}");
    // Nor does an edit of his old message reach Carl.
    let old = before.body["id"].as_i64().unwrap();
    assert_eq!(
        bob.patch(&format!("/api/messages/{old}"), &json!({ "content": "Edited" })).await.status,
        StatusCode::OK
    );
    assert_eq!(frame_of(&mut ann_socket, &["message_updated"]).await["id"], old);
    assert_eq!(ann.post(room, &json!({ "content": "Noon works" })).await.status, StatusCode::CREATED);
    let next = frame_of(&mut carl_socket, &["community_message", "message_updated"]).await;
    assert_eq!(next["message"]["content"], "Noon works", "{next}");

    // History: Ann reads all of it; Carl reads everyone but Bob.
    assert_eq!(contents(&ann, room).await, ["Edited", "Anyone up for a demo?", "Count me in", "Noon works"]);
    assert_eq!(contents(&carl, room).await, ["Count me in", "Noon works"]);

    // Once Bob leaves the room, his old message is his to delete but no longer to edit.
    let left = bob.request(reqwest::Method::DELETE, "/api/communities/tech/join", None).await;
    assert_eq!(left.status, StatusCode::NO_CONTENT, "{}", left.body);
    let edit = bob.patch(&format!("/api/messages/{old}"), &json!({ "content": "Sneaky" })).await;
    assert_eq!(edit.status, StatusCode::FORBIDDEN, "{}", edit.body);
    assert!(edit.message().contains("no longer write"), "{}", edit.body);
    assert_eq!(
        bob.request(reqwest::Method::DELETE, &format!("/api/messages/{old}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(contents(&ann, room).await, ["Anyone up for a demo?", "Count me in", "Noon works"]);
}

#[tokio::test]
async fn a_direct_message_is_not_edited_across_a_block_but_may_be_deleted() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "See you at six" })).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    let id = sent.body["id"].as_i64().unwrap();
    block(&bob, ann_id).await;
    let edit = ann.patch(&format!("/api/messages/{id}"), &json!({ "content": "Call me" })).await;
    forbidden_as_unavailable(&edit);
    assert_eq!(contents(&bob, &format!("/api/messages/{ann_id}")).await, ["See you at six"]);
    let gone = ann.request(reqwest::Method::DELETE, &format!("/api/messages/{id}"), None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);
}

/// The ids of a project's collaborators, as `client` reads them.
async fn team(client: &Client, project: i64) -> Vec<i64> {
    let answer = client.get(&format!("/api/projects/{project}/collaborators")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    answer.body.as_array().unwrap().iter().map(|c| c["userId"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn a_block_ends_shared_project_membership_both_ways() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "innovator").await;
    let (bob, bob_id, _) = person(&app, "innovator").await;
    let (cleo, _, _) = person(&app, "collaborator").await;
    let anns = published(&ann, json!({ "title": "Tide clock" })).await;
    let bobs = published(&bob, json!({ "title": "Kite mill" })).await;
    add_collaborator(&ann, anns, &bob).await;
    add_collaborator(&ann, anns, &cleo).await;
    // Already connected: Bob adds Ann to his.
    let added = bob.post(&format!("/api/projects/{bobs}/collaborators"), &json!({ "userId": ann_id })).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let task = ann.post(&format!("/api/projects/{anns}/tasks"), &json!({ "title": "Gears" })).await;
    assert_eq!(task.status, StatusCode::CREATED, "{}", task.body);
    let task = task.body["id"].as_i64().unwrap();
    let assigned = ann.patch(&format!("/api/projects/tasks/{task}/assign"), &json!({ "assignedTo": bob_id })).await;
    assert_eq!(assigned.status, StatusCode::OK, "{}", assigned.body);
    let chat = format!("/api/projects/{anns}/messages");
    let said = bob.post(&chat, &json!({ "content": "Gears are cut" })).await;
    assert_eq!(said.status, StatusCode::CREATED, "{}", said.body);

    block(&ann, bob_id).await;

    // Each left the other's project; Cleo stays on Ann's.
    assert!(!team(&ann, anns).await.contains(&bob_id));
    assert_eq!(team(&ann, anns).await.len(), 1);
    assert!(!team(&bob, bobs).await.contains(&ann_id));
    // The chat is closed to Bob, his old word in it is no longer his to edit, and his task is open again.
    assert_ne!(bob.get(&chat).await.status, StatusCode::OK);
    let id = said.body["id"].as_i64().unwrap();
    let edit = bob.patch(&format!("/api/messages/{id}"), &json!({ "content": "Gears are broken" })).await;
    assert_eq!(edit.status, StatusCode::FORBIDDEN, "{}", edit.body);
    let tasks = ann.get(&format!("/api/projects/{anns}/tasks")).await.body;
    assert!(tasks.as_array().unwrap().iter().all(|t| t["assignedTo"].is_null()), "{tasks}");
}
