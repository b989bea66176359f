//! `POST /api/upload`: files judged by their bytes, stored under the server's names, served safely.

use image::ImageFormat;
use reqwest::{multipart, StatusCode};

use crate::{
    helpers::{spawn_app, Answer, Client},
    people::picture,
};

pub async fn upload(client: &Client, field: &str, files: Vec<(&str, &str, Vec<u8>)>) -> Answer {
    let mut form = multipart::Form::new();
    for (name, mime, bytes) in files {
        form = form
            .part(field.to_string(), multipart::Part::bytes(bytes).file_name(name.to_string()).mime_str(mime).unwrap());
    }
    let response = client.http.post(format!("{}/api/upload", client.base)).multipart(form).send().await.unwrap();
    Client::answer(response).await
}

#[tokio::test]
async fn one_file_answers_file_url_and_several_answer_file_urls_each_served_with_its_type_and_nosniff() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let one = upload(&client, "file", vec![("notes.pdf", "application/pdf", b"%PDF-1.4\n1 0 obj\n".to_vec())]).await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.body);
    let url = one.body["fileUrl"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/files/") && url.ends_with(".pdf"), "{url}");
    let served = client.http.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.headers()["content-disposition"], "attachment");

    let several = upload(
        &client,
        "files",
        vec![
            ("a.png", "image/png", picture(40, 30, ImageFormat::Png)),
            ("b.jpg", "image/jpeg", picture(30, 40, ImageFormat::Jpeg)),
            ("c.txt", "text/plain", b"plain words\n".to_vec()),
        ],
    )
    .await;
    assert_eq!(several.status, StatusCode::OK, "{}", several.body);
    let urls: Vec<&str> = several.body["fileUrls"].as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
    assert_eq!(urls.len(), 3);
    assert!(urls[0].ends_with(".jpg") && urls[1].ends_with(".jpg") && urls[2].ends_with(".txt"), "{urls:?}");
    assert!(several.body["fileUrl"].is_null());
    let picture = client.http.get(app.url(urls[0])).send().await.unwrap();
    assert_eq!(picture.headers()["content-type"], "image/jpeg");
    let text = client.http.get(app.url(urls[2])).send().await.unwrap();
    assert_eq!(text.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(text.headers()["content-disposition"], "inline");
}

#[tokio::test]
async fn files_that_lie_about_their_type_are_judged_by_content_and_big_or_missing_ones_refused() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    // A program named like a picture.
    let program = upload(&client, "file", vec![("cat.png", "image/png", b"MZ\x90\0\x03\0\0\0\x04\0".to_vec())]).await;
    assert_eq!(program.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", program.body);
    assert!(program.body["message"].as_str().unwrap().contains("cat.png"));
    // A picture named like a document is stored as the picture it is.
    let honest =
        upload(&client, "file", vec![("report.pdf", "application/pdf", picture(20, 20, ImageFormat::Png))]).await;
    assert!(honest.body["fileUrl"].as_str().unwrap().ends_with(".jpg"), "{}", honest.body);
    // An SVG (active content) is never accepted as an image; as text it would be served inert.
    let svg = b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec();
    let stored = upload(&client, "file", vec![("x.svg", "image/svg+xml", svg)]).await;
    if stored.status == StatusCode::OK {
        let served = client.http.get(app.url(stored.body["fileUrl"].as_str().unwrap())).send().await.unwrap();
        assert_eq!(served.headers()["content-type"], "text/plain; charset=utf-8");
        assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    }
    // One refused file in a batch stores none of them.
    let mixed = upload(
        &client,
        "files",
        vec![("ok.txt", "text/plain", b"fine\n".to_vec()), ("bad.bin", "application/octet-stream", vec![0, 1, 2, 3])],
    )
    .await;
    assert_eq!(mixed.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let big = upload(&client, "file", vec![("big.txt", "text/plain", vec![b'a'; 10 * 1024 * 1024 + 1])]).await;
    assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", big.body);
    let empty = upload(&client, "other", vec![("x.txt", "text/plain", b"x".to_vec())]).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let anonymous = upload(&app.client(), "file", vec![("x.txt", "text/plain", b"x".to_vec())]).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}
