//! The soak of the capacity issue, driven by `bench/soak`: many simulated signed-in people against Grow
//! behind nginx (three instances on PostgreSQL), for a long while, then a reconnect-churn phase measured on
//! its own.
//!
//! Each person keeps a socket open (reading every frame, pinging every 25 s; if it drops, they poll
//! `/api/auth/user-refresh` every 2 s as the spec's client does until it is back) and, after a think
//! time of `SOAK_THINK_SECS` on average (uniform from half to one and a half of it), does one thing a
//! person does: opens the deck, swipes, supports, reads the feed or a project, checks notifications,
//! sends a direct message to someone (who gets it live), reads their conversations, searches, looks at
//! rewards or the leaderboard. Every answer is timed at the client and its status checked. In the churn
//! phase every person also closes their socket and opens a new one every `SOAK_CHURN_EVERY` s on average.
//!
//! Prints `key value` lines (for `bench/soak`) and the per-call table in Markdown.
//!
//! Environment: `SOAK_URL` (nginx, `http://127.0.0.1:port`), `SOAK_COOKIES` (a file of cookies, a person a
//! line), `SOAK_DATABASE_URL` (to read the projects' ids), `SOAK_PIDS` (the instances, comma-separated, for
//! their memory), `SOAK_SECS` (1800), `SOAK_THINK_SECS` (20), `SOAK_CHURN_SECS` (300), `SOAK_CHURN_EVERY` (30).

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
use support::{percentile, resident_mb};
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
    /// Where people reach Grow (nginx), without a trailing slash.
    base: String,
    http: reqwest::Client,
    people: Vec<(i64, String)>,
    /// Published projects and their owners.
    projects: Vec<(i64, i64)>,
    tally: Mutex<Tally>,
    frames: AtomicU64,
    drops: AtomicU64,
    polls: AtomicU64,
    /// Sockets closed and opened again on purpose (the churn phase), and openings that failed.
    reopened: AtomicU64,
    reopen_failures: AtomicU64,
    /// From this moment people also reconnect every `churn_every` on average.
    churn_from: Instant,
    churn_every: Duration,
    until: Instant,
}

impl World {
    async fn call(&self, name: &'static str, cookie: &str, method: Method, path: &str, body: Option<Value>) {
        let mut request = self.http.request(method, format!("{}{path}", self.base)).header("cookie", cookie);
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
        // A project of someone else (supporting one's own is refused by design).
        let project = loop {
            let (id, owner) = *self.projects.choose(rng).unwrap();
            if owner != self.people[me].0 {
                break id;
            }
        };
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
                // In the churn phase the person leaves and comes back now and then (a tab closed, a phone
                // between networks); before it, this never fires.
                let now = Instant::now();
                let churn_at = world.churn_from.max(now) + world.churn_every.mul_f64(rand::random::<f64>() * 2.0);
                let churn = tokio::time::sleep_until(tokio::time::Instant::from_std(churn_at));
                tokio::pin!(churn);
                let reopen = loop {
                    tokio::select! {
                        frame = socket.next() => match frame {
                            Some(Ok(_)) => { world.frames.fetch_add(1, Ordering::Relaxed); }
                            _ => break false,
                        },
                        _ = ping.tick() => {
                            if socket.send(Message::Text(r#"{"type":"ping"}"#.into())).await.is_err() {
                                break false;
                            }
                        }
                        _ = &mut churn => break true,
                    }
                };
                if Instant::now() >= world.until {
                    break;
                }
                if reopen {
                    let _ = socket.close(None).await;
                    match tokio::time::timeout(Duration::from_secs(5), open_checked(&world.base, &cookie)).await {
                        Ok(Ok(again)) => {
                            world.reopened.fetch_add(1, Ordering::Relaxed);
                            socket = again;
                            continue;
                        }
                        _ => {
                            world.reopen_failures.fetch_add(1, Ordering::Relaxed);
                        }
                    }
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
                        tokio::time::timeout(Duration::from_secs(5), open_checked(&world.base, &cookie)).await
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

/// A socket opened as the app opens it, counted once its `ready` frame came.
async fn open_checked(base: &str, cookie: &str) -> Result<support::Socket, ()> {
    let url = format!("ws{}/ws", base.trim_start_matches("http"));
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url).map_err(|_| ())?;
    request.headers_mut().insert("cookie", cookie.parse().map_err(|_| ())?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.map_err(|_| ())?;
    match socket.next().await {
        Some(Ok(first)) if first.to_text().unwrap_or_default().contains("ready") => Ok(socket),
        _ => Err(()),
    }
}

/// The resident memory of each instance, in MB.
fn memory_of(pids: &[u32]) -> Vec<f64> {
    pids.iter().map(|pid| resident_mb(*pid)).collect()
}

/// How much a series moved: (largest - smallest) / smallest, in percent.
fn spread(series: &[f64]) -> f64 {
    let low = series.iter().copied().fold(f64::INFINITY, f64::min);
    let high = series.iter().copied().fold(0.0, f64::max);
    if low.is_finite() && low > 0.0 {
        (high - low) / low * 100.0
    } else {
        0.0
    }
}

#[tokio::main]
async fn main() {
    let secs = setting("SOAK_SECS", 1800);
    let churn_secs = setting("SOAK_CHURN_SECS", 300);
    let churn_every = Duration::from_secs(setting("SOAK_CHURN_EVERY", 30));
    let think = Duration::from_secs(setting("SOAK_THINK_SECS", 20));
    let base = std::env::var("SOAK_URL").expect("SOAK_URL").trim_end_matches('/').to_string();
    let pids: Vec<u32> =
        std::env::var("SOAK_PIDS").expect("SOAK_PIDS").split(',').map(|p| p.trim().parse().expect("a pid")).collect();
    let cookies: Vec<String> = std::fs::read_to_string(std::env::var("SOAK_COOKIES").expect("SOAK_COOKIES"))
        .expect("read SOAK_COOKIES")
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    let db =
        grow::db::Db::connect(&std::env::var("SOAK_DATABASE_URL").expect("SOAK_DATABASE_URL")).await.expect("connect");
    let projects: Vec<(i64, i64)> = sqlx::query_as("SELECT id, owner_id FROM projects WHERE is_published = 1")
        .fetch_all(&mut *db.conn().await.expect("a connection"))
        .await
        .expect("the projects");
    db.pool().close().await;
    assert!(!projects.is_empty(), "the community has projects");

    let http = reqwest::Client::builder().pool_max_idle_per_host(512).build().unwrap();
    // Who each person is (their id, for messages to them).
    let mut people = Vec::with_capacity(cookies.len());
    for chunk in cookies.chunks(100) {
        let ids = futures_util::future::join_all(chunk.iter().map(|cookie| {
            let http = http.clone();
            let url = format!("{base}/api/auth/user");
            async move {
                let user: Value = http.get(url).header("cookie", cookie).send().await.ok()?.json().await.ok()?;
                user["id"].as_i64()
            }
        }))
        .await;
        for (cookie, id) in chunk.iter().zip(ids) {
            people.push((id.expect("every soak person is signed in"), cookie.clone()));
        }
    }
    let n = people.len();

    println!("people {n}");
    println!("projects {}", projects.len());
    println!("instances {}", pids.len());
    println!("seconds {secs}");
    println!("churn_seconds {churn_secs}");
    println!("think_seconds {}", think.as_secs());
    let before = memory_of(&pids);
    let opening = Instant::now();
    let mut sockets = Vec::with_capacity(n);
    for chunk in people.chunks(200) {
        let opened = futures_util::future::join_all(chunk.iter().map(|(_, cookie)| open_checked(&base, cookie))).await;
        sockets.extend(opened.into_iter().map(|s| s.expect("a socket opens through nginx")));
    }
    println!("open_seconds {:.1}", opening.elapsed().as_secs_f64());
    println!("memory_before_sockets_mb {:.0}", before.iter().sum::<f64>());
    println!("memory_after_sockets_mb {:.0}", memory_of(&pids).iter().sum::<f64>());

    let started = Instant::now();
    let world = Arc::new(World {
        base,
        http,
        people,
        projects,
        tally: Mutex::default(),
        frames: AtomicU64::new(0),
        drops: AtomicU64::new(0),
        polls: AtomicU64::new(0),
        reopened: AtomicU64::new(0),
        reopen_failures: AtomicU64::new(0),
        churn_from: started + Duration::from_secs(secs),
        churn_every,
        until: started + Duration::from_secs(secs + churn_secs),
    });
    let mut people_tasks = Vec::with_capacity(n);
    for (me, socket) in sockets.into_iter().enumerate() {
        people_tasks.push(tokio::spawn(person(world.clone(), me, think, socket)));
    }
    // Memory each minute, per instance; the tally of the steady phase is taken when the churn starts.
    let mut minutes: Vec<(u64, Vec<f64>)> = Vec::new();
    let mut steady: Option<Tally> = None;
    let mut minute = 0;
    while started.elapsed() < Duration::from_secs(secs + churn_secs) {
        minute += 1;
        tokio::time::sleep_until(tokio::time::Instant::from_std(started + Duration::from_secs(60 * minute))).await;
        let mb = memory_of(&pids);
        let done: usize = world.tally.lock().unwrap().times.values().map(Vec::len).sum();
        eprintln!("  {:>4} s: {done} requests, resident {:?} MB", started.elapsed().as_secs(), mb);
        minutes.push((started.elapsed().as_secs(), mb));
        if steady.is_none() && started.elapsed() >= Duration::from_secs(secs) {
            steady = Some(std::mem::take(&mut *world.tally.lock().unwrap()));
        }
    }
    for task in people_tasks {
        let _ = task.await;
    }
    let churn = std::mem::take(&mut *world.tally.lock().unwrap());
    let steady = steady.unwrap_or_default();

    // Memory: flat over the last 20 minutes of the steady phase (each instance on its own), and what the
    // churn phase added on its own.
    let steady_minutes: Vec<&(u64, Vec<f64>)> = minutes.iter().filter(|(at, _)| *at < secs + 30).collect();
    let last_twenty: Vec<&(u64, Vec<f64>)> =
        steady_minutes.iter().filter(|(at, _)| *at + 20 * 60 > secs).copied().collect();
    let flat = (0..pids.len())
        .map(|i| spread(&last_twenty.iter().map(|(_, mb)| mb[i]).collect::<Vec<_>>()))
        .fold(0.0, f64::max);
    let steady_end = steady_minutes.last().map(|(_, mb)| mb.iter().sum::<f64>()).unwrap_or_default();
    let churn_end = minutes.last().map(|(_, mb)| mb.iter().sum::<f64>()).unwrap_or_default();
    println!("memory_steady_end_mb {steady_end:.0}");
    println!("memory_churn_end_mb {churn_end:.0}");
    println!("memory_churn_growth_mb {:.0}", churn_end - steady_end);
    println!("memory_flat_last20_percent {flat:.1}");
    for (phase, tally) in [("steady", &steady), ("churn", &churn)] {
        let mut all: Vec<f64> = tally.times.values().flatten().copied().collect();
        all.sort_by(f64::total_cmp);
        let worst = tally
            .times
            .values()
            .map(|t| {
                let mut t = t.clone();
                t.sort_by(f64::total_cmp);
                percentile(&t, 0.99)
            })
            .fold(0.0, f64::max);
        println!("{phase}_requests {}", all.len());
        println!("{phase}_errors {}", tally.errors.values().sum::<u64>());
        println!("{phase}_p99_ms {:.2}", if all.is_empty() { 0.0 } else { percentile(&all, 0.99) });
        println!("{phase}_worst_call_p99_ms {worst:.2}");
    }
    println!("frames {}", world.frames.load(Ordering::Relaxed));
    println!("drops {}", world.drops.load(Ordering::Relaxed));
    println!("polls {}", world.polls.load(Ordering::Relaxed));
    println!("reopened {}", world.reopened.load(Ordering::Relaxed));
    println!("reopen_failures {}", world.reopen_failures.load(Ordering::Relaxed));
    println!(
        "memory_by_minute_mb {}",
        minutes
            .iter()
            .map(|(_, mb)| mb.iter().map(|m| format!("{m:.0}")).collect::<Vec<_>>().join("/"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("table_begin");
    for (phase, tally) in [("steady", &steady), ("churn", &churn)] {
        println!();
        println!("{phase} phase:");
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
        for (error, times) in &tally.errors {
            println!();
            println!("- error, {times} times: {error}");
        }
    }
    println!("table_end");
}
