//! GIFs are kept as sent, frames, timing and loop included, with what is not the picture taken out
//! (API.md "Uploads"): comments and application blocks other than the looping one (XMP and the like
//! travel in those), and anything after the end. The image crate built here has no GIF codec, and
//! re-encoding would flatten an animation; walking the blocks keeps every pixel byte as it was.

use crate::error::AppError;

fn unreadable() -> AppError {
    AppError::bad_request("The GIF could not be read: it may be damaged")
}

/// The blocks a GIF is made of, read one at a time.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], AppError> {
        let end = self.at.checked_add(n).filter(|&end| end <= self.bytes.len()).ok_or_else(unreadable)?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, AppError> {
        Ok(self.take(1)?[0])
    }

    /// Data sub-blocks up to and including their empty terminator.
    fn sub_blocks(&mut self) -> Result<&'a [u8], AppError> {
        let start = self.at;
        loop {
            let size = self.byte()? as usize;
            if size == 0 {
                return Ok(&self.bytes[start..self.at]);
            }
            self.take(size)?;
        }
    }
}

/// The size of a colour table a packed field announces (its top bit), in bytes.
fn colour_table(packed: u8) -> usize {
    if packed & 0x80 == 0 {
        0
    } else {
        3 << ((packed & 0x07) + 1)
    }
}

/// The GIF without its metadata blocks; a damaged one is refused.
pub fn strip(bytes: &[u8]) -> Result<Vec<u8>, AppError> {
    let mut gif = Reader { bytes, at: 0 };
    let header = gif.take(6)?;
    if header != b"GIF87a" && header != b"GIF89a" {
        return Err(unreadable());
    }
    let screen = gif.take(7)?;
    let global_colours = gif.take(colour_table(screen[4]))?;
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(header);
    out.extend_from_slice(screen);
    out.extend_from_slice(global_colours);
    loop {
        let start = gif.at;
        match gif.byte()? {
            // An image: its descriptor, local colours, code size and pixel data.
            0x2C => {
                let descriptor = gif.take(9)?;
                gif.take(colour_table(descriptor[8]))?;
                gif.take(1)?;
                gif.sub_blocks()?;
                out.extend_from_slice(&bytes[start..gif.at]);
            }
            0x21 => {
                let label = gif.byte()?;
                let body = gif.sub_blocks()?;
                let keep = match label {
                    // Frame timing and transparency; text drawn as part of the picture.
                    0xF9 | 0x01 => true,
                    // Application blocks: only the loop count ("NETSCAPE2.0", "ANIMEXTS1.0").
                    0xFF => body.get(1..12).is_some_and(|id| id == b"NETSCAPE2.0" || id == b"ANIMEXTS1.0"),
                    // Comments and anything unknown.
                    _ => false,
                };
                if keep {
                    out.extend_from_slice(&bytes[start..gif.at]);
                }
            }
            0x3B => {
                out.push(0x3B);
                return Ok(out);
            }
            _ => return Err(unreadable()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::strip;

    /// A 1×1 GIF with a comment, an XMP block and a loop block around one frame.
    fn gif_with_metadata() -> Vec<u8> {
        let mut gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\x00\x00\x00\x00\xff".to_vec();
        gif.extend_from_slice(b"\x21\xfe\x0bsecret note\x00");
        gif.extend_from_slice(b"\x21\xff\x0bXMP DataXMP\x05<gps>\x00");
        gif.extend_from_slice(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00");
        gif.extend_from_slice(b"\x21\xf9\x04\x01\x0a\x00\x01\x00");
        gif.extend_from_slice(b"\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00");
        gif.extend_from_slice(b"\x3btrailing bytes");
        gif
    }

    #[test]
    fn comments_and_foreign_blocks_go_and_the_picture_stays() {
        let stripped = strip(&gif_with_metadata()).unwrap();
        let text = String::from_utf8_lossy(&stripped);
        assert!(!text.contains("secret") && !text.contains("XMP") && !text.contains("gps"), "{text}");
        assert!(!text.contains("trailing"));
        assert!(text.contains("NETSCAPE2.0"), "the loop is kept");
        assert!(stripped.windows(4).any(|w| w == b"\x21\xf9\x04\x01"), "frame timing kept");
        assert!(stripped.ends_with(b"\x02\x02\x44\x01\x00\x3b"), "pixels kept byte for byte");
        assert_eq!(strip(&stripped).unwrap(), stripped, "stripping twice changes nothing");
    }

    #[test]
    fn a_damaged_gif_is_refused() {
        let whole = gif_with_metadata();
        for cut in [3, 10, 40, 90] {
            assert!(strip(&whole[..cut]).is_err(), "cut at {cut}");
        }
        assert!(strip(b"GIF89a\x01\x00\x01\x00\x00\x00\x00\x99").is_err());
    }
}
