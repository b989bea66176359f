//! Running behind a proxy and under pressure: public URL, trusted proxies, time limits, input sizes.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, PASSWORD};

#[tokio::test]
async fn the_reset_link_is_built_from_the_public_url_never_the_host_header() {
    let app = spawn_app_with(|config| config.public_url = Some("https://grow.example".into())).await;
    let (username, user) = app.signup(json!({})).await;
    let answer = app
        .client()
        .http
        .post(app.url("/api/auth/forgot-password"))
        .header("host", "evil.example")
        .json(&json!({ "email": username }))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    let link = app.state.mailer.last_to(user["id"].as_i64().unwrap()).unwrap().link;
    assert!(link.starts_with("https://grow.example/?reset="), "{link}");
}

#[tokio::test]
async fn without_a_public_url_the_reset_link_uses_the_bound_address() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    app.client()
        .http
        .post(app.url("/api/auth/forgot-password"))
        .header("host", "evil.example")
        .json(&json!({ "email": username }))
        .send()
        .await
        .unwrap();
    let link = app.state.mailer.last_to(user["id"].as_i64().unwrap()).unwrap().link;
    assert!(link.starts_with(&format!("http://{}/?reset=", app.addr)), "{link}");
}

#[tokio::test]
async fn the_configured_public_origin_passes_the_cross_site_check() {
    let app = spawn_app_with(|config| config.public_url = Some("https://grow.example".into())).await;
    let post = |origin: &'static str| {
        app.client()
            .http
            .post(app.url("/api/auth/check-username"))
            .header("origin", origin)
            .json(&json!({ "username": "someone_free" }))
            .send()
    };
    assert_eq!(post("https://grow.example").await.unwrap().status(), StatusCode::OK);
    assert_eq!(post("https://evil.example").await.unwrap().status(), StatusCode::FORBIDDEN);
}

/// Fails logins for unknown names with a given `X-Forwarded-For` until the address budget (3) is spent.
async fn fail_from(app: &crate::helpers::TestApp, forwarded: &str, times: usize) -> Vec<StatusCode> {
    let mut statuses = Vec::new();
    for i in 0..times {
        let answer = app
            .client()
            .http
            .post(app.url("/api/auth/login"))
            .header("x-forwarded-for", forwarded)
            .json(&json!({ "username": format!("ghost_{forwarded}_{i}"), "password": "Wrong-pass1!" }))
            .send()
            .await
            .unwrap();
        statuses.push(answer.status());
    }
    statuses
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_address_is_the_client() {
    let app = spawn_app_with(|config| {
        config.trusted_proxies = grow::net::parse_blocks("127.0.0.1/32").unwrap();
        config.login_limits.per_address = 3;
    })
    .await;
    let first = fail_from(&app, "203.0.113.1", 4).await;
    assert_eq!(first[..3], [StatusCode::UNAUTHORIZED; 3]);
    assert_eq!(first[3], StatusCode::TOO_MANY_REQUESTS);
    // Another client behind the same proxy has its own budget.
    assert_eq!(fail_from(&app, "203.0.113.2", 1).await, [StatusCode::UNAUTHORIZED]);
    // What a client writes on the left of the header does not pick its budget.
    assert_eq!(fail_from(&app, "198.51.100.9, 203.0.113.1", 1).await, [StatusCode::TOO_MANY_REQUESTS]);
}

#[tokio::test]
async fn from_an_untrusted_peer_the_forwarded_header_is_ignored() {
    let app = spawn_app_with(|config| config.login_limits.per_address = 3).await;
    let mut statuses = fail_from(&app, "203.0.113.1", 2).await;
    statuses.extend(fail_from(&app, "203.0.113.2", 2).await);
    assert_eq!(
        statuses,
        [StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS]
    );
}

#[tokio::test]
async fn a_request_that_runs_out_of_time_is_a_json_503() {
    let app = spawn_app_with(|config| config.request_timeout = Duration::from_millis(1)).await;
    // A login hashes a password: far longer than a millisecond.
    let answer = app.client().post("/api/auth/login", &json!({ "username": "anyone", "password": PASSWORD })).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.headers["content-type"], "application/json");
    assert!(answer.message().contains("took too long"), "{}", answer.body);
}

#[tokio::test]
async fn a_non_ascii_email_logs_in_in_any_case() {
    let app = spawn_app().await;
    let username = crate::helpers::unique("zoe");
    let body = crate::helpers::signup_body(
        json!({ "username": username, "email": format!("Zoë.Ünal.{username}@Exämple.com") }),
    );
    assert_eq!(app.client().post("/api/auth/signup", &body).await.status, StatusCode::CREATED);
    let login = app.client().login(&format!("ZOË.ÜNAL.{}@EXÄMPLE.COM", username.to_uppercase()), PASSWORD, false).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.body);
}

#[tokio::test]
async fn a_huge_skills_list_is_refused_before_any_work() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let skills: Vec<&str> = std::iter::repeat_n("React", 20_000).collect();
    let answer = client.patch("/api/users/profile", &json!({ "skills": skills })).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.message().contains("At most 30 skills"));
}

#[tokio::test]
async fn metrics_answer_only_with_the_token_and_parse_as_prometheus_text() {
    let hidden = spawn_app().await;
    assert_eq!(hidden.client().get("/metrics").await.status, StatusCode::NOT_FOUND);

    let app = spawn_app_with(|config| config.metrics_token = Some("s3cret-token".into())).await;
    let client = app.client();
    client.get("/api/auth/user").await; // a 401 to count
    assert_eq!(client.get("/metrics").await.status, StatusCode::UNAUTHORIZED);
    let wrong = client.http.get(app.url("/metrics")).bearer_auth("nope").send().await.unwrap();
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);

    let answer = client.http.get(app.url("/metrics")).bearer_auth("s3cret-token").send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::OK);
    assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = answer.text().await.unwrap();
    let scrape = prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).unwrap();
    let find = |name: &'static str| scrape.samples.iter().filter(move |s| s.metric == name);
    let unauthorized = find("grow_http_requests_total")
        .find(|s| s.labels.get("route") == Some("/api/auth/user") && s.labels.get("status") == Some("401"))
        .expect("the 401 was counted");
    assert!(matches!(unauthorized.value, prometheus_parse::Value::Counter(n) if n >= 1.0));
    assert!(find("grow_http_request_duration_seconds").next().is_some(), "latency histogram");
    assert!(find("grow_open_sockets").next().is_some());
    assert!(find("grow_db_pool_connections").next().is_some());
}

/// A real SMTP server on loopback (aiosmtpd, installed by the test command) delivering into a maildir.
struct SmtpServer {
    port: u16,
    maildir: tempfile::TempDir,
    child: std::process::Child,
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn smtp_server() -> SmtpServer {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let maildir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new("python3")
        .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
        .arg(maildir.path().join("mail"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("python3 with aiosmtpd (scripts/test installs it)");
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return SmtpServer { port, maildir, child };
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("aiosmtpd did not start; is it installed (pip install aiosmtpd)?");
}

#[tokio::test]
async fn a_reset_link_arrives_by_smtp_and_sets_a_new_password() {
    let smtp = smtp_server().await;
    let port = smtp.port;
    let app = spawn_app_with(|config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_from = Some("Grow <no-reply@grow.test>".into());
        config.public_url = Some("https://grow.test".into());
    })
    .await;
    let (username, _) = app.signup(json!({})).await;
    let started = std::time::Instant::now();
    let answer = app.client().post("/api/auth/forgot-password", &json!({ "email": username })).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(started.elapsed() < Duration::from_secs(2), "the answer does not wait for the mail");

    let new_dir = smtp.maildir.path().join("mail").join("new");
    let mut raw = String::new();
    for _ in 0..200 {
        if let Some(Ok(entry)) = std::fs::read_dir(&new_dir).ok().and_then(|mut d| d.next()) {
            raw = std::fs::read_to_string(entry.path()).unwrap();
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!raw.is_empty(), "no mail arrived");
    assert!(raw.contains(&format!("To: {username}@example.com")), "{raw}");
    assert!(raw.contains("Subject: Reset your Grow password"));
    assert!(raw.contains("text/plain") && raw.contains("text/html"));
    // The plain part carries the link on a line of its own.
    let link = raw.lines().find(|l| l.starts_with("https://grow.test/?reset=")).expect("the link").trim();
    let token = link.split("reset=").nth(1).unwrap();
    let reset =
        app.client().post("/api/auth/reset-password", &json!({ "token": token, "password": "Fresh-pass77!" })).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    assert_eq!(app.client().login(&username, "Fresh-pass77!", false).await.status, StatusCode::OK);
}
