//! The soak of the scale issue: one `grow serve` (release, SQLite, the demo community) holding many
//! simulated signed-in people at once for a long while, and what it costs.
//!
//! Each person keeps a socket open (reading every frame, pinging every 25 s; if it drops, they poll
//! `/api/auth/user-refresh` every 2 s as the spec's client does until it is back) and, after a think
//! time of `SOAK_THINK_SECS` on average (uniform from half to one and a half of it), does one thing a
//! person does: opens the deck, swipes, supports, reads the feed or a project, checks notifications,
//! sends a direct message to someone (who gets it live), reads their conversations, searches, looks at
//! rewards or the leaderboard. Every answer is timed at the client and its status checked.
//!
//! Reported: requests and errors, p50/p99/max per call and overall, the live frames received, sockets
//! dropped, and the server's resident memory every minute.
//! Targets (issue: scale): 10,000 people, no errors, p99 under 50 ms for every call, memory flat over
//! 10 minutes.
//!
//! `taskset -c 1 cargo run --release --example bench_soak` (the server is pinned to core 0);
//! `SOAK_PEOPLE` (10000), `SOAK_SECS` (600), `SOAK_THINK_SECS` (20), `GROW_BIN` (target/release/grow).

#[path = "support/mod.rs"]
mod support;

use std::{
    collections::BTreeMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use futures_util::{SinkExt, StreamExt};
use rand::{seq::SliceRandom, Rng};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use support::{free_port, people, percentile, resident_mb, spawn, wait_up};
use tokio_tungstenite::tungstenite::Message;

const PING: Duration = Duration::from_secs(25);

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The things a person does.
#[derive(Clone, Copy)]
enum Act {
    Deck,
    Swipe,
    Support,
    Feed,
    Project,
    NotificationCount,
    Notifications,
    Message,
    Conversations,
    Search,
    Rewards,
    Leaderboard,
    User,
}

/// Each act's weight in the mix (out of 96).
const MIX: &[(Act, u32)] = &[
    (Act::Deck, 20),
    (Act::Swipe, 8),
    (Act::Support, 4),
    (Act::Feed, 8),
    (Act::Project, 8),
    (Act::NotificationCount, 8),
    (Act::Notifications, 4),
    (Act::Message, 12),
    (Act::Conversations, 8),
    (Act::Search, 4),
    (Act::Rewards, 4),
    (Act::Leaderboard, 2),
    (Act::User, 6),
];

const QUESTIONS: &[&str] =
    &["designers in London", "react developers", "climate projects", "investors", "music", "mobile app prototype"];

#[derive(Default)]
struct Tally {
    /// Milliseconds per call.
    times: BTreeMap<&'static str, Vec<f64>>,
    /// Each kind of error (call, status, message) and how often it happened.
    errors: BTreeMap<String, u64>,
}

struct World {
    port: u16,
    http: reqwest::Client,
    people: Vec<(i64, String)>,
    projects: Vec<i64>,
    tally: Mutex<Tally>,
    frames: AtomicU64,
    drops: AtomicU64,
    polls: AtomicU64,
    until: Instant,
}

impl World {
    async fn call(&self, name: &'static str, cookie: &str, method: Method, path: &str, body: Option<Value>) {
        let mut request =
            self.http.request(method, format!("http://127.0.0.1:{}{path}", self.port)).header("cookie", cookie);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let started = Instant::now();
        let answer = request.send().await;
        let outcome = match answer {
            Ok(answer) => {
                let status = answer.status();
                let text = answer.text().await.unwrap_or_default();
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                // Supporting a project twice is refused by design ('already supported').
                let fine = status.is_success()
                    || (status == StatusCode::BAD_REQUEST
                        && name.ends_with("/support")
                        && text.contains("already supported"));
                (ms, (!fine).then(|| format!("{name}: {status} {}", text.chars().take(160).collect::<String>())))
            }
            Err(err) => (started.elapsed().as_secs_f64() * 1000.0, Some(format!("{name}: {err}"))),
        };
        let mut tally = self.tally.lock().unwrap();
        tally.times.entry(name).or_default().push(outcome.0);
        if let Some(error) = outcome.1 {
            *tally.errors.entry(error).or_default() += 1;
        }
    }

    async fn act(&self, me: usize, rng: &mut rand::rngs::StdRng) {
        let (act, _) = *MIX.choose_weighted(rng, |(_, weight)| *weight).unwrap();
        let project = *self.projects.choose(rng).unwrap();
        let (name, method, path, body) = match act {
            Act::Deck => ("GET /api/feed (deck)", Method::GET, "/api/feed".to_string(), None),
            Act::Swipe => (
                "POST /api/feed/swipes",
                Method::POST,
                "/api/feed/swipes".to_string(),
                Some(json!({ "projectId": project, "direction": "pass" })),
            ),
            Act::Support => {
                ("POST /api/projects/{id}/support", Method::POST, format!("/api/projects/{project}/support"), None)
            }
            Act::Feed => ("GET /api/projects", Method::GET, "/api/projects".to_string(), None),
            Act::Project => ("GET /api/projects/{id}", Method::GET, format!("/api/projects/{project}"), None),
            Act::NotificationCount => {
                ("GET /api/notifications/count", Method::GET, "/api/notifications/count".to_string(), None)
            }
            Act::Notifications => ("GET /api/notifications", Method::GET, "/api/notifications".to_string(), None),
            Act::Message => {
                let to = loop {
                    let other = rng.gen_range(0..self.people.len());
                    if other != me {
                        break self.people[other].0;
                    }
                };
                let body = json!({ "receiverId": to, "content": "How is the project going?" });
                ("POST /api/messages", Method::POST, "/api/messages".to_string(), Some(body))
            }
            Act::Conversations => ("GET /api/conversations", Method::GET, "/api/conversations".to_string(), None),
            Act::Search => {
                let q = QUESTIONS.choose(rng).unwrap().replace(' ', "%20");
                ("GET /api/search", Method::GET, format!("/api/search?q={q}"), None)
            }
            Act::Rewards => ("GET /api/rewards", Method::GET, "/api/rewards".to_string(), None),
            Act::Leaderboard => {
                ("GET /api/rewards/leaderboard", Method::GET, "/api/rewards/leaderboard".to_string(), None)
            }
            Act::User => ("GET /api/auth/user", Method::GET, "/api/auth/user".to_string(), None),
        };
        self.call(name, &self.people[me].1, method, &path, body).await
    }
}

/// One person: a socket kept open (polling while it is down) and an act after every think time.
async fn person(world: Arc<World>, me: usize, think: Duration, socket: support::Socket) {
    let cookie = world.people[me].1.clone();
    let live = {
        let world = world.clone();
        tokio::spawn(async move {
            let mut socket = socket;
            while Instant::now() < world.until {
                // The app pings every 25 s (web/src/lib/ws.ts), which keeps the server's idle timeout away.
                let mut ping =
                    tokio::time::interval_at(tokio::time::Instant::now() + PING.mul_f64(rand::random()), PING);
                loop {
                    tokio::select! {
                        frame = socket.next() => match frame {
                            Some(Ok(_)) => { world.frames.fetch_add(1, Ordering::Relaxed); }
                            _ => break,
                        },
                        _ = ping.tick() => {
                            if socket.send(Message::Text(r#"{"type":"ping"}"#.into())).await.is_err() {
                                break;
                            }
                        }
                    }
                }
                if Instant::now() >= world.until {
                    break;
                }
                world.drops.fetch_add(1, Ordering::Relaxed);
                // Down: the client polls every 2 s while it reconnects.
                loop {
                    world.polls.fetch_add(1, Ordering::Relaxed);
                    world
                        .call(
                            "GET /api/auth/user-refresh (socket down)",
                            &cookie,
                            Method::GET,
                            "/api/auth/user-refresh",
                            None,
                        )
                        .await;
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    if let Ok(Ok(again)) =
                        tokio::time::timeout(Duration::from_secs(5), open_checked(world.port, &cookie)).await
                    {
                        socket = again;
                        break;
                    }
                }
            }
        })
    };
    let mut rng: rand::rngs::StdRng = rand::SeedableRng::seed_from_u64(me as u64);
    // The first act falls anywhere in the first think time, so people do not move in step.
    tokio::time::sleep(think.mul_f64(rng.gen_range(0.0..1.0))).await;
    while Instant::now() < world.until {
        world.act(me, &mut rng).await;
        tokio::time::sleep(think.mul_f64(rng.gen_range(0.5..1.5))).await;
    }
    live.abort();
}

async fn open_checked(port: u16, cookie: &str) -> Result<support::Socket, ()> {
    let mut request = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
        "ws://127.0.0.1:{port}/ws"
    ))
    .map_err(|_| ())?;
    request.headers_mut().insert("cookie", cookie.parse().map_err(|_| ())?);
    tokio_tungstenite::connect_async(request).await.map(|(socket, _)| socket).map_err(|_| ())
}

#[tokio::main]
async fn main() {
    let n = setting("SOAK_PEOPLE", 10_000) as usize;
    let secs = setting("SOAK_SECS", 600);
    let think = Duration::from_secs(setting("SOAK_THINK_SECS", 20));
    let bin = std::env::var("GROW_BIN").unwrap_or_else(|_| "target/release/grow".into());
    let dir = tempfile::tempdir().unwrap();

    // The demo community first (projects, people, rooms), then the soak's people with sessions.
    {
        std::fs::create_dir_all(dir.path()).unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("grow.db").display());
        let db = grow::db::Db::connect(&url).await.unwrap();
        db.migrate().await.unwrap();
        grow::seed::demo_if_empty(&db, None).await.unwrap();
        db.pool().close().await;
    }
    let cookies = people(dir.path(), n).await;

    let port = free_port();
    let envs =
        [("PORT", port.to_string()), ("GROW_DATA_DIR", dir.path().display().to_string()), ("RUST_LOG", "warn".into())];
    let server = spawn("taskset", &["-c", "0", &bin, "serve"], &envs);
    wait_up(port, "/readyz").await;
    let pid = server.id().unwrap();
    let http = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
    let projects: Vec<i64> = http
        .get(format!("http://127.0.0.1:{port}/api/projects?limit=200"))
        .header("cookie", &cookies[0].1)
        .send()
        .await
        .unwrap()
        .json::<Vec<Value>>()
        .await
        .unwrap()
        .iter()
        .filter_map(|p| p["id"].as_i64())
        .collect();
    assert!(!projects.is_empty(), "the demo community has projects");

    println!("soak: {n} people, {secs} s, one act every {} s on average, {} projects", think.as_secs(), projects.len());
    let memory_before = resident_mb(pid);
    let opening = Instant::now();
    let sockets = support::open_many(port, &cookies, n, true).await;
    println!(
        "opened {n} sockets in {:.1} s; resident memory {memory_before:.0} MB before, {:.0} MB after",
        opening.elapsed().as_secs_f64(),
        resident_mb(pid)
    );

    let world = Arc::new(World {
        port,
        http,
        people: cookies,
        projects,
        tally: Mutex::default(),
        frames: AtomicU64::new(0),
        drops: AtomicU64::new(0),
        polls: AtomicU64::new(0),
        until: Instant::now() + Duration::from_secs(secs),
    });
    let started = Instant::now();
    let mut people_tasks = Vec::with_capacity(n);
    for (me, socket) in sockets.into_iter().enumerate() {
        people_tasks.push(tokio::spawn(person(world.clone(), me, think, socket)));
    }
    let mut memory = Vec::new();
    while started.elapsed() < Duration::from_secs(secs) {
        tokio::time::sleep(Duration::from_secs(60).min(Duration::from_secs(secs))).await;
        let done: usize = world.tally.lock().unwrap().times.values().map(Vec::len).sum();
        let mb = resident_mb(pid);
        println!("  {:>4} s: {done} requests, resident {mb:.0} MB", started.elapsed().as_secs());
        memory.push(mb);
    }
    for task in people_tasks {
        let _ = task.await;
    }

    let tally = world.tally.lock().unwrap();
    let mut all: Vec<f64> = tally.times.values().flatten().copied().collect();
    all.sort_by(f64::total_cmp);
    let seconds = started.elapsed().as_secs_f64();
    println!();
    println!("| call | requests | p50 ms | p99 ms | max ms |");
    println!("|---|---|---|---|---|");
    for (name, times) in &tally.times {
        let mut times = times.clone();
        times.sort_by(f64::total_cmp);
        println!(
            "| {name} | {} | {:.2} | {:.2} | {:.1} |",
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            times.last().copied().unwrap_or_default()
        );
    }
    println!(
        "| all | {} ({:.0}/s) | {:.2} | {:.2} | {:.1} |",
        all.len(),
        all.len() as f64 / seconds,
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().copied().unwrap_or_default()
    );
    println!();
    println!(
        "errors: {}; live frames received: {}; sockets dropped: {}; polls while down: {}",
        tally.errors.values().sum::<u64>(),
        world.frames.load(Ordering::Relaxed),
        world.drops.load(Ordering::Relaxed),
        world.polls.load(Ordering::Relaxed)
    );
    for (error, times) in &tally.errors {
        println!("  {times} x {error}");
    }
    println!(
        "resident memory by minute (MB): {}",
        memory.iter().map(|mb| format!("{mb:.0}")).collect::<Vec<_>>().join(", ")
    );
    drop(server);
}
