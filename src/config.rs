//! Environment → typed configuration (API.md "Running the server", README "Configuration").

use std::{fmt, path::PathBuf, time::Duration};

use anyhow::Context;

use crate::{auth::rate_limit::LoginLimits, net::IpBlock};

const WS_IDLE_TIMEOUT: Duration = Duration::from_secs(90);
/// A notification left unread this long goes into the next digest.
const DIGEST_AFTER: Duration = Duration::from_secs(60 * 60);

#[derive(Clone)]
pub struct Config {
    pub host: String,
    pub port: u16,
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; `None` means the embedded SQLite file in the data dir.
    pub database_url: Option<String>,
    /// Fill an empty embedded database with the demo community on start.
    pub seed_demo: bool,
    /// Where people reach the app (`GROW_PUBLIC_URL`, e.g. `https://grow.example`): links in mail
    /// are built from it and the cross-site check accepts its origin. `None`: the bound address.
    pub public_url: Option<String>,
    /// Proxies whose `X-Forwarded-For` is believed (`GROW_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<IpBlock>,
    /// A request still running after this is answered 503.
    pub request_timeout: Duration,
    pub login_limits: LoginLimits,
    /// What one person (or address) may do of each kind of call per window.
    pub budgets: crate::safety::limits::Budgets,
    /// Run the background jobs (tests turn them off and call `run_once` themselves).
    pub run_jobs: bool,
    /// Who push services may contact about our pushes (`GROW_VAPID_SUBJECT`, `mailto:` or `https:`);
    /// by default the public URL when it is https.
    pub vapid_subject: Option<String>,
    /// Where mail goes (`GROW_SMTP_URL`); `None`: the reset link is written to the log.
    pub smtp_url: Option<String>,
    /// The sender of mail (`GROW_MAIL_FROM`).
    pub mail_from: Option<String>,
    /// The bearer token that opens `GET /metrics` (`GROW_METRICS_TOKEN`); no token, no metrics (404).
    pub metrics_token: Option<String>,
    /// A socket that sends nothing (not even its 25-second ping) for this long is closed.
    pub ws_idle_timeout: Duration,
    /// How long a notification stays unread before the digest mails it (`GROW_DIGEST_AFTER_SECS`, default an hour).
    pub digest_after: Duration,
    /// An S3-compatible store for files (`GROW_S3_*`); the data dir's `files` folder without it.
    pub s3: Option<crate::files::s3::S3Config>,
    /// Tests only, never in production (`GROW_PUSH_ALLOW_LOOPBACK_HTTP=1`): push endpoints on this
    /// machine (plain http included) are accepted and called. Off, pushes reach public https only.
    pub push_allow_loopback_http: bool,
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let port = match var("PORT") {
            Some(p) => p.parse().with_context(|| format!("PORT must be a port number, got {p:?}"))?,
            None => 5000,
        };
        let public_url = var("GROW_PUBLIC_URL").map(|url| url.trim().trim_end_matches('/').to_string());
        if let Some(url) = &public_url {
            anyhow::ensure!(
                url.starts_with("http://") || url.starts_with("https://"),
                "GROW_PUBLIC_URL must start with http:// or https://, got {url:?}"
            );
        }
        let trusted_proxies = match var("GROW_TRUSTED_PROXIES") {
            Some(list) => crate::net::parse_blocks(&list).map_err(|e| anyhow::anyhow!("GROW_TRUSTED_PROXIES: {e}"))?,
            None => Vec::new(),
        };
        Ok(Self {
            host: var("HOST").unwrap_or_else(|| "127.0.0.1".into()),
            port,
            data_dir: std::env::var_os("GROW_DATA_DIR").map(PathBuf::from).unwrap_or_else(|| "./data".into()),
            database_url: var("DATABASE_URL"),
            seed_demo: matches!(var("GROW_DEMO").as_deref(), Some("1" | "true" | "yes")),
            public_url,
            trusted_proxies,
            request_timeout: Duration::from_secs(30),
            login_limits: LoginLimits::default(),
            budgets: crate::safety::limits::Budgets {
                open_calls: match var("GROW_OPEN_CALLS") {
                    Some(n) => {
                        n.parse().map_err(|_| anyhow::anyhow!("GROW_OPEN_CALLS must be a whole number, got {n:?}"))?
                    }
                    None => crate::safety::limits::Budgets::default().open_calls,
                },
                ..Default::default()
            },
            run_jobs: true,
            vapid_subject: var("GROW_VAPID_SUBJECT"),
            metrics_token: var("GROW_METRICS_TOKEN"),
            smtp_url: var("GROW_SMTP_URL"),
            mail_from: var("GROW_MAIL_FROM"),
            ws_idle_timeout: WS_IDLE_TIMEOUT,
            digest_after: match var("GROW_DIGEST_AFTER_SECS") {
                Some(n) => Duration::from_secs(
                    n.parse()
                        .map_err(|_| anyhow::anyhow!("GROW_DIGEST_AFTER_SECS must be a whole number, got {n:?}"))?,
                ),
                None => DIGEST_AFTER,
            },
            s3: s3_from_env(&var)?,
            push_allow_loopback_http: matches!(var("GROW_PUSH_ALLOW_LOOPBACK_HTTP").as_deref(), Some("1" | "true")),
        })
    }

    /// A configuration for a server on `127.0.0.1` at any free port with its data in `data_dir`.
    pub fn local(data_dir: PathBuf) -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: 0,
            data_dir,
            database_url: None,
            seed_demo: false,
            public_url: None,
            trusted_proxies: Vec::new(),
            request_timeout: Duration::from_secs(30),
            login_limits: LoginLimits::default(),
            budgets: Default::default(),
            run_jobs: true,
            vapid_subject: None,
            metrics_token: None,
            smtp_url: None,
            mail_from: None,
            ws_idle_timeout: WS_IDLE_TIMEOUT,
            digest_after: DIGEST_AFTER,
            s3: None,
            push_allow_loopback_http: false,
        }
    }

    /// Where pushes may go.
    pub fn push_reach(&self) -> crate::notifications::endpoint::Reach {
        crate::notifications::endpoint::Reach { allow_loopback: self.push_allow_loopback_http }
    }

    /// The URL the pool connects to.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}?mode=rwc", self.data_dir.join("grow.db").display()),
        }
    }
}

/// `GROW_S3_BUCKET` turns the S3 store on; the endpoint and both keys are then required.
fn s3_from_env(var: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<crate::files::s3::S3Config>> {
    let Some(bucket) = var("GROW_S3_BUCKET") else { return Ok(None) };
    let need = |name: &str| var(name).with_context(|| format!("{name} is required with GROW_S3_BUCKET"));
    let endpoint = need("GROW_S3_ENDPOINT")?.trim().trim_end_matches('/').to_string();
    anyhow::ensure!(
        endpoint.starts_with("http://") || endpoint.starts_with("https://"),
        "GROW_S3_ENDPOINT must start with http:// or https://, got {endpoint:?}"
    );
    Ok(Some(crate::files::s3::S3Config {
        endpoint,
        bucket,
        region: var("GROW_S3_REGION").unwrap_or_else(|| "us-east-1".into()),
        access_key: need("GROW_S3_ACCESS_KEY")?,
        secret_key: need("GROW_S3_SECRET_KEY")?,
    }))
}

/// Redacts the database password so a logged config never leaks it.
impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_deref().map(redact_url))
            .field("seed_demo", &self.seed_demo)
            .field("public_url", &self.public_url)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("request_timeout", &self.request_timeout)
            .field("smtp_url", &self.smtp_url.as_deref().map(redact_url))
            .field("mail_from", &self.mail_from)
            .field("metrics_token", &self.metrics_token.as_ref().map(|_| "***"))
            .field("s3", &self.s3)
            .field("push_allow_loopback_http", &self.push_allow_loopback_http)
            .finish()
    }
}

/// A URL fit for logs and messages: the password replaced by `***`.
pub fn redact(url: &str) -> String {
    redact_url(url)
}

fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &url[scheme_end + 3..at];
            let user = userinfo.split(':').next().unwrap_or("");
            format!("{}://{}:***{}", &url[..scheme_end], user, &url[at..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact_url;

    #[test]
    fn database_password_is_redacted() {
        assert_eq!(redact_url("postgres://me:secret@db/x"), "postgres://me:***@db/x");
        assert_eq!(redact_url("sqlite://data/grow.db"), "sqlite://data/grow.db");
    }
}
