//! Faults from outside: the database gone for a while, the disk full under uploads, a client that
//! opens a socket and never reads, and an upload that trickles in. Each answers clearly, keeps
//! nothing half-written, and leaves everyone else served.

use std::{
    net::SocketAddr,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use reqwest::StatusCode;
use serde_json::json;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
    task::JoinHandle,
};

use crate::{
    helpers::{
        eventually, on_postgres, open_socket, session_cookie_of, socket_over, spawn_app, spawn_app_with, Socket,
        PASSWORD,
    },
    uploads::upload,
};

/// A TCP relay between the app and its database that can be cut (every link dropped, new ones
/// refused) and restored: the database "gone" without stopping a server other tests share.
struct Relay {
    addr: SocketAddr,
    up: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<JoinHandle<()>>>>,
    accepting: JoinHandle<()>,
}

impl Relay {
    async fn to(target: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let links: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let accepting = tokio::spawn({
            let (up, links) = (up.clone(), links.clone());
            async move {
                while let Ok((mut inbound, _)) = listener.accept().await {
                    if !up.load(Ordering::SeqCst) {
                        continue; // dropped: the connection is refused as a dead server's would be
                    }
                    let Ok(mut outbound) = TcpStream::connect(&target).await else { continue };
                    let link = tokio::spawn(async move {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    });
                    links.lock().unwrap().push(link);
                }
            }
        });
        Self { addr, up, links, accepting }
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.accepting.abort();
        self.cut();
    }
}

/// How long the database stays gone: 6 s here, `GROW_FAULT_OUTAGE_SECS=30` for the full form.
fn outage() -> Duration {
    let secs = std::env::var("GROW_FAULT_OUTAGE_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(6);
    Duration::from_secs(secs)
}

#[tokio::test]
async fn on_postgresql_the_database_gone_answers_503_with_a_message_then_recovers_without_a_restart() {
    if !on_postgres() {
        return; // the embedded database cannot go away from under its own process
    }
    let admin = reqwest::Url::parse(&std::env::var("GROW_TEST_DATABASE_URL").unwrap()).unwrap();
    let relay = Relay::to(format!("{}:{}", admin.host_str().unwrap(), admin.port().unwrap_or(5432))).await;
    let app = spawn_app_with(|config| {
        let mut url = reqwest::Url::parse(config.database_url.as_deref().unwrap()).unwrap();
        url.set_host(Some("127.0.0.1")).unwrap();
        url.set_port(Some(relay.addr.port())).unwrap();
        config.database_url = Some(url.to_string());
        // The outage is asked about as fast as it answers: more logins from this address than its budget allows.
        config.budgets.open_calls = u32::MAX;
    })
    .await;
    let (client, _) = app.signed_in().await;
    let (stranger, _) = app.signup(json!({})).await;
    let before = client.patch("/api/users/profile", &json!({ "bio": "Before the outage" })).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.body);

    relay.cut();
    let gone = Instant::now();
    let mut rounds = 0;
    while gone.elapsed() < outage() || rounds == 0 {
        rounds += 1;
        let asked = Instant::now();
        let (during, newcomer) = (json!({ "bio": "Written during the outage" }), app.client());
        let (write, read, login, ready) = tokio::join!(
            client.patch("/api/users/profile", &during),
            client.get("/api/notifications"),
            newcomer.login(&stranger, PASSWORD, false),
            reqwest::get(app.url("/readyz")),
        );
        for (what, answer) in [("a write", &write), ("a read", &read), ("a login", &login)] {
            assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {}", answer.body);
            assert!(answer.message().contains("try again"), "{what}: {}", answer.body);
        }
        assert_eq!(ready.unwrap().status(), StatusCode::SERVICE_UNAVAILABLE);
        // Each answer comes within the connection wait, never the whole request's time.
        assert!(asked.elapsed() < Duration::from_secs(12), "answered after {:?}", asked.elapsed());
    }

    relay.restore();
    let recovered =
        eventually(Duration::from_secs(20), async || client.get("/api/notifications").await.status == StatusCode::OK)
            .await;
    assert!(recovered.is_some(), "the app did not recover once the database was back");
    let me = client.get("/api/auth/user").await;
    assert_eq!(me.body["bio"], "Before the outage", "a refused write left a trace: {}", me.body);
    let after = client.patch("/api/users/profile", &json!({ "bio": "After the outage" })).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(app.client().login(&stranger, PASSWORD, false).await.status, StatusCode::OK);
    assert_eq!(reqwest::get(app.url("/readyz")).await.unwrap().status(), StatusCode::OK);
}

/// Unmounts the small file system when the test ends, however it ends.
struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

fn a_pdf(bytes: usize) -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n".to_vec();
    pdf.resize(bytes, b'x');
    pdf
}

#[tokio::test]
async fn with_the_disk_full_an_upload_is_refused_clearly_and_nothing_half_written_is_left() {
    let app = spawn_app().await;
    let files = app.data_dir().join("files");
    std::fs::create_dir_all(&files).unwrap();
    // A 512 KiB file system where the uploads go (this needs root, as the test machine runs).
    let mount = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=512k", "tmpfs"])
        .arg(&files)
        .stderr(std::process::Stdio::null())
        .status();
    if !mount.is_ok_and(|status| status.success()) {
        // scripts/test runs as root and sets GROW_REQUIRE_MOUNT: there a failed mount is a failure, not a skip.
        assert!(
            std::env::var("GROW_REQUIRE_MOUNT").is_err(),
            "could not mount a small tmpfs (scripts/test needs root)"
        );
        eprintln!("skipped: mounting a small tmpfs needs root");
        return;
    }
    let _mounted = Mounted(files.clone());
    let (client, _) = app.signed_in().await;

    let fits = upload(&client, "file", vec![("fits.pdf", "application/pdf", a_pdf(200 * 1024))]).await;
    assert_eq!(fits.status, StatusCode::OK, "{}", fits.body);
    let too_big = upload(&client, "file", vec![("too-big.pdf", "application/pdf", a_pdf(400 * 1024))]).await;
    assert_eq!(too_big.status, StatusCode::SERVICE_UNAVAILABLE, "{}", too_big.body);
    assert!(too_big.message().contains("no room to store this file"), "{}", too_big.body);

    let left: Vec<String> =
        std::fs::read_dir(&files).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(left.len(), 1, "only the file that fitted is kept, no part of the other: {left:?}");
    let url = fits.body["fileUrl"].as_str().unwrap();
    let served = client.http.get(app.url(url)).send().await.unwrap().bytes().await.unwrap();
    assert_eq!(served.to_vec(), a_pdf(200 * 1024), "the stored file is whole");
    // The room the refused file would have taken is free again: a smaller one still fits.
    let smaller = upload(&client, "file", vec![("small.pdf", "application/pdf", a_pdf(100 * 1024))]).await;
    assert_eq!(smaller.status, StatusCode::OK, "{}", smaller.body);
}

#[tokio::test]
async fn an_upload_that_trickles_in_is_cut_off_at_the_request_timeout_while_others_are_served() {
    let app = spawn_app_with(|config| config.request_timeout = Duration::from_secs(2)).await;
    let (username, _) = app.signup(json!({})).await;
    let client = app.client();
    let cookie = session_cookie_of(&client.login(&username, PASSWORD, false).await);

    let mut slow = TcpStream::connect(app.addr).await.unwrap();
    let head = format!(
        "POST /api/upload HTTP/1.1\r\nHost: {}\r\nCookie: {cookie}\r\n\
         Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 200000\r\n\r\n\
         --XX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.pdf\"\r\n\
         Content-Type: application/pdf\r\n\r\n%PDF-1.4\n",
        app.addr
    );
    slow.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let (mut reading, mut writing) = slow.into_split();
    let trickle = tokio::spawn(async move {
        // A byte every 200 ms: the whole body would take 11 hours.
        while writing.write_all(b"x").await.is_ok() {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });

    // Meanwhile everyone else is served as usual.
    let other = client.get("/api/auth/user").await;
    assert_eq!(other.status, StatusCode::OK);

    let mut answer = vec![0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(10), reading.read(&mut answer)).await;
    trickle.abort();
    let n = read.expect("the server answered the slow upload in time").unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("took too long"), "{answer}");
    assert!(started.elapsed() >= Duration::from_secs(2), "cut off only at the request timeout");
}

/// A socket whose receive buffer is tiny and which is never read once it is ready: a tab frozen
/// by the phone, or a client that means harm.
async fn stalled_socket(app: &crate::helpers::TestApp, cookie: &str) -> Socket {
    let tcp = tokio::net::TcpSocket::new_v4().unwrap();
    tcp.set_recv_buffer_size(2048).unwrap();
    socket_over(app.addr, cookie, tcp.connect(app.addr).await.unwrap()).await
}

#[tokio::test]
async fn sockets_that_never_read_are_dropped_and_every_other_socket_still_gets_every_frame() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    const MESSAGES: usize = 300;
    let app = spawn_app_with(|config| config.ws_idle_timeout = Duration::from_secs(3)).await;
    let (ann_name, _) = app.signup(json!({})).await;
    let (bob_name, bob) = app.signup(json!({})).await;
    let ann_client = app.client();
    ann_client.login(&ann_name, PASSWORD, false).await;
    let bob_cookie = session_cookie_of(&app.client().login(&bob_name, PASSWORD, false).await);

    let mut stalled = Vec::new();
    for _ in 0..20 {
        stalled.push(stalled_socket(&app, &bob_cookie).await);
    }
    let mut reading = open_socket(&app, &bob_cookie).await;
    let listener = tokio::spawn(async move {
        let (mut seen, mut ping) = (0, tokio::time::interval(Duration::from_secs(1)));
        while seen < MESSAGES {
            tokio::select! {
                frame = reading.next() => match frame {
                    Some(Ok(Message::Text(text))) => {
                        seen += usize::from(text.contains("\"chat_message\""));
                    }
                    Some(Ok(_)) => {}
                    _ => break,
                },
                _ = ping.tick() => {
                    let ping = Message::Text(json!({ "type": "ping" }).to_string().into());
                    if reading.send(ping).await.is_err() { break }
                }
            }
        }
        seen
    });

    let content = "a message for someone whose phone froze ".repeat(50);
    let sending = futures_util::stream::iter(0..MESSAGES)
        .map(|i| {
            let (ann_client, body) =
                (ann_client.clone(), json!({ "receiverId": bob["id"], "content": format!("{i} {content}") }));
            async move { (i, ann_client.post("/api/messages", &body).await) }
        })
        .buffer_unordered(8);
    for (i, sent) in sending.collect::<Vec<_>>().await {
        assert!(sent.status.is_success(), "message {i}: {} {}", sent.status, sent.body);
    }
    let seen = tokio::time::timeout(Duration::from_secs(20), listener).await.expect("every frame reached the reader");
    assert_eq!(seen.unwrap(), MESSAGES, "the reading socket missed frames");

    // Each stalled socket is closed by the server: what was sent before is there, then the end. They
    // are drained side by side: through a 2 KB receive window each takes seconds to empty.
    let drained = stalled.into_iter().map(|mut socket| async move {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Close(_) = message {
                return;
            }
        }
    });
    let ended = tokio::time::timeout(Duration::from_secs(30), futures_util::future::join_all(drained)).await;
    assert!(ended.is_ok(), "a stalled socket was never closed");
}

/// A duplicate that gets past an area's own check (two racing requests) is one mapping in `error.rs`: a 409
/// with a message, on either database, never a 500.
#[tokio::test]
async fn a_write_that_meets_a_unique_key_is_a_409_with_a_message() {
    use axum::response::IntoResponse;
    let app = crate::helpers::spawn_app().await;
    let (_, user) = app.signed_in().await;
    let insert = "INSERT INTO coin_caps (user_id, reason, day, paid) VALUES ($1, 'task', 1, 1)";
    let id = user["id"].as_i64().unwrap();
    sqlx::query(insert).bind(id).execute(app.state.db.pool()).await.unwrap();
    let duplicate = sqlx::query(insert).bind(id).execute(app.state.db.pool()).await.unwrap_err();
    let answer = grow::error::AppError::from(duplicate).into_response();
    assert_eq!(answer.status(), StatusCode::CONFLICT);
    let body = axum::body::to_bytes(answer.into_body(), 4096).await.unwrap();
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
}
