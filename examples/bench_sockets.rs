//! The live channel at scale (issue: messaging). Fills a fresh SQLite database with signed-in people,
//! starts the release `grow serve` on it as its own process, and measures:
//! - 10,000 idle signed-in sockets: the server's resident memory before and after (target: under 250 MB);
//! - 1,000 open sockets, each person sending one direct message over HTTP to the next: the time from
//!   the send to the receiver's `chat_message` frame (target: p99 under 20 ms);
//!
//! beside the bare-axum reference (`bench_reference`'s `/ws`, axum's default socket buffers), whose
//! idle sockets and echo round trips are measured the same way in the same run.
//! `cargo run --release --example bench_sockets [idle] [live]`; `bench/run` runs it.

#[path = "support/mod.rs"]
mod support;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use grow::db::Db;
use support::{free_port, open_many, people, percentile, resident_mb, spawn, wait_up};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// Waits until the server's presence rows number `n`: the writes that opening and closing sockets
/// cause have all landed, so what is measured next is not waiting behind them.
async fn settle(data_dir: &std::path::Path, n: i64) {
    let url = format!("sqlite://{}", data_dir.join("grow.db").display());
    let db = Db::connect(&url).await.unwrap();
    for _ in 0..600 {
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM presence").fetch_one(db.pool()).await.unwrap_or(-1);
        if rows == n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    db.pool().close().await;
}

#[tokio::main]
async fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let idle = args.first().copied().unwrap_or(10_000);
    let live = args.get(1).copied().unwrap_or(1_000).min(idle);
    let bin = std::env::var("GROW_BIN").unwrap_or_else(|_| "target/release/grow".into());
    let reference_bin =
        std::env::var("BENCH_REFERENCE_BIN").unwrap_or_else(|_| "target/release/examples/bench_reference".into());
    let dir = tempfile::tempdir().unwrap();
    let cookies = people(dir.path(), idle).await;

    let (grow_port, reference_port) = (free_port(), free_port());
    let envs = [
        ("PORT", grow_port.to_string()),
        ("GROW_DATA_DIR", dir.path().display().to_string()),
        ("RUST_LOG", "warn".to_string()),
    ];
    let grow = spawn(&bin, &["serve"], &envs);
    let reference = spawn(&reference_bin, &[], &[("PORT", reference_port.to_string())]);
    wait_up(grow_port, "/readyz").await;
    wait_up(reference_port, "/api/auth/user-refresh").await;
    let (grow_pid, reference_pid) = (grow.id().unwrap(), reference.id().unwrap());

    // Idle sockets: what holding them costs.
    let mut idle_figures = Vec::new();
    for (name, port, pid, is_grow) in
        [("grow", grow_port, grow_pid, true), ("reference", reference_port, reference_pid, false)]
    {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = resident_mb(pid);
        let started = Instant::now();
        let sockets = open_many(port, &cookies, idle, is_grow).await;
        let opened = started.elapsed();
        tokio::time::sleep(Duration::from_secs(2)).await;
        let after = resident_mb(pid);
        idle_figures.push((name, before, after, opened));
        drop(sockets);
        if is_grow {
            settle(dir.path(), 0).await;
        }
    }

    // Live sockets: each person sends one message to the next; delivery is timed at the receiver.
    let sockets = open_many(grow_port, &cookies, live, true).await;
    settle(dir.path(), live as i64).await;
    let arrived: Arc<Mutex<Vec<(i64, Instant)>>> = Arc::default();
    let mut readers = Vec::new();
    for socket in sockets {
        let arrived = arrived.clone();
        readers.push(tokio::spawn(async move {
            let (_sink, mut stream) = socket.split();
            while let Some(Ok(frame)) = stream.next().await {
                if let Ok(text) = frame.to_text() {
                    if text.contains("\"chat_message\"") {
                        let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
                        if let Some(id) = value["id"].as_i64() {
                            arrived.lock().await.push((id, Instant::now()));
                        }
                    }
                }
            }
        }));
    }
    let http = reqwest::Client::new();
    let mut sent: Vec<(i64, Instant)> = Vec::with_capacity(live);
    for i in 0..live {
        let (to, _) = &cookies[(i + 1) % live];
        let started = Instant::now();
        let answer = http
            .post(format!("http://127.0.0.1:{grow_port}/api/messages"))
            .header("cookie", &cookies[i].1)
            .json(&serde_json::json!({ "receiverId": to, "content": format!("Hello number {i}") }))
            .send()
            .await
            .unwrap();
        let body: serde_json::Value = answer.json().await.unwrap();
        sent.push((body["id"].as_i64().expect("a message id"), started));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let arrived = arrived.lock().await.clone();
    let mut delivery: Vec<f64> = sent
        .iter()
        .filter_map(|(id, at)| arrived.iter().find(|(a, _)| a == id).map(|(_, t)| (*t - *at).as_secs_f64() * 1000.0))
        .collect();
    delivery.sort_by(f64::total_cmp);
    for reader in readers {
        reader.abort();
    }

    // The reference's round trip on one socket of as many open: an echo, the least a live frame costs.
    let mut held = open_many(reference_port, &cookies, live, false).await;
    let mut echo = Vec::with_capacity(live);
    for (i, socket) in held.iter_mut().enumerate() {
        let started = Instant::now();
        socket.send(Message::Text(format!("Hello number {i}").into())).await.unwrap();
        let _ = socket.next().await;
        echo.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    echo.sort_by(f64::total_cmp);

    println!("sockets: {idle} idle, {live} live");
    for (name, before, after, opened) in &idle_figures {
        println!(
            "{name}: {idle} idle sockets: resident {before:.0} MB before, {after:.0} MB after ({:.1} KiB each), opened in {:.1} s",
            (after - before) * 1024.0 / idle as f64,
            opened.as_secs_f64()
        );
    }
    println!(
        "grow: send to delivery over {} of {live} messages: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        delivery.len(),
        percentile(&delivery, 0.5),
        percentile(&delivery, 0.99),
        delivery.last().copied().unwrap_or_default()
    );
    println!(
        "reference: echo round trip over {live} sockets: p50 {:.2} ms, p99 {:.2} ms",
        percentile(&echo, 0.5),
        percentile(&echo, 0.99)
    );
    drop(grow);
    drop(reference);
}
