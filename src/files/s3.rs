//! An S3-compatible object store behind [`super::FileStore`] (`GROW_S3_*`): objects put, read and
//! deleted by path-style requests signed with AWS Signature Version 4. The signing is rusty-s3's
//! (a small kept crate that signs without an HTTP client; signing is easy to get subtly wrong), the
//! sending reqwest's, which the server already has.

use std::time::Duration;

use anyhow::{bail, Context};
use reqwest::{Method, StatusCode};
use rusty_s3::{Bucket, Credentials, S3Action, UrlStyle};

/// How long a signed request stays valid: long enough for a slow upload to start, short enough that a
/// URL seen in a log is of no use later.
const SIGNED_FOR: Duration = Duration::from_secs(5 * 60);

/// Where the objects live (`GROW_S3_ENDPOINT`, `GROW_S3_BUCKET`, `GROW_S3_REGION`,
/// `GROW_S3_ACCESS_KEY`, `GROW_S3_SECRET_KEY`).
#[derive(Clone)]
pub struct S3Config {
    /// `http(s)://host[:port]`, without a trailing slash.
    pub endpoint: String,
    pub bucket: String,
    pub region: String,
    pub access_key: String,
    pub secret_key: String,
}

impl std::fmt::Debug for S3Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret never reaches a log.
        f.debug_struct("S3Config")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .field("region", &self.region)
            .finish_non_exhaustive()
    }
}

#[derive(Clone)]
pub struct S3Store {
    bucket: Bucket,
    credentials: Credentials,
    http: reqwest::Client,
}

impl S3Store {
    pub fn new(config: S3Config) -> anyhow::Result<Self> {
        let endpoint = reqwest::Url::parse(&config.endpoint).context("GROW_S3_ENDPOINT must be a URL")?;
        if endpoint.host_str().is_none() {
            bail!("GROW_S3_ENDPOINT has no host");
        }
        let bucket = Bucket::new(endpoint, UrlStyle::Path, config.bucket, config.region)
            .map_err(|e| anyhow::anyhow!("GROW_S3_BUCKET or GROW_S3_ENDPOINT: {e}"))?;
        let credentials = Credentials::new(config.access_key, config.secret_key);
        let http =
            reqwest::Client::builder().timeout(std::time::Duration::from_secs(60)).build().context("the S3 client")?;
        Ok(Self { bucket, credentials, http })
    }

    /// Sends a request signed by rusty-s3 (SigV4 in the query string, so the body is streamed as it is).
    async fn send(&self, method: Method, url: reqwest::Url, body: Vec<u8>) -> anyhow::Result<reqwest::Response> {
        Ok(self.http.request(method, url).body(body).send().await?)
    }

    /// Makes the bucket when it is missing (at start).
    pub async fn ensure_bucket(&self) -> anyhow::Result<()> {
        let head = self.bucket.head_bucket(Some(&self.credentials)).sign(SIGNED_FOR);
        if self.send(Method::HEAD, head, Vec::new()).await?.status().is_success() {
            return Ok(());
        }
        let create = self.bucket.create_bucket(&self.credentials).sign(SIGNED_FOR);
        let made = self.send(Method::PUT, create, Vec::new()).await?;
        // Made meanwhile by another instance: as good.
        if made.status().is_success() || made.status() == StatusCode::CONFLICT {
            return Ok(());
        }
        bail!("the S3 bucket {} could not be made: {}", self.bucket.name(), made.status())
    }

    pub async fn put(&self, name: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        let url = self.bucket.put_object(Some(&self.credentials), name).sign(SIGNED_FOR);
        let answer = self.send(Method::PUT, url, bytes).await?;
        if !answer.status().is_success() {
            bail!("S3 refused to store {name}: {}", answer.status());
        }
        Ok(())
    }

    pub async fn get(&self, name: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let url = self.bucket.get_object(Some(&self.credentials), name).sign(SIGNED_FOR);
        let answer = self.send(Method::GET, url, Vec::new()).await?;
        match answer.status() {
            StatusCode::NOT_FOUND => Ok(None),
            status if status.is_success() => Ok(Some(answer.bytes().await?.to_vec())),
            status => bail!("S3 could not read {name}: {status}"),
        }
    }

    pub async fn delete(&self, name: &str) -> anyhow::Result<()> {
        let url = self.bucket.delete_object(Some(&self.credentials), name).sign(SIGNED_FOR);
        let answer = self.send(Method::DELETE, url, Vec::new()).await?;
        if answer.status().is_success() || answer.status() == StatusCode::NOT_FOUND {
            return Ok(());
        }
        bail!("S3 could not delete {name}: {}", answer.status())
    }
}
