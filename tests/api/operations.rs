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

/// Waits for the next mail the SMTP server stores (none is read twice); its raw text.
async fn next_mail(dir: &std::path::Path, seen: &mut std::collections::HashSet<std::path::PathBuf>) -> String {
    for _ in 0..200 {
        let mut fresh: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).filter(|p| !seen.contains(p)).collect())
            .unwrap_or_default();
        fresh.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        if let Some(path) = fresh.into_iter().next() {
            seen.insert(path.clone());
            return std::fs::read_to_string(path).unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no mail arrived");
}

/// The plain part's link that starts with `prefix`, on a line of its own (a long line comes quoted-printable: its
/// soft breaks joined and `=3D` read as `=`, as a mail app reads it).
fn link_in(raw: &str, prefix: &str) -> String {
    let raw = raw.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
    raw.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} link in {raw}"))
        .trim()
        .to_string()
}

#[tokio::test]
async fn each_kind_of_mail_arrives_by_smtp_and_its_link_works() {
    let smtp = smtp_server().await;
    let port = smtp.port;
    let app = spawn_app_with(|config| {
        config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        config.mail_from = Some("Grow <no-reply@grow.test>".into());
        config.public_url = Some("https://grow.test".into());
        config.digest_after = Duration::ZERO;
    })
    .await;
    let dir = smtp.maildir.path().join("mail").join("new");
    let mut seen = std::collections::HashSet::new();
    let (username, user) = app.signup(json!({})).await;
    let user_id = user["id"].as_i64().unwrap();

    // Sign-up: the link that proves the address.
    let raw = next_mail(&dir, &mut seen).await;
    assert!(raw.contains(&format!("To: {username}@example.com")), "{raw}");
    assert!(raw.contains("Subject: Verify your email for Grow"), "{raw}");
    assert!(raw.contains("text/plain") && raw.contains("text/html"));
    let link = link_in(&raw, "https://grow.test/verify-email?token=");
    let verified =
        app.client().post("/api/auth/verify-email", &json!({ "token": link.split("token=").nth(1).unwrap() })).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.body);

    // A reset: the answer does not wait for the mail, whose link sets a new password.
    let started = std::time::Instant::now();
    let answer = app.client().post("/api/auth/forgot-password", &json!({ "email": username })).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(started.elapsed() < Duration::from_secs(2), "the answer does not wait for the mail");
    let raw = next_mail(&dir, &mut seen).await;
    assert!(raw.contains("Subject: Reset your Grow password"), "{raw}");
    let link = link_in(&raw, "https://grow.test/?reset=");
    let token = link.split("reset=").nth(1).unwrap();
    let reset =
        app.client().post("/api/auth/reset-password", &json!({ "token": token, "password": "Fresh-pass77!" })).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    let client = app.client();
    assert_eq!(client.login(&username, "Fresh-pass77!", false).await.status, StatusCode::OK);

    // A password changed while signed in: a mail says so.
    let changed = client
        .post(
            "/api/auth/change-password",
            &json!({ "currentPassword": "Fresh-pass77!", "newPassword": "Second-pass88!" }),
        )
        .await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.body);
    let raw = next_mail(&dir, &mut seen).await;
    assert!(raw.contains("Subject: Your Grow password was changed"), "{raw}");

    // An email change: the link to the new address, a notice to the old one.
    let moved = format!("moved.{user_id}@example.org");
    let asked = client.post("/api/auth/change-email", &json!({ "password": "Second-pass88!", "email": moved })).await;
    assert_eq!(asked.status, StatusCode::ACCEPTED, "{}", asked.body);
    let (first, second) = (next_mail(&dir, &mut seen).await, next_mail(&dir, &mut seen).await);
    let (to_new, notice) = if first.contains(&format!("To: {moved}")) { (first, second) } else { (second, first) };
    assert!(
        notice.contains(&format!("To: {username}@example.com"))
            && notice.contains("Subject: Your Grow email is being changed")
    );
    let link = link_in(&to_new, "https://grow.test/verify-email?token=");
    let verified =
        client.post("/api/auth/verify-email", &json!({ "token": link.split("token=").nth(1).unwrap() })).await;
    assert_eq!(verified.body["user"]["email"], moved);

    // The digest, with one-click unsubscribe (RFC 8058) that needs no session.
    crate::notifications::notify(&app, user_id, "Someone backed Kiln").await;
    assert_eq!(grow::jobs::run_once("digest", &app.state).await.unwrap(), "mailed 1 digests");
    let raw = next_mail(&dir, &mut seen).await;
    assert!(raw.contains("Subject: What you missed on Grow") && raw.contains("Someone backed Kiln"), "{raw}");
    assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
    let unsubscribe = raw
        .lines()
        .find_map(|l| l.strip_prefix("List-Unsubscribe: <"))
        .and_then(|l| l.strip_suffix('>'))
        .expect("a List-Unsubscribe header");
    let path = unsubscribe.strip_prefix("https://grow.test").unwrap();
    let done = reqwest::Client::new().post(app.url(path)).body("List-Unsubscribe=One-Click").send().await.unwrap();
    assert_eq!(done.status(), StatusCode::OK);
    assert_eq!(client.get("/api/users/me/notification-settings").await.body["emailDigest"], "off");
}
