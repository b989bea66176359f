//! Chat: direct messages both ways, project chat for the team, community rooms for members, edits
//! and deletes by the sender, read state, pages in sending order, and live frames to exactly the
//! members, on every instance.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{
    next_frame, open_socket, session_cookie_of, spawn_app, two_instances, Client, Socket, TestApp, PASSWORD,
};

/// A signed-in person with a client, their id and a session cookie for a socket.
async fn person(app: &TestApp, role: &str) -> (Client, i64, String) {
    let (username, user) = app.signup(json!({ "role": role })).await;
    let client = app.client();
    let answer = client.login(&username, PASSWORD, false).await;
    (client, user["id"].as_i64().unwrap(), session_cookie_of(&answer))
}

/// The next frame of one of these types, skipping others (notifications, user updates).
pub async fn frame_of(socket: &mut Socket, kinds: &[&str]) -> Value {
    loop {
        let frame = next_frame(socket).await.expect("a frame");
        if kinds.contains(&frame["type"].as_str().unwrap_or_default()) {
            return frame;
        }
    }
}

/// True when no frame of these types arrives within half a second.
pub async fn silent(socket: &mut Socket, kinds: &[&str]) -> bool {
    let wait = tokio::time::timeout(std::time::Duration::from_millis(500), frame_of(socket, kinds)).await;
    wait.is_err()
}

fn contents(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|m| m["content"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn direct_messages_go_both_ways_live_are_stored_first_and_mark_read_when_opened() {
    let app = spawn_app().await;
    let (ann, ann_id, ann_cookie) = person(&app, "explorer").await;
    let (bob, bob_id, bob_cookie) = person(&app, "explorer").await;
    let (_eve, _, eve_cookie) = person(&app, "explorer").await;
    let mut bob_socket = open_socket(&app, &bob_cookie).await;
    let mut ann_other_tab = open_socket(&app, &ann_cookie).await;
    let mut eve_socket = open_socket(&app, &eve_cookie).await;

    let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "  Hello Bob  " })).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    assert_eq!((sent.body["content"].as_str(), sent.body["messageType"].as_str()), (Some("Hello Bob"), Some("text")));
    let frame = frame_of(&mut bob_socket, &["chat_message"]).await;
    assert_eq!((frame["id"].clone(), frame["senderId"].as_i64()), (sent.body["id"].clone(), Some(ann_id)));
    // The frame carries the message as the list shows it, so an open chat appends it without a request.
    assert_eq!(frame["message"], sent.body, "the frame's message is the stored one");
    // Stored before announced: the receiver's refetch on the frame finds it.
    let seen = bob.get(&format!("/api/messages/{ann_id}")).await.body;
    assert_eq!(contents(&seen), ["Hello Bob"]);
    assert_eq!(frame_of(&mut ann_other_tab, &["chat_message"]).await["id"], sent.body["id"]);
    assert!(silent(&mut eve_socket, &["chat_message"]).await, "a stranger hears nothing");

    bob.post("/api/messages", &json!({ "receiverId": ann_id, "content": "Hi Ann" })).await;
    let ann_list = ann.get("/api/conversations").await.body;
    assert_eq!(ann_list[0]["hasUnreadMessages"], true);
    assert_eq!(ann_list[0]["lastMessage"], "Hi Ann");
    assert_eq!(ann_list[0]["kind"], "direct");
    let people: Vec<i64> =
        ann_list[0]["participants"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(people.len(), 2);
    assert!(people.contains(&ann_id) && people.contains(&bob_id));
    assert!(ann_list[0]["participants"][0].get("email").is_none());
    assert_eq!(contents(&ann.get(&format!("/api/messages/{bob_id}")).await.body), ["Hello Bob", "Hi Ann"]);
    assert_eq!(ann.get("/api/conversations").await.body[0]["hasUnreadMessages"], false);
    assert_eq!(bob.get("/api/conversations").await.body[0]["hasUnreadMessages"], false);

    for bad in [
        json!({ "receiverId": bob_id, "content": "   " }),
        json!({ "receiverId": bob_id, "content": "x".repeat(4001) }),
        json!({ "receiverId": ann_id, "content": "me to me" }),
        json!({ "receiverId": bob_id, "content": "x", "attachmentUrl": "https://elsewhere.example/a.png" }),
        json!({ "receiverId": bob_id, "content": "x", "attachmentUrl": "/api/files/../../grow.db" }),
        json!({ "content": "nobody" }),
    ] {
        let answer = ann.post("/api/messages", &bad).await;
        assert!(
            answer.status == StatusCode::BAD_REQUEST || answer.status == StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            answer.status
        );
    }
    let ghost = ann.post("/api/messages", &json!({ "receiverId": 987_654, "content": "hello?" })).await;
    assert_eq!((ghost.status, ghost.message()), (StatusCode::NOT_FOUND, "User not found"));
    assert_eq!(app.client().get(&format!("/api/messages/{bob_id}")).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn pages_are_in_sending_order_newest_page_first_and_stable_while_messages_arrive() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "explorer").await;
    let (bob, bob_id, _) = person(&app, "explorer").await;
    for i in 1..=5 {
        ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": format!("m{i}") })).await;
    }
    let first = ann.get(&format!("/api/messages/{bob_id}?limit=2")).await;
    assert_eq!(contents(&first.body), ["m4", "m5"]);
    let link = first.headers["link"].to_str().unwrap().to_string();
    let next = link.trim_start_matches('<').split('>').next().unwrap().to_string();
    ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "m6" })).await;
    assert_eq!(contents(&ann.get(&next).await.body), ["m2", "m3"]);
    let _ = bob;
}

#[tokio::test]
async fn only_the_sender_edits_or_deletes_and_the_other_side_sees_it_live() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "explorer").await;
    let (bob, bob_id, bob_cookie) = person(&app, "explorer").await;
    let (eve, _, _) = person(&app, "explorer").await;
    let mut bob_socket = open_socket(&app, &bob_cookie).await;
    let id = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Typo heer" })).await.body["id"]
        .as_i64()
        .unwrap();
    frame_of(&mut bob_socket, &["chat_message"]).await;

    assert_eq!(
        bob.patch(&format!("/api/messages/{id}"), &json!({ "content": "Not mine" })).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        eve.patch(&format!("/api/messages/{id}"), &json!({ "content": "Nor mine" })).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(bob.request(Method::DELETE, &format!("/api/messages/{id}"), None).await.status, StatusCode::FORBIDDEN);
    let edited = ann.patch(&format!("/api/messages/{id}"), &json!({ "content": "Typo here" })).await;
    assert_eq!(edited.status, StatusCode::OK);
    assert!(edited.body["editedAt"].is_string());
    let frame = frame_of(&mut bob_socket, &["message_updated"]).await;
    assert_eq!((frame["id"].as_i64(), &frame["message"]), (Some(id), &edited.body));
    assert_eq!(contents(&bob.get(&format!("/api/messages/{}", edited.body["senderId"])).await.body), ["Typo here"]);

    assert_eq!(ann.request(Method::DELETE, &format!("/api/messages/{id}"), None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(frame_of(&mut bob_socket, &["message_deleted"]).await["id"], id);
    assert_eq!(ann.request(Method::DELETE, &format!("/api/messages/{id}"), None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn project_chat_is_for_the_owner_and_collaborators_only() {
    let app = spawn_app().await;
    let (owner, _, _) = person(&app, "innovator").await;
    let (helper, _, helper_cookie) = person(&app, "collaborator").await;
    let (outsider, _, outsider_cookie) = person(&app, "explorer").await;
    let project = owner.post("/api/projects", &json!({ "title": "Team chat", "isPublished": true })).await.body["id"]
        .as_i64()
        .unwrap();
    helper.post(&format!("/api/projects/{project}/join"), &json!({})).await;
    let mut helper_socket = open_socket(&app, &helper_cookie).await;
    let mut outsider_socket = open_socket(&app, &outsider_cookie).await;

    let path = format!("/api/projects/{project}/messages");
    assert_eq!(outsider.post(&path, &json!({ "content": "let me in" })).await.status, StatusCode::FORBIDDEN);
    assert_eq!(outsider.get(&path).await.status, StatusCode::FORBIDDEN);
    let sent = owner.post(&path, &json!({ "content": "Stand-up at ten" })).await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    assert_eq!(sent.body["projectId"], project);
    let frame = frame_of(&mut helper_socket, &["project_message"]).await;
    assert_eq!(frame["projectId"], project);
    assert!(silent(&mut outsider_socket, &["project_message"]).await);
    assert_eq!(contents(&helper.get(&path).await.body), ["Stand-up at ten"]);
    let listed = helper.get("/api/conversations").await.body;
    assert_eq!((listed[0]["kind"].as_str(), listed[0]["groupName"].as_str()), (Some("project"), Some("Team chat")));

    // Deleting the project removes its chat.
    owner.request(Method::DELETE, &format!("/api/projects/{project}"), None).await;
    assert_eq!(helper.get("/api/conversations").await.body, json!([]));
    assert_eq!(owner.get(&path).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn community_rooms_count_real_members_and_only_members_read_and_post() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "explorer").await;
    let (bob, _, bob_cookie) = person(&app, "investor").await;
    let rooms = ann.get("/api/communities").await.body;
    let slugs: Vec<&str> = rooms.as_array().unwrap().iter().map(|r| r["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["tech", "startups", "explorers", "investors"]);
    assert_eq!(rooms[0]["name"], "Tech Innovators");
    assert_eq!((rooms[0]["memberCount"].as_i64(), rooms[0]["joined"].as_bool()), (Some(0), Some(false)));

    assert_eq!(
        ann.post("/api/communities/tech/messages", &json!({ "content": "hi" })).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(ann.get("/api/communities/tech/messages").await.status, StatusCode::FORBIDDEN);
    assert_eq!(ann.post_empty("/api/communities/knitting/join").await.status, StatusCode::NOT_FOUND);
    for _ in 0..2 {
        assert_eq!(ann.post_empty("/api/communities/tech/join").await.status, StatusCode::NO_CONTENT);
    }
    bob.post_empty("/api/communities/tech/join").await;
    let mut bob_socket = open_socket(&app, &bob_cookie).await;
    let tech = &ann.get("/api/communities").await.body[0];
    assert_eq!((tech["memberCount"].as_i64(), tech["joined"].as_bool()), (Some(2), Some(true)));

    let sent = ann.post("/api/communities/tech/messages", &json!({ "content": "Anyone into Rust?" })).await;
    assert_eq!(sent.status, StatusCode::CREATED);
    assert_eq!(sent.body["room"], "tech");
    assert_eq!(frame_of(&mut bob_socket, &["community_message"]).await["room"], "tech");
    assert_eq!(contents(&bob.get("/api/communities/tech/messages").await.body), ["Anyone into Rust?"]);

    assert_eq!(bob.request(Method::DELETE, "/api/communities/tech/join", None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(bob.request(Method::DELETE, "/api/communities/tech/join", None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(bob.get("/api/communities/tech/messages").await.status, StatusCode::FORBIDDEN);
    ann.post("/api/communities/tech/messages", &json!({ "content": "Bob left" })).await;
    assert!(silent(&mut bob_socket, &["community_message"]).await);
}

#[tokio::test]
async fn an_attachment_is_typed_by_its_stored_file() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "explorer").await;
    let (_, bob_id, _) = person(&app, "explorer").await;
    let upload =
        crate::uploads::upload(&ann, "file", vec![("plan.pdf", "application/pdf", b"%PDF-1.4\n".to_vec())]).await;
    let url = upload.body["fileUrl"].as_str().unwrap();
    let sent = ann
        .post(
            "/api/messages",
            &json!({ "receiverId": bob_id, "content": "", "attachmentUrl": url, "attachmentName": "plan.pdf" }),
        )
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    assert_eq!(
        (sent.body["messageType"].as_str(), sent.body["attachmentType"].as_str()),
        (Some("document"), Some("document"))
    );
    let lying = ann
        .post(
            "/api/messages",
            &json!({ "receiverId": bob_id, "content": "x", "attachmentUrl": url, "attachmentType": "image" }),
        )
        .await;
    assert_eq!(lying.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn on_postgresql_a_message_sent_through_one_instance_reaches_a_socket_on_another() {
    let Some((first, second)) = two_instances().await else { return };
    let (ann, _, _) = person(&first, "explorer").await;
    let (username, bob) = second.signup(json!({})).await;
    let bob_client = second.client();
    let cookie = session_cookie_of(&bob_client.login(&username, PASSWORD, false).await);
    let mut socket = open_socket(&second, &cookie).await;
    let bob_id = bob["id"].as_i64().unwrap();
    let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "across instances" })).await;
    let frame = frame_of(&mut socket, &["chat_message"]).await;
    assert_eq!((&frame["id"], &frame["message"]), (&sent.body["id"], &sent.body));
    assert_eq!(
        contents(&bob_client.get(&format!("/api/messages/{}", sent.body["senderId"])).await.body),
        ["across instances"]
    );
    // A message past what one PostgreSQL notification holds (8000 bytes) still crosses, content and all.
    let long = "é".repeat(4_000);
    let sent = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": long })).await;
    assert_eq!(sent.status, StatusCode::CREATED);
    let frame = frame_of(&mut socket, &["chat_message"]).await;
    assert_eq!(frame["message"]["content"].as_str().map(str::len), Some(8_000));
    assert_eq!(frame["message"], sent.body);
}

#[tokio::test]
async fn typing_reaches_the_other_members_at_most_once_a_second_and_only_from_members() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let app = spawn_app().await;
    let (_ann, ann_id, ann_cookie) = person(&app, "explorer").await;
    let (_bob, bob_id, bob_cookie) = person(&app, "explorer").await;
    let (_eve, _, eve_cookie) = person(&app, "explorer").await;
    let mut ann_socket = open_socket(&app, &ann_cookie).await;
    let mut bob_socket = open_socket(&app, &bob_cookie).await;
    let mut eve_socket = open_socket(&app, &eve_cookie).await;
    let typing = |chat: Value| Message::Text(json!({ "type": "typing", "chat": chat }).to_string().into());

    for _ in 0..3 {
        ann_socket.send(typing(json!({ "kind": "direct", "userId": bob_id }))).await.unwrap();
    }
    let frame = frame_of(&mut bob_socket, &["typing"]).await;
    assert_eq!(frame, json!({ "type": "typing", "userId": ann_id, "chat": { "kind": "direct", "userId": ann_id } }));
    assert!(silent(&mut bob_socket, &["typing"]).await, "repeats within a second are dropped");
    assert!(silent(&mut eve_socket, &["typing"]).await);

    // A room the typist has not joined passes nothing on.
    eve_socket.send(typing(json!({ "kind": "room", "slug": "tech" }))).await.unwrap();
    assert!(silent(&mut bob_socket, &["typing"]).await);
    // Nonsense is ignored and the socket stays open.
    eve_socket.send(Message::Text("{\"type\":\"typing\",\"chat\":{\"kind\":\"elsewhere\"}}".into())).await.unwrap();
    eve_socket.send(Message::Text("{\"type\":\"ping\"}".into())).await.unwrap();
    assert_eq!(frame_of(&mut eve_socket, &["pong"]).await["type"], "pong");
}

#[tokio::test]
async fn presence_follows_open_sockets_and_is_told_to_the_people_who_chat_with_them() {
    let app = spawn_app().await;
    let (a, a_id, a_cookie) = person(&app, "explorer").await;
    let (b, b_id, b_cookie) = person(&app, "explorer").await;
    let (stranger, _, stranger_cookie) = person(&app, "explorer").await;
    // Chat partners: each has sent the other a message.
    assert_eq!(
        a.post("/api/messages", &json!({ "receiverId": b_id, "content": "hi" })).await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        b.post("/api/messages", &json!({ "receiverId": a_id, "content": "hello" })).await.status,
        StatusCode::CREATED
    );
    let presence = format!("/api/users/{b_id}/presence");
    assert_eq!(a.get(&presence).await.body, json!({ "userId": b_id, "online": false }));

    let mut a_socket = open_socket(&app, &a_cookie).await;
    let mut stranger_socket = open_socket(&app, &stranger_cookie).await;
    let b_tab_one = open_socket(&app, &b_cookie).await;
    let frame = frame_of(&mut a_socket, &["presence"]).await;
    assert_eq!((frame["userId"].as_i64(), frame["online"].as_bool()), (Some(b_id), Some(true)));
    assert_eq!(a.get(&presence).await.body["online"], true);
    assert!(silent(&mut stranger_socket, &["presence"]).await, "someone who never chatted with B is not told");
    assert_eq!(
        stranger.get(&presence).await.status,
        StatusCode::NOT_FOUND,
        "presence is for connections and chat partners"
    );

    // A second tab changes nothing; closing one of two leaves B online; closing the last makes B offline.
    let b_tab_two = open_socket(&app, &b_cookie).await;
    drop(b_tab_one);
    assert!(silent(&mut a_socket, &["presence"]).await, "B still has a tab open");
    assert_eq!(a.get(&presence).await.body["online"], true);
    drop(b_tab_two);
    let frame = frame_of(&mut a_socket, &["presence"]).await;
    assert_eq!((frame["userId"].as_i64(), frame["online"].as_bool()), (Some(b_id), Some(false)));
    assert_eq!(a.get(&presence).await.body["online"], false);

    assert_eq!(a.get("/api/users/999999/presence").await.status, StatusCode::NOT_FOUND);
    assert_eq!(a.get("/api/users/x/presence").await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.client().get(&presence).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn on_postgresql_presence_on_one_instance_is_seen_from_another() {
    let Some((first, second)) = two_instances().await else { return };
    let (ann, ann_id, ann_cookie) = person(&first, "explorer").await;
    let (username, bob) = second.signup(json!({})).await;
    let bob_id = bob["id"].as_i64().unwrap();
    let bob_client = second.client();
    let bob_cookie = session_cookie_of(&bob_client.login(&username, PASSWORD, false).await);
    ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "hello" })).await;
    bob_client.post("/api/messages", &json!({ "receiverId": ann_id, "content": "hi Ann" })).await;
    let mut ann_socket = open_socket(&first, &ann_cookie).await;
    let bob_socket = open_socket(&second, &bob_cookie).await;
    assert_eq!(frame_of(&mut ann_socket, &["presence"]).await["online"], true);
    assert_eq!(ann.get(&format!("/api/users/{bob_id}/presence")).await.body["online"], true);
    drop(bob_socket);
    assert_eq!(frame_of(&mut ann_socket, &["presence"]).await["online"], false);
}

#[tokio::test]
async fn a_message_sent_again_with_its_client_id_is_stored_and_announced_once() {
    let app = spawn_app().await;
    let (ann, _ann_id, _) = person(&app, "explorer").await;
    let (bob, bob_id, bob_cookie) = person(&app, "explorer").await;
    let mut bob_socket = open_socket(&app, &bob_cookie).await;
    let body = json!({ "receiverId": bob_id, "content": "Typed on the train", "clientId": "c-7f3a9e21_0001" });

    // A queue that resends after a lost answer, ten times at once: one message.
    let sends = (0..10).map(|_| ann.post("/api/messages", &body));
    let answers = futures_util::future::join_all(sends).await;
    let created = answers.iter().filter(|a| a.status == StatusCode::CREATED).count();
    let replayed = answers.iter().filter(|a| a.status == StatusCode::OK).count();
    assert_eq!((created, replayed), (1, 9), "{:?}", answers.iter().map(|a| a.status).collect::<Vec<_>>());
    let ids: std::collections::HashSet<i64> = answers.iter().map(|a| a.body["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 1, "every answer names the one stored message");
    assert_eq!(answers[0].body["clientId"], "c-7f3a9e21_0001");
    assert_eq!(
        contents(&bob.get(&format!("/api/messages/{}", answers[0].body["senderId"])).await.body),
        ["Typed on the train"]
    );
    frame_of(&mut bob_socket, &["chat_message"]).await;
    assert!(silent(&mut bob_socket, &["chat_message"]).await, "announced once");

    // Without a client id, two sends are two messages; the same id in another chat is refused.
    let plain = json!({ "receiverId": bob_id, "content": "again" });
    assert_eq!(ann.post("/api/messages", &plain).await.status, StatusCode::CREATED);
    assert_eq!(ann.post("/api/messages", &plain).await.status, StatusCode::CREATED);
    let (_carl, carl_id, _) = person(&app, "explorer").await;
    let elsewhere = ann
        .post("/api/messages", &json!({ "receiverId": carl_id, "content": "hi", "clientId": "c-7f3a9e21_0001" }))
        .await;
    assert_eq!(elsewhere.status, StatusCode::CONFLICT, "{}", elsewhere.body);
    // Another sender may use the same id: ids are per sender.
    let reply = bob
        .post("/api/messages", &json!({ "receiverId": carl_id, "content": "hey", "clientId": "c-7f3a9e21_0001" }))
        .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    for bad in ["", "has space", "x/../y", &"a".repeat(65)] {
        let answer = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "x", "clientId": bad })).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad:?}");
        assert!(answer.message().contains("clientId"), "{}", answer.body);
    }
}

#[tokio::test]
async fn on_postgresql_room_and_project_messages_follow_membership_made_on_another_instance_one_notification_each() {
    let Some((first, second)) = two_instances().await else { return };
    let (ann, _, _) = person(&first, "innovator").await;
    let (username, bob) = second.signup(json!({ "role": "collaborator" })).await;
    let bob_id = bob["id"].as_i64().unwrap();
    // Bob's socket is open on the second instance before he is in any chat; he joins through the first.
    let bob_on_first = first.client();
    let cookie = session_cookie_of(&bob_on_first.login(&username, PASSWORD, false).await);
    let mut socket = open_socket(&second, &cookie).await;
    // Three more room members who are not online: the room's message must not cost a notification each.
    for _ in 0..3 {
        person(&first, "explorer").await.0.post_empty("/api/communities/tech/join").await;
    }
    ann.post_empty("/api/communities/tech/join").await;
    assert_eq!(bob_on_first.post_empty("/api/communities/tech/join").await.status, StatusCode::NO_CONTENT);
    let project = ann.post("/api/projects", &json!({ "title": "Topic test", "isPublished": true })).await.body["id"]
        .as_i64()
        .unwrap();
    let joined = bob_on_first.post(&format!("/api/projects/{project}/join"), &json!({})).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    // The joins cross to the second instance as events; a direct message sent after them arrives after them.
    let marker = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "joins applied" })).await;
    assert_eq!(frame_of(&mut socket, &["chat_message"]).await["id"], marker.body["id"]);

    let url = first.state.config.database_url();
    let mut listener = sqlx::postgres::PgListener::connect(&url).await.expect("listen");
    listener.listen("grow_live").await.expect("listen");
    let sent = ann.post("/api/communities/tech/messages", &json!({ "content": "Room news" })).await;
    assert_eq!(sent.status, StatusCode::CREATED);
    let frame = frame_of(&mut socket, &["community_message"]).await;
    assert_eq!((&frame["room"], &frame["message"]), (&json!("tech"), &sent.body));
    let mut notifications = 0;
    while let Ok(Ok(n)) = tokio::time::timeout(std::time::Duration::from_millis(500), listener.recv()).await {
        if n.payload().contains("community_message") {
            notifications += 1;
        }
    }
    assert_eq!(notifications, 1, "one notification between instances for a room of six");
    let sent = ann.post(&format!("/api/projects/{project}/messages"), &json!({ "content": "Team news" })).await;
    let frame = frame_of(&mut socket, &["project_message"]).await;
    assert_eq!((&frame["projectId"], &frame["message"]), (&json!(project), &sent.body));

    // Leaving the room and being removed from the team, through the first instance: nothing more arrives.
    bob_on_first.request(Method::DELETE, "/api/communities/tech/join", None).await;
    ann.request(Method::DELETE, &format!("/api/projects/{project}/collaborators/{bob_id}"), None).await;
    let marker = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "leaves applied" })).await;
    assert_eq!(frame_of(&mut socket, &["chat_message"]).await["id"], marker.body["id"]);
    ann.post("/api/communities/tech/messages", &json!({ "content": "After Bob left" })).await;
    ann.post(&format!("/api/projects/{project}/messages"), &json!({ "content": "After Bob was removed" })).await;
    assert!(silent(&mut socket, &["community_message", "project_message"]).await);
}

#[tokio::test]
async fn a_chat_open_on_screen_marks_itself_read_up_to_a_message_without_reading_the_page() {
    let app = spawn_app().await;
    let (ann, ann_id, _) = person(&app, "explorer").await;
    let (bob, bob_id, _) = person(&app, "explorer").await;
    let (eve, _, _) = person(&app, "explorer").await;
    let first = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "one" })).await.body;
    let second = ann.post("/api/messages", &json!({ "receiverId": bob_id, "content": "two" })).await.body;
    let conversation = first["conversationId"].as_i64().unwrap();
    let unread = |list: &Value| list[0]["hasUnreadMessages"].as_bool();
    assert_eq!(unread(&bob.get("/api/conversations").await.body), Some(true));
    let path = format!("/api/conversations/{conversation}/read");

    // Read up to the first: the second is still unread; up to the second: read; back to the first: still read.
    assert_eq!(bob.post(&path, &json!({ "messageId": first["id"] })).await.status, StatusCode::NO_CONTENT);
    assert_eq!(unread(&bob.get("/api/conversations").await.body), Some(true));
    assert_eq!(bob.post(&path, &json!({ "messageId": second["id"] })).await.status, StatusCode::NO_CONTENT);
    assert_eq!(unread(&bob.get("/api/conversations").await.body), Some(false));
    assert_eq!(bob.post(&path, &json!({ "messageId": first["id"] })).await.status, StatusCode::NO_CONTENT);
    assert_eq!(unread(&bob.get("/api/conversations").await.body), Some(false));

    // Someone else's chat is not found; a message of another chat is not in this one; bad bodies are 400.
    assert_eq!(eve.post(&path, &json!({ "messageId": second["id"] })).await.status, StatusCode::NOT_FOUND);
    let other = eve.post("/api/messages", &json!({ "receiverId": ann_id, "content": "hi" })).await.body;
    let wrong = bob.post(&path, &json!({ "messageId": other["id"] })).await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND, "{}", wrong.body);
    assert_eq!(
        bob.post("/api/conversations/999999/read", &json!({ "messageId": 1 })).await.status,
        StatusCode::NOT_FOUND
    );
    for bad in [json!({}), json!({ "messageId": "x" }), json!({ "messageId": 1, "extra": true })] {
        let answer = bob.post(&path, &bad).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(answer.body["message"].is_string());
    }

    // A room: only its members may mark it.
    ann.post_empty("/api/communities/tech/join").await;
    let said = ann.post("/api/communities/tech/messages", &json!({ "content": "hello room" })).await.body;
    let room_path = format!("/api/conversations/{}/read", said["conversationId"]);
    assert_eq!(bob.post(&room_path, &json!({ "messageId": said["id"] })).await.status, StatusCode::FORBIDDEN);
    bob.post_empty("/api/communities/tech/join").await;
    assert_eq!(bob.post(&room_path, &json!({ "messageId": said["id"] })).await.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn a_socket_open_before_joining_a_room_or_a_team_gets_their_messages_from_then_on() {
    let app = spawn_app().await;
    let (ann, _, _) = person(&app, "innovator").await;
    let (bob, bob_id, bob_cookie) = person(&app, "innovator").await;
    let mut socket = open_socket(&app, &bob_cookie).await;
    ann.post_empty("/api/communities/startups/join").await;
    ann.post("/api/communities/startups/messages", &json!({ "content": "before Bob" })).await;
    assert!(silent(&mut socket, &["community_message"]).await, "not a member yet");
    bob.post_empty("/api/communities/startups/join").await;
    let sent = ann.post("/api/communities/startups/messages", &json!({ "content": "welcome Bob" })).await;
    assert_eq!(frame_of(&mut socket, &["community_message"]).await["message"], sent.body);

    // A project Bob's socket did not know of: added by its owner, then his own project, made while connected.
    let project = ann.post("/api/projects", &json!({ "title": "Added later" })).await.body["id"].as_i64().unwrap();
    crate::helpers::connect(&ann, &bob).await;
    let added = ann.post(&format!("/api/projects/{project}/collaborators"), &json!({ "userId": bob_id })).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let sent = ann.post(&format!("/api/projects/{project}/messages"), &json!({ "content": "hi team" })).await;
    assert_eq!(frame_of(&mut socket, &["project_message"]).await["message"], sent.body);
    let own = bob.post("/api/projects", &json!({ "title": "Bob's own" })).await.body["id"].as_i64().unwrap();
    let mut other_tab = open_socket(&app, &bob_cookie).await;
    let sent = bob.post(&format!("/api/projects/{own}/messages"), &json!({ "content": "note to self" })).await;
    assert_eq!(frame_of(&mut socket, &["project_message"]).await["message"], sent.body);
    assert_eq!(frame_of(&mut other_tab, &["project_message"]).await["message"], sent.body);

    // A viewer follows a project but is not in its chat.
    let (carl, carl_id, carl_cookie) = person(&app, "explorer").await;
    let mut carl_socket = open_socket(&app, &carl_cookie).await;
    crate::helpers::connect(&ann, &carl).await;
    let viewer = json!({ "userId": carl_id, "role": "viewer" });
    assert_eq!(ann.post(&format!("/api/projects/{project}/collaborators"), &viewer).await.status, StatusCode::CREATED);
    ann.post(&format!("/api/projects/{project}/messages"), &json!({ "content": "team only" })).await;
    assert!(silent(&mut carl_socket, &["project_message"]).await);
    drop(carl);
}
