//! Pictures (profile photos and uploaded images; API.md "Uploads"): judged by their content (PNG,
//! JPEG or WebP; never SVG), decoded within limits (no decompression bombs), turned upright by their
//! EXIF orientation and re-encoded in the format they came in, which drops every metadata block
//! (EXIF, GPS, text chunks) and keeps the picture: a PNG stays a PNG with its transparency and exact
//! pixels, a JPEG stays a JPEG (quality 90), a WebP stays a WebP (written lossless: the image crate
//! has no lossy WebP encoder, so the decoded pixels are kept exactly). The colour profile is kept, as
//! part of how the picture looks. Only sides over 4096 px are scaled down; the 256 px thumbnail beside
//! it is the same picture smaller, in the same format.

use std::io::Cursor;

use image::{
    codecs::{jpeg::JpegEncoder, png::PngEncoder, webp::WebPEncoder},
    imageops::FilterType,
    DynamicImage, ImageDecoder, ImageEncoder, ImageFormat, ImageReader, Limits,
};

use crate::error::AppError;

pub const MAX_SIDE: u32 = 4096;
pub const THUMB_SIDE: u32 = 256;
/// Pixels a photo may have before it is refused (a 12,000 × 12,000 image is 144 million).
const MAX_DECODED_SIDE: u32 = 12_000;
/// The most pixels a picture may decode to (API.md "Uploads"): a small file can hold a huge picture, and decoding
/// it costs seconds of CPU and hundreds of megabytes.
pub const MAX_PIXELS: u64 = 40_000_000;
const JPEG_QUALITY: u8 = 90;

pub struct Photo {
    pub full: Vec<u8>,
    pub thumbnail: Vec<u8>,
    /// The extension it is stored under, which names its format (`png`, `jpg`, `webp`).
    pub extension: &'static str,
}

/// Reads a `data:` URL (or bare base64) into bytes.
pub fn from_data_url(text: &str) -> Result<Vec<u8>, AppError> {
    use base64::{engine::general_purpose::STANDARD, Engine};
    let encoded = match text.split_once(',') {
        Some((head, body)) if head.starts_with("data:") && head.ends_with(";base64") => body,
        Some(_) => return Err(AppError::bad_request("imageUrl must be a base64 data URL of an image")),
        None => text,
    };
    STANDARD
        .decode(encoded.trim().as_bytes())
        .map_err(|_| AppError::bad_request("imageUrl must be a base64 data URL of an image"))
}

/// Pictures decoded and re-encoded at once on this instance (API.md "Limits and fair play"): the
/// work is CPU and memory heavy (a 12,000 px side is half a gigabyte decoded), so others wait.
static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// Each person's turn: one of their pictures at a time takes a place in [`DECODING`], so however many they send
/// at once, someone else's waits for at most one picture of theirs (API.md "Uploads": a fair queue per person).
static TURNS: std::sync::LazyLock<
    std::sync::Mutex<std::collections::HashMap<i64, std::sync::Arc<tokio::sync::Semaphore>>>,
> = std::sync::LazyLock::new(Default::default);

/// The person's turn, held while one of their pictures waits or is worked on.
async fn turn_of(person: i64) -> Result<tokio::sync::OwnedSemaphorePermit, AppError> {
    let turn = {
        let mut turns = crate::sync::lock(&TURNS);
        // Turns nobody holds or waits for are let go (only the map holds them).
        turns.retain(|_, turn| std::sync::Arc::strong_count(turn) > 1);
        turns.entry(person).or_insert_with(|| std::sync::Arc::new(tokio::sync::Semaphore::new(1))).clone()
    };
    turn.acquire_owned()
        .await
        .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("waiting for a turn to process a picture")))
}

/// [`process`] on a blocking thread, at most two at a time and one of each person's. A request that is gone before
/// its picture's turn comes starts no work (waiting is all it did).
pub async fn process_bounded(person: i64, bytes: Vec<u8>) -> Result<Photo, AppError> {
    let mine = turn_of(person).await?;
    let permit = DECODING
        .acquire()
        .await
        .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("waiting to process a picture")))?;
    crate::cpu_line::off_the_async_threads(move || {
        // Held until the work ends; work whose request is gone stops at its next step (`process`).
        let _permit = permit;
        let _mine = mine;
        process(&bytes)
    })
    .await?
}

/// Checks and re-encodes a photo (CPU work: call it off the async threads, through [`process_bounded`]).
pub fn process(bytes: &[u8]) -> Result<Photo, AppError> {
    let unsupported = || AppError::UnsupportedMediaType("The photo must be a PNG, JPEG or WebP image".into());
    let (format, extension) = match infer::get(bytes).map(|kind| kind.mime_type()) {
        Some("image/png") => (ImageFormat::Png, "png"),
        Some("image/jpeg") => (ImageFormat::Jpeg, "jpg"),
        Some("image/webp") => (ImageFormat::WebP, "webp"),
        _ => return Err(unsupported()),
    };
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let unreadable = |_| AppError::bad_request("The photo could not be read: it may be damaged or too large");
    let mut decoder = reader.into_decoder().map_err(unreadable)?;
    // Judged by its header, before a pixel is decoded.
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(AppError::bad_request(format!(
            "The picture is too large: {width}x{height} pixels, and at most 40 million are taken"
        )));
    }
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let colours = decoder.icc_profile().ok().flatten();
    // Each step below takes a while on a large picture: one whose request has gone stops between them.
    crate::cpu_line::stop_if_caller_gone()?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    crate::cpu_line::stop_if_caller_gone()?;
    picture.apply_orientation(orientation);
    let full = if picture.width() > MAX_SIDE || picture.height() > MAX_SIDE {
        picture.resize(MAX_SIDE, MAX_SIDE, FilterType::CatmullRom)
    } else {
        picture
    };
    let thumbnail = if full.width() > THUMB_SIDE || full.height() > THUMB_SIDE {
        full.thumbnail(THUMB_SIDE, THUMB_SIDE)
    } else {
        full.clone()
    };
    crate::cpu_line::stop_if_caller_gone()?;
    Ok(Photo {
        full: encode(&full, format, colours.clone())?,
        thumbnail: encode(&thumbnail, format, colours)?,
        extension,
    })
}

/// Writes a picture in `format` with nothing but its pixels and colour profile.
fn encode(picture: &DynamicImage, format: ImageFormat, colours: Option<Vec<u8>>) -> Result<Vec<u8>, AppError> {
    fn with<E: ImageEncoder>(
        picture: &DynamicImage,
        mut encoder: E,
        colours: Option<Vec<u8>>,
    ) -> image::ImageResult<()> {
        if let Some(profile) = colours {
            // A format that cannot carry one shows the picture in sRGB, as a browser would anyway.
            let _ = encoder.set_icc_profile(profile);
        }
        // Converted only when the format cannot hold the picture's colour type (JPEG has no alpha,
        // but a JPEG never had any).
        picture.write_with_encoder(encoder)
    }
    let mut out = Cursor::new(Vec::new());
    let written = match format {
        ImageFormat::Png => with(picture, PngEncoder::new(&mut out), colours),
        ImageFormat::Jpeg => with(picture, JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY), colours),
        _ => with(picture, WebPEncoder::new_lossless(&mut out), colours),
    };
    written.map_err(|e| AppError::Internal(anyhow::Error::new(e).context("encoding a photo")))?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        DynamicImage::new_rgb8(width, height).write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_photo_keeps_its_size_and_format_with_a_smaller_thumbnail() {
        let photo = process(&png(2000, 1000)).unwrap();
        let full = image::load_from_memory(&photo.full).unwrap();
        assert_eq!((full.width(), full.height()), (2000, 1000));
        let thumb = image::load_from_memory(&photo.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (256, 128));
        assert_eq!(photo.extension, "png");
        assert_eq!(infer::get(&photo.full).unwrap().mime_type(), "image/png");
        assert_eq!(infer::get(&photo.thumbnail).unwrap().mime_type(), "image/png");
    }

    #[test]
    fn transparency_and_exact_pixels_survive_in_every_lossless_format() {
        let mut picture = image::RgbaImage::new(40, 30);
        for (x, y, pixel) in picture.enumerate_pixels_mut() {
            *pixel = image::Rgba([x as u8 * 6, y as u8 * 8, 200, if x < 20 { 0 } else { 128 + y as u8 }]);
        }
        for format in [ImageFormat::Png, ImageFormat::WebP] {
            let mut bytes = Cursor::new(Vec::new());
            DynamicImage::ImageRgba8(picture.clone()).write_to(&mut bytes, format).unwrap();
            let photo = process(bytes.get_ref()).unwrap();
            let back = image::load_from_memory_with_format(&photo.full, format).unwrap().to_rgba8();
            assert_eq!(back, picture, "{format:?}");
            let thumb = image::load_from_memory_with_format(&photo.thumbnail, format).unwrap().to_rgba8();
            assert_eq!(thumb.get_pixel(0, 0)[3], 0, "{format:?} thumbnail keeps the clear part");
        }
    }

    #[test]
    fn only_sides_over_4096_are_scaled() {
        let photo = process(&png(5000, 100)).unwrap();
        let full = image::load_from_memory(&photo.full).unwrap();
        assert_eq!((full.width(), full.height()), (4096, 82));
    }

    #[test]
    fn a_jpeg_stays_a_jpeg() {
        let mut bytes = Cursor::new(Vec::new());
        DynamicImage::new_rgb8(300, 200).write_to(&mut bytes, ImageFormat::Jpeg).unwrap();
        let photo = process(bytes.get_ref()).unwrap();
        assert_eq!(photo.extension, "jpg");
        assert_eq!(infer::get(&photo.full).unwrap().mime_type(), "image/jpeg");
        assert_eq!(infer::get(&photo.thumbnail).unwrap().mime_type(), "image/jpeg");
    }

    #[test]
    fn svg_html_and_lies_are_refused() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
        assert!(matches!(process(svg), Err(AppError::UnsupportedMediaType(_))));
        assert!(matches!(process(b"<html><body>hi</body></html>"), Err(AppError::UnsupportedMediaType(_))));
        // A PNG signature on a damaged body is read as PNG and refused as unreadable.
        let mut fake = png(10, 10);
        fake.truncate(30);
        assert!(matches!(process(&fake), Err(AppError::BadRequest(_))));
    }

    #[test]
    fn data_urls_are_decoded() {
        assert_eq!(from_data_url("data:image/png;base64,aGk=").unwrap(), b"hi");
        assert!(from_data_url("data:image/png,hi").is_err());
        assert!(from_data_url("data:image/png;base64,@@@").is_err());
    }
}
