//! Profile photos: judged by their content (PNG, JPEG or WebP; never SVG), decoded within limits
//! (no decompression bombs), turned upright by their EXIF orientation and re-encoded, which drops
//! every metadata block (camera, GPS). A full size (at most 1024 px) and a 256 px thumbnail.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use crate::error::AppError;

const MAX_SIDE: u32 = 1024;
pub const THUMB_SIDE: u32 = 256;
/// Pixels a photo may have before it is refused (a 12,000 × 12,000 image is 144 million).
const MAX_DECODED_SIDE: u32 = 12_000;

pub struct Photo {
    pub full: Vec<u8>,
    pub thumbnail: Vec<u8>,
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

/// [`process`] on a blocking thread, at most two at a time.
pub async fn process_bounded(bytes: Vec<u8>) -> Result<Photo, AppError> {
    let permit = DECODING
        .acquire()
        .await
        .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("waiting to process a picture")))?;
    tokio::task::spawn_blocking(move || {
        // Held until the work ends, even when the request that asked for it is gone.
        let _permit = permit;
        process(&bytes)
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("processing a picture")))?
}

/// Checks and re-encodes a photo (CPU work: call it off the async threads, through [`process_bounded`]).
pub fn process(bytes: &[u8]) -> Result<Photo, AppError> {
    let unsupported = || AppError::UnsupportedMediaType("The photo must be a PNG, JPEG or WebP image".into());
    let format = match infer::get(bytes).map(|kind| kind.mime_type()) {
        Some("image/png") => ImageFormat::Png,
        Some("image/jpeg") => ImageFormat::Jpeg,
        Some("image/webp") => ImageFormat::WebP,
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
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    picture.apply_orientation(orientation);
    let full = encode(&fit(&picture, MAX_SIDE))?;
    let thumbnail = encode(&fit(&picture, THUMB_SIDE))?;
    Ok(Photo { full, thumbnail })
}

/// Scales down to fit a square of `side`; never up.
fn fit(picture: &DynamicImage, side: u32) -> DynamicImage {
    if picture.width() <= side && picture.height() <= side {
        picture.clone()
    } else {
        picture.thumbnail(side, side)
    }
}

fn encode(picture: &DynamicImage) -> Result<Vec<u8>, AppError> {
    let mut out = Cursor::new(Vec::new());
    // JPEG carries no alpha: flatten first.
    DynamicImage::ImageRgb8(picture.to_rgb8())
        .write_to(&mut out, ImageFormat::Jpeg)
        .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("encoding a photo")))?;
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
    fn a_photo_is_re_encoded_small_with_a_thumbnail() {
        let photo = process(&png(2000, 1000)).unwrap();
        let full = image::load_from_memory(&photo.full).unwrap();
        assert_eq!((full.width(), full.height()), (1024, 512));
        let thumb = image::load_from_memory(&photo.thumbnail).unwrap();
        assert_eq!(thumb.width(), 256);
        assert_eq!(infer::get(&photo.full).unwrap().mime_type(), "image/jpeg");
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
