//! The `grow` binary's commands, run as a separate process against the app's own database.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, PASSWORD};

async fn grow(app: &crate::helpers::TestApp, args: &[&str]) -> std::process::Output {
    crate::helpers::run_grow(app.data_dir(), Some(&app.database_url()), args).await
}

#[tokio::test]
async fn admin_grant_makes_a_user_an_administrator() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    assert_eq!(user["isAdmin"], false);
    let out = grow(&app, &["admin", "grant", &username.to_uppercase()]).await;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let client = app.client();
    client.login(&username, PASSWORD, false).await;
    assert_eq!(client.get("/api/auth/user").await.body["isAdmin"], true);

    let out = grow(&app, &["admin", "grant", "nobody_by_that_name"]).await;
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no user named"), "{stderr}");
}

#[tokio::test]
async fn openapi_command_prints_the_served_document() {
    let app = spawn_app().await;
    let out = grow(&app, &["openapi"]).await;
    assert!(out.status.success());
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed, app.client().get("/api/openapi.json").await.body);
}

#[tokio::test]
async fn an_empty_database_is_filled_with_the_demo_community_once() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let client = app.client();
    let demo = client.post("/api/auth/check-username", &json!({ "username": "amara_okafor" })).await;
    assert_eq!(demo.body, json!({ "available": false }));
    // Demo people have no usable password: there are no built-in credentials.
    assert_eq!(client.login("amara_okafor", PASSWORD, false).await.status, StatusCode::UNAUTHORIZED);
    // A newcomer finds published projects with covers, tasks under way and people on them.
    let (newcomer, _) = app.signed_in().await;
    let feed = newcomer.get("/api/projects").await.body;
    let projects = feed.as_array().unwrap();
    assert!(projects.len() >= 10, "{feed}");
    assert!(projects.iter().all(|p| p["supporterCount"].as_i64().unwrap() > 0 && p["taskCount"].as_i64().unwrap() > 0));
    let cover = projects[0]["imageUrls"][0].as_str().unwrap();
    let served = newcomer.http.get(app.url(cover)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/jpeg");
    // Two demo people ask to connect, so the Connect tab shows what a request looks like.
    let waiting = newcomer.get("/api/connections/requests").await.body;
    assert_eq!(waiting.as_array().unwrap().len(), 2, "{waiting}");
    let id = projects[0]["id"].as_i64().unwrap();
    assert!(!newcomer.get(&format!("/api/projects/{id}/updates")).await.body.as_array().unwrap().is_empty());
    assert!(!newcomer.get(&format!("/api/projects/{id}/feedback")).await.body.as_array().unwrap().is_empty());
    // The rooms have members and talk in them.
    let rooms = newcomer.get("/api/communities").await.body;
    assert!(rooms.as_array().unwrap().iter().all(|r| r["memberCount"].as_i64().unwrap() > 0), "{rooms}");
    newcomer.post_empty("/api/communities/startups/join").await;
    assert!(newcomer.get("/api/communities/startups/messages").await.body.as_array().unwrap().len() >= 4);
    // Seeding again adds nobody.
    let out = grow(&app, &["seed", "--demo"]).await;
    assert!(String::from_utf8_lossy(&out.stdout).contains("nothing seeded"), "{out:?}");
}

#[tokio::test]
async fn a_database_with_people_is_never_seeded() {
    let app = spawn_app().await;
    app.signup(json!({})).await;
    let out = grow(&app, &["seed", "--demo"]).await;
    assert!(out.status.success());
    let demo = app.client().post("/api/auth/check-username", &json!({ "username": "amara_okafor" })).await;
    assert_eq!(demo.body, json!({ "available": true }));
}

/// `grow serve` as its own process (INFO logs, a fresh data dir, any free port).
struct ServerProcess {
    child: std::process::Child,
    base: String,
    /// Every line it printed, including those before it listened.
    lines: std::sync::mpsc::Receiver<String>,
    _dir: tempfile::TempDir,
}

impl ServerProcess {
    fn start() -> Self {
        Self::start_with(&[])
    }

    /// Started with these settings added to its environment.
    fn start_with(settings: &[(&str, &str)]) -> Self {
        use std::io::{BufRead, BufReader};
        let dir = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grow"))
            .args(["serve"])
            .envs(settings.iter().copied())
            .env("GROW_DATA_DIR", dir.path())
            .env("PORT", "0")
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .env_remove("DATABASE_URL")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let (lines_tx, lines) = std::sync::mpsc::channel::<String>();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines_tx.send(line);
            }
        });
        let (seen_tx, seen) = std::sync::mpsc::channel::<String>();
        let base = loop {
            let line = lines.recv_timeout(std::time::Duration::from_secs(20)).expect("the server starts");
            let _ = seen_tx.send(line.clone());
            if let Some(at) = line.find("listening on ") {
                break line[at + "listening on ".len()..].trim().to_string();
            }
        };
        // Lines read while waiting go first, then the rest as they come.
        std::thread::spawn(move || {
            for line in lines {
                let _ = seen_tx.send(line);
            }
        });
        Self { child, base, lines: seen, _dir: dir }
    }

    /// What it printed so far.
    fn log(&self) -> String {
        self.lines.try_iter().map(|l| l + "\n").collect()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs a few requests against a served process and returns what it logged.
async fn served_log(requests: impl AsyncFnOnce(&str)) -> String {
    let server = ServerProcess::start();
    requests(&server.base).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    server.log()
}

#[tokio::test]
async fn the_server_logs_one_line_per_request_with_route_status_and_time_and_no_secrets() {
    let secret_password = "Log-me-never-42!";
    let mut session_cookie = String::new();
    let log = served_log(async |base: &str| {
        let http = reqwest::Client::new();
        let body = json!({ "username": "logged_user", "password": secret_password, "email": "logged@example.com",
                           "firstName": "Lo", "lastName": "Gged" });
        assert_eq!(http.post(format!("{base}/api/auth/signup")).json(&body).send().await.unwrap().status(), 201);
        let login = http
            .post(format!("{base}/api/auth/login"))
            .json(&json!({ "username": "logged_user", "password": secret_password }))
            .send()
            .await
            .unwrap();
        session_cookie = login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
        http.get(format!("{base}/api/auth/user")).send().await.unwrap();
        http.get(format!("{base}/api/nothing/here/42")).send().await.unwrap();
    })
    .await;
    let line = log.lines().find(|l| l.contains("route=/api/auth/user ")).unwrap_or_else(|| panic!("{log}"));
    assert!(
        line.contains("INFO") && line.contains("method=GET") && line.contains("status=401") && line.contains("ms=")
    );
    assert!(log.contains("route=/api/auth/login status=200"), "{log}");
    assert!(log.contains("route=/api/{*rest} status=404"), "unknown API paths are logged without the raw path: {log}");
    assert!(!log.contains("/api/nothing/here/42"));
    assert!(!log.contains(secret_password), "the password reached the log");
    let token = session_cookie.split('=').nth(1).unwrap();
    assert!(!log.contains(token), "the session token reached the log");
}

#[tokio::test]
async fn the_demo_community_has_a_leaderboard_whose_balances_equal_the_ledger() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let (client, _) = app.signed_in().await;
    let board = client.get("/api/rewards/leaderboard?limit=200").await.body;
    let board = board.as_array().unwrap();
    assert!(board.len() >= 30, "{}", board.len());
    assert!(board.windows(2).all(|w| w[0]["coins"].as_i64() >= w[1]["coins"].as_i64()));
    let mismatched: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM users u WHERE u.coins <> \
           (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM coin_ledger l WHERE l.user_id = u.id) \
         OR u.lifetime_coins <> (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM coin_ledger l \
           WHERE l.user_id = u.id AND amount > 0)",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(mismatched, 0);
}

#[tokio::test]
async fn admin_give_coins_pays_through_the_ledger() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let out = grow(&app, &["admin", "give-coins", &username, "6000"]).await;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("now has 6000 coins"));
    let client = app.client();
    client.login(&username, PASSWORD, false).await;
    let user = client.get("/api/auth/user").await.body;
    assert_eq!((user["coins"].as_i64(), user["lifetimeCoins"].as_i64()), (Some(6000), Some(6000)));
    // 6,000 lifetime coins is Fresher II: announced like any level reached.
    let notes = client.get("/api/notifications").await.body;
    assert!(notes.as_array().unwrap().iter().any(|n| n["message"] == "Congratulations! You reached Fresher II"));
    let refused = grow(&app, &["admin", "give-coins", &username, "-5"]).await;
    assert!(!refused.status.success());
}

#[tokio::test]
async fn on_sigterm_requests_in_flight_finish_sockets_are_told_to_reconnect_and_the_process_exits_0() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Message};

    let mut server = ServerProcess::start();
    let base = server.base.clone();
    let http = reqwest::Client::new();
    let body = json!({ "username": "stopper", "password": PASSWORD, "email": "stop@example.com",
                       "firstName": "Sto", "lastName": "Pper" });
    http.post(format!("{base}/api/auth/signup")).json(&body).send().await.unwrap();
    let login = json!({ "username": "stopper", "password": PASSWORD });
    let answer = http.post(format!("{base}/api/auth/login")).json(&login).send().await.unwrap();
    let cookie = answer.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let mut request = format!("{}/ws", base.replacen("http", "ws", 1)).into_client_request().unwrap();
    request.headers_mut().insert("cookie", cookie.parse().unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    socket.next().await.unwrap().unwrap(); // ready

    // A login hashes a password: it is still running when the signal arrives.
    let in_flight = tokio::spawn({
        let http = http.clone();
        let url = format!("{base}/api/auth/login");
        async move { http.post(url).json(&login).send().await.map(|r| r.status()) }
    });
    tokio::time::sleep(std::time::Duration::from_millis(15)).await;
    let pid = server.child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());

    assert_eq!(in_flight.await.unwrap().expect("answered"), StatusCode::OK, "the request in flight finished");
    let close = loop {
        match tokio::time::timeout(std::time::Duration::from_secs(5), socket.next()).await.expect("closed in time") {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    };
    assert_eq!(u16::from(close.expect("a close frame with a code").code), 1012, "told to reconnect");
    let mut status = None;
    for _ in 0..100 {
        if let Some(s) = server.child.try_wait().unwrap() {
            status = Some(s);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let status = status.expect("still running 5 s after SIGTERM");
    assert!(status.success(), "exit status {status:?}");
}

#[tokio::test]
async fn the_demo_community_is_connected_with_true_counts() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let wrong: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM users u WHERE u.connection_count <> (SELECT COUNT(*) FROM connections c \
         WHERE c.status = 'accepted' AND (c.requester_id = u.id OR c.target_id = u.id))",
    )
    .fetch_one(app.state.db.pool())
    .await
    .unwrap();
    assert_eq!(wrong, 0);
    let accepted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM connections WHERE status = 'accepted'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(accepted >= 60, "{accepted}");
}

#[tokio::test]
async fn grow_web_dist_serves_a_web_build_from_a_folder_and_nothing_outside_it() {
    let dist = tempfile::tempdir().unwrap();
    std::fs::create_dir(dist.path().join("assets")).unwrap();
    std::fs::write(dist.path().join("index.html"), "<!doctype html><p>a branch build</p>").unwrap();
    std::fs::write(dist.path().join("assets/app-1.js"), "console.log('branch')").unwrap();
    std::fs::write(dist.path().parent().unwrap().join("outside.txt"), "secret").ok();
    let server = ServerProcess::start_with(&[("GROW_WEB_DIST", dist.path().to_str().unwrap())]);
    let get = |path: &str| reqwest::get(format!("{}{path}", server.base));
    for path in ["/", "/explore"] {
        let page = get(path).await.unwrap();
        assert_eq!(page.status(), reqwest::StatusCode::OK);
        assert!(page.text().await.unwrap().contains("a branch build"), "{path}");
    }
    let script = get("/assets/app-1.js").await.unwrap();
    assert!(script.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(script.text().await.unwrap(), "console.log('branch')");
    assert_eq!(get("/assets/gone.js").await.unwrap().status(), reqwest::StatusCode::NOT_FOUND);
    for sneaky in ["/%2e%2e/outside.txt", "/assets/..%2f..%2foutside.txt", "/..%5coutside.txt"] {
        let answer = get(sneaky).await.unwrap();
        assert!(!answer.text().await.unwrap().contains("secret"), "{sneaky}");
    }
}

#[tokio::test]
async fn an_admin_change_from_the_command_line_reaches_open_sessions_within_a_second() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    assert_eq!(client.login(&username, PASSWORD, false).await.status, StatusCode::OK);
    // The session is read (and kept by the server) before the change.
    assert_eq!(client.get("/api/auth/user").await.body["isAdmin"], false);
    for (action, expected) in [("grant", true), ("revoke", false)] {
        let out = grow(&app, &["admin", action, &username]).await;
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let seen = crate::helpers::eventually(std::time::Duration::from_secs(1), async || {
            client.get("/api/auth/user").await.body["isAdmin"] == expected
        })
        .await;
        assert!(seen.is_some(), "{action}: the open session still read isAdmin {}", !expected);
    }
}
