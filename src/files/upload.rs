//! `POST /api/upload` (API.md "Uploads"): one file (`file`, answered with `fileUrl`) or several
//! (`files`, answered with `fileUrls`), 10 MB each, judged by their bytes, never by the name or
//! type the client gives. Pictures are re-encoded in their own format like profile photos (EXIF, GPS
//! and text chunks dropped, a 256 px thumbnail beside them; `photo`), GIFs keep their frames with
//! their metadata blocks taken out (`gif`); other kinds are kept as sent under a server-chosen name.
//!
//! Nothing is held whole in memory (API.md "Limits and fair play"): each file is written to a spool
//! as its chunks arrive, its size checked on every chunk (413 at the first byte past 10 MB) and its
//! kind judged from its first bytes (415 as soon as they say no). Only pictures are read back whole,
//! to be re-encoded, a few at a time. Every file of a form is received and judged before any is
//! stored, so a refused upload stores nothing.

use axum::{
    extract::{
        multipart::{Field, MultipartRejection},
        DefaultBodyLimit, Multipart, State,
    },
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{gif, photo, Spool};
use crate::{
    auth::CurrentUser,
    error::{AppError, AppResult, ErrorBody},
    safety::limits,
    state::AppState,
};

pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_FILES: usize = 10;

/// A test of a file's first bytes and the extension it means.
type Check = (fn(&[u8]) -> bool, &'static str);

/// What a file's bytes say it is: the extension it is stored under.
pub fn judge(bytes: &[u8]) -> Option<&'static str> {
    judge_magic(bytes).or_else(|| is_plain_text(bytes).then_some("txt"))
}

/// The kinds known by their first bytes (everything but plain text).
fn judge_magic(bytes: &[u8]) -> Option<&'static str> {
    use infer::{archive, audio, doc, image, video};
    let checks: [Check; 19] = [
        (image::is_png, "png"),
        (image::is_jpeg, "jpg"),
        (image::is_webp, "webp"),
        (image::is_gif, "gif"),
        (doc::is_docx, "docx"),
        (doc::is_xlsx, "xlsx"),
        (doc::is_pptx, "pptx"),
        (doc::is_doc, "doc"),
        (doc::is_xls, "xls"),
        (doc::is_ppt, "ppt"),
        (archive::is_pdf, "pdf"),
        (archive::is_rar, "rar"),
        (archive::is_zip, "zip"),
        (audio::is_mp3, "mp3"),
        (audio::is_m4a, "m4a"),
        // Safari records MP4 audio under other brands (`iso5`, `mp42`, …): any ISO base-media file that holds sound
        // and no picture is a voice message (API.md "Uploads").
        (is_audio_only_mp4, "m4a"),
        (audio::is_ogg, "ogg"),
        (audio::is_wav, "wav"),
        // Browsers record voice as WebM (a Matroska file): stored and served as audio.
        (video::is_webm, "webm"),
    ];
    checks.iter().find(|(check, _)| check(bytes)).map(|(_, extension)| *extension)
}

/// An ISO base-media file (an `ftyp` box first) whose track handlers, as far as the judged bytes reach, include
/// sound (`soun`) and no picture (`vide`). A recorder writes its tracks' headers before the media, so they fall
/// within the first bytes; a file whose headers come last is not judged audio.
fn is_audio_only_mp4(bytes: &[u8]) -> bool {
    if bytes.get(4..8) != Some(b"ftyp") {
        return false;
    }
    // hdlr box: size, "hdlr", version and flags, pre_defined, then the handler type.
    let handlers = memchr::memmem::find_iter(bytes, b"hdlr").filter_map(|at| bytes.get(at + 12..at + 16));
    let (mut sound, mut picture) = (false, false);
    for handler in handlers {
        sound |= handler == b"soun";
        picture |= handler == b"vide";
    }
    sound && !picture
}

/// Plain text: UTF-8 with no control characters beyond whitespace.
fn is_plain_text(bytes: &[u8]) -> bool {
    let mut text = TextCheck::default();
    text.feed(bytes);
    text.is_text()
}

/// Plain text checked chunk by chunk (a character may be split between two chunks).
#[derive(Default)]
struct TextCheck {
    /// The start of a character cut off at the end of the last chunk.
    pending: Vec<u8>,
    seen: bool,
    failed: bool,
}

impl TextCheck {
    fn feed(&mut self, chunk: &[u8]) {
        if self.failed || chunk.is_empty() {
            return;
        }
        self.seen = true;
        let mut joined = std::mem::take(&mut self.pending);
        joined.extend_from_slice(chunk);
        let (valid, rest) = match std::str::from_utf8(&joined) {
            Ok(text) => (text, &[][..]),
            // Cut off mid-character at the end: the rest comes with the next chunk.
            Err(err) if err.error_len().is_none() => {
                let (valid, rest) = joined.split_at(err.valid_up_to());
                (std::str::from_utf8(valid).unwrap_or_default(), rest)
            }
            Err(_) => {
                self.failed = true;
                return;
            }
        };
        if !valid.chars().all(|c| !c.is_control() || matches!(c, '\n' | '\r' | '\t')) {
            self.failed = true;
            return;
        }
        self.pending = rest.to_vec();
    }

    /// Could still be text (more may come).
    fn may_be_text(&self) -> bool {
        !self.failed
    }

    /// All of it was text.
    fn is_text(&self) -> bool {
        self.seen && !self.failed && self.pending.is_empty()
    }
}

/// How many first bytes the kind is judged from (an Office file names its parts within these).
const SNIFF_BYTES: usize = 64 * 1024;

/// Checks and stores one file held in memory (an image sent as a data URL), recording `uploader`
/// as its owner; its address.
pub async fn store(state: &AppState, uploader: i64, display_name: &str, bytes: Vec<u8>) -> AppResult<String> {
    let Some(extension) = judge(&bytes) else {
        return Err(AppError::UnsupportedMediaType(format!("{display_name} is not a supported file type")));
    };
    let name = match extension {
        "png" | "jpg" | "webp" => store_picture(state, uploader, bytes).await?,
        "gif" => state.files.put("gif", gif::strip(&bytes)?).await?,
        other => state.files.put(other, bytes).await?,
    };
    let url = format!("/api/files/{name}");
    super::owners::record_url(state, uploader, &url).await?;
    Ok(url)
}

/// Re-encodes a picture in its own format (a few at a time) and stores it with its thumbnail; the name.
async fn store_picture(state: &AppState, uploader: i64, bytes: Vec<u8>) -> AppResult<String> {
    let processed = photo::process_bounded(uploader, bytes).await?;
    state.files.put_with_variant(processed.extension, processed.full, "256", processed.thumbnail).await
}

/// One file of a form, received into a spool and judged.
struct Received {
    display_name: String,
    extension: &'static str,
    spool: Spool,
}

fn too_large(display_name: &str) -> AppError {
    AppError::PayloadTooLarge(format!("{display_name} is too large: files must be under 10MB"))
}

fn not_allowed(display_name: &str) -> AppError {
    AppError::UnsupportedMediaType(format!("{display_name} is not a supported file type"))
}

/// Receives one field into a spool, refusing it at the first chunk past the size limit and as soon
/// as its first bytes show a kind that is not allowed.
async fn receive(state: &AppState, mut field: Field<'_>, display_name: String) -> AppResult<Received> {
    let mut spool = state.files.spool().await?;
    let mut head: Vec<u8> = Vec::new();
    let mut text = TextCheck::default();
    let mut judged: Option<Option<&'static str>> = None;
    while let Some(chunk) =
        field.chunk().await.map_err(|e| AppError::bad_request(format!("The upload was cut off: {e}")))?
    {
        if spool.len() as usize + chunk.len() > MAX_FILE_BYTES {
            return Err(too_large(&display_name));
        }
        text.feed(&chunk);
        if judged.is_none() {
            let wanted = SNIFF_BYTES - head.len();
            head.extend_from_slice(&chunk[..chunk.len().min(wanted)]);
            if head.len() == SNIFF_BYTES {
                let kind = judge_magic(&head);
                if kind.is_none() && !text.may_be_text() {
                    return Err(not_allowed(&display_name));
                }
                judged = Some(kind);
            }
        }
        spool.write(&chunk).await?;
    }
    let extension = match judged.unwrap_or_else(|| judge_magic(&head)) {
        Some(kind) => kind,
        None if text.is_text() => "txt",
        None => return Err(not_allowed(&display_name)),
    };
    Ok(Received { display_name, extension, spool })
}

/// Stores a received file; its address.
async fn store_received(state: &AppState, uploader: i64, received: Received) -> AppResult<String> {
    let Received { extension, mut spool, .. } = received;
    let name = match extension {
        "png" | "jpg" | "webp" => store_picture(state, uploader, spool.read_all().await?).await?,
        "gif" => state.files.put("gif", gif::strip(&spool.read_all().await?)?).await?,
        other => state.files.put_spooled(other, spool).await?,
    };
    Ok(format!("/api/files/{name}"))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedFile {
    pub url: String,
    /// The name the file had on the sender's device.
    pub original_name: String,
    pub size: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadResponse {
    /// Set when one file was sent as `file`.
    pub file_url: Option<String>,
    /// Every stored file's address, in the order sent.
    pub file_urls: Vec<String>,
    pub files: Vec<UploadedFile>,
}

/// The multipart form: `file` (one) or `files` (several).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = Option<String>, format = Binary)]
    file: Option<Vec<u8>>,
    #[schema(value_type = Option<Vec<String>>, format = Binary)]
    files: Option<Vec<Vec<u8>>>,
}

#[utoipa::path(post, path = "/api/upload", tag = "files", request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = UploadResponse), (status = 400, body = ErrorBody, description = "No file, too many files"),
              (status = 401, body = ErrorBody), (status = 413, body = ErrorBody, description = "A file of 10 MB or more"),
              (status = 415, body = ErrorBody, description = "A file whose content is not an allowed kind")))]
pub async fn upload(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> AppResult<Json<UploadResponse>> {
    // axum's own answer would be plain text; every error here is `{"message"}`.
    let mut form =
        form.map_err(|e| AppError::bad_request(format!("The upload must be a multipart form: {}", e.body_text())))?;
    let mut received: Vec<Received> = Vec::new();
    let mut single = false;
    while let Some(field) =
        form.next_field().await.map_err(|e| AppError::bad_request(format!("The upload could not be read: {e}")))?
    {
        let field_name = field.name().unwrap_or_default().to_string();
        if field_name != "file" && field_name != "files" {
            continue;
        }
        single |= field_name == "file";
        if received.len() == MAX_FILES {
            return Err(AppError::bad_request(format!("At most {MAX_FILES} files can be uploaded at once")));
        }
        // Every file is an upload of the budget (API.md "Uploads"): the call spent one at the door, each further
        // file spends one more before it is read.
        if !received.is_empty() {
            let kind = limits::Kind::Call("POST /api/upload".into());
            limits::spend_for_call(&state.call_counts, &state.config.budgets, &kind, &format!("user:{}", me.id))
                .await?;
        }
        let display_name: String =
            field.file_name().unwrap_or("The file").chars().filter(|c| !c.is_control()).take(200).collect();
        received.push(receive(&state, field, display_name).await?);
    }
    if received.is_empty() {
        return Err(AppError::bad_request("Choose a file to upload (form field file or files)"));
    }
    if single && received.len() > 1 {
        return Err(AppError::bad_request("Send one file as file, or several as files"));
    }
    // A person stores at most so many bytes a day; what this call would pass it is refused whole.
    let bytes: i64 = received.iter().map(|file| file.spool.len() as i64).sum();
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    let quota = state.config.budgets.upload_bytes_per_day;
    let key = format!("upload-bytes:user:{}", me.id);
    if let Err(retry_after_secs) = limits::take_amount(&state.db, &key, bytes, quota, day, state.clock.now_ms()).await?
    {
        return Err(AppError::TooManyRequests {
            message: format!(
                "You've reached today's upload limit of {} MB. You can upload again tomorrow.",
                quota / (1024 * 1024)
            ),
            retry_after_secs,
        });
    }
    // Every file was judged as it arrived, before any is stored: a refused upload stores nothing.
    let mut files = Vec::with_capacity(received.len());
    for file in received {
        let (original_name, size) = (file.display_name.clone(), file.spool.len() as i64);
        let url = store_received(&state, me.id, file).await?;
        super::owners::record_url(&state, me.id, &url).await?;
        files.push(UploadedFile { url, original_name, size });
    }
    let file_urls: Vec<String> = files.iter().map(|f| f.url.clone()).collect();
    Ok(Json(UploadResponse { file_url: if single { file_urls.first().cloned() } else { None }, file_urls, files }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload)).layer(DefaultBodyLimit::max(MAX_FILES * MAX_FILE_BYTES + 64 * 1024))
}

#[cfg(test)]
mod tests {
    use super::judge;

    fn boxed(kind: &[u8; 4], payload: &[u8]) -> Vec<u8> {
        let mut out = ((payload.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(payload);
        out
    }

    /// An MP4 file of `brand` whose tracks have these handlers, as a recorder writes one (headers first).
    fn mp4_with(brand: &[u8; 4], handlers: &[&[u8; 4]]) -> Vec<u8> {
        let mut file = boxed(b"ftyp", &[&brand[..], &[0, 0, 2, 0], b"isommp41"].concat());
        let tracks: Vec<u8> = handlers
            .iter()
            .flat_map(|handler| {
                let hdlr = boxed(b"hdlr", &[&[0u8; 8][..], &handler[..], &[0u8; 12], b"Handler\0"].concat());
                boxed(b"trak", &boxed(b"mdia", &hdlr))
            })
            .collect();
        file.extend(boxed(b"moov", &tracks));
        file.extend(boxed(b"mdat", &[7u8; 64]));
        file
    }

    #[test]
    fn files_are_judged_by_their_bytes() {
        assert_eq!(judge(b"%PDF-1.7\n..."), Some("pdf"));
        assert_eq!(judge(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some("png"));
        assert_eq!(judge(b"plain notes\nline two\n"), Some("txt"));
        assert_eq!(judge(b"\0\x01\x02binary"), None);
        assert_eq!(judge(b"MZ\x90\0\x03\0\0\0"), None, "a Windows program");
        assert_eq!(judge(&mp4_with(b"iso5", &[b"soun"])), Some("m4a"), "Safari's voice recording");
        assert_eq!(judge(&mp4_with(b"mp42", &[b"soun"])), Some("m4a"));
        assert_eq!(judge(&mp4_with(b"isom", &[b"vide", b"soun"])), None, "a video with sound");
        assert_eq!(judge(&mp4_with(b"isom", &[])), None, "no track header to judge by");
    }

    #[test]
    fn text_is_checked_across_chunks() {
        let text = "caf\u{e9} \u{1f331} notes\n".as_bytes();
        for cut in 0..text.len() {
            let mut check = super::TextCheck::default();
            check.feed(&text[..cut]);
            check.feed(&text[cut..]);
            assert!(check.is_text(), "cut at {cut}");
        }
        let mut check = super::TextCheck::default();
        check.feed(b"fine so far\n");
        assert!(check.may_be_text());
        check.feed(b"\0\x01binary");
        assert!(!check.may_be_text() && !check.is_text());
        let mut cut_off = super::TextCheck::default();
        cut_off.feed(&"\u{e9}".as_bytes()[..1]);
        assert!(!cut_off.is_text(), "a character cut off at the end is not text");
    }
}
