//! The test harness: `spawn_app()` and a cookie-keeping client with typed helpers.

use std::sync::atomic::{AtomicU32, Ordering};

use grow::{app, config::Config};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

pub const PASSWORD: &str = "Sunflower42!";

pub struct TestApp {
    pub addr: std::net::SocketAddr,
    pub state: grow::state::AppState,
    _data_dir: tempfile::TempDir,
    pg_database: Option<(String, String)>,
}

/// A browser: its own cookie jar against one app.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Answer {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_else(|| panic!("no message in {} {}", self.status, self.body))
    }
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A name unique within this test run.
pub fn unique(prefix: &str) -> String {
    format!("{prefix}{}_{}", std::process::id() % 100_000, COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// A database with every migration of `migrations/postgres` applied, made once per set of migrations (its name carries
/// their hash) and copied for each test: a copy takes a third of the time the migrations take, on every one of the
/// PostgreSQL pass's tests. The first test to need it makes it under an advisory lock, under another name, and
/// renames it when it is complete, so no test copies a half-migrated one. The server still runs its migrations at
/// start, and finds them all applied.
async fn migrated_template(admin: &sqlx::PgPool, admin_url: &str) -> String {
    use std::hash::{Hash, Hasher};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("migrations/postgres").map(|e| e.unwrap().path()).collect();
    files.sort();
    // SipHash with fixed keys: the same migrations give the same name in every test process.
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for file in &files {
        file.file_name().hash(&mut hasher);
        std::fs::read(file).unwrap().hash(&mut hasher);
    }
    let key = (hasher.finish() >> 1) as i64;
    let name = format!("grow_template_{key:x}");
    let exists = async || {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM pg_database WHERE datname = $1")
            .bind(&name)
            .fetch_one(admin)
            .await
            .unwrap()
            > 0
    };
    if exists().await {
        return name;
    }
    let mut lock = admin.acquire().await.unwrap();
    sqlx::query("SELECT pg_advisory_lock($1)").bind(key).execute(&mut *lock).await.unwrap();
    if !exists().await {
        let making = format!("{name}_making");
        sqlx::query(&format!("DROP DATABASE IF EXISTS {making} WITH (FORCE)")).execute(admin).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {making}")).execute(admin).await.unwrap();
        let url = format!("{}/{making}", &admin_url[..admin_url.rfind('/').expect("a database path")]);
        let db = grow::db::Db::connect(&url).await.expect("connect to the template");
        db.migrate().await.expect("migrate the template");
        db.pool().close().await;
        sqlx::query(&format!("ALTER DATABASE {making} RENAME TO {name}")).execute(admin).await.unwrap();
    }
    sqlx::query("SELECT pg_advisory_unlock($1)").bind(key).execute(&mut *lock).await.unwrap();
    name
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Starts an app after `adjust` has changed its configuration.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut pg_database = None;
    let database_url = match std::env::var("GROW_TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        Some(admin_url) => {
            let name = unique("grow_t");
            let admin = sqlx::postgres::PgPool::connect(&admin_url).await.expect("connect to PostgreSQL");
            let template = migrated_template(&admin, &admin_url).await;
            sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
                .execute(&admin)
                .await
                .expect("create test db");
            admin.close().await;
            let url = match admin_url.rfind('/') {
                Some(i) => format!("{}/{name}", &admin_url[..i]),
                None => panic!("GROW_TEST_DATABASE_URL needs a database path"),
            };
            pg_database = Some((admin_url, name));
            Some(url)
        }
        None => None,
    };
    // scripts/test names the database each pass is meant for, so a variable left in the shell cannot turn
    // the SQLite pass into a second PostgreSQL one unnoticed.
    if let Ok(expected) = std::env::var("GROW_EXPECT_DATABASE") {
        let actual = if database_url.is_some() { "postgres" } else { "sqlite" };
        assert_eq!(expected, actual, "this test pass is meant to run on {expected}");
    }
    let mut config = Config::local(data_dir.path().to_path_buf());
    config.database_url = database_url;
    // Tests run jobs themselves, with `run_once`.
    config.run_jobs = false;
    adjust(&mut config);
    let running = app::start(config).await.expect("app starts");
    TestApp { addr: running.addr, state: running.state, _data_dir: data_dir, pg_database }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some((admin_url, name)) = self.pg_database.take() {
            // Drop runs outside async; a short-lived runtime on its own thread removes the database.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async {
                    if let Ok(admin) = sqlx::postgres::PgPool::connect(&admin_url).await {
                        let _ =
                            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&admin).await;
                    }
                });
            })
            .join();
        }
    }
}

impl TestApp {
    pub fn data_dir(&self) -> &std::path::Path {
        self._data_dir.path()
    }

    /// The database URL this app uses, for running the `grow` binary against the same data.
    pub fn database_url(&self) -> String {
        self.state.config.database_url()
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn client(&self) -> Client {
        Client {
            base: format!("http://{}", self.addr),
            http: reqwest::Client::builder().cookie_store(true).build().unwrap(),
        }
    }

    /// A client carrying an existing session cookie (the same browser reaching this instance).
    pub fn with_cookie(&self, cookie: &str) -> Client {
        Client::with_cookie(self.addr, cookie)
    }

    /// Signs a new user up (not logged in); returns the username and the user answered.
    pub async fn signup(&self, extra: Value) -> (String, Value) {
        let body = signup_body(extra);
        let answer = self.client().post("/api/auth/signup", &body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        (body["username"].as_str().unwrap().to_string(), answer.body["user"].clone())
    }

    /// A new user, signed in on a fresh client.
    pub async fn signed_in(&self) -> (Client, Value) {
        self.signed_in_as(json!({})).await
    }

    /// A new user with `extra` sign-up fields (a role, say), signed in on a fresh client.
    pub async fn signed_in_as(&self, extra: Value) -> (Client, Value) {
        let (username, _) = self.signup(extra).await;
        let client = self.client();
        let answer = client.post("/api/auth/login", &json!({ "username": username, "password": PASSWORD })).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        (client, answer.body["user"].clone())
    }
}

/// A valid sign-up for a new, unique person, with `extra` fields set over it.
pub fn signup_body(extra: Value) -> Value {
    let username = unique("user");
    let mut body = json!({
        "username": username,
        "password": PASSWORD,
        "email": format!("{username}@example.com"),
        "firstName": "Ada",
        "lastName": "Lovelace",
    });
    merge(&mut body, extra);
    body
}

pub fn merge(base: &mut Value, extra: Value) {
    if let (Value::Object(base), Value::Object(extra)) = (base, extra) {
        for (k, v) in extra {
            base.insert(k, v);
        }
    }
}

impl Client {
    /// A client of the instance at `addr` carrying an existing session cookie.
    pub fn with_cookie(addr: std::net::SocketAddr, cookie: &str) -> Self {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("cookie", cookie.parse().unwrap());
        Client {
            base: format!("http://{addr}"),
            http: reqwest::Client::builder().default_headers(headers).build().unwrap(),
        }
    }

    pub async fn request(&self, method: Method, path: &str, body: Option<&Value>) -> Answer {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(body);
        }
        Self::answer(request.send().await.expect("request sent")).await
    }

    pub async fn answer(response: reqwest::Response) -> Answer {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap_or_default();
        let body =
            if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
        Answer { status, headers, body }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.request(Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Answer {
        self.request(Method::POST, path, Some(body)).await
    }

    pub async fn post_empty(&self, path: &str) -> Answer {
        self.request(Method::POST, path, None).await
    }

    pub async fn patch(&self, path: &str, body: &Value) -> Answer {
        self.request(Method::PATCH, path, Some(body)).await
    }

    /// Sends raw bytes as the body, with a JSON content type.
    pub async fn post_raw(&self, path: &str, body: &'static str) -> Answer {
        let request =
            self.http.post(format!("{}{path}", self.base)).header("content-type", "application/json").body(body);
        Self::answer(request.send().await.unwrap()).await
    }

    pub async fn login(&self, username: &str, password: &str, remember_me: bool) -> Answer {
        self.post("/api/auth/login", &json!({ "username": username, "password": password, "rememberMe": remember_me }))
            .await
    }
}

/// An administrator, made one the way `grow admin grant` does, signed in.
pub async fn admin(app: &TestApp) -> Client {
    let (name, _) = app.signup(json!({})).await;
    let mut tx = app.state.db.begin().await.unwrap();
    grow::accounts::store::set_admin(&mut tx, &name.to_lowercase(), true).await.unwrap().unwrap();
    tx.commit().await.unwrap();
    let client = app.client();
    assert_eq!(client.login(&name, PASSWORD, false).await.status, StatusCode::OK);
    client
}

/// Connects two signed-in people (the first asks, the second accepts), as an owner must be with anyone they add
/// to a project.
pub async fn connect(asker: &Client, other: &Client) {
    let other_id = other.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    let asked = asker.post("/api/connections", &json!({ "targetUserId": other_id })).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let id = asked.body["id"].as_i64().unwrap();
    let accepted = other.post_empty(&format!("/api/connections/{id}/accept")).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
}

/// The connect code a signed-in person's QR code and links carry.
pub async fn connect_code_of(client: &Client) -> String {
    client.get("/api/auth/user").await.body["connectCode"].as_str().expect("an own connectCode").to_string()
}

/// True in the PostgreSQL pass (several instances can share a database only there).
pub fn on_postgres() -> bool {
    std::env::var("GROW_TEST_DATABASE_URL").is_ok_and(|u| !u.is_empty())
}

/// A second instance of the app on the same PostgreSQL database as `first`.
pub async fn second_instance(first: &TestApp) -> TestApp {
    let shared_url = first.database_url();
    spawn_app_with(|config| config.database_url = Some(shared_url)).await
}

/// Runs `n` copies of `task` at the same moment (all are started, then released together by a
/// barrier) and returns their results in order, with the largest number that were in flight at
/// once, so a test can show that its requests really overlapped.
pub async fn at_once<F, Fut, T>(n: usize, task: F) -> (Vec<T>, usize)
where
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    use std::sync::{atomic::AtomicUsize, Arc};
    let barrier = Arc::new(tokio::sync::Barrier::new(n));
    let in_flight = Arc::new(AtomicUsize::new(0));
    let most = Arc::new(AtomicUsize::new(0));
    let handles: Vec<_> = (0..n)
        .map(|i| {
            let (barrier, in_flight, most) = (barrier.clone(), in_flight.clone(), most.clone());
            let work = task(i);
            tokio::spawn(async move {
                barrier.wait().await;
                let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                let out = work.await;
                in_flight.fetch_sub(1, Ordering::SeqCst);
                out
            })
        })
        .collect();
    let mut results = Vec::with_capacity(n);
    for handle in handles {
        results.push(handle.await.expect("task finished"));
    }
    (results, most.load(Ordering::SeqCst))
}

/// The `name=value` of the session cookie an answer set.
pub fn session_cookie_of(answer: &Answer) -> String {
    answer.headers["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string()
}

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the live channel with a session cookie and waits for its `ready` frame.
pub async fn open_socket(app: &TestApp, cookie: &str) -> Socket {
    open_socket_at(app.addr, cookie).await
}

/// The live channel of the instance at `addr`.
pub async fn open_socket_at(addr: std::net::SocketAddr, cookie: &str) -> Socket {
    socket_over(addr, cookie, tokio::net::TcpStream::connect(addr).await.expect("connect")).await
}

/// The live channel over a connection the test made itself (to set its buffers, say).
pub async fn socket_over(addr: std::net::SocketAddr, cookie: &str, stream: tokio::net::TcpStream) -> Socket {
    use tokio_tungstenite::{tungstenite::client::IntoClientRequest, MaybeTlsStream};
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request.headers_mut().insert("cookie", cookie.parse().unwrap());
    let (mut socket, _) =
        tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)).await.expect("upgrade");
    assert_eq!(next_frame(&mut socket).await.expect("ready frame")["type"], "ready");
    socket
}

/// Polls until `check` holds or `within` passes; the time it took.
pub async fn eventually(
    within: std::time::Duration,
    mut check: impl AsyncFnMut() -> bool,
) -> Option<std::time::Duration> {
    let started = std::time::Instant::now();
    while started.elapsed() < within {
        if check().await {
            return Some(started.elapsed());
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    None
}

/// The next JSON frame within 5 s; `None` when the server closed the socket.
pub async fn next_frame(socket: &mut Socket) -> Option<Value> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(5), socket.next()).await.expect("in time");
        match frame {
            Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap()),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => {}
        }
    }
}

/// True when the server closes the socket within 5 s (frames before the close are passed over).
pub async fn closes(socket: &mut Socket) -> bool {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    while tokio::time::Instant::now() < deadline {
        if next_frame(socket).await.is_none() {
            return true;
        }
    }
    false
}

/// Two instances on one PostgreSQL database, or `None` in the SQLite pass (where that cannot be).
pub async fn two_instances() -> Option<(TestApp, TestApp)> {
    if !on_postgres() {
        return None;
    }
    let first = spawn_app().await;
    let second = second_instance(&first).await;
    Some((first, second))
}

/// Asks for a reset link for `username` (user `user_id`) and returns its token, as the mail would carry it.
pub async fn reset_token(app: &TestApp, username: &str, user_id: i64) -> String {
    app.client().post("/api/auth/forgot-password", &json!({ "email": username })).await;
    let link = app.state.mailer.last_to(user_id).expect("a reset mail").link;
    link.split("reset=").nth(1).expect("a token in the link").to_string()
}

/// Runs the `grow` binary as its own process. Awaited, never blocking: the app under test runs on
/// this test's runtime, and a blocked thread would stall it mid-transaction while the command waits
/// for that very transaction's lock.
pub async fn run_grow(data_dir: &std::path::Path, database_url: Option<&str>, args: &[&str]) -> std::process::Output {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_grow"));
    command.args(args).env("GROW_DATA_DIR", data_dir).env("RUST_LOG", "warn").kill_on_drop(true);
    match database_url {
        Some(url) => command.env("DATABASE_URL", url),
        None => command.env_remove("DATABASE_URL"),
    };
    command.output().await.expect("run grow")
}
