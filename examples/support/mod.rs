//! What the load generators in `examples/` share: starting processes, signed-in people written
//! straight into a fresh database, opening sockets and reading figures.
#![allow(dead_code)] // each example uses its own part

use std::{process::Stdio, time::Duration};

use futures_util::StreamExt;

use grow::db::Db;
use tokio::process::Child;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub fn resident_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

pub async fn wait_up(port: u16, path: &str) {
    let client = reqwest::Client::new();
    for _ in 0..300 {
        if client.get(format!("http://127.0.0.1:{port}{path}")).send().await.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("port {port} did not come up");
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// People with sessions written straight into the database (no password hashing): their cookies.
pub async fn people(data_dir: &std::path::Path, n: usize) -> Vec<(i64, String)> {
    std::fs::create_dir_all(data_dir).unwrap();
    let url = format!("sqlite://{}?mode=rwc", data_dir.join("grow.db").display());
    let db = Db::connect(&url).await.unwrap();
    db.migrate().await.unwrap();
    let mut tx = db.begin().await.unwrap();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let name = format!("sock{i}");
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, \
             created_at, updated_at) VALUES ($1, $1, $2, $2, '!', 'Sock', 'Et', 1, 1) RETURNING id",
        )
        .bind(&name)
        .bind(format!("{name}@example.com"))
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        let token = grow::auth::session::create(&mut tx, id).await.unwrap();
        out.push((id, format!("grow_session={token}")));
    }
    tx.commit().await.unwrap();
    db.pool().close().await;
    out
}

pub async fn open(port: u16, cookie: Option<&str>) -> Socket {
    let mut request = format!("ws://127.0.0.1:{port}/ws").into_client_request().unwrap();
    if let Some(cookie) = cookie {
        request.headers_mut().insert("cookie", cookie.parse().unwrap());
    }
    let (socket, _) = tokio_tungstenite::connect_async(request).await.expect("upgrade");
    socket
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

pub fn spawn(cmd: &str, args: &[&str], envs: &[(&str, String)]) -> Child {
    let mut command = tokio::process::Command::new(cmd);
    command.args(args).stdout(Stdio::null()).stderr(Stdio::inherit()).kill_on_drop(true);
    for (k, v) in envs {
        command.env(k, v);
    }
    command.spawn().unwrap_or_else(|err| panic!("starting {cmd}: {err}"))
}

/// Opens `n` sockets, 200 at a time; Grow's are counted once their `ready` frame came.
pub async fn open_many(port: u16, cookies: &[(i64, String)], n: usize, grow: bool) -> Vec<Socket> {
    let mut sockets = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(200) {
        let opened = futures_util::future::join_all(chunk.iter().map(|i| {
            let cookie = grow.then(|| cookies[*i].1.clone());
            async move {
                let mut socket = open(port, cookie.as_deref()).await;
                if grow {
                    let first = socket.next().await.expect("a frame").expect("a frame");
                    assert!(first.to_text().unwrap_or_default().contains("ready"), "{first:?}");
                }
                socket
            }
        }))
        .await;
        sockets.extend(opened);
    }
    sockets
}
