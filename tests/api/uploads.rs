//! `POST /api/upload`: files judged by their bytes, stored under the server's names, served safely.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, RgbaImage};
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
    assert!(urls[0].ends_with(".png") && urls[1].ends_with(".jpg") && urls[2].ends_with(".txt"), "{urls:?}");
    assert!(several.body["fileUrl"].is_null());
    let picture = client.http.get(app.url(urls[0])).send().await.unwrap();
    assert_eq!(picture.headers()["content-type"], "image/png");
    let picture = client.http.get(app.url(urls[1])).send().await.unwrap();
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
    assert!(honest.body["fileUrl"].as_str().unwrap().ends_with(".png"), "{}", honest.body);
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

/// A logo-like picture: a clear left half, then colours with alpha from see-through to solid.
pub fn clear_logo(width: u32, height: u32) -> RgbaImage {
    RgbaImage::from_fn(width, height, |x, y| {
        if x < width / 2 {
            image::Rgba([0, 0, 0, 0])
        } else {
            image::Rgba([(x * 7 % 256) as u8, (y * 13 % 256) as u8, 90, (y * 255 / height.max(1)) as u8])
        }
    })
}

pub fn png_of(picture: &RgbaImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgba8(picture.clone()).write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A PNG with a text chunk (`tEXt`, as cameras and editors write) put right after its header.
pub fn with_text_chunk(png: &[u8], text: &str) -> Vec<u8> {
    let mut data = b"Comment\0".to_vec();
    data.extend_from_slice(text.as_bytes());
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    let typed: Vec<u8> = b"tEXt".iter().chain(&data).copied().collect();
    chunk.extend_from_slice(&typed);
    chunk.extend_from_slice(&crc32(&typed).to_be_bytes());
    // Signature (8) and the IHDR chunk (25) come first.
    let mut out = png[..33].to_vec();
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[33..]);
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

async fn served_bytes(app: &crate::helpers::TestApp, client: &Client, url: &str) -> (String, Vec<u8>) {
    let served = client.http.get(app.url(url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK, "{url}");
    let kind = served.headers()["content-type"].to_str().unwrap().to_string();
    (kind, served.bytes().await.unwrap().to_vec())
}

fn thumbnail_of(url: &str) -> String {
    let (stem, extension) = url.rsplit_once('.').unwrap();
    format!("{stem}_256.{extension}")
}

#[tokio::test]
async fn a_png_with_transparency_comes_back_the_same_png_without_its_text() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let logo = clear_logo(300, 120);
    let sent = with_text_chunk(&png_of(&logo), "GPS 51.5007 -0.1246 taken at home");
    assert!(image::load_from_memory(&sent).is_ok(), "the test PNG is valid");
    let answer = upload(&client, "file", vec![("logo.png", "image/png", sent)]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let url = answer.body["fileUrl"].as_str().unwrap().to_string();
    assert!(url.ends_with(".png"), "{url}");

    let (kind, bytes) = served_bytes(&app, &client, &url).await;
    assert_eq!(kind, "image/png");
    assert_eq!(image::guess_format(&bytes).unwrap(), ImageFormat::Png);
    let back = image::load_from_memory_with_format(&bytes, ImageFormat::Png).unwrap();
    assert!(back.color().has_alpha());
    assert_eq!(back.to_rgba8(), logo, "every pixel, alpha included, as sent");
    assert!(!bytes.windows(4).any(|w| w == b"tEXt"), "no text chunk");
    assert!(!String::from_utf8_lossy(&bytes).contains("GPS"));

    let (kind, thumb) = served_bytes(&app, &client, &thumbnail_of(&url)).await;
    assert_eq!(kind, "image/png");
    let thumb = image::load_from_memory_with_format(&thumb, ImageFormat::Png).unwrap().to_rgba8();
    assert_eq!(thumb.dimensions(), (256, 102));
    assert_eq!(thumb.get_pixel(10, 50)[3], 0, "the clear part stays clear");
    assert!(thumb.get_pixel(250, 100)[3] > 200, "the solid part stays solid");
}

/// A JPEG carrying an EXIF block (APP1) with words in it, right after its start marker.
fn jpeg_with_exif(words: &str) -> Vec<u8> {
    let mut jpeg = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image::RgbImage::from_pixel(64, 48, image::Rgb([200, 120, 40])))
        .write_to(&mut jpeg, ImageFormat::Jpeg)
        .unwrap();
    let jpeg = jpeg.into_inner();
    // "Exif", then a big-endian TIFF header and an empty first directory; the words ride after it.
    let mut exif = b"Exif\0\0MM\0*\0\0\0\x08\0\0\0\0\0\0".to_vec();
    exif.extend_from_slice(words.as_bytes());
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&exif);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[tokio::test]
async fn a_jpeg_stays_a_jpeg_without_its_exif() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let sent = jpeg_with_exif("GPSLatitude 51.5007");
    assert!(image::load_from_memory(&sent).is_ok(), "the test JPEG is valid");
    assert!(sent.windows(4).any(|w| w == b"Exif"));
    let answer = upload(&client, "file", vec![("photo.jpg", "image/jpeg", sent)]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let url = answer.body["fileUrl"].as_str().unwrap().to_string();
    let (kind, bytes) = served_bytes(&app, &client, &url).await;
    assert_eq!(kind, "image/jpeg");
    assert_eq!(image::guess_format(&bytes).unwrap(), ImageFormat::Jpeg);
    assert!(!bytes.windows(4).any(|w| w == b"Exif"), "no EXIF block");
    assert!(!String::from_utf8_lossy(&bytes).contains("GPS"));
    let back = image::load_from_memory(&bytes).unwrap().to_rgb8();
    assert_eq!(back.dimensions(), (64, 48));
    let pixel = back.get_pixel(30, 20);
    assert!(pixel[0].abs_diff(200) < 8 && pixel[1].abs_diff(120) < 8 && pixel[2].abs_diff(40) < 8, "{pixel:?}");
}

#[tokio::test]
async fn only_sides_over_4096_px_are_scaled_down() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let wide = png_of(&RgbaImage::from_fn(5000, 40, |x, _| image::Rgba([(x % 256) as u8, 0, 0, 255])));
    let answer = upload(&client, "file", vec![("wide.png", "image/png", wide)]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let (_, bytes) = served_bytes(&app, &client, answer.body["fileUrl"].as_str().unwrap()).await;
    let back = image::load_from_memory(&bytes).unwrap();
    assert_eq!(back.width(), 4096);
    assert!((32..=33).contains(&back.height()), "{}", back.height());

    let fits = png_of(&RgbaImage::from_pixel(4096, 10, image::Rgba([1, 2, 3, 4])));
    let answer = upload(&client, "file", vec![("fits.png", "image/png", fits)]).await;
    let (_, bytes) = served_bytes(&app, &client, answer.body["fileUrl"].as_str().unwrap()).await;
    assert_eq!(
        image::load_from_memory(&bytes).unwrap().to_rgba8(),
        RgbaImage::from_pixel(4096, 10, image::Rgba([1, 2, 3, 4]))
    );
}

#[tokio::test]
async fn a_gif_keeps_its_frames_and_loses_its_comments() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let mut gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\x00\x00\x00\x00\xff".to_vec();
    gif.extend_from_slice(b"\x21\xfe\x0bsecret note\x00");
    gif.extend_from_slice(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00");
    for _ in 0..2 {
        gif.extend_from_slice(b"\x21\xf9\x04\x00\x0a\x00\x00\x00");
        gif.extend_from_slice(b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00");
    }
    gif.push(0x3b);
    let answer = upload(&client, "file", vec![("wave.gif", "image/gif", gif.clone())]).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let (kind, bytes) = served_bytes(&app, &client, answer.body["fileUrl"].as_str().unwrap()).await;
    assert_eq!(kind, "image/gif");
    assert!(!String::from_utf8_lossy(&bytes).contains("secret"));
    assert_eq!(bytes.windows(2).filter(|w| *w == b"\x2c\x00").count(), 2, "both frames kept");
    assert!(String::from_utf8_lossy(&bytes).contains("NETSCAPE2.0"), "still loops");
}

fn mp4_box(kind: &[u8; 4], payload: &[u8]) -> Vec<u8> {
    let mut out = ((payload.len() + 8) as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(payload);
    out
}

/// An MP4 recording as Safari's MediaRecorder writes one: `ftyp` of `brand`, then the tracks' headers (one a
/// handler), then the media.
fn mp4_recording(brand: &[u8; 4], handlers: &[&[u8; 4]]) -> Vec<u8> {
    let mut file = mp4_box(b"ftyp", &[&brand[..], &[0, 0, 2, 0], b"iso6mp41"].concat());
    let mut tracks = mp4_box(b"mvhd", &[0u8; 100]);
    for handler in handlers {
        let hdlr = mp4_box(b"hdlr", &[&[0u8; 8][..], &handler[..], &[0u8; 12], b"Core Media Audio\0"].concat());
        tracks.extend(mp4_box(b"trak", &mp4_box(b"mdia", &hdlr)));
    }
    file.extend(mp4_box(b"moov", &tracks));
    file.extend(mp4_box(b"mdat", &[0x21u8; 4096]));
    file
}

#[tokio::test]
async fn voice_recorded_by_safari_as_mp4_is_accepted_and_served_as_audio_but_a_video_is_not() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    for brand in [b"iso5", b"mp42", b"isom"] {
        let voice = upload(&client, "file", vec![("voice.mp4", "audio/mp4", mp4_recording(brand, &[b"soun"]))]).await;
        assert_eq!(voice.status, StatusCode::OK, "brand {}: {}", String::from_utf8_lossy(brand), voice.body);
        let url = voice.body["fileUrl"].as_str().unwrap();
        let served = client.http.get(app.url(url)).send().await.unwrap();
        assert_eq!(served.headers()["content-type"], "audio/mp4");
        assert_eq!(served.headers()["content-disposition"], "inline", "played in the page");
        assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    }
    let video =
        upload(&client, "file", vec![("clip.mp4", "audio/mp4", mp4_recording(b"iso5", &[b"vide", b"soun"]))]).await;
    assert_eq!(video.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", video.body);
    assert!(video.message().contains("is not a supported file type"), "{}", video.body);
}

#[tokio::test]
async fn voice_recorded_by_firefox_and_chromium_as_ogg_or_webm_opus_is_served_as_audio() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    // The first page of an Ogg/Opus recording (Firefox's audio/ogg;codecs=opus): the Opus identification header.
    let mut ogg = [&b"OggS\0\x02"[..], &[0u8; 8], &[1, 0, 0, 0], &[0u8; 8], &[1, 19], b"OpusHead"].concat();
    ogg.extend([1u8, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]);
    ogg.extend([0x4fu8; 2048]);
    // The EBML header of a WebM recording (Chromium's and Firefox's audio/webm;codecs=opus).
    let mut webm = vec![0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01];
    webm.extend([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]);
    webm.extend(b"webm");
    webm.extend([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);
    webm.extend([0x5au8; 2048]);
    for (name, sent_as, bytes, served_as) in
        [("voice.ogg", "audio/ogg", ogg, "audio/ogg"), ("voice.webm", "audio/webm", webm, "audio/webm")]
    {
        let voice = upload(&client, "file", vec![(name, sent_as, bytes)]).await;
        assert_eq!(voice.status, StatusCode::OK, "{name}: {}", voice.body);
        let served = client.http.get(app.url(voice.body["fileUrl"].as_str().unwrap())).send().await.unwrap();
        assert_eq!(served.headers()["content-type"], served_as, "{name}");
        assert_eq!(served.headers()["content-disposition"], "inline", "{name} is played in the page");
    }
}

/// A text file of `bytes` bytes.
fn text_file(bytes: usize) -> Vec<u8> {
    b"notes ".iter().copied().cycle().take(bytes).collect()
}

#[tokio::test]
async fn every_file_counts_against_the_upload_budget_not_every_request() {
    let app = crate::helpers::spawn_app_with(|config| config.budgets.per_kind = 12).await;
    let (client, _) = app.signed_in().await;
    let ten = |n: usize| (0..n).map(|i| ("notes.txt", "text/plain", text_file(100 + i))).collect::<Vec<_>>();
    let files: Vec<(&str, &str, Vec<u8>)> = ten(10);
    assert_eq!(upload(&client, "files", files).await.status, StatusCode::OK, "ten files: ten of twelve");
    // Three more files would be thirteen: refused, and none of them is stored.
    let refused = upload(&client, "files", ten(3)).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    assert!(refused.headers.contains_key("retry-after"));
    assert!(refused.body.get("fileUrls").is_none());
}

#[tokio::test]
async fn a_person_uploads_at_most_the_days_bytes_and_hears_when_they_may_again() {
    let app = crate::helpers::spawn_app_with(|config| config.budgets.upload_bytes_per_day = 3 * 1024 * 1024).await;
    let (client, _) = app.signed_in().await;
    let (other, _) = app.signed_in().await;
    let mb = 1024 * 1024;
    let first =
        upload(&client, "files", vec![("a.txt", "text/plain", text_file(mb)), ("b.txt", "text/plain", text_file(mb))])
            .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    // Two more megabytes would pass three: refused whole, with the wait and the reason.
    let refused = upload(&client, "files", vec![("c.txt", "text/plain", text_file(2 * mb))]).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.body);
    assert_eq!(refused.message(), "You've reached today's upload limit of 3 MB. You can upload again tomorrow.");
    let wait: u64 = refused.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(wait > 23 * 3600 && wait <= 24 * 3600, "{wait}");
    // What still fits is taken, and another person has a day of their own.
    assert_eq!(upload(&client, "file", vec![("d.txt", "text/plain", text_file(mb / 2))]).await.status, StatusCode::OK);
    assert_eq!(upload(&other, "file", vec![("e.txt", "text/plain", text_file(2 * mb))]).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_small_file_that_decodes_to_a_huge_picture_is_refused_before_it_is_decoded() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    use image::ImageEncoder;
    // 6400 x 6400 = 41 million pixels of one colour: a few kilobytes as a PNG.
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(&vec![0u8; 6400 * 6400], 6400, 6400, image::ExtendedColorType::L8)
        .unwrap();
    assert!(png.len() < 1_000_000, "{} bytes", png.len());
    let refused = upload(&client, "file", vec![("huge.png", "image/png", png)]).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert!(refused.message().contains("at most 40 million"), "{}", refused.body);
    // A picture within the ceiling is taken.
    let mut fine = Vec::new();
    image::codecs::png::PngEncoder::new(&mut fine)
        .write_image(&vec![0u8; 64 * 64], 64, 64, image::ExtendedColorType::L8)
        .unwrap();
    assert_eq!(upload(&client, "file", vec![("fine.png", "image/png", fine)]).await.status, StatusCode::OK);
}

/// Fetches a stored file as `client` (with their session, or none): its status and Cache-Control.
async fn fetched(app: &crate::helpers::TestApp, client: &Client, url: &str) -> (StatusCode, String) {
    let served = client.http.get(app.url(url)).send().await.unwrap();
    let cache = served.headers().get("cache-control").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    (served.status(), cache)
}

#[tokio::test]
async fn a_chats_files_are_served_only_to_its_people_and_privately() {
    let app = spawn_app().await;
    let (ann, _) = app.signed_in_as(serde_json::json!({ "role": "innovator" })).await;
    let (bob, bob_user) = app.signed_in().await;
    let (eve, _) = app.signed_in().await;
    let bob_id = bob_user["id"].as_i64().unwrap();
    crate::helpers::connect(&ann, &bob).await;
    let photo = upload(&ann, "file", vec![("plan.png", "image/png", picture(300, 300, ImageFormat::Png))]).await;
    let url = photo.body["fileUrl"].as_str().unwrap().to_string();
    // Nothing names it yet: whoever holds the address gets it.
    assert_eq!(fetched(&app, &app.client(), &url).await.0, StatusCode::OK);

    let sent = ann
        .post("/api/messages", &serde_json::json!({ "receiverId": bob_id, "content": "", "attachmentUrl": url }))
        .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.body);
    for (who, client) in [("Ann", &ann), ("Bob", &bob)] {
        for address in [url.clone(), thumbnail_of(&url)] {
            let (status, cache) = fetched(&app, client, &address).await;
            assert_eq!(status, StatusCode::OK, "{who}: {address}");
            assert!(cache.starts_with("private"), "{who}: {cache}");
        }
    }
    // A stranger, signed in or not, finds nothing there.
    for client in [&eve, &app.client()] {
        assert_eq!(fetched(&app, client, &url).await.0, StatusCode::NOT_FOUND);
        assert_eq!(fetched(&app, client, &thumbnail_of(&url)).await.0, StatusCode::NOT_FOUND);
    }

    // A project's chat: its workers read its files, a stranger does not; a room's files are public.
    let project = ann
        .post(
            "/api/projects",
            &serde_json::json!({ "title": "Kiln", "description": "A solar kiln", "isPublished": true }),
        )
        .await;
    let project = project.body["id"].as_i64().unwrap();
    let added =
        ann.post(&format!("/api/projects/{project}/collaborators"), &serde_json::json!({ "userId": bob_id })).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let notes = upload(&bob, "file", vec![("notes.txt", "text/plain", b"kiln notes\n".to_vec())]).await;
    let notes = notes.body["fileUrl"].as_str().unwrap().to_string();
    let said = bob
        .post(
            &format!("/api/projects/{project}/messages"),
            &serde_json::json!({ "content": "notes", "attachmentUrl": notes }),
        )
        .await;
    assert_eq!(said.status, StatusCode::CREATED, "{}", said.body);
    assert_eq!(fetched(&app, &ann, &notes).await.0, StatusCode::OK);
    assert_eq!(fetched(&app, &eve, &notes).await.0, StatusCode::NOT_FOUND);
    let shared = upload(&eve, "file", vec![("hello.txt", "text/plain", b"hello room\n".to_vec())]).await;
    let shared = shared.body["fileUrl"].as_str().unwrap().to_string();
    assert_eq!(eve.post_empty("/api/communities/tech/join").await.status, StatusCode::NO_CONTENT);
    let posted = eve
        .post("/api/communities/tech/messages", &serde_json::json!({ "content": "hi", "attachmentUrl": shared }))
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.body);
    let (status, cache) = fetched(&app, &app.client(), &shared).await;
    assert_eq!(status, StatusCode::OK);
    assert!(cache.starts_with("public"), "{cache}");

    // Deleting the only message that names a file removes the file, for everyone.
    let id = sent.body["id"].as_i64().unwrap();
    let gone = ann.request(reqwest::Method::DELETE, &format!("/api/messages/{id}"), None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);
    let five = std::time::Duration::from_secs(5);
    let left = crate::helpers::eventually(five, async || fetched(&app, &ann, &url).await.0 == StatusCode::NOT_FOUND);
    assert!(left.await.is_some(), "the file stayed after its only message was deleted");
}

#[tokio::test]
async fn uploads_nothing_used_for_a_day_are_swept_and_an_accounts_uploads_leave_with_it() {
    let app = spawn_app().await;
    let (ann, _) = app.signed_in_as(serde_json::json!({ "role": "innovator" })).await;
    let kept = upload(&ann, "file", vec![("kept.png", "image/png", picture(200, 100, ImageFormat::Png))]).await;
    let kept = kept.body["fileUrl"].as_str().unwrap().to_string();
    let idle = upload(&ann, "file", vec![("idle.png", "image/png", picture(300, 300, ImageFormat::Png))]).await;
    let idle = idle.body["fileUrl"].as_str().unwrap().to_string();
    let fresh = upload(&ann, "file", vec![("fresh.txt", "text/plain", b"fresh\n".to_vec())]).await;
    let fresh = fresh.body["fileUrl"].as_str().unwrap().to_string();
    let project = ann
        .post(
            "/api/projects",
            &serde_json::json!({ "title": "Kiln", "description": "A solar kiln", "isPublished": true, "imageUrls": [kept] }),
        )
        .await;
    assert_eq!(project.status, StatusCode::CREATED, "{}", project.body);
    // Two of them were uploaded more than a day ago.
    let day_ago = grow::time::now_ms() - grow::time::DAY_MS - 60_000;
    for url in [&kept, &idle] {
        let name = url.strip_prefix("/api/files/").unwrap();
        let (stem, ext) = name.rsplit_once('.').unwrap();
        let mut tx = app.state.db.begin().await.unwrap();
        sqlx::query("UPDATE uploads SET created_at = $1 WHERE name = $2 OR name = $3")
            .bind(day_ago)
            .bind(name)
            .bind(format!("{stem}_256.{ext}"))
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    let report = grow::jobs::run_once("cleanup", &app.state).await.unwrap();
    assert!(report.contains("1 unused uploads (1 in use)"), "{report}");
    assert_eq!(fetched(&app, &ann, &idle).await.0, StatusCode::NOT_FOUND);
    assert_eq!(fetched(&app, &ann, &thumbnail_of(&idle)).await.0, StatusCode::NOT_FOUND);
    assert_eq!(fetched(&app, &ann, &kept).await.0, StatusCode::OK);
    assert_eq!(fetched(&app, &ann, &fresh).await.0, StatusCode::OK);
    // Each upload is looked at once.
    let again = grow::jobs::run_once("cleanup", &app.state).await.unwrap();
    assert!(again.contains("0 unused uploads (0 in use)"), "{again}");

    // Her account goes: so does every file she uploaded, used or not.
    let deleted = ann
        .request(
            reqwest::Method::DELETE,
            "/api/account",
            Some(&serde_json::json!({ "password": crate::helpers::PASSWORD })),
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.body);
    for url in [&kept, &fresh] {
        let five = std::time::Duration::from_secs(5);
        let left = crate::helpers::eventually(five, async || {
            fetched(&app, &app.client(), url).await.0 == StatusCode::NOT_FOUND
        });
        assert!(left.await.is_some(), "{url} stayed after its uploader's account was deleted");
    }
}

#[tokio::test]
async fn one_persons_many_pictures_never_keep_anothers_waiting_behind_them() {
    let app = spawn_app().await;
    let (busy, _) = app.signed_in().await;
    let (other, _) = app.signed_in().await;
    // A large picture that is quick to send and slow to work on (16 million pixels of gradient).
    let big = RgbaImage::from_fn(4000, 4000, |x, y| image::Rgba([(x / 16) as u8, (y / 16) as u8, 128, 255]));
    let big = png_of(&big);
    let finished = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sends: Vec<_> = (0..6)
        .map(|n| {
            let (busy, big, finished) = (busy.clone(), big.clone(), finished.clone());
            tokio::spawn(async move {
                let answer = upload(&busy, "file", vec![("big.png", "image/png", big)]).await;
                assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
                finished.lock().unwrap().push(format!("busy {n}"));
            })
        })
        .collect();
    // Once the six are in, someone else sends one small photo.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let small = upload(&other, "file", vec![("me.png", "image/png", picture(64, 64, ImageFormat::Png))]).await;
    assert_eq!(small.status, StatusCode::OK, "{}", small.body);
    finished.lock().unwrap().push("other".into());
    for send in sends {
        send.await.unwrap();
    }
    let order = finished.lock().unwrap().clone();
    let place = order.iter().position(|o| o == "other").unwrap();
    // Their pictures take one place of the line at a time: the other photo waits for at most one of theirs.
    assert!(place <= 2, "the other person's photo finished after {place} of the busy one's: {order:?}");
}
