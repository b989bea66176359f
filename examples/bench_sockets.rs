//! The live channel and memory at scale (issue: capacity). Fills a fresh SQLite database with signed-in
//! people, starts the release `grow serve` on it as its own process pinned to one core
//! (`BENCH_SERVER_CPU`, default 0), and measures, printing one `key value` line per figure:
//! - resident memory when fresh, after `signups` real sign-ups over HTTP (each from its own address,
//!   each a real password hash), and with `idle` signed-in sockets open on top (targets: under 200 MiB
//!   with 10,000 of each; at most 10 KiB per idle socket);
//! - `pairs` pairs of people with sockets open, all chatting at once: each sends a direct message to their
//!   partner every two seconds (the fastest their message budget allows), five each; the time from the send
//!   to the partner's `chat_message` frame, which must carry the message's content (target: p99 under 20 ms
//!   with 500 pairs); then a burst, everyone sending in the same instant, reported beside it;
//! - a room of `room` members of whom the `pairs * 2` above have sockets open: a message from a member
//!   without a socket, ten times, timed from the send to each open socket's `community_message` frame
//!   (target: p99 under 100 ms with 10,000 members and 1,000 sockets);
//!
//! beside the bare-axum reference (`bench_reference`'s `/ws`, axum's default socket buffers), whose idle
//! sockets and echo round trips are measured the same way, while Grow is paused.
//! `bench_sockets [signups] [idle] [pairs] [room]`; `bench/run` runs it pinned to the other core.

#[path = "support/mod.rs"]
mod support;

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use grow::db::Db;
use support::{free_port, open_many, people, percentile, resident_mb, spawn, wait_up, Socket};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

async fn database(data_dir: &std::path::Path) -> Db {
    Db::connect(&format!("sqlite://{}", data_dir.join("grow.db").display())).await.unwrap()
}

/// Waits until the server's presence rows number `n`: the writes that opening and closing sockets
/// cause have all landed, so what is measured next is not waiting behind them.
async fn settle(db: &Db, n: i64) {
    for _ in 0..600 {
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM presence").fetch_one(db.pool()).await.unwrap_or(-1);
        if rows == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Stops or resumes a process (the reference is measured alone).
fn signal(pid: u32, which: &str) {
    let _ = std::process::Command::new("kill").args([which, &pid.to_string()]).status();
}

/// Frames of a kind by message id: which socket (its person's index) got one, when, and the content it carried.
type Arrivals = Arc<Mutex<HashMap<i64, Vec<(usize, Instant, String)>>>>;

/// Reads every socket until aborted, noting frames of `kind`.
fn listen(sockets: Vec<Socket>, kind: &'static str, arrived: &Arrivals) -> Vec<tokio::task::JoinHandle<()>> {
    sockets
        .into_iter()
        .enumerate()
        .map(|(person, socket)| {
            let arrived = arrived.clone();
            tokio::spawn(async move {
                let (_sink, mut stream) = socket.split();
                while let Some(Ok(frame)) = stream.next().await {
                    let at = Instant::now();
                    let Ok(text) = frame.to_text() else { continue };
                    if !text.contains(kind) {
                        continue;
                    }
                    let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
                    if let (Some(id), Some(content)) = (value["id"].as_i64(), value["message"]["content"].as_str()) {
                        arrived.lock().await.entry(id).or_default().push((person, at, content.to_string()));
                    }
                }
            })
        })
        .collect()
}

/// How often each person of a pair sends while chatting: the message budget's pace (450 in 15 minutes).
const PACE: Duration = Duration::from_secs(2);

fn line(key: &str, value: f64) {
    println!("{key} {value:.2}");
}

fn count(key: &str, n: usize) {
    println!("{key} {n}");
}

#[tokio::main]
async fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let signups = args.first().copied().unwrap_or(10_000);
    let idle = args.get(1).copied().unwrap_or(10_000);
    let pairs = args.get(2).copied().unwrap_or(500).min(idle / 2);
    let room = args.get(3).copied().unwrap_or(10_000).clamp(pairs * 2 + 1, idle);
    let bin = std::env::var("GROW_BIN").unwrap_or_else(|_| "target/release/grow".into());
    let reference_bin =
        std::env::var("BENCH_REFERENCE_BIN").unwrap_or_else(|_| "target/release/examples/bench_reference".into());
    let cpu = std::env::var("BENCH_SERVER_CPU").unwrap_or_else(|_| "0".into());
    let dir = tempfile::tempdir().unwrap();
    let cookies = people(dir.path(), idle).await;
    {
        // The room's members: the first `room` people (those with sockets below among them).
        let db = database(dir.path()).await;
        let mut tx = db.begin().await.unwrap();
        for (id, _) in &cookies[..room] {
            sqlx::query("INSERT INTO community_members (room, user_id, joined_at) VALUES ('tech', $1, 1)")
                .bind(id)
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
        db.pool().close().await;
    }

    let (grow_port, reference_port) = (free_port(), free_port());
    let envs = [
        ("PORT", grow_port.to_string()),
        ("GROW_DATA_DIR", dir.path().display().to_string()),
        ("RUST_LOG", "warn".to_string()),
        // Each sign-up comes from its own address, as many people's would (a budget is per address).
        ("GROW_TRUSTED_PROXIES", "127.0.0.1/32".to_string()),
    ];
    let grow = spawn("taskset", &["-c", &cpu, &bin, "serve"], &envs);
    let reference = spawn("taskset", &["-c", &cpu, &reference_bin], &[("PORT", reference_port.to_string())]);
    wait_up(grow_port, "/readyz").await;
    wait_up(reference_port, "/fixed").await;
    let (grow_pid, reference_pid) = (grow.id().unwrap(), reference.id().unwrap());
    let db = database(dir.path()).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    line("grow_fresh_mib", resident_mb(grow_pid));

    // Sign-ups: as many as the core's hashers take at once, each a real account.
    let http = reqwest::Client::new();
    let started = Instant::now();
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let failed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let workers: Vec<_> = (0..4)
        .map(|_| {
            let (http, next, failed) = (http.clone(), next.clone(), failed.clone());
            tokio::spawn(async move {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= signups {
                        return;
                    }
                    let name = format!("signup{i}");
                    let answer = http
                        .post(format!("http://127.0.0.1:{grow_port}/api/auth/signup"))
                        .header("x-forwarded-for", format!("10.{}.{}.{}", i >> 16 & 255, i >> 8 & 255, i & 255))
                        .json(&serde_json::json!({ "username": name, "password": "Bench-pass1!", "email": format!("{name}@example.com"),
                            "firstName": "Sign", "lastName": "Up" }))
                        .send()
                        .await;
                    if !answer.is_ok_and(|a| a.status().is_success()) {
                        failed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        worker.await.unwrap();
    }
    let failed = failed.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(failed, 0, "{failed} of {signups} sign-ups failed");
    count("signups", signups);
    line("signup_seconds", started.elapsed().as_secs_f64());
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after_signups = resident_mb(grow_pid);
    line("grow_after_signups_mib", after_signups);

    // Idle sockets on top: what holding them costs.
    let started = Instant::now();
    let sockets = open_many(grow_port, &cookies, idle, true).await;
    count("idle_sockets", idle);
    line("idle_open_seconds", started.elapsed().as_secs_f64());
    settle(&db, idle as i64).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let with_sockets = resident_mb(grow_pid);
    line("grow_with_idle_sockets_mib", with_sockets);
    line("grow_kib_per_idle_socket", (with_sockets - after_signups) * 1024.0 / idle as f64);
    drop(sockets);
    settle(&db, 0).await;

    // Pairs chatting at once: person i and person i + pairs write to each other, all 500 pairs at the same
    // time. Steady: everyone sends every `PACE` (the fastest their message budget allows), their starts spread
    // over the first one, five messages each. Burst: everyone sends in the same instant, once.
    let live = pairs * 2;
    let sockets = open_many(grow_port, &cookies, live, true).await;
    settle(&db, live as i64).await;
    let arrived: Arrivals = Arc::default();
    let readers = listen(sockets, "\"chat_message\"", &arrived);
    for (phase, rounds, spread) in [("pair", 5_u32, PACE), ("burst", 1, Duration::ZERO)] {
        let began = tokio::time::Instant::now();
        let people = (0..live).map(|i| {
            let http = http.clone();
            let to = cookies[(i + pairs) % live].0;
            let cookie = cookies[i].1.clone();
            let offset = spread.mul_f64(i as f64 / live as f64);
            async move {
                let mut sent = Vec::new();
                for round in 0..rounds {
                    tokio::time::sleep_until(began + offset + PACE * round).await;
                    let content = format!("{phase} {round}, hello from number {i}");
                    let started = Instant::now();
                    let answer = http
                        .post(format!("http://127.0.0.1:{grow_port}/api/messages"))
                        .header("cookie", &cookie)
                        .json(&serde_json::json!({ "receiverId": to, "content": content }))
                        .send()
                        .await
                        .unwrap();
                    assert!(answer.status().is_success(), "a send answered {}", answer.status());
                    let answered = started.elapsed().as_secs_f64() * 1000.0;
                    let body: serde_json::Value = answer.json().await.unwrap();
                    sent.push((i, body["id"].as_i64().expect("a message id"), started, content, answered));
                }
                sent
            }
        });
        let sent: Vec<_> = futures_util::future::join_all(people).await.into_iter().flatten().collect();
        let took = began.elapsed().as_secs_f64();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let arrived = arrived.lock().await;
        let (mut delivery, mut answers, mut wrong_content) = (Vec::new(), Vec::new(), 0);
        for (i, id, at, content, answered) in &sent {
            answers.push(*answered);
            // The receiver's frame (the sender's own socket gets one too, not counted).
            let receiver = (i + pairs) % live;
            if let Some((_, time, carried)) = arrived.get(id).and_then(|frames| frames.iter().find(|f| f.0 == receiver))
            {
                delivery.push((*time - *at).as_secs_f64() * 1000.0);
                wrong_content += usize::from(carried != content);
            }
        }
        delivery.sort_by(f64::total_cmp);
        answers.sort_by(f64::total_cmp);
        count(&format!("{phase}_messages"), sent.len());
        line(&format!("{phase}_messages_per_second"), sent.len() as f64 / took);
        count(&format!("{phase}_delivered"), delivery.len());
        count(&format!("{phase}_wrong_content"), wrong_content);
        line(&format!("{phase}_p50_ms"), percentile(&delivery, 0.5));
        line(&format!("{phase}_p99_ms"), percentile(&delivery, 0.99));
        // The send's own answer (stored and committed): how much of the delivery time is the write's.
        line(&format!("{phase}_answer_p99_ms"), percentile(&answers, 0.99));
    }
    count("pairs", pairs);
    for reader in readers {
        reader.abort();
    }

    // A room of `room` members with `live` sockets open: one message reaches them all.
    let sockets = open_many(grow_port, &cookies, live, true).await;
    settle(&db, live as i64).await;
    let arrived: Arrivals = Arc::default();
    let readers = listen(sockets, "\"community_message\"", &arrived);
    let speaker = &cookies[room - 1].1;
    let mut reach = Vec::new();
    let mut missing = 0;
    for n in 0..10 {
        let content = format!("Room news number {n}");
        let started = Instant::now();
        let answer = http
            .post(format!("http://127.0.0.1:{grow_port}/api/communities/tech/messages"))
            .header("cookie", speaker)
            .json(&serde_json::json!({ "content": content }))
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success(), "a room message answered {}", answer.status());
        let id = answer.json::<serde_json::Value>().await.unwrap()["id"].as_i64().unwrap();
        tokio::time::sleep(Duration::from_millis(1000)).await;
        let frames = arrived.lock().await.get(&id).cloned().unwrap_or_default();
        missing += live.saturating_sub(frames.iter().filter(|f| f.2 == content).count());
        reach.extend(frames.iter().map(|(_, t, _)| (*t - started).as_secs_f64() * 1000.0));
    }
    reach.sort_by(f64::total_cmp);
    count("room_members", room);
    count("room_sockets", live);
    count("room_frames_missing", missing);
    line("room_p50_ms", percentile(&reach, 0.5));
    line("room_p99_ms", percentile(&reach, 0.99));
    for reader in readers {
        reader.abort();
    }
    settle(&db, 0).await;

    // The reference alone (Grow paused): idle sockets and the echo round trip on one socket of many.
    signal(grow_pid, "-STOP");
    let before = resident_mb(reference_pid);
    let sockets = open_many(reference_port, &cookies, idle, false).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    line("reference_kib_per_idle_socket", (resident_mb(reference_pid) - before) * 1024.0 / idle as f64);
    drop(sockets);
    let mut held = open_many(reference_port, &cookies, live, false).await;
    let mut echo = Vec::with_capacity(live);
    for (i, socket) in held.iter_mut().enumerate() {
        let started = Instant::now();
        socket.send(Message::Text(format!("Hello number {i}").into())).await.unwrap();
        let _ = socket.next().await;
        echo.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    echo.sort_by(f64::total_cmp);
    line("reference_echo_p50_ms", percentile(&echo, 0.5));
    line("reference_echo_p99_ms", percentile(&echo, 0.99));
    signal(grow_pid, "-CONT");
    db.pool().close().await;
    drop(grow);
    drop(reference);
}
