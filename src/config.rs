//! Environment → typed configuration (API.md "Running the server").

use std::{fmt, path::PathBuf};

use anyhow::Context;

#[derive(Clone)]
pub struct Config {
    pub host: String,
    pub port: u16,
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; `None` means the embedded SQLite file in the data dir.
    pub database_url: Option<String>,
    /// Fill an empty embedded database with the demo community on start.
    pub seed_demo: bool,
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let port = match std::env::var("PORT") {
            Ok(p) => p.parse().with_context(|| format!("PORT must be a port number, got {p:?}"))?,
            Err(_) => 5000,
        };
        Ok(Self {
            host: std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".into()),
            port,
            data_dir: std::env::var_os("GROW_DATA_DIR").map(PathBuf::from).unwrap_or_else(|| "./data".into()),
            database_url: std::env::var("DATABASE_URL").ok().filter(|u| !u.trim().is_empty()),
            seed_demo: matches!(std::env::var("GROW_DEMO").as_deref(), Ok("1" | "true" | "yes")),
        })
    }

    /// The URL the pool connects to.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}?mode=rwc", self.data_dir.join("grow.db").display()),
        }
    }
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
            .finish()
    }
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
