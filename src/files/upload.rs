//! `POST /api/upload` (API.md "Uploads"): one file (`file`, answered with `fileUrl`) or several
//! (`files`, answered with `fileUrls`), 10 MB each, judged by their bytes, never by the name or
//! type the client gives. Photos are re-encoded like profile photos (EXIF and GPS dropped, a 256 px
//! thumbnail beside them); other kinds are kept as sent under a server-chosen name.

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

use super::photo;
use crate::{
    app::AppState,
    auth::CurrentUser,
    error::{AppError, AppResult, ErrorBody},
};

pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_FILES: usize = 10;

/// A test of a file's first bytes and the extension it means.
type Check = (fn(&[u8]) -> bool, &'static str);

/// What a file's bytes say it is: the extension it is stored under.
pub fn judge(bytes: &[u8]) -> Option<&'static str> {
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
        (audio::is_ogg, "ogg"),
        (audio::is_wav, "wav"),
        // Browsers record voice as WebM (a Matroska file): stored and served as audio.
        (video::is_webm, "webm"),
        (is_plain_text, "txt"),
    ];
    checks.iter().find(|(check, _)| check(bytes)).map(|(_, extension)| *extension)
}

/// Plain text: UTF-8 with no control characters beyond whitespace.
fn is_plain_text(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && std::str::from_utf8(bytes)
            .is_ok_and(|text| text.chars().all(|c| !c.is_control() || matches!(c, '\n' | '\r' | '\t')))
}

/// Checks and stores one file; its address.
pub async fn store(state: &AppState, display_name: &str, bytes: Vec<u8>) -> AppResult<String> {
    let Some(extension) = judge(&bytes) else {
        return Err(AppError::UnsupportedMediaType(format!("{display_name} is not a supported file type")));
    };
    let name = match extension {
        "png" | "jpg" | "webp" => {
            let processed = tokio::task::spawn_blocking(move || photo::process(&bytes))
                .await
                .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("processing an upload")))??;
            state.files.put_with_variant("jpg", processed.full, "256", processed.thumbnail).await?
        }
        other => state.files.put(other, bytes).await?,
    };
    Ok(format!("/api/files/{name}"))
}

/// Reads one field, refusing it as soon as it passes the size limit.
async fn read_field(mut field: Field<'_>, display_name: &str) -> AppResult<Vec<u8>> {
    let mut bytes = Vec::new();
    while let Some(chunk) =
        field.chunk().await.map_err(|e| AppError::bad_request(format!("The upload was cut off: {e}")))?
    {
        if bytes.len() + chunk.len() > MAX_FILE_BYTES {
            return Err(AppError::PayloadTooLarge(format!("{display_name} is too large: files must be under 10MB")));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
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
    CurrentUser(_me): CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> AppResult<Json<UploadResponse>> {
    // axum's own answer would be plain text; every error here is `{"message"}`.
    let mut form =
        form.map_err(|e| AppError::bad_request(format!("The upload must be a multipart form: {}", e.body_text())))?;
    let mut received: Vec<(String, Vec<u8>)> = Vec::new();
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
        let display_name: String =
            field.file_name().unwrap_or("The file").chars().filter(|c| !c.is_control()).take(200).collect();
        let bytes = read_field(field, &display_name).await?;
        received.push((display_name, bytes));
    }
    if received.is_empty() {
        return Err(AppError::bad_request("Choose a file to upload (form field file or files)"));
    }
    if single && received.len() > 1 {
        return Err(AppError::bad_request("Send one file as file, or several as files"));
    }
    // Every file is judged before any is stored, so a refused upload stores nothing.
    if let Some((name, _)) = received.iter().find(|(_, bytes)| judge(bytes).is_none()) {
        return Err(AppError::UnsupportedMediaType(format!("{name} is not a supported file type")));
    }
    let mut files = Vec::with_capacity(received.len());
    for (original_name, bytes) in received {
        let size = bytes.len() as i64;
        let url = store(&state, &original_name, bytes).await?;
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

    #[test]
    fn files_are_judged_by_their_bytes() {
        assert_eq!(judge(b"%PDF-1.7\n..."), Some("pdf"));
        assert_eq!(judge(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some("png"));
        assert_eq!(judge(b"plain notes\nline two\n"), Some("txt"));
        assert_eq!(judge(b"\0\x01\x02binary"), None);
        assert_eq!(judge(b"MZ\x90\0\x03\0\0\0"), None, "a Windows program");
    }
}
