//! The S3-compatible file store (`GROW_S3_*`) against a real S3 server: `s3s-fs`, which checks every
//! request's signature and keeps objects as files under `root/bucket/`. `scripts/test` installs it
//! and sets `GROW_REQUIRE_S3=1`; a bare `cargo test` on a machine without it skips these tests.

use std::{path::PathBuf, time::Duration};

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app_with, PASSWORD};
use grow::files::s3::S3Config;

const BUCKET: &str = "grow-files";
const ACCESS: &str = "grow-test";
pub const SECRET: &str = "grow-test-secret-key";

pub struct S3Server {
    _process: tokio::process::Child,
    port: u16,
    root: tempfile::TempDir,
}

fn s3s_fs() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo/bin/s3s-fs"));
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("s3s-fs"))
        .chain(home)
        .find(|path| path.is_file())
}

/// A fresh S3 server on a free port, or `None` (the test is skipped) where none is installed.
pub async fn s3_server() -> Option<S3Server> {
    let Some(bin) = s3s_fs() else {
        assert!(std::env::var("GROW_REQUIRE_S3").is_err(), "s3s-fs is not installed: scripts/test installs it");
        eprintln!("s3s-fs is not installed: the S3 store is not tested in this run");
        return None;
    };
    let root = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let process = tokio::process::Command::new(bin)
        .args(["--host", "127.0.0.1", "--port", &port.to_string(), "--access-key", ACCESS, "--secret-key", SECRET])
        .arg(root.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start s3s-fs");
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return Some(S3Server { _process: process, port, root });
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("s3s-fs did not come up");
}

pub fn config(server: &S3Server, secret: &str) -> S3Config {
    S3Config {
        endpoint: format!("http://127.0.0.1:{}", server.port),
        bucket: BUCKET.into(),
        region: "us-east-1".into(),
        access_key: ACCESS.into(),
        secret_key: secret.into(),
    }
}

fn stored(server: &S3Server, name: &str) -> bool {
    server.root.path().join(BUCKET).join(name).is_file()
}

#[tokio::test]
async fn uploads_and_photos_are_kept_in_the_s3_store_served_safely_and_removed_with_their_account() {
    let Some(server) = s3_server().await else { return };
    let s3 = config(&server, SECRET);
    let app = spawn_app_with(move |c| c.s3 = Some(s3)).await;
    let (name, _) = app.signup(json!({})).await;
    let client = app.client();
    client.login(&name, PASSWORD, false).await;

    let pdf = b"%PDF-1.4\n1 0 obj\n".to_vec();
    let one = crate::uploads::upload(&client, "file", vec![("notes.pdf", "application/pdf", pdf.clone())]).await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.body);
    let url = one.body["fileUrl"].as_str().unwrap().to_string();
    let file = url.trim_start_matches("/api/files/").to_string();
    assert!(stored(&server, &file), "the object is in the bucket");
    assert!(!app.data_dir().join("files").join(&file).exists(), "nothing in the local folder");
    let served = client.http.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.unwrap().to_vec(), pdf);
    assert_eq!(client.get("/api/files/nothing_here.png").await.status, StatusCode::NOT_FOUND);

    let png = crate::people::picture(300, 200, image::ImageFormat::Png);
    let data_url = format!("data:image/png;base64,{}", base64_of(&png));
    let photo = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url })).await;
    assert_eq!(photo.status, StatusCode::OK, "{}", photo.body);
    let photo_name = photo.body["profileImageUrl"].as_str().unwrap().trim_start_matches("/api/files/").to_string();
    let thumbnail = photo_name.replace(".png", "_256.png");
    assert!(stored(&server, &photo_name) && stored(&server, &thumbnail));
    let (_, friend) = app.signup(json!({})).await;
    let to = json!({ "receiverId": friend["id"], "content": "", "attachmentUrl": url });
    let message = client.post("/api/messages", &to).await;
    assert_eq!(message.status, StatusCode::CREATED, "{}", message.body);

    let gone = client.request(reqwest::Method::DELETE, "/api/account", Some(&json!({ "password": PASSWORD }))).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    let mut left = true;
    for _ in 0..50 {
        left = stored(&server, &file) || stored(&server, &photo_name) || stored(&server, &thumbnail);
        if !left {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!left, "the account's files left the bucket");
}

#[tokio::test]
async fn a_store_that_refuses_the_keys_stops_the_start_with_a_clear_error() {
    let Some(server) = s3_server().await else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut config = grow::config::Config::local(dir.path().to_path_buf());
    config.run_jobs = false;
    config.s3 = Some(self::config(&server, "not-the-secret"));
    let Err(err) = grow::app::start(config).await else { panic!("started with the wrong keys") };
    let said = format!("{err:#}");
    assert!(said.contains("file store") && said.contains("bucket"), "{said}");
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}
