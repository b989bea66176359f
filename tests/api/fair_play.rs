//! Fair play (API.md "Limits and fair play", "Coins"): what a stranger with a script tries first.
//! Budgets on every state-changing call, an economy that cannot be farmed, connect codes instead of
//! ids, reset mail that cannot bomb an inbox, and login limits that never lock the owner out.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{
    at_once, on_postgres, second_instance, signup_body, spawn_app, spawn_app_with, Client, TestApp, PASSWORD,
};

/// A client whose requests seem to come from `address` (the app believes the loopback proxy).
fn client_from(app: &TestApp, address: &str) -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-forwarded-for", address.parse().unwrap());
    Client {
        base: format!("http://{}", app.addr),
        http: reqwest::Client::builder().cookie_store(true).default_headers(headers).build().unwrap(),
    }
}

/// An app that believes `X-Forwarded-For` from the loopback address (as behind nginx).
async fn behind_proxy() -> TestApp {
    spawn_app_with(|config| config.trusted_proxies = grow::net::parse_blocks("127.0.0.1/32").unwrap()).await
}

/// A new person signed in on `client`; their id.
async fn sign_up_on(client: &Client, extra: Value) -> (String, i64) {
    let body = signup_body(extra);
    let made = client.post("/api/auth/signup", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let username = body["username"].as_str().unwrap().to_string();
    let login = client.login(&username, PASSWORD, false).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
    (username, login.body["user"]["id"].as_i64().unwrap())
}

fn is_message_send(path: &str) -> bool {
    matches!(path, "/api/messages" | "/api/projects/{id}/messages" | "/api/communities/{slug}/messages")
}

#[tokio::test]
async fn every_state_changing_operation_has_a_budget_that_a_burst_meets() {
    use futures_util::StreamExt;
    let app = behind_proxy().await;
    let doc = app.client().get("/api/openapi.json").await.body;
    let mut operations = Vec::new();
    for (n, (path, item)) in doc["paths"].as_object().unwrap().iter().enumerate() {
        for method in ["post", "put", "patch", "delete"] {
            if let Some(operation) = item.get(method) {
                operations.push((n, path.clone(), method, operation.clone()));
            }
        }
    }
    assert!(operations.len() > 50, "only {} operations", operations.len());
    // Each operation from its own address, by its own person, so one burst spends nothing of another's: the bursts
    // run a few at a time (one after another, they are thousands of calls).
    let app = &app;
    futures_util::stream::iter(operations)
        .for_each_concurrent(6, |(n, path, method, operation)| async move {
            let client = client_from(app, &format!("198.51.{}.{}", n / 200, n % 200 + 1));
            let (username, _) = sign_up_on(&client, json!({ "role": "innovator" })).await;
            let concrete = path.replace("{slug}", "tech").replace(['{', '}'], "");
            let concrete = regex_free_ids(&concrete);
            let body = if path == "/api/auth/login" {
                json!({ "username": username, "password": "wrong" })
            } else {
                json!({})
            };
            let most = if is_message_send(&path) { 450 } else { 100 };
            let mut refused = None;
            for call in 1..=most + 1 {
                let answer = client.request(method.parse::<Method>().unwrap(), &concrete, Some(&body)).await;
                assert_ne!(answer.status, StatusCode::INTERNAL_SERVER_ERROR, "{method} {path}: {}", answer.body);
                if answer.status == StatusCode::TOO_MANY_REQUESTS {
                    refused = Some((call, answer));
                    break;
                }
            }
            let (call, answer) = refused.unwrap_or_else(|| panic!("{method} {path}: {} calls and no 429", most + 1));
            assert!(call <= most + 1, "{method} {path}");
            assert!(!answer.message().is_empty());
            let wait: u64 = answer
                .headers
                .get("retry-after")
                .unwrap_or_else(|| panic!("{method} {path}: no Retry-After"))
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((1..=3600).contains(&wait), "{method} {path}: Retry-After {wait}");
            assert!(operation["responses"]["429"].is_object(), "{method} {path} does not document its 429");
        })
        .await;
}

#[tokio::test]
async fn every_operation_called_without_a_session_spends_its_addresss_budget() {
    use futures_util::StreamExt;
    const BUDGET: u32 = 3;
    let app = spawn_app_with(|config| {
        config.trusted_proxies = grow::net::parse_blocks("127.0.0.1/32").unwrap();
        config.budgets.open_calls = BUDGET;
    })
    .await;
    let doc = client_from(&app, "192.0.2.1").get("/api/openapi.json").await.body;
    let mut operations = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "patch", "delete"] {
            // A stored file is fetched many times by the pages that show it: no call of its own (API.md "Uploads").
            if item.get(method).is_some() && path != "/api/files/{name}" {
                operations.push((path.clone(), method));
            }
        }
    }
    assert!(operations.len() > 80, "only {} operations", operations.len());
    let app = &app;
    futures_util::stream::iter(operations.into_iter().enumerate())
        .for_each_concurrent(8, |(n, (path, method))| async move {
            // Each operation from its own address: what one spends is not another's.
            let client = client_from(app, &format!("203.0.{}.{}", n / 200, n % 200 + 1));
            let concrete = regex_free_ids(&path.replace("{slug}", "tech").replace(['{', '}'], ""));
            let method: Method = method.parse().unwrap();
            let body = json!({});
            for call in 1..=BUDGET {
                let answer = client.request(method.clone(), &concrete, Some(&body)).await;
                assert_ne!(answer.status, StatusCode::TOO_MANY_REQUESTS, "{method} {path}: call {call} refused");
            }
            let spent = client.request(method.clone(), &concrete, Some(&body)).await;
            assert_eq!(spent.status, StatusCode::TOO_MANY_REQUESTS, "{method} {path}: {}", spent.body);
            assert!(spent.headers.get("retry-after").is_some(), "{method} {path}: no Retry-After");
        })
        .await;
}

/// Path parameters other than a slug become `1`.
fn regex_free_ids(path: &str) -> String {
    path.split('/')
        .map(|part| match part {
            "id" | "taskId" | "userId" | "name" => "1",
            other => other,
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// An innovator with a published project; the project's id.
async fn project_of(client: &Client, title: &str) -> (i64, Value) {
    let made = client
        .post("/api/projects", &json!({ "title": title, "description": "Kiosks for traders", "isPublished": true }))
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    (made.body["id"].as_i64().unwrap(), made.body.clone())
}

async fn balance(client: &Client) -> (i64, i64) {
    let me = client.get("/api/auth/user").await.body;
    (me["coins"].as_i64().unwrap(), me["lifetimeCoins"].as_i64().unwrap())
}

#[tokio::test]
async fn completing_ones_own_tasks_in_a_loop_stops_paying_at_the_days_cap_and_says_so() {
    let app = spawn_app().await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let (project, made) = project_of(&owner, "Solar kiosks").await;
    let mut told = made["coinsEarned"].as_i64().unwrap();
    let mut paid = Vec::new();
    for n in 0..8 {
        let task =
            owner.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": format!("Step {n}") })).await;
        let done = owner.patch(&format!("/api/projects/tasks/{}/complete", task.body["id"]), &json!({})).await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.body);
        paid.push((done.body["coinsEarned"].as_i64().unwrap(), done.body["coinsCapped"].as_bool().unwrap()));
        told += done.body["coinsEarned"].as_i64().unwrap();
    }
    assert_eq!(paid, [[(25, false)].repeat(5), [(0, true)].repeat(3)].concat());
    // The balance is exactly what the answers said: nothing added silently beside them.
    assert_eq!(balance(&owner).await, (told, told));

    // Projects: two a day pay.
    let second = project_of(&owner, "Water kiosks").await.1;
    let third = project_of(&owner, "Wind kiosks").await.1;
    assert!(second["coinsEarned"].as_i64().unwrap() >= 50);
    assert_eq!((third["coinsEarned"].as_i64(), third["coinsCapped"].as_bool()), (Some(0), Some(true)));
}

#[tokio::test]
async fn parallel_task_completions_never_pay_past_the_cap() {
    let app = spawn_app().await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let (project, made) = project_of(&owner, "Solar kiosks").await;
    let mut tasks = Vec::new();
    for n in 0..10 {
        let task =
            owner.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": format!("Step {n}") })).await;
        tasks.push(task.body["id"].as_i64().unwrap());
    }
    let (answers, in_flight) = at_once(10, |i| {
        let (owner, task) = (owner.clone(), tasks[i]);
        async move { owner.patch(&format!("/api/projects/tasks/{task}/complete"), &json!({})).await }
    })
    .await;
    assert!(in_flight > 1);
    let earned: i64 = answers.iter().map(|a| a.body["coinsEarned"].as_i64().unwrap()).sum();
    assert_eq!(earned, 5 * 25);
    assert_eq!(balance(&owner).await.0, made["coinsEarned"].as_i64().unwrap() + earned);
}

#[tokio::test]
async fn daily_tasks_pay_only_when_claimed_and_once() {
    let app = spawn_app().await;
    let (ann, _) = app.signed_in().await;
    let first = ann.get("/api/rewards").await.body;
    assert_eq!(first["dailyReward"]["coins"], 10);
    // The login bonus alone: the "check in" daily task waits for CLAIM.
    assert_eq!(balance(&ann).await.0, 10);
    let check_in = first["dailyTasks"].as_array().unwrap().iter().find(|t| t["id"] == "check-in").unwrap().clone();
    assert_eq!((check_in["completedCount"].as_i64(), check_in["claimable"].as_i64()), (Some(1), Some(1)));
    let claimed = ann.post_empty("/api/rewards/claim/check-in").await;
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.body);
    assert_eq!((claimed.body["coinsEarned"].as_i64(), claimed.body["newBalance"].as_i64()), (Some(10), Some(20)));
    let again = ann.post_empty("/api/rewards/claim/check-in").await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(!again.message().is_empty());
    assert_eq!(balance(&ann).await.0, 20);
    // Scratching pays the card's amount alone.
    let scratch = ann.post_empty("/api/rewards/scratch").await.body;
    assert_eq!(balance(&ann).await.0, 20 + scratch["reward"].as_i64().unwrap());
}

#[tokio::test]
async fn connect_links_carry_a_code_that_can_be_replaced_never_an_id() {
    let app = spawn_app().await;
    let (ann, ann_user) = app.signed_in().await;
    let (bob, bob_user) = app.signed_in().await;
    let code = ann.get("/api/auth/user").await.body["connectCode"].as_str().unwrap().to_string();
    assert!(code.len() >= 20, "{code}");
    // Nobody else sees it, and an id connects no one.
    let seen_by_bob = bob.get(&format!("/api/users/{}", ann_user["id"])).await.body;
    assert!(seen_by_bob.get("connectCode").is_none(), "{seen_by_bob}");
    let by_id = bob.post("/api/connections/scan", &json!({ "profileUserId": ann_user["id"] })).await;
    assert_eq!(by_id.status, StatusCode::BAD_REQUEST);
    let guessed = bob.post("/api/connections/scan", &json!({ "code": ann_user["id"].to_string() })).await;
    assert_eq!(guessed.status, StatusCode::NOT_FOUND);
    assert_eq!(bob.get("/api/auth/user").await.body["connectionCount"], 0);

    // A new code: the old link stops working, the new one connects.
    let replaced = ann.post_empty("/api/users/me/connect-code").await;
    assert_eq!(replaced.status, StatusCode::OK);
    let new_code = replaced.body["connectCode"].as_str().unwrap().to_string();
    assert_ne!(new_code, code);
    assert_eq!(ann.get("/api/auth/user").await.body["connectCode"], new_code.as_str());
    let old = bob.post("/api/connections/auto-connect", &json!({ "code": code })).await;
    assert_eq!(old.status, StatusCode::NOT_FOUND);
    let made = bob.post("/api/connections/scan", &json!({ "code": new_code })).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!((made.body["isNewConnection"].as_bool(), made.body["coinsEarned"].as_i64()), (Some(true), Some(25)));
    assert_eq!(made.body["profileUser"]["id"], ann_user["id"]);
    assert!(bob_user["id"].is_i64());
}

#[tokio::test]
async fn a_scan_never_overrides_a_recent_rejection() {
    let app = spawn_app().await;
    let (ann, _) = app.signed_in().await;
    let (bob, bob_user) = app.signed_in().await;
    let asked = ann.post("/api/connections", &json!({ "targetUserId": bob_user["id"] })).await;
    assert_eq!(asked.status, StatusCode::CREATED);
    let rejected = bob.post_empty(&format!("/api/connections/{}/reject", asked.body["id"])).await;
    assert_eq!(rejected.status, StatusCode::OK);
    let bob_code = bob.get("/api/auth/user").await.body["connectCode"].as_str().unwrap().to_string();
    let scan = ann.post("/api/connections/scan", &json!({ "code": bob_code })).await;
    assert_eq!(scan.status, StatusCode::FORBIDDEN, "{}", scan.body);
    assert!(!scan.message().is_empty());
    assert_eq!(bob.get("/api/auth/user").await.body["connectionCount"], 0);
    // The one who said no may still change their mind.
    let ann_code = ann.get("/api/auth/user").await.body["connectCode"].as_str().unwrap().to_string();
    assert_eq!(bob.post("/api/connections/scan", &json!({ "code": ann_code })).await.status, StatusCode::OK);
}

#[tokio::test]
async fn reset_mail_is_sent_at_most_three_times_an_hour_with_the_same_answer() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let id = user["id"].as_i64().unwrap();
    let (answers, _) = at_once(30, |_| {
        let (client, username) = (app.client(), username.clone());
        async move { client.post("/api/auth/forgot-password", &json!({ "email": username })).await }
    })
    .await;
    for answer in &answers {
        assert_eq!((answer.status, &answer.body), (StatusCode::OK, &answers[0].body));
    }
    assert_eq!(app.state.mailer.recent_to(id, grow::mail::Kind::Reset), 3);
}

#[tokio::test]
async fn reset_mail_from_one_address_is_limited_over_all_accounts() {
    let app = behind_proxy().await;
    let from = client_from(&app, "203.0.113.50");
    let mut people = Vec::new();
    for _ in 0..12 {
        people.push(app.signup(json!({})).await);
    }
    for (username, _) in &people {
        assert_eq!(from.post("/api/auth/forgot-password", &json!({ "email": username })).await.status, StatusCode::OK);
    }
    let sent = people
        .iter()
        .filter(|(_, user)| app.state.mailer.recent_to(user["id"].as_i64().unwrap(), grow::mail::Kind::Reset) > 0)
        .count();
    assert_eq!(sent, 10);
}

#[tokio::test]
async fn a_strangers_wrong_passwords_do_not_lock_the_owner_out() {
    let app = behind_proxy().await;
    let (username, _) = app.signup(json!({})).await;
    let stranger = client_from(&app, "198.51.100.7");
    let mut refused = None;
    for _ in 0..12 {
        let answer = stranger.login(&username, "not-the-password", false).await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(answer);
            break;
        }
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
    let refused = refused.expect("the stranger is stopped");
    assert!(refused.headers.contains_key("retry-after"));
    // The owner, from their own address, with the right password.
    let owner = client_from(&app, "203.0.113.9");
    assert_eq!(owner.login(&username, PASSWORD, false).await.status, StatusCode::OK);
}

#[tokio::test]
async fn ipv4_clients_seen_through_an_ipv6_socket_are_each_their_own_address() {
    let app = behind_proxy().await;
    let (username, _) = app.signup(json!({})).await;
    // A server bound to `::` sees IPv4 clients as `::ffff:a.b.c.d`: all in one /64, were they keyed so.
    let stranger = client_from(&app, "::ffff:198.51.100.7");
    for _ in 0..12 {
        if stranger.login(&username, "not-the-password", false).await.status == StatusCode::TOO_MANY_REQUESTS {
            break;
        }
    }
    assert_eq!(stranger.login(&username, "not-the-password", false).await.status, StatusCode::TOO_MANY_REQUESTS);
    let owner = client_from(&app, "::ffff:203.0.113.9");
    assert_eq!(owner.login(&username, PASSWORD, false).await.status, StatusCode::OK);
}

#[tokio::test]
async fn wrong_guesses_from_many_addresses_never_lock_the_owner_out_of_a_browser_they_used_before() {
    let app = behind_proxy().await;
    let (username, user) = app.signup(json!({})).await;
    // The owner signed in on their phone once (it keeps the device cookie), and signed out.
    let phone = client_from(&app, "203.0.113.9");
    assert_eq!(phone.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    assert_eq!(phone.post_empty("/api/auth/logout").await.status, StatusCode::OK);
    // Guessers on seven addresses spend the account's ceiling over all addresses (30 an hour).
    for n in 0..7 {
        let guesser = client_from(&app, &format!("198.51.100.{}", 10 + n));
        for _ in 0..5 {
            guesser.login(&username, "not-the-password", false).await;
        }
    }
    // A browser that never signed in meets the ceiling, even with the right password, and a forged device
    // cookie does not get round it.
    let fresh = client_from(&app, "192.0.2.50");
    assert_eq!(fresh.login(&username, PASSWORD, false).await.status, StatusCode::TOO_MANY_REQUESTS);
    let forged = client_from(&app, "192.0.2.51");
    let id = user["id"].as_i64().unwrap();
    let answer = forged
        .http
        .post(format!("{}/api/auth/login", forged.base))
        .header("cookie", format!("grow_device={id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
        .json(&json!({ "username": username, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::TOO_MANY_REQUESTS);
    // The owner's phone, now on another network, signs in.
    let moved = phone
        .http
        .post(format!("{}/api/auth/login", phone.base))
        .header("x-forwarded-for", "192.0.2.77")
        .json(&json!({ "username": username, "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), StatusCode::OK);
}

/// A signed-in person at a position, discoverable or not.
async fn placed(app: &TestApp, lat: f64, lng: f64, discoverable: bool) -> (Client, i64) {
    let (client, user) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let saved =
        client.patch("/api/users/profile", &json!({ "lat": lat, "lng": lng, "isDiscoverable": discoverable })).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    (client, user["id"].as_i64().unwrap())
}

#[tokio::test]
async fn someone_who_is_not_discoverable_and_their_projects_never_show_in_nearby() {
    let app = spawn_app().await;
    let (hidden, hidden_id) = placed(&app, 51.5074, -0.1278, false).await;
    let (project, _) = project_of(&hidden, "Quiet kiosks").await;
    let (seeker, _) = placed(&app, 51.52, -0.10, true).await;
    for (lat, lng) in [(51.6, -0.1278), (51.5074, -0.3), (51.4, 0.0)] {
        let people = seeker.get(&format!("/api/users/nearby?lat={lat}&lng={lng}")).await.body;
        assert!(people.as_array().unwrap().iter().all(|p| p["id"] != hidden_id), "{people}");
        let projects = seeker.get(&format!("/api/projects/nearby?lat={lat}&lng={lng}")).await.body;
        assert!(projects.as_array().unwrap().iter().all(|p| p["id"] != project), "{projects}");
    }
}

#[tokio::test]
async fn positions_are_kept_only_to_about_a_kilometre_so_chosen_points_cannot_tell_neighbours_apart() {
    let app = spawn_app().await;
    // Two people about 25 m apart.
    let (ann, ann_id) = placed(&app, 51.50740, -0.12780, true).await;
    let (_, bob_id) = placed(&app, 51.50760, -0.12800, true).await;
    let (seeker, _) = placed(&app, 51.0, 0.5, true).await;
    let own = ann.get("/api/auth/user").await.body;
    let (lat, lng) = (own["lat"].as_f64().unwrap(), own["lng"].as_f64().unwrap());
    assert!((lat - 51.5074).abs() > 1e-4 || (lng + 0.1278).abs() > 1e-4, "stored exactly: {lat},{lng}");
    for (lat, lng) in [(51.5, -0.13), (51.51, -0.12), (51.6, -0.2)] {
        let people = seeker.get(&format!("/api/users/nearby?lat={lat}&lng={lng}")).await.body;
        let distance = |id: i64| {
            people.as_array().unwrap().iter().find(|p| p["id"] == id).map(|p| p["distanceKm"].as_f64().unwrap())
        };
        assert!(distance(ann_id).is_some(), "{people}");
        assert_eq!(distance(ann_id), distance(bob_id), "from {lat},{lng}");
    }
}

#[tokio::test]
async fn calls_without_a_session_have_a_budget_per_address_that_a_made_up_cookie_does_not_escape() {
    let app = spawn_app_with(|config| {
        config.trusted_proxies = grow::net::parse_blocks("127.0.0.1/32").unwrap();
        config.budgets.open_calls = 4;
    })
    .await;
    // Someone signed in from another address (their sign-up and login are that address's calls).
    let member = client_from(&app, "198.51.100.7");
    sign_up_on(&member, json!({})).await;
    let stranger = client_from(&app, "203.0.113.9");
    for _ in 0..2 {
        assert_eq!(stranger.get("/api/auth/user").await.status, reqwest::StatusCode::UNAUTHORIZED);
    }
    // A cookie that names no session is no session.
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-forwarded-for", "203.0.113.9".parse().unwrap());
    headers.insert("cookie", "grow_session=made-up".parse().unwrap());
    let forger = Client {
        base: format!("http://{}", app.addr),
        http: reqwest::Client::builder().default_headers(headers).build().unwrap(),
    };
    for _ in 0..2 {
        assert_eq!(forger.get("/api/auth/user").await.status, reqwest::StatusCode::UNAUTHORIZED);
    }
    let spent = stranger.get("/api/openapi.json").await;
    assert_eq!(spent.status, reqwest::StatusCode::TOO_MANY_REQUESTS, "{}", spent.body);
    assert!(spent.message().contains("Too many requests"), "{}", spent.body);
    let forged = forger.get("/api/auth/user").await;
    assert_eq!(forged.status, reqwest::StatusCode::TOO_MANY_REQUESTS, "{}", forged.body);
    // Someone signed in is not held back, nor is another address.
    assert_eq!(member.get("/api/auth/user").await.status, reqwest::StatusCode::OK);
    assert_eq!(client_from(&app, "192.0.2.44").get("/api/openapi.json").await.status, reqwest::StatusCode::OK);
    let retry = stranger.http.get(app.url("/api/openapi.json")).send().await.unwrap();
    let after: u64 = retry.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=300).contains(&after), "{after}");
}

/// Calls of one kind until the first 429: how many were accepted (at most `most`).
async fn accepted_before_refusal(client: &Client, most: usize) -> usize {
    for accepted in 0..=most {
        let answer = client.request(Method::PATCH, "/api/users/profile", Some(&json!({}))).await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            return accepted;
        }
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
    most + 1
}

/// API.md "Limits and fair play": budgets are kept in memory and shared across instances. A person who spent most
/// of a budget on one instance has only the rest of it on another, and the first learns what the second counted.
#[tokio::test]
async fn on_postgresql_a_persons_budget_is_one_across_instances() {
    if !on_postgres() {
        return;
    }
    let first = spawn_app().await;
    let second = second_instance(&first).await;
    let (username, _) = first.signup(json!({})).await;
    let (here, there) = (first.client(), second.client());
    assert_eq!(here.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    assert_eq!(there.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    for _ in 0..70 {
        let answer = here.request(Method::PATCH, "/api/users/profile", Some(&json!({}))).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
    // Instances share their counts within a fifth of a second.
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    assert_eq!(accepted_before_refusal(&there, 100).await, 30, "the other instance leaves the rest of 100");
    // The first instance catches up with what the second counted.
    let start = std::time::Instant::now();
    loop {
        let answer = here.request(Method::PATCH, "/api/users/profile", Some(&json!({}))).await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            break;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(2), "the first instance never saw the budget spent");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// The generated check over the OpenAPI document (API.md "Uploads": every file is an upload of the budget): each
/// operation whose multipart form takes several files counts the files, not the request. With a budget of 4, one
/// request carrying 5 files in such a field is refused with 429 and answers no file.
#[tokio::test]
async fn every_operation_that_takes_several_files_counts_each_against_the_budget() {
    let app = spawn_app_with(|config| config.budgets.per_kind = 4).await;
    let doc = app.client().get("/api/openapi.json").await.body;
    let resolve = |schema: &Value| -> Value {
        match schema["$ref"].as_str() {
            Some(reference) => doc.pointer(reference.trim_start_matches('#')).cloned().unwrap_or(Value::Null),
            None => schema.clone(),
        }
    };
    let mut checked = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let schema = resolve(&operation["requestBody"]["content"]["multipart/form-data"]["schema"]);
            let Some(fields) = schema["properties"].as_object() else { continue };
            for (field, shape) in fields {
                if shape["items"]["format"] != "binary" {
                    continue;
                }
                let (client, _) = app.signed_in().await;
                let mut form = reqwest::multipart::Form::new();
                for n in 0..5 {
                    let part = reqwest::multipart::Part::bytes(format!("note {n}\n").into_bytes())
                        .file_name(format!("note{n}.txt"))
                        .mime_str("text/plain")
                        .unwrap();
                    form = form.part(field.clone(), part);
                }
                let url = app.url(&regex_free_ids(&path.replace(['{', '}'], "")));
                let method: Method = method.to_uppercase().parse().unwrap();
                let response = client.http.request(method.clone(), url).multipart(form).send().await.unwrap();
                let answer = Client::answer(response).await;
                assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS, "{method} {path} ({field}): {}", answer.body);
                assert!(answer.body.get("fileUrls").is_none(), "{method} {path}: {}", answer.body);
                checked.push(format!("{method} {path}"));
            }
        }
    }
    assert!(!checked.is_empty(), "no operation takes several files: the document has changed");
}
