//! Profile photos: judged by content, re-encoded, served with their type and nosniff.

use std::io::Cursor;

use base64::{engine::general_purpose::STANDARD, Engine};
use image::{DynamicImage, ImageFormat};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app;

pub fn picture(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    // Noise, so PNG cannot squeeze it small.
    let noise = image::RgbImage::from_fn(width, height, |_, _| image::Rgb(rand::random::<[u8; 3]>()));
    DynamicImage::ImageRgb8(noise).write_to(&mut out, format).unwrap();
    out.into_inner()
}

pub fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!("data:{mime};base64,{}", STANDARD.encode(bytes))
}

#[tokio::test]
async fn a_photo_is_stored_re_encoded_in_its_format_and_served_with_its_type_and_nosniff() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    // About 2 MB of PNG: over the 1 MiB JSON limit, under the photo's.
    let png = picture(900, 800, ImageFormat::Png);
    assert!(png.len() > 1_200_000, "{}", png.len());
    let answer = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url("image/png", &png) })).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let url = answer.body["profileImageUrl"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/files/") && url.ends_with(".png"), "{url}");
    assert_eq!(client.get("/api/auth/user").await.body["profileImageUrl"], url.as_str());

    let served = client.http.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    let bytes = served.bytes().await.unwrap();
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Png).unwrap();
    assert_eq!(decoded.to_rgb8(), image::load_from_memory(&png).unwrap().to_rgb8(), "the same pixels");
    let thumb = client.http.get(app.url(&url.replace(".png", "_256.png"))).send().await.unwrap();
    assert_eq!(thumb.headers()["content-type"], "image/png");
    assert_eq!(image::load_from_memory(&thumb.bytes().await.unwrap()).unwrap().width(), 256);

    // A new photo replaces the old one, which is removed.
    let webp = picture(300, 300, ImageFormat::WebP);
    let again = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url("image/webp", &webp) })).await;
    assert_eq!(again.status, StatusCode::OK);
    assert!(again.body["profileImageUrl"].as_str().unwrap().ends_with(".webp"), "{}", again.body);
    assert_eq!(client.http.get(app.url(&url)).send().await.unwrap().status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_transparent_profile_photo_stays_a_transparent_png() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let logo = crate::uploads::clear_logo(120, 80);
    let sent = crate::uploads::with_text_chunk(&crate::uploads::png_of(&logo), "Author: someone private");
    let answer = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url("image/png", &sent) })).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let url = answer.body["profileImageUrl"].as_str().unwrap();
    let served = client.http.get(app.url(url)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/png");
    let bytes = served.bytes().await.unwrap();
    assert!(!String::from_utf8_lossy(&bytes).contains("someone private"));
    assert_eq!(image::load_from_memory_with_format(&bytes, ImageFormat::Png).unwrap().to_rgba8(), logo);
}

#[tokio::test]
async fn photos_that_lie_about_their_type_and_paths_that_escape_are_refused() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#;
    for (mime, bytes) in [
        ("image/png", &svg[..]),
        ("image/jpeg", b"<html><script>alert(1)</script></html>"),
        ("image/png", b"GIF89a...."),
    ] {
        let answer = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url(mime, bytes) })).await;
        assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{mime}");
        assert!(answer.message().contains("PNG, JPEG or WebP"));
    }
    let broken = client.post("/api/users/profile-image", &json!({ "imageUrl": "data:image/png;base64,%%%" })).await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(client.get("/api/auth/user").await.body["profileImageUrl"], serde_json::Value::Null, "nothing changed");
    for path in ["/api/files/..%2Fgrow.db", "/api/files/grow.db", "/api/files/x.svg", "/api/files/nothere.jpg"] {
        assert_eq!(client.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(
        app.client().post("/api/users/profile-image", &json!({ "imageUrl": "x" })).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_photo_over_8_mb_is_a_413() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let huge = vec![0u8; 9 * 1024 * 1024];
    let answer = client.post("/api/users/profile-image", &json!({ "imageUrl": data_url("image/png", &huge) })).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn a_position_is_turned_into_a_place_offline() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let paris = client.get("/api/geo/reverse?lat=48.8566&lng=2.3522").await;
    assert_eq!(paris.status, StatusCode::OK, "{}", paris.body);
    assert_eq!(paris.body["countryCode"], "FR");
    assert!(paris.body["city"].is_string());
    assert!(paris.body["label"].as_str().unwrap().ends_with(", FR"));
    let ocean = client.get("/api/geo/reverse?lat=-40&lng=-120").await.body;
    assert_eq!(ocean, json!({ "city": null, "countryCode": null, "label": "" }));
    for bad in ["lat=91&lng=0", "lat=0&lng=181", "lat=abc&lng=0", "lng=0", "lat=NaN&lng=0"] {
        assert_eq!(client.get(&format!("/api/geo/reverse?{bad}")).await.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    assert_eq!(app.client().get("/api/geo/reverse?lat=0&lng=0").await.status, StatusCode::UNAUTHORIZED);
}
