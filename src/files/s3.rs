//! An S3-compatible object store behind [`super::FileStore`] (`GROW_S3_*`): objects put, read and
//! deleted by path-style requests signed with AWS Signature Version 4. Only three calls are needed,
//! and names are the server's own (letters, digits, `_`, `-`, `.`), so nothing needs escaping; a
//! hand-written signer keeps a whole cloud SDK out of the build.

use anyhow::{bail, Context};
use chrono::Utc;
use reqwest::{Method, StatusCode};
use sha2::{Digest, Sha256};

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
    config: S3Config,
    host: String,
    http: reqwest::Client,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// HMAC-SHA256 (RFC 2104) over SHA-256's 64-byte blocks.
fn hmac(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > 64 {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let inner: Vec<u8> = block.iter().map(|b| b ^ 0x36).collect();
    let outer: Vec<u8> = block.iter().map(|b| b ^ 0x5c).collect();
    let inner_hash = Sha256::new().chain_update(&inner).chain_update(message).finalize();
    Sha256::new().chain_update(&outer).chain_update(inner_hash).finalize().into()
}

impl S3Store {
    pub fn new(config: S3Config) -> anyhow::Result<Self> {
        let url = reqwest::Url::parse(&config.endpoint).context("GROW_S3_ENDPOINT must be a URL")?;
        let host = match (url.host_str(), url.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            (None, _) => bail!("GROW_S3_ENDPOINT has no host"),
        };
        let http =
            reqwest::Client::builder().timeout(std::time::Duration::from_secs(60)).build().context("the S3 client")?;
        Ok(Self { config, host, http })
    }

    /// A signed request to `path` (`/bucket` or `/bucket/name`).
    async fn send(&self, method: Method, path: &str, body: Vec<u8>) -> anyhow::Result<reqwest::Response> {
        let now = Utc::now();
        let (date, stamp) = (now.format("%Y%m%d").to_string(), now.format("%Y%m%dT%H%M%SZ").to_string());
        let payload_hash = sha256_hex(&body);
        let canonical = format!(
            "{method}\n{path}\n\nhost:{host}\nx-amz-content-sha256:{payload_hash}\nx-amz-date:{stamp}\n\n\
             host;x-amz-content-sha256;x-amz-date\n{payload_hash}",
            host = self.host
        );
        let scope = format!("{date}/{}/s3/aws4_request", self.config.region);
        let to_sign = format!("AWS4-HMAC-SHA256\n{stamp}\n{scope}\n{}", sha256_hex(canonical.as_bytes()));
        let mut key = hmac(format!("AWS4{}", self.config.secret_key).as_bytes(), date.as_bytes());
        for part in [self.config.region.as_str(), "s3", "aws4_request"] {
            key = hmac(&key, part.as_bytes());
        }
        let signature = hex(&hmac(&key, to_sign.as_bytes()));
        let authorization = format!(
            "AWS4-HMAC-SHA256 Credential={}/{scope}, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={signature}",
            self.config.access_key
        );
        Ok(self
            .http
            .request(method, format!("{}{path}", self.config.endpoint))
            .header("x-amz-date", stamp)
            .header("x-amz-content-sha256", payload_hash)
            .header("authorization", authorization)
            .body(body)
            .send()
            .await?)
    }

    fn object(&self, name: &str) -> String {
        format!("/{}/{name}", self.config.bucket)
    }

    /// Makes the bucket when it is missing (at start).
    pub async fn ensure_bucket(&self) -> anyhow::Result<()> {
        let path = format!("/{}", self.config.bucket);
        let head = self.send(Method::HEAD, &path, Vec::new()).await?;
        if head.status().is_success() {
            return Ok(());
        }
        let made = self.send(Method::PUT, &path, Vec::new()).await?;
        // Made meanwhile by another instance: as good.
        if made.status().is_success() || made.status() == StatusCode::CONFLICT {
            return Ok(());
        }
        bail!("the S3 bucket {} could not be made: {}", self.config.bucket, made.status())
    }

    pub async fn put(&self, name: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        let answer = self.send(Method::PUT, &self.object(name), bytes).await?;
        if !answer.status().is_success() {
            bail!("S3 refused to store {name}: {}", answer.status());
        }
        Ok(())
    }

    pub async fn get(&self, name: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let answer = self.send(Method::GET, &self.object(name), Vec::new()).await?;
        match answer.status() {
            StatusCode::NOT_FOUND => Ok(None),
            status if status.is_success() => Ok(Some(answer.bytes().await?.to_vec())),
            status => bail!("S3 could not read {name}: {status}"),
        }
    }

    pub async fn delete(&self, name: &str) -> anyhow::Result<()> {
        let answer = self.send(Method::DELETE, &self.object(name), Vec::new()).await?;
        if answer.status().is_success() || answer.status() == StatusCode::NOT_FOUND {
            return Ok(());
        }
        bail!("S3 could not delete {name}: {}", answer.status())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mac = hmac(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(hex(&mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn the_signing_key_matches_the_aws_documentation_example() {
        // docs.aws.amazon.com: "Examples of how to derive a signing key for Signature Version 4".
        let mut key = hmac(b"AWS4wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", b"20120215");
        for part in ["us-east-1", "iam", "aws4_request"] {
            key = hmac(&key, part.as_bytes());
        }
        assert_eq!(hex(&key), "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d");
    }
}
