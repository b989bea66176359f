//! The test harness: `spawn_app()` and a cookie-keeping client with typed helpers.

use std::sync::atomic::{AtomicU32, Ordering};

use grow::{app, config::Config};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

pub const PASSWORD: &str = "Sunflower42!";

pub struct TestApp {
    pub addr: std::net::SocketAddr,
    pub state: app::AppState,
    _data_dir: tempfile::TempDir,
    pg_database: Option<(String, String)>,
}

/// A browser: its own cookie jar against one app.
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
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&admin).await.expect("create test db");
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
    let config = Config {
        host: "127.0.0.1".into(),
        port: 0,
        data_dir: data_dir.path().to_path_buf(),
        database_url,
        seed_demo: false,
    };
    let mut config = config;
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

    /// Signs a new user up (not logged in); returns the username and the user answered.
    pub async fn signup(&self, extra: Value) -> (String, Value) {
        let body = signup_body(extra);
        let answer = self.client().post("/api/auth/signup", &body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        (body["username"].as_str().unwrap().to_string(), answer.body["user"].clone())
    }

    /// A new user, signed in on a fresh client.
    pub async fn signed_in(&self) -> (Client, Value) {
        let (username, _) = self.signup(json!({})).await;
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
