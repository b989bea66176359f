use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{signup_body, spawn_app, spawn_app_with, unique, TestApp, PASSWORD};

// ---- signup ----

#[tokio::test]
async fn signup_answers_201_with_the_new_user_and_defaults() {
    let app = spawn_app().await;
    let body = signup_body(
        json!({ "location": "London, GB", "bio": "Builds engines", "skills": ["Rust", " rust ", "", "Figma"] }),
    );
    let answer = app.client().post("/api/auth/signup", &body).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let user = &answer.body["user"];
    assert_eq!(user["username"], body["username"]);
    assert_eq!(user["firstName"], "Ada");
    assert_eq!(user["role"], "explorer");
    assert_eq!(user["plan"], "free");
    assert_eq!(user["skills"], json!(["Rust", "Figma"]));
    assert_eq!(user["location"], "London, GB");
    assert_eq!(user["coins"], 0);
    assert_eq!(user["isAdmin"], false);
    assert_eq!(user["isDiscoverable"], true);
    assert!(user["createdAt"].as_str().unwrap().ends_with('Z'));
    let text = answer.body.to_string().to_lowercase();
    assert!(!text.contains(&PASSWORD.to_lowercase()) && !text.contains("hash"), "{text}");
}

#[tokio::test]
async fn signup_accepts_each_of_the_four_roles_in_any_case() {
    let app = spawn_app().await;
    for role in ["explorer", "Collaborator", "INNOVATOR", "investor"] {
        let answer = app.client().post("/api/auth/signup", &signup_body(json!({ "role": role }))).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{role}: {}", answer.body);
        assert_eq!(answer.body["user"]["role"], role.to_lowercase());
    }
}

#[tokio::test]
async fn signup_refuses_an_unknown_role_or_plan() {
    let app = spawn_app().await;
    let answer = app.client().post("/api/auth/signup", &signup_body(json!({ "role": "admin" }))).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.message().contains("role"), "{}", answer.message());
    let answer = app.client().post("/api/auth/signup", &signup_body(json!({ "plan": "platinum" }))).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn signup_names_each_missing_or_blank_required_field() {
    let app = spawn_app().await;
    for field in ["username", "password", "email", "firstName", "lastName"] {
        let mut body = signup_body(json!({}));
        body.as_object_mut().unwrap().remove(field);
        let answer = app.client().post("/api/auth/signup", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "missing {field}");
        assert!(answer.message().contains(field), "missing {field}: {}", answer.message());

        let mut body = signup_body(json!({}));
        body[field] = json!("   ");
        let answer = app.client().post("/api/auth/signup", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "blank {field}");
        assert!(answer.message().to_lowercase().contains("required"), "blank {field}: {}", answer.message());
    }
}

#[tokio::test]
async fn signup_refuses_bad_values_with_readable_messages() {
    let app = spawn_app().await;
    let cases = [
        (json!({ "password": "password" }), "Password is too weak"),
        (json!({ "password": "Ab1!" }), "Password is too weak"),
        (json!({ "email": "not-an-email" }), "valid email"),
        (json!({ "username": "ab" }), "Username must be"),
        (json!({ "username": "has space" }), "Username may use only"),
        (json!({ "skills": "Rust" }), "skills"),
        (json!({ "firstName": 42 }), "firstName"),
        (json!({ "bio": "x".repeat(501) }), "Bio must be at most"),
    ];
    for (extra, expected) in cases {
        let answer = app.client().post("/api/auth/signup", &signup_body(extra.clone())).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{extra}");
        assert!(answer.message().contains(expected), "{extra}: {}", answer.message());
    }
}

#[tokio::test]
async fn signup_with_a_taken_username_or_email_is_409_in_any_case() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let answer =
        app.client().post("/api/auth/signup", &signup_body(json!({ "username": username.to_uppercase() }))).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.message(), "Username already taken. Please choose a different username.");

    let answer = app
        .client()
        .post("/api/auth/signup", &signup_body(json!({ "email": format!("{}@EXAMPLE.com", username.to_uppercase()) })))
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.message(), "Email already exists. Please use a different email or try logging in.");
}

#[tokio::test]
async fn concurrent_signups_for_one_username_create_one_account() {
    let app = spawn_app().await;
    let username = unique("race");
    let tries = (0..6).map(|i| {
        let client = app.client();
        let body = signup_body(json!({ "username": username, "email": format!("{username}{i}@example.com") }));
        async move { client.post("/api/auth/signup", &body).await.status }
    });
    let statuses = futures_util::future::join_all(tries).await;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT), "{statuses:?}");
}

#[tokio::test]
async fn signup_does_not_sign_the_user_in() {
    let app = spawn_app().await;
    let client = app.client();
    assert_eq!(client.post("/api/auth/signup", &signup_body(json!({}))).await.status, StatusCode::CREATED);
    assert_eq!(client.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
}

// ---- availability ----

#[tokio::test]
async fn availability_checks_answer_for_taken_and_free_names_in_any_case() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let answer = client.post("/api/auth/check-username", &json!({ "username": username.to_uppercase() })).await;
    assert_eq!(answer.body, json!({ "available": false }));
    let answer = client.post("/api/auth/check-username", &json!({ "username": unique("free") })).await;
    assert_eq!(answer.body, json!({ "available": true }));
    let answer = client.post("/api/auth/check-email", &json!({ "email": format!("{username}@Example.com") })).await;
    assert_eq!(answer.body, json!({ "available": false }));
    let answer = client.post("/api/auth/check-email", &json!({ "email": "nobody@example.com" })).await;
    assert_eq!(answer.body, json!({ "available": true }));
}

#[tokio::test]
async fn availability_checks_refuse_missing_or_malformed_input() {
    let app = spawn_app().await;
    let client = app.client();
    assert_eq!(client.post("/api/auth/check-username", &json!({})).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(client.post("/api/auth/check-email", &json!({ "email": "nope" })).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(client.post("/api/auth/check-email", &json!({ "email": 7 })).await.status, StatusCode::BAD_REQUEST);
}

// ---- login, session, logout ----

#[tokio::test]
async fn login_sets_an_http_only_session_cookie_and_answers_the_user() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let answer = client.login(&username, PASSWORD, false).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body["user"]["username"], username.as_str());
    assert!(answer.body.get("rememberToken").is_none());
    let cookie = answer.headers["set-cookie"].to_str().unwrap();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");

    let me = client.get("/api/auth/user").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["username"], username.as_str());
    assert_eq!(me.body["email"], format!("{username}@example.com"));
    let refreshed = client.get("/api/auth/user-refresh").await;
    assert_eq!(refreshed.body["id"], me.body["id"]);
}

#[tokio::test]
async fn a_session_comes_with_a_readable_hint_that_holds_nothing_and_leaves_with_it() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let answer = client.login(&username, PASSWORD, false).await;
    let cookies: Vec<&str> = answer.headers.get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).collect();
    let hint = cookies.iter().find(|c| c.starts_with("grow_signed_in=")).expect("a hint cookie");
    // The app reads the hint (not HttpOnly); it says only that a session was set.
    assert!(hint.starts_with("grow_signed_in=1;") && !hint.contains("HttpOnly"), "{hint}");
    let session = cookies.iter().find(|c| c.starts_with("grow_session=")).unwrap();
    assert!(session.contains("HttpOnly"), "{session}");

    let out = client.post_empty("/api/auth/logout").await;
    let cleared: Vec<&str> = out.headers.get_all("set-cookie").iter().map(|v| v.to_str().unwrap()).collect();
    assert!(cleared.iter().any(|c| c.starts_with("grow_signed_in=;") && c.contains("Max-Age=0")), "{cleared:?}");
    assert!(cleared.iter().any(|c| c.starts_with("grow_session=;") && c.contains("Max-Age=0")), "{cleared:?}");
}

#[tokio::test]
async fn login_accepts_the_username_in_any_case_or_the_email() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    assert_eq!(app.client().login(&username.to_uppercase(), PASSWORD, false).await.status, StatusCode::OK);
    assert_eq!(app.client().login(&format!("{username}@example.com"), PASSWORD, false).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_wrong_password_or_unknown_user_is_401_with_one_message() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let wrong = app.client().login(&username, "Wrong-password1", false).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    let unknown = app.client().login("nobody_here", PASSWORD, false).await;
    assert_eq!(unknown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.message(), unknown.message());
}

#[tokio::test]
async fn login_without_username_or_password_is_400() {
    let app = spawn_app().await;
    let client = app.client();
    assert_eq!(
        client.post("/api/auth/login", &json!({ "username": "", "password": "x" })).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(client.post("/api/auth/login", &json!({ "username": "someone" })).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn repeated_failed_logins_are_throttled_with_429() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(client.login(&username, "Wrong-password1", false).await.status);
    }
    assert_eq!(statuses[0], StatusCode::UNAUTHORIZED);
    assert_eq!(*statuses.last().unwrap(), StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
    // Even the right password waits out the window.
    assert_eq!(client.login(&username, PASSWORD, false).await.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn every_login_issues_a_new_session_id() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let first = client.login(&username, PASSWORD, false).await.headers["set-cookie"].clone();
    let second = client.login(&username, PASSWORD, false).await.headers["set-cookie"].clone();
    assert_ne!(first, second);
}

#[tokio::test]
async fn signed_out_requests_are_401_unauthorized() {
    let app = spawn_app().await;
    let client = app.client();
    for path in ["/api/auth/user", "/api/auth/user-refresh"] {
        let answer = client.get(path).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(answer.body, json!({ "message": "Unauthorized" }));
    }
    let answer = client.patch("/api/users/profile", &json!({ "bio": "x" })).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_forged_session_cookie_is_401() {
    let app = spawn_app().await;
    let answer = reqwest::Client::new()
        .get(app.url("/api/auth/user"))
        .header("cookie", "grow_session=forged-token-value")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logout_ends_the_session_for_good() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let cookie = client.login(&username, PASSWORD, false).await.headers["set-cookie"].to_str().unwrap().to_string();
    let session = cookie.split(';').next().unwrap().to_string();
    let answer = client.post_empty("/api/auth/logout").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(client.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
    // A copy of the old cookie opens nothing either.
    let replay = reqwest::Client::new().get(app.url("/api/auth/user")).header("cookie", session).send().await.unwrap();
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logout_without_a_session_still_answers_200() {
    let app = spawn_app().await;
    assert_eq!(app.client().post_empty("/api/auth/logout").await.status, StatusCode::OK);
}

// ---- remembered logins ----

#[tokio::test]
async fn remember_me_returns_a_token_that_logs_in_once_and_is_replaced() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let token = app.client().login(&username, PASSWORD, true).await.body["rememberToken"].as_str().unwrap().to_string();

    let device = app.client();
    let answer =
        device.post("/api/auth/remembered-login", &json!({ "username": username, "rememberToken": token })).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["user"]["username"], username.as_str());
    let fresh = answer.body["rememberToken"].as_str().unwrap().to_string();
    assert_ne!(fresh, token);
    assert_eq!(device.get("/api/auth/user").await.status, StatusCode::OK);

    // The used token is spent; the fresh one works.
    let again =
        app.client().post("/api/auth/remembered-login", &json!({ "username": username, "rememberToken": token })).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    assert!(!again.message().is_empty());
    let next =
        app.client().post("/api/auth/remembered-login", &json!({ "username": username, "rememberToken": fresh })).await;
    assert_eq!(next.status, StatusCode::OK);
}

#[tokio::test]
async fn a_remember_token_only_opens_its_own_account() {
    let app = spawn_app().await;
    let (alice, _) = app.signup(json!({})).await;
    let (bob, _) = app.signup(json!({})).await;
    let token = app.client().login(&alice, PASSWORD, true).await.body["rememberToken"].as_str().unwrap().to_string();
    let answer =
        app.client().post("/api/auth/remembered-login", &json!({ "username": bob, "rememberToken": token })).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    let wrong = app
        .client()
        .post("/api/auth/remembered-login", &json!({ "username": alice, "rememberToken": "made-up" }))
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logging_out_keeps_the_remembered_login_but_forgetting_revokes_it() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let token = client.login(&username, PASSWORD, true).await.body["rememberToken"].as_str().unwrap().to_string();
    client.post_empty("/api/auth/logout").await;
    let answer =
        client.post("/api/auth/remembered-login", &json!({ "username": username, "rememberToken": token })).await;
    assert_eq!(answer.status, StatusCode::OK);
    let fresh = answer.body["rememberToken"].as_str().unwrap().to_string();

    let forget =
        client.post("/api/auth/forget-remembered", &json!({ "username": username, "rememberToken": fresh })).await;
    assert_eq!(forget.status, StatusCode::NO_CONTENT);
    let answer =
        client.post("/api/auth/remembered-login", &json!({ "username": username, "rememberToken": fresh })).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn two_racing_uses_of_one_remember_token_let_one_in() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let token = app.client().login(&username, PASSWORD, true).await.body["rememberToken"].as_str().unwrap().to_string();
    let tries = (0..4).map(|_| {
        let client = app.client();
        let body = json!({ "username": username, "rememberToken": token });
        async move { client.post("/api/auth/remembered-login", &body).await.status }
    });
    let statuses = futures_util::future::join_all(tries).await;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
}

// ---- password reset ----

#[tokio::test]
async fn forgot_password_gives_the_same_answer_whether_or_not_the_account_exists() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let known = client.post("/api/auth/forgot-password", &json!({ "email": format!("{username}@example.com") })).await;
    let unknown = client.post("/api/auth/forgot-password", &json!({ "email": "ghost@example.com" })).await;
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(known.body, unknown.body);
    assert_eq!(unknown.status, StatusCode::OK);
    let blank = client.post("/api/auth/forgot-password", &json!({ "email": " " })).await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST);
    assert_eq!(blank.message(), "Please enter your email address or username.");
}

fn reset_token(app: &crate::helpers::TestApp, user: &Value) -> String {
    let mail = app.state.mailer.last_to(user["id"].as_i64().unwrap()).expect("a reset mail");
    mail.link.split("reset=").nth(1).unwrap().to_string()
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_and_ends_old_sessions() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let old_session = app.client();
    old_session.login(&username, PASSWORD, false).await;
    // The field accepts a username too.
    app.client().post("/api/auth/forgot-password", &json!({ "email": username })).await;
    let token = reset_token(&app, &user);

    let client = app.client();
    let weak = client.post("/api/auth/reset-password", &json!({ "token": token, "password": "weak" })).await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST);
    let answer = client.post("/api/auth/reset-password", &json!({ "token": token, "password": "N3w-password!" })).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let reuse = client.post("/api/auth/reset-password", &json!({ "token": token, "password": "An0ther-one!" })).await;
    assert_eq!(reuse.status, StatusCode::BAD_REQUEST);

    assert_eq!(app.client().login(&username, PASSWORD, false).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().login(&username, "N3w-password!", false).await.status, StatusCode::OK);
    assert_eq!(old_session.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_expired_or_unknown_reset_token_is_refused() {
    let app = spawn_app().await;
    let (_, user) = app.signup(json!({})).await;
    app.client().post("/api/auth/forgot-password", &json!({ "email": user["username"] })).await;
    let token = reset_token(&app, &user);
    // Age the token past its hour (the clock is the point here, so the database is touched directly).
    sqlx::query("UPDATE password_resets SET expires_at = 0").execute(app.state.db.pool()).await.unwrap();
    let client = app.client();
    let expired =
        client.post("/api/auth/reset-password", &json!({ "token": token, "password": "N3w-password!" })).await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST);
    let unknown =
        client.post("/api/auth/reset-password", &json!({ "token": "nope", "password": "N3w-password!" })).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.message().contains("invalid or has expired"));
}

// ---- profile ----

#[tokio::test]
async fn profile_update_changes_only_the_fields_sent() {
    let app = spawn_app().await;
    let (client, user) = app.signed_in().await;
    let answer = client
        .patch(
            "/api/users/profile",
            &json!({ "location": " Leeds, GB ", "bio": "Maker", "skills": ["Rust", "rust", "Go"] }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["location"], "Leeds, GB");
    assert_eq!(answer.body["skills"], json!(["Rust", "Go"]));
    assert_eq!(answer.body["role"], user["role"]);

    let answer = client.patch("/api/users/profile", &json!({ "role": "innovator" })).await;
    assert_eq!(answer.body["role"], "innovator");
    assert_eq!(answer.body["bio"], "Maker");

    let answer = client.patch("/api/users/profile", &json!({ "bio": null })).await;
    assert_eq!(answer.body["bio"], Value::Null);
    assert_eq!(client.get("/api/auth/user").await.body["location"], "Leeds, GB");
}

#[tokio::test]
async fn profile_update_refuses_invalid_values_and_changes_nothing() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    client.patch("/api/users/profile", &json!({ "bio": "Before" })).await;
    for bad in [
        json!({ "role": "overlord", "bio": "After" }),
        json!({ "bio": "x".repeat(501) }),
        json!({ "location": "y".repeat(101) }),
        json!({ "skills": ["ok", "z".repeat(41)] }),
        json!({ "skills": "Rust" }),
        json!({ "firstName": "  " }),
    ] {
        let answer = client.patch("/api/users/profile", &bad).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    assert_eq!(client.get("/api/auth/user").await.body["bio"], "Before");
}

/// The `Set-Cookie` headers of a login through `app`, with `extra` headers.
async fn login_cookies(app: &TestApp, username: &str, extra: &[(&str, &str)]) -> Vec<String> {
    let mut request = reqwest::Client::new().post(app.url("/api/auth/login"));
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    let answer = request.json(&json!({ "username": username, "password": PASSWORD })).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    answer.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_session_cookie_is_secure_when_the_public_url_is_https_and_no_header_decides_it() {
    let app = spawn_app_with(|config| config.public_url = Some("https://grow.example".into())).await;
    let (username, _) = app.signup(json!({})).await;
    let cookies = login_cookies(&app, &username, &[]).await;
    let session = cookies.iter().find(|c| c.starts_with("grow_session=")).unwrap();
    assert!(session.contains("; Secure") && session.contains("HttpOnly"), "{session}");

    // Reached over plain http, a request saying it came over https does not make the cookie Secure (nor does one
    // saying http take Secure away above).
    let plain = spawn_app().await;
    let (username, _) = plain.signup(json!({})).await;
    for cookie in login_cookies(&plain, &username, &[("x-forwarded-proto", "https")]).await {
        assert!(!cookie.contains("Secure"), "{cookie}");
    }
}

#[tokio::test]
async fn a_position_saved_after_changes_without_one_is_kept_on_every_connection() {
    // sqlx's `Any` driver once bound a missing position as a different type than a present one,
    // and a pooled connection's cached statement then refused the number (PostgreSQL, a 500).
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    for round in 0..24 {
        let without = client.patch("/api/users/profile", &json!({ "bio": format!("round {round}") })).await;
        assert_eq!(without.status, StatusCode::OK, "{}", without.body);
        let at = json!({ "lat": 0.5 + f64::from(round), "lng": -0.25 });
        let with = client.patch("/api/users/profile", &at).await;
        assert_eq!(with.status, StatusCode::OK, "round {round}: {}", with.body);
        assert_eq!(with.body["lat"], 0.5 + f64::from(round));
    }
    let forget = client.patch("/api/users/profile", &json!({ "lat": null, "lng": null })).await;
    assert!(forget.body["lat"].is_null(), "{}", forget.body);
}
