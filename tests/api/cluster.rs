//! Past one machine: three instances on one PostgreSQL database and one S3 store (s3s-fs), people
//! spread across them. Sessions, chat, notifications and their live badge, uploads, coins and the
//! search index agree on all three; then one instance is killed (SIGKILL, mid-run) and nothing it
//! acknowledged is lost while its people reconnect to the others.

use std::{net::SocketAddr, time::Duration};

use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    chat::frame_of,
    helpers::{
        eventually, on_postgres, open_socket_at, session_cookie_of, signup_body, spawn_app_with, Client, PASSWORD,
    },
    s3::{config, s3_server, S3Server, SECRET},
};

/// An instance of its own process, so it can be killed as a machine dies.
struct Process {
    addr: SocketAddr,
    child: tokio::process::Child,
    _data_dir: tempfile::TempDir,
}

async fn process(database_url: &str, s3: &grow::files::s3::S3Config) -> Process {
    let data_dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = tokio::process::Command::new(env!("CARGO_BIN_EXE_grow"))
        .arg("serve")
        .env("PORT", port.to_string())
        .env("GROW_DATA_DIR", data_dir.path())
        .env("DATABASE_URL", database_url)
        .env("GROW_S3_BUCKET", &s3.bucket)
        .env("GROW_S3_ENDPOINT", &s3.endpoint)
        .env("GROW_S3_ACCESS_KEY", &s3.access_key)
        .env("GROW_S3_SECRET_KEY", &s3.secret_key)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start grow");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    assert!(healthy_within(addr, Duration::from_secs(10)).await, "an instance did not come up");
    Process { addr, child, _data_dir: data_dir }
}

/// True once `/healthz` at `addr` answers 200 (an instance's, or the balancer's in front of them).
async fn healthy_within(addr: SocketAddr, within: Duration) -> bool {
    let up = async || reqwest::get(format!("http://{addr}/healthz")).await.is_ok_and(|r| r.status().is_success());
    eventually(within, up).await.is_some()
}

/// Three instances on one PostgreSQL database and one s3s-fs bucket: one in this process, two of
/// their own (killable); the S3 server lives as long as this does.
struct Three {
    first: crate::helpers::TestApp,
    second: Process,
    third: Process,
    _s3: S3Server,
}

/// `None` off PostgreSQL or without s3s-fs.
async fn three_instances() -> Option<Three> {
    if !on_postgres() {
        return None;
    }
    let s3 = s3_server().await?;
    let store = config(&s3, SECRET);
    let first = spawn_app_with(|c| c.s3 = Some(store.clone())).await;
    let second = process(&first.database_url(), &store).await;
    let third = process(&first.database_url(), &store).await;
    Some(Three { first, second, third, _s3: s3 })
}

/// Signs a new person up and in on one instance; their cookie and id.
async fn person(addr: SocketAddr, role: &str) -> (String, i64) {
    let anyone = Client { base: format!("http://{addr}"), http: reqwest::Client::new() };
    let body = signup_body(json!({ "role": role }));
    let made = anyone.post("/api/auth/signup", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let login = anyone.login(body["username"].as_str().unwrap(), PASSWORD, false).await;
    (session_cookie_of(&login), made.body["user"]["id"].as_i64().unwrap())
}

/// True once `check` holds for this person's answer to `path` on every one of these instances, within 10 s.
async fn on_all(addrs: &[SocketAddr], cookie: &str, path: &str, check: impl Fn(&Value) -> bool) -> bool {
    on_all_within(Duration::from_secs(10), addrs, cookie, path, check).await
}

async fn on_all_within(
    within: Duration,
    addrs: &[SocketAddr],
    cookie: &str,
    path: &str,
    check: impl Fn(&Value) -> bool,
) -> bool {
    let clients: Vec<Client> = addrs.iter().map(|addr| Client::with_cookie(*addr, cookie)).collect();
    let agree = async || {
        for client in &clients {
            if !check(&client.get(path).await.body) {
                return false;
            }
        }
        true
    };
    eventually(within, agree).await.is_some()
}

#[tokio::test]
async fn on_postgresql_three_instances_agree_on_everything_and_losing_one_loses_nothing_acknowledged() {
    let Some(Three { first, second, mut third, _s3 }) = three_instances().await else { return };
    let addrs = [first.addr, second.addr, third.addr];

    // Ann signs up on the first, Bob on the second, Carl on the third.
    let (ann, _ann_id) = person(addrs[0], "explorer").await;
    let (bob, bob_id) = person(addrs[1], "collaborator").await;
    let (carl, carl_id) = person(addrs[2], "innovator").await;

    // Sessions: each cookie works on every instance.
    for addr in addrs {
        for (cookie, id) in [(&ann, None), (&bob, Some(bob_id)), (&carl, Some(carl_id))] {
            let me = Client::with_cookie(addr, cookie).get("/api/auth/user").await;
            assert_eq!(me.status, StatusCode::OK, "{addr}");
            if let Some(id) = id {
                assert_eq!(me.body["id"], id);
            }
        }
    }
    let mut bob_socket = open_socket_at(addrs[1], &bob).await;
    let mut carl_socket = open_socket_at(addrs[2], &carl).await;

    // Chat: sent through the first, live on the second, read through the third.
    let sent = Client::with_cookie(addrs[0], &ann)
        .post("/api/messages", &json!({ "receiverId": bob_id, "content": "Hello across" }))
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    assert_eq!(frame_of(&mut bob_socket, &["chat_message"]).await["id"], sent.body["id"]);
    let ann_id = sent.body["senderId"].as_i64().unwrap();
    let thread = Client::with_cookie(addrs[2], &bob).get(&format!("/api/messages/{ann_id}")).await;
    assert!(thread.body.to_string().contains("Hello across"), "{}", thread.body);

    // A project made on the third, supported from the second: the owner's badge moves live on the
    // third, the count is the same everywhere, and the supporter's coins show on every instance.
    let title = "Quasarine lanterns for night markets";
    let made = Client::with_cookie(addrs[2], &carl)
        .post("/api/projects", &json!({ "title": title, "description": "Solar light", "isPublished": true }))
        .await;
    let project = made.body["id"].as_i64().unwrap();
    let unread_before =
        Client::with_cookie(addrs[2], &carl).get("/api/notifications/count").await.body["count"].as_i64().unwrap();
    // Each instance keeps Carl's unread count and first page once he asks (for up to a minute): a new
    // notification must show on every one within moments (the live bridge lets them go), not when that time is up.
    let (count, list) = ("/api/notifications/count", "/api/notifications");
    for addr in addrs {
        assert_eq!(Client::with_cookie(addr, &carl).get(count).await.body["count"], unread_before);
        assert_eq!(Client::with_cookie(addr, &carl).get(list).await.status, StatusCode::OK);
    }
    let coins_before = Client::with_cookie(addrs[1], &bob).get("/api/auth/user").await.body["coins"].as_i64().unwrap();
    // Each instance keeps the leaderboard's head once it is looked at, for up to 10 s: Bob's new balance
    // must show on every one within moments (the live bridge lets the head go), not when that time is up.
    let board = "/api/rewards/leaderboard";
    for addr in addrs {
        assert_eq!(Client::with_cookie(addr, &ann).get(board).await.status, StatusCode::OK);
    }
    let supported = Client::with_cookie(addrs[1], &bob).post_empty(&format!("/api/projects/{project}/support")).await;
    assert!(supported.status.is_success(), "{}", supported.body);
    let listed_richer = |b: &Value| {
        let richer = |e: &Value| e["id"] == bob_id && e["coins"].as_i64() == Some(coins_before + 25);
        b.as_array().is_some_and(|list| list.iter().any(richer))
    };
    assert!(on_all_within(Duration::from_secs(3), &addrs, &ann, board, listed_richer).await);
    // Each instance also keeps who a block hides from Ann since her last look (for up to a minute): a block she
    // makes through the first hides Bob from her on every one within moments.
    let blocked = Client::with_cookie(addrs[0], &ann).post_empty(&format!("/api/users/{bob_id}/block")).await;
    assert_eq!(blocked.status, StatusCode::NO_CONTENT);
    let without_bob = |b: &Value| b.as_array().is_some_and(|list| !list.iter().any(|e| e["id"] == bob_id));
    assert!(on_all_within(Duration::from_secs(3), &addrs, &ann, board, without_bob).await);
    // Creating the project unlocked Carl's first-project achievement: its frame may come first.
    let mut told = frame_of(&mut carl_socket, &["notification"]).await;
    while told["notificationType"] == "reward" {
        told = frame_of(&mut carl_socket, &["notification"]).await;
    }
    assert_eq!(told["notificationType"], "project_support");
    let one_more = |b: &Value| b["count"].as_i64() == Some(unread_before + 1);
    assert!(on_all_within(Duration::from_secs(3), &addrs, &carl, count, one_more).await);
    let support_first = |b: &Value| b[0]["type"] == "project_support" && b[0]["isRead"] == false;
    assert!(on_all_within(Duration::from_secs(3), &addrs, &carl, list, support_first).await);
    // Read through the first: read on every instance within moments.
    let read = Client::with_cookie(addrs[0], &carl).post_empty("/api/notifications/read-all").await;
    assert_eq!(read.status, StatusCode::OK);
    assert!(on_all_within(Duration::from_secs(3), &addrs, &carl, count, |b| b["count"] == 0).await);
    assert!(on_all_within(Duration::from_secs(3), &addrs, &carl, list, |b| b[0]["isRead"] == true).await);
    let richer = |b: &Value| b["coins"].as_i64() == Some(coins_before + 25);
    assert!(on_all(&addrs, &bob, "/api/auth/user-refresh", richer).await);

    // A file uploaded through the first is served whole by the other two.
    let bytes = b"%PDF-1.4\nthe plan for the lanterns\n".to_vec();
    let part =
        reqwest::multipart::Part::bytes(bytes.clone()).file_name("plan.pdf").mime_str("application/pdf").unwrap();
    let uploaded = Client::with_cookie(addrs[0], &ann)
        .http
        .post(format!("http://{}/api/upload", addrs[0]))
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap();
    let url = Client::answer(uploaded).await.body["fileUrl"].as_str().unwrap().to_string();
    for addr in &addrs[1..] {
        let served = reqwest::get(format!("http://{addr}{url}")).await.unwrap().bytes().await.unwrap();
        assert_eq!(served.to_vec(), bytes, "{addr}");
    }

    // The search index of every instance finds the new project.
    let found = |b: &Value| b.to_string().contains(title);
    assert!(on_all(&addrs, &ann, "/api/search?q=quasarine", found).await);

    // Carl writes to Ann through the third while it is killed mid-run (once 20 were acknowledged,
    // however fast the machine is).
    let carl_on_third = Client::with_cookie(addrs[2], &carl);
    let so_far = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = so_far.clone();
    let writer = tokio::spawn(async move {
        let mut acknowledged = Vec::new();
        for i in 0..150 {
            let body = json!({ "receiverId": ann_id, "content": format!("note {i}") });
            let sending = carl_on_third.http.post(format!("{}/api/messages", carl_on_third.base)).json(&body).send();
            match tokio::time::timeout(Duration::from_secs(5), sending).await {
                Ok(Ok(answer)) if answer.status() == StatusCode::CREATED => acknowledged.push(format!("note {i}")),
                _ => break, // the instance died under this request: not acknowledged
            }
            counted.store(acknowledged.len(), std::sync::atomic::Ordering::Relaxed);
        }
        acknowledged
    });
    let twenty = async || so_far.load(std::sync::atomic::Ordering::Relaxed) >= 20;
    assert!(eventually(Duration::from_secs(20), twenty).await.is_some(), "Carl's messages were not acknowledged");
    third.child.start_kill().unwrap();
    third.child.wait().await.unwrap();
    let acknowledged = tokio::time::timeout(Duration::from_secs(20), writer).await.unwrap().unwrap();
    assert!(!acknowledged.is_empty() && acknowledged.len() < 150, "killed mid-run: {}", acknowledged.len());

    // Carl's socket on the dead instance ends; he reconnects to the first with the same session.
    let ended =
        tokio::time::timeout(Duration::from_secs(10), async { while let Some(Ok(_)) = carl_socket.next().await {} })
            .await;
    assert!(ended.is_ok(), "the dead instance's socket never ended");
    let mut carl_again = open_socket_at(addrs[0], &carl).await;
    let ann_on_second = Client::with_cookie(addrs[1], &ann);
    let thread = ann_on_second.get(&format!("/api/messages/{carl_id}?limit=200")).await.body.to_string();
    for note in &acknowledged {
        assert!(thread.contains(&format!("\"{note}\"")), "{note} was acknowledged and then lost");
    }
    // Life goes on: Ann's reply through the second reaches Carl on the first.
    let reply = ann_on_second.post("/api/messages", &json!({ "receiverId": carl_id, "content": "Got them all" })).await;
    assert_eq!(reply.status, StatusCode::CREATED);
    // Frames of the messages sent while the instance died may still be on their way: the reply's comes after.
    let reached = tokio::time::timeout(Duration::from_secs(10), async {
        while frame_of(&mut carl_again, &["chat_message"]).await["id"] != reply.body["id"] {}
    })
    .await;
    assert!(reached.is_ok(), "the reply never reached Carl on the first instance");
}

/// Debian's nginx in front of the instances, configured as docs/scaling.md says (round robin, WebSocket
/// upgrades passed through, a refused connection tried on the next instance). `None` when nginx is
/// not installed and `GROW_REQUIRE_NGINX` is not set (scripts/test installs it and sets it).
struct Nginx {
    addr: SocketAddr,
    child: tokio::process::Child,
    _dir: tempfile::TempDir,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

async fn nginx(backends: &[SocketAddr]) -> Option<Nginx> {
    let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].into_iter().find(|p| std::path::Path::new(p).exists());
    let Some(binary) = binary else {
        assert!(std::env::var("GROW_REQUIRE_NGINX").is_err(), "nginx is not installed: scripts/test installs it");
        eprintln!("skipped: nginx is not installed");
        return None;
    };
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let servers: String =
        backends.iter().map(|addr| format!("        server {addr} max_fails=2 fail_timeout=5s;\n")).collect();
    let d = dir.path().display();
    let conf = format!(
        r#"worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    upstream grow {{
{servers}        keepalive 64;
    }}
    map $http_upgrade $connection_upgrade {{ default upgrade; '' ''; }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 64m;
        location / {{
            proxy_pass http://grow;
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_read_timeout 90s;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"#
    );
    let conf_path = dir.path().join("nginx.conf");
    std::fs::write(&conf_path, conf).unwrap();
    let child = tokio::process::Command::new(binary)
        .args(["-p", &d.to_string(), "-c", &conf_path.display().to_string(), "-g", "daemon off;"])
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start nginx");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let error_log = dir.path().join("error.log");
    assert!(
        healthy_within(addr, Duration::from_secs(5)).await,
        "nginx did not come up: {}",
        std::fs::read_to_string(error_log).unwrap_or_default()
    );
    Some(Nginx { addr, child, _dir: dir })
}

#[tokio::test]
async fn on_postgresql_behind_nginx_three_instances_serve_one_address_and_survive_losing_one() {
    let Some(Three { first, second, mut third, _s3 }) = three_instances().await else { return };
    let Some(balancer) = nginx(&[first.addr, second.addr, third.addr]).await else { return };
    let front = balancer.addr;

    // Everything through the one address: the balancer sends each request to the next instance.
    let (ann, ann_id) = person(front, "explorer").await;
    let (bob, bob_id) = person(front, "collaborator").await;
    let ann_client = Client::with_cookie(front, &ann);
    for _ in 0..6 {
        let me = ann_client.get("/api/auth/user").await;
        assert_eq!((me.status, me.body["id"].as_i64()), (StatusCode::OK, Some(ann_id)));
    }

    // Bob's three tabs, one socket each, spread by the balancer; a message reaches all three live.
    let mut tabs = Vec::new();
    for _ in 0..3 {
        tabs.push(open_socket_at(front, &bob).await);
    }
    let hello = ann_client.post("/api/messages", &json!({ "receiverId": bob_id, "content": "Through nginx" })).await;
    assert_eq!(hello.status, StatusCode::CREATED, "{}", hello.body);
    for tab in &mut tabs {
        assert_eq!(frame_of(tab, &["chat_message"]).await["id"], hello.body["id"]);
    }
    let count = |b: &Value| b["count"].as_i64().is_some_and(|n| n >= 1);
    assert!(on_all(&[front; 3], &bob, "/api/notifications/count", count).await);

    // One instance dies: every request through the balancer still answers, reads and writes alike.
    third.child.start_kill().unwrap();
    third.child.wait().await.unwrap();
    for i in 0..6 {
        let me = ann_client.get("/api/auth/user").await;
        assert_eq!(me.status, StatusCode::OK, "read {i} after the loss");
        let sent =
            ann_client.post("/api/messages", &json!({ "receiverId": bob_id, "content": format!("after {i}") })).await;
        assert_eq!(sent.status, StatusCode::CREATED, "write {i} after the loss: {}", sent.body);
    }

    // The tab whose socket was on the dead instance sees it end and reconnects through the balancer;
    // the others never noticed. Then one more message reaches every tab.
    let mut ended = 0;
    for tab in &mut tabs {
        let lost = tokio::time::timeout(Duration::from_secs(2), async {
            loop {
                match tab.next().await {
                    Some(Ok(_)) => {}
                    _ => return,
                }
            }
        })
        .await;
        if lost.is_ok() {
            *tab = open_socket_at(front, &bob).await;
            ended += 1;
        }
    }
    assert!((1..3).contains(&ended), "the balancer spread the tabs, so some but not all were on the dead one: {ended}");
    let last = ann_client.post("/api/messages", &json!({ "receiverId": bob_id, "content": "All here?" })).await;
    assert_eq!(last.status, StatusCode::CREATED);
    for tab in &mut tabs {
        // A tab that reconnected may first get a frame announced just before (it came over the bridge
        // after the new socket registered): what counts is that the last one arrives.
        for earlier in 0.. {
            assert!(earlier < 8, "the last message never reached a tab");
            if frame_of(tab, &["chat_message"]).await["id"] == last.body["id"] {
                break;
            }
        }
    }
}
