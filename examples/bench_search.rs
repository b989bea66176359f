//! Discovery search at scale (issue 17): fills a fresh SQLite database with 100,000 people and
//! 20,000 projects made from varied word lists, starts Grow on it (the index is built at start),
//! then asks a mix of questions over HTTP one at a time and reports the start time, the index's
//! memory (resident set before and after the build) and latency percentiles. Run by `bench/run`;
//! `cargo run --release --example bench_search [people] [projects]` alone prints the figures.

use std::time::{Duration, Instant};

use grow::{app, config::Config, db::Db, search::CATALOGUE};

const FIRST: &[&str] = &[
    "Amara", "Tom", "Priya", "Chidi", "Sofia", "Zainab", "Lukas", "Isla", "Ravi", "Chloe", "Mateus", "Wanjiru",
    "Daniel", "Freya", "Ayo", "Megan", "Arjun", "Lina", "Ellie", "Marcus", "Aisha", "Josh", "Mei", "Diego", "Grace",
    "Finn", "Sanne", "Rory", "Thandi", "Ruby", "Helen", "David", "Margaret", "Nathan", "Yuki", "Omar",
];
const LAST: &[&str] = &[
    "Okafor",
    "Whitfield",
    "Raman",
    "Eze",
    "Almeida",
    "Hussain",
    "Brandt",
    "MacLeod",
    "Patel",
    "Martin",
    "Costa",
    "Kamau",
    "Kim",
    "Lindqvist",
    "Bankole",
    "Connor",
    "Menon",
    "Haddad",
    "Thompson",
    "Green",
];
const ROLES: &[&str] = &["explorer", "collaborator", "innovator", "investor"];
const PLACES: &[(&str, f64, f64)] = &[
    ("London, GB", 51.5074, -0.1278),
    ("Manchester, GB", 53.4808, -2.2426),
    ("Berlin, DE", 52.52, 13.405),
    ("Lagos, NG", 6.5244, 3.3792),
    ("Nairobi, KE", -1.2921, 36.8219),
    ("Bangalore, IN", 12.9716, 77.5946),
    ("Toronto, CA", 43.6532, -79.3832),
    ("São Paulo, BR", -23.5505, -46.6333),
    ("Sydney, AU", -33.8688, 151.2093),
    ("Paris, FR", 48.8566, 2.3522),
    ("New York, US", 40.7128, -74.006),
    ("Lisbon, PT", 38.7223, -9.1393),
    ("Tokyo, JP", 35.6762, 139.6503),
    ("Edinburgh, GB", 55.9533, -3.1883),
];
const BIO: &[&str] = &[
    "building",
    "tools",
    "for",
    "freelancers",
    "who",
    "love",
    "design",
    "and",
    "data",
    "former",
    "teacher",
    "engineer",
    "turned",
    "founder",
    "passionate",
    "about",
    "climate",
    "health",
    "education",
    "music",
    "games",
    "fintech",
    "payments",
    "open-source",
    "community",
    "startups",
    "mobile",
    "apps",
    "hardware",
    "robots",
    "storytelling",
    "film",
    "fashion",
    "sustainable",
    "marketplaces",
    "learning",
    "research",
    "analytics",
    "growth",
];
const CATEGORIES: &[&str] =
    &["technology", "business", "healthcare", "education", "design", "art", "music", "film", "other"];
const PHASES: &[&str] = &["idea", "planning", "prototype", "development", "launch"];
const WANTS: &[&str] =
    &["[\"Collaborator\"]", "[\"Innovator\"]", "[\"Explorer\"]", "[\"Collaborator\",\"Explorer\"]", "[]"];
const QUESTIONS: &[&str] = &[
    "react developers in London",
    "designers near me who know Figma",
    "fintech projects looking for an innovator",
    "investors",
    "early-stage health projects",
    "someone to build a mobile game with",
    "pyhton",
    "machine learning engineers in Nairobi",
    "music producers",
    "sustainable fashion",
    "Amara Okafor",
    "rust backend developers in Berlin",
    "education projects in Lagos",
    "angel investors interested in climate",
    "graphic desiner",
    "prototypes looking for collaborators",
];

/// A small, repeatable pseudo-random sequence (no dependency needed for test data).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as usize
    }
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.next() % from.len()]
    }
    /// Text with a spread of words like real bios: a topical word now and then among thousands of
    /// everyday ones, the common ones much more common (roughly Zipf).
    fn words(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| {
                if self.next().is_multiple_of(6) {
                    self.pick(BIO).to_string()
                } else {
                    let rank = 1 + (self.next() % 3000) * (self.next() % 3000) / 3000;
                    let syllables = ["ka", "lo", "mi", "ren", "tu", "sa", "vel", "dor", "an", "ti", "po", "ler"];
                    let mut w = String::new();
                    let mut r = rank;
                    while r > 0 {
                        w.push_str(syllables[r % syllables.len()]);
                        r /= syllables.len();
                    }
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn resident_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(|l| l.split_whitespace().nth(1).unwrap_or("0").parse().unwrap_or(0))
        })
        .unwrap_or(0)
}

async fn fill(db: &Db, people: usize, projects: usize) -> anyhow::Result<()> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let now = 1_700_000_000_000_i64;
    let mut tx = db.begin().await?;
    for chunk in (0..people).collect::<Vec<_>>().chunks(200) {
        let mut sql = String::from("INSERT INTO users (username, username_key, email, email_key, password_hash, first_name, last_name, role, bio, location, lat, lng, skills, created_at, updated_at) VALUES ");
        let rows: Vec<String> = chunk
            .iter()
            .map(|i| {
                let (place, lat, lng) = PLACES[rng.next() % PLACES.len()];
                let jitter = |r: &mut Rng| (r.next() % 1000) as f64 / 5000.0 - 0.1;
                let skills: Vec<String> = (0..2 + rng.next() % 4).map(|_| format!("\"{}\"", rng.pick(CATALOGUE))).collect();
                format!(
                    "('p{i}', 'p{i}', 'p{i}@bench.test', 'p{i}@bench.test', '!', '{}', '{}', '{}', '{}', '{}', {}, {}, '[{}]', {now}, {now})",
                    rng.pick(FIRST), rng.pick(LAST), rng.pick(ROLES), { let n = 20 + rng.next() % 15; rng.words(n) }, place.replace('\'', "''"),
                    lat + jitter(&mut rng), lng + jitter(&mut rng), skills.join(",")
                )
            })
            .collect();
        sql.push_str(&rows.join(", "));
        sqlx::query(&sql).execute(&mut *tx).await?;
    }
    for chunk in (0..projects).collect::<Vec<_>>().chunks(200) {
        let mut sql = String::from("INSERT INTO projects (owner_id, title, description, category, phase, looking_for, is_published, created_at, updated_at) VALUES ");
        let rows: Vec<String> = chunk
            .iter()
            .map(|i| {
                format!(
                    "({}, 'Project {i} {}', '{}', '{}', '{}', '{}', 1, {now}, {now})",
                    1 + rng.next() % people,
                    rng.pick(BIO),
                    {
                        let n = 30 + rng.next() % 20;
                        rng.words(n)
                    },
                    rng.pick(CATEGORIES),
                    rng.pick(PHASES),
                    rng.pick(WANTS)
                )
            })
            .collect();
        sql.push_str(&rows.join(", "));
        sqlx::query(&sql).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // `RUST_LOG=info` shows the server's own account of the start (the search index logs its build time).
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::from_default_env()).init();
    }
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (people, projects) = (args.first().copied().unwrap_or(100_000), args.get(1).copied().unwrap_or(20_000));
    let dir = tempfile::tempdir()?;
    let mut config = Config::local(dir.path().to_path_buf());
    config.run_jobs = false;
    config.port = 0;
    {
        let db = Db::connect(&config.database_url()).await?;
        db.migrate().await?;
        fill(&db, people, projects).await?;
    }
    let before = resident_kb();
    let started = Instant::now();
    let running = app::start(config).await?;
    let start_time = started.elapsed();
    let after = resident_kb();
    let base = format!("http://{}", running.addr);
    let client = reqwest::Client::builder().cookie_store(true).build()?;
    let body = serde_json::json!({"username": "asker", "password": "Bench-pass1!", "email": "asker@bench.test", "firstName": "Ask", "lastName": "Er"});
    client.post(format!("{base}/api/auth/signup")).json(&body).send().await?.error_for_status()?;
    client.post(format!("{base}/api/auth/login")).json(&body).send().await?.error_for_status()?;
    client
        .patch(format!("{base}/api/users/profile"))
        .json(&serde_json::json!({"lat": 51.5, "lng": -0.12}))
        .send()
        .await?
        .error_for_status()?;
    let mut times = Vec::new();
    let mut per_question: Vec<(String, f64)> = Vec::new();
    for round in 0..20 {
        for q in QUESTIONS {
            // The round's number appended: a question never asked before, so its ranking is made anew (a ranking
            // asked again is kept while the index does not change, and would measure that instead).
            let asked = format!("{q} {round}");
            let at = Instant::now();
            let answer =
                client.get(format!("{base}/api/search")).query(&[("q", &asked[..]), ("limit", "20")]).send().await?;
            let status = answer.status();
            let _ = answer.bytes().await?;
            let took = at.elapsed();
            anyhow::ensure!(status.is_success(), "{q}: {status}");
            if round > 0 {
                times.push(took);
                per_question.push((q.to_string(), took.as_secs_f64() * 1000.0));
            }
        }
    }
    times.sort();
    println!("people {people}, projects {projects}");
    println!("start with index build: {:.2} s", start_time.as_secs_f64());
    println!("resident memory: {} MB before start, {} MB after (index and app)", before / 1024, after / 1024);
    println!(
        "smart search over {} questions: p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.95),
        percentile(&times, 0.99),
        percentile(&times, 1.0)
    );
    // The figures bench/run reads, one `key value` a line.
    println!("index_seconds {:.2}", start_time.as_secs_f64());
    println!("p95_ms {:.2}", percentile(&times, 0.95));
    let mut slowest: Vec<(String, f64)> = Vec::new();
    for q in QUESTIONS {
        let mut mine: Vec<f64> = per_question.iter().filter(|(p, _)| p == q).map(|(_, t)| *t).collect();
        mine.sort_by(f64::total_cmp);
        slowest.push((q.to_string(), mine[mine.len() / 2]));
    }
    slowest.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (q, t) in slowest.iter().take(5) {
        println!("  median {t:.1} ms  {q}");
    }
    running.task.abort();
    Ok(())
}
