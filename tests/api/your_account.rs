//! Your account (API.md "Your account"): the password changed while signed in, an email changed only through its
//! link, the address proved at sign-up, notification settings that push honours, and the digest mailed once.

use grow::mail::Kind as MailKind;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{on_postgres, second_instance, spawn_app, spawn_app_with, Client, TestApp, PASSWORD},
    notifications::notify,
};

const NEW_PASSWORD: &str = "Marigold77!";

async fn put(client: &Client, path: &str, body: &Value) -> crate::helpers::Answer {
    client.request(reqwest::Method::PUT, path, Some(body)).await
}

/// The token of the newest verification link mailed to a person.
fn verification_token(app: &TestApp, user_id: i64) -> String {
    let mail = app.state.mailer.last_of(user_id, MailKind::Verify).expect("a verification mail");
    assert!(mail.link.contains("/verify-email?token="), "{}", mail.link);
    mail.link.split("token=").nth(1).unwrap().to_string()
}

async fn verify(client: &Client, token: &str) -> crate::helpers::Answer {
    client.post("/api/auth/verify-email", &json!({ "token": token })).await
}

#[tokio::test]
async fn a_changed_password_ends_every_other_session_and_remembered_login_on_every_instance() {
    let app = spawn_app().await;
    let other = if on_postgres() { Some(second_instance(&app).await) } else { None };
    let (username, user) = app.signup(json!({})).await;
    let user_id = user["id"].as_i64().unwrap();
    let here = app.client();
    assert_eq!(here.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    // Another device, on the other instance when there is one, signed in and remembered.
    let elsewhere = other.as_ref().unwrap_or(&app).client();
    let remembered = elsewhere.login(&username, PASSWORD, true).await;
    let remember_token = remembered.body["rememberToken"].as_str().unwrap().to_string();
    assert_eq!(elsewhere.get("/api/auth/user").await.status, StatusCode::OK);

    let wrong = here
        .post("/api/auth/change-password", &json!({ "currentPassword": "Nope12345!", "newPassword": NEW_PASSWORD }))
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "{}", wrong.body);
    assert_eq!(wrong.message(), "Your current password is not right.");
    let weak =
        here.post("/api/auth/change-password", &json!({ "currentPassword": PASSWORD, "newPassword": "short" })).await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST, "{}", weak.body);
    let changed = here
        .post("/api/auth/change-password", &json!({ "currentPassword": PASSWORD, "newPassword": NEW_PASSWORD }))
        .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.body);

    // This device stays; the other is signed out at once and its remembered login is gone.
    assert_eq!(here.get("/api/auth/user").await.status, StatusCode::OK);
    // (Another instance hears of it through the live bridge, within moments.)
    let ended = crate::helpers::eventually(std::time::Duration::from_secs(2), async || {
        elsewhere.get("/api/auth/user").await.status == StatusCode::UNAUTHORIZED
    });
    assert!(ended.await.is_some(), "the other device is still signed in");
    let again = app
        .client()
        .post("/api/auth/remembered-login", &json!({ "username": username, "rememberToken": remember_token }))
        .await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED, "{}", again.body);
    assert_eq!(app.client().login(&username, PASSWORD, false).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().login(&username, NEW_PASSWORD, false).await.status, StatusCode::OK);
    let mail = app.state.mailer.last_of(user_id, MailKind::PasswordChanged).expect("a 'password changed' mail");
    assert_eq!(mail.to, user["email"].as_str().unwrap_or(&mail.to));
}

#[tokio::test]
async fn an_email_changes_only_through_its_link_which_works_once() {
    let app = spawn_app().await;
    let (client, user) = app.signed_in().await;
    let user_id = user["id"].as_i64().unwrap();
    let old_email = client.get("/api/auth/user").await.body["email"].as_str().unwrap().to_string();
    let new_email = format!("moved.{user_id}@example.org");

    let wrong = client.post("/api/auth/change-email", &json!({ "password": "Nope12345!", "email": new_email })).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "{}", wrong.body);
    let not_an_address =
        client.post("/api/auth/change-email", &json!({ "password": PASSWORD, "email": "nowhere" })).await;
    assert_eq!(not_an_address.status, StatusCode::BAD_REQUEST, "{}", not_an_address.body);
    let asked = client.post("/api/auth/change-email", &json!({ "password": PASSWORD, "email": new_email })).await;
    assert_eq!(asked.status, StatusCode::ACCEPTED, "{}", asked.body);
    assert!(asked.message().contains("link"), "{}", asked.body);

    // The link goes to the new address, a notice to the old one; nothing has changed yet.
    let link = app.state.mailer.last_of(user_id, MailKind::Verify).unwrap();
    assert_eq!(link.to, new_email);
    let notice = app.state.mailer.last_of(user_id, MailKind::EmailChangeNotice).expect("a notice to the old address");
    assert_eq!(notice.to, old_email);
    assert_eq!(client.get("/api/auth/user").await.body["email"], old_email);

    let token = verification_token(&app, user_id);
    let verified = verify(&app.client(), &token).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
    assert_eq!(verified.body["user"]["email"], new_email);
    assert_eq!(verified.body["user"]["emailVerified"], true);
    let me = client.get("/api/auth/user").await.body;
    assert_eq!((me["email"].as_str(), me["emailVerified"].as_bool()), (Some(new_email.as_str()), Some(true)));
    // Used once; a made-up one is as good as nothing.
    for token in [token.as_str(), "made-up"] {
        let again = verify(&app.client(), token).await;
        assert_eq!(again.status, StatusCode::BAD_REQUEST, "{}", again.body);
    }

    // An address someone else took between the ask and the link: 409, and the account keeps its own.
    let (other, other_user) = app.signed_in().await;
    let taken = format!("taken.{user_id}@example.org");
    assert_eq!(
        client.post("/api/auth/change-email", &json!({ "password": PASSWORD, "email": taken })).await.status,
        StatusCode::ACCEPTED
    );
    let token = verification_token(&app, user_id);
    let other_id = other_user["id"].as_i64().unwrap();
    assert_eq!(
        other.post("/api/auth/change-email", &json!({ "password": PASSWORD, "email": taken })).await.status,
        StatusCode::ACCEPTED
    );
    assert_eq!(verify(&other, &verification_token(&app, other_id)).await.status, StatusCode::OK);
    let clash = verify(&client, &token).await;
    assert_eq!(clash.status, StatusCode::CONFLICT, "{}", clash.body);
    assert_eq!(client.get("/api/auth/user").await.body["email"], new_email);
}

#[tokio::test]
async fn sign_up_mails_a_link_that_verifies_the_address_and_resends_are_limited() {
    let app = spawn_app().await;
    let (client, user) = app.signed_in().await;
    let user_id = user["id"].as_i64().unwrap();
    assert_eq!(client.get("/api/auth/user").await.body["emailVerified"], false);
    // The sign-up's mail and two more make three this hour; a fourth is refused.
    for _ in 0..2 {
        let resent = client.post_empty("/api/auth/resend-verification").await;
        assert_eq!(resent.status, StatusCode::ACCEPTED, "{}", resent.body);
    }
    assert_eq!(app.state.mailer.recent_to(user_id, MailKind::Verify), 3);
    let refused = client.post_empty("/api/auth/resend-verification").await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    assert!(refused.headers.get("retry-after").is_some());

    let verified = verify(&app.client(), &verification_token(&app, user_id)).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);
    assert_eq!(client.get("/api/auth/user").await.body["emailVerified"], true);
    assert_eq!(app.client().post_empty("/api/auth/resend-verification").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn notification_settings_round_trip_and_refuse_what_they_do_not_know() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let path = "/api/users/me/notification-settings";
    let first = client.get(path).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    assert_eq!(first.body["emailDigest"], "weekly");
    let push = first.body["push"].as_object().unwrap();
    assert!(push.len() >= 7 && push.values().all(|on| on == true), "{}", first.body);

    let changed = put(&client, path, &json!({ "push": { "project_update": false }, "emailDigest": "daily" })).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.body);
    let now = client.get(path).await.body;
    assert_eq!(now["emailDigest"], "daily");
    assert_eq!(now["push"]["project_update"], false);
    assert_eq!(now["push"]["reward"], true);
    // A change names only what moves.
    assert_eq!(put(&client, path, &json!({ "emailDigest": "off" })).await.status, StatusCode::OK);
    assert_eq!(client.get(path).await.body["push"]["project_update"], false);

    for bad in [json!({ "push": { "gossip": true } }), json!({ "emailDigest": "hourly" })] {
        let refused = put(&client, path, &bad).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{bad}: {}", refused.body);
        assert!(refused.body["message"].is_string());
    }
    assert_eq!(app.client().get(path).await.status, StatusCode::UNAUTHORIZED);
}

/// Verifies a person's address through the link the sign-up mailed them.
async fn verified(app: &TestApp, user_id: i64) {
    assert_eq!(verify(&app.client(), &verification_token(app, user_id)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_digest_mails_what_was_left_unread_once_and_one_click_turns_it_off() {
    let app = spawn_app_with(|config| config.digest_after = std::time::Duration::ZERO).await;
    let other = if on_postgres() {
        let shared = app.database_url();
        Some(
            spawn_app_with(|config| {
                config.database_url = Some(shared);
                config.digest_after = std::time::Duration::ZERO;
            })
            .await,
        )
    } else {
        None
    };
    let (client, user) = app.signed_in().await;
    let user_id = user["id"].as_i64().unwrap();
    let (_, unverified) = app.signed_in().await;
    let unverified_id = unverified["id"].as_i64().unwrap();
    verified(&app, user_id).await;
    let read = notify(&app, user_id, "Read already").await;
    let marked = client.post_empty(&format!("/api/notifications/{read}/read")).await;
    assert!(marked.status.is_success(), "{}", marked.body);
    for n in 0..12 {
        notify(&app, user_id, &format!("Support number {n}")).await;
    }
    notify(&app, unverified_id, "Never mailed").await;
    // Everything left unread goes in (the day's note from signing in too).
    let unread = client.get("/api/notifications/count").await.body["count"].as_u64().unwrap() as usize;
    assert!(unread >= 12, "{unread}");

    // Two instances run the round at once: one digest.
    let rounds = [app.state.clone(), other.as_ref().unwrap_or(&app).state.clone()]
        .map(|state| tokio::spawn(async move { grow::jobs::run_once("digest", &state).await.unwrap() }));
    let mut reports = Vec::new();
    for round in rounds {
        reports.push(round.await.unwrap());
    }
    let reports = reports.join(" / ");
    assert!(reports.contains("mailed 1") && reports.contains("mailed 0"), "{reports}");
    let mails = app.state.mailer.recent_to(user_id, MailKind::Digest)
        + other.as_ref().map_or(0, |o| o.state.mailer.recent_to(user_id, MailKind::Digest));
    assert_eq!(mails, 1);
    let digest = app
        .state
        .mailer
        .last_of(user_id, MailKind::Digest)
        .or_else(|| other.as_ref().and_then(|o| o.state.mailer.last_of(user_id, MailKind::Digest)))
        .unwrap();
    assert_eq!(digest.items.len(), 10);
    assert_eq!(digest.more, unread - 10);
    assert!(digest.items[0].starts_with("Support number 11"), "{:?}", digest.items);
    assert!(!digest.items.iter().any(|i| i.contains("Read already")));
    assert_eq!(app.state.mailer.recent_to(unverified_id, MailKind::Digest), 0);

    // Nothing twice, and no second digest within the week, whatever arrives meanwhile.
    notify(&app, user_id, "A later one").await;
    assert_eq!(grow::jobs::run_once("digest", &app.state).await.unwrap(), "mailed 0 digests");

    // One click from the mail app, with no session, turns it off; a made-up token does nothing.
    let unsubscribe = digest.unsubscribe.clone().expect("a List-Unsubscribe address");
    let path = unsubscribe.split_once("/api/").map(|(_, rest)| format!("/api/{rest}")).unwrap();
    let http = reqwest::Client::new();
    let forged = http.post(app.url("/api/mail/unsubscribe?token=1.forged")).body("List-Unsubscribe=One-Click").send();
    assert_eq!(forged.await.unwrap().status(), StatusCode::BAD_REQUEST);
    let done = http
        .post(app.url(&path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), StatusCode::OK);
    let settings: Value = client.get("/api/users/me/notification-settings").await.body;
    assert_eq!(settings["emailDigest"], "off");
}

/// Guessing a password anywhere is guessing it at login (API.md "Sessions"): wrong passwords to delete the account
/// and to change the password spend one budget with logging in, per account and address.
#[tokio::test]
async fn wrong_passwords_to_delete_or_change_spend_the_login_budget() {
    let app = spawn_app().await;
    let (client, user) = app.signed_in().await;
    let username = user["username"].as_str().unwrap().to_string();
    for _ in 0..3 {
        let wrong =
            client.request(reqwest::Method::DELETE, "/api/account", Some(&json!({ "password": "Nope12345!" }))).await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.body);
    }
    for _ in 0..2 {
        let wrong = client
            .post("/api/auth/change-password", &json!({ "currentPassword": "Nope12345!", "newPassword": NEW_PASSWORD }))
            .await;
        assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "{}", wrong.body);
    }
    // Five wrong ones from this address: the next try anywhere waits, even with the right password.
    let spent = client.request(reqwest::Method::DELETE, "/api/account", Some(&json!({ "password": PASSWORD }))).await;
    assert_eq!(spent.status, StatusCode::TOO_MANY_REQUESTS, "{}", spent.body);
    assert!(spent.headers.contains_key("retry-after"));
    assert_eq!(app.client().login(&username, PASSWORD, false).await.status, StatusCode::TOO_MANY_REQUESTS);
    // Nothing was deleted.
    assert_eq!(client.get("/api/auth/user").await.status, StatusCode::OK);
}
