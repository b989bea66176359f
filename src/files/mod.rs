//! Stored files (profile photos, project images, task attachments, chat files): one interface over a
//! folder under the data dir (one machine) or an S3-compatible store (`GROW_S3_*`, many instances). Names
//! are chosen by the server (random, with an extension from the content), so a client can neither
//! pick a path nor overwrite anything; files are served at `/api/files/{name}` with their type and
//! `nosniff`, in a sandbox, and anything that is not an image, a sound or plain text as a download.

pub mod gif;
pub mod owners;
pub mod photo;
pub mod s3;
pub mod serve;
pub mod upload;

use std::path::PathBuf;

use crate::error::{AppError, AppResult};

const OUT_OF_SPACE: &str = "There is no room to store this file right now. Please try again later.";
const STORE_UNAVAILABLE: &str = "The file store is not answering right now. Please try again in a moment.";

/// No space left on the device, or the disk quota used up.
fn is_out_of_space(err: &std::io::Error) -> bool {
    err.kind() == std::io::ErrorKind::StorageFull || err.raw_os_error() == Some(122)
}

#[derive(Clone)]
pub struct FileStore {
    backend: Backend,
    /// Where uploads are written as they arrive, before they are judged and stored (beside the
    /// files themselves for the folder store, so storing one is a rename).
    spool_dir: PathBuf,
}

/// An upload being received: written to a hidden file as its chunks arrive, removed when dropped
/// unless it was stored.
pub struct Spool {
    path: PathBuf,
    file: Option<tokio::fs::File>,
    len: u64,
}

impl Spool {
    pub async fn write(&mut self, chunk: &[u8]) -> AppResult<()> {
        use tokio::io::AsyncWriteExt;
        let Some(file) = self.file.as_mut() else { return Ok(()) };
        file.write_all(chunk).await.map_err(write_error)?;
        self.len += chunk.len() as u64;
        Ok(())
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Everything received (for the few kinds that are read whole: pictures to re-encode).
    pub async fn read_all(&mut self) -> AppResult<Vec<u8>> {
        self.finish().await?;
        tokio::fs::read(&self.path)
            .await
            .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("reading a received upload")))
    }

    async fn finish(&mut self) -> AppResult<()> {
        use tokio::io::AsyncWriteExt;
        if let Some(mut file) = self.file.take() {
            file.flush().await.map_err(write_error)?;
        }
        Ok(())
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        // Stored files were renamed away; whatever is left here was refused or cut off.
        let _ = std::fs::remove_file(&self.path);
    }
}

fn write_error(err: std::io::Error) -> AppError {
    if is_out_of_space(&err) {
        tracing::warn!(error = %err, "the file store is out of space");
        AppError::ServiceUnavailable(OUT_OF_SPACE.into())
    } else {
        AppError::Internal(anyhow::Error::new(err).context("writing a stored file"))
    }
}

#[derive(Clone)]
enum Backend {
    Local(PathBuf),
    S3(s3::S3Store),
}

impl FileStore {
    pub fn local(root: PathBuf) -> Self {
        Self { spool_dir: root.clone(), backend: Backend::Local(root) }
    }

    /// The store the configuration names: S3 when `GROW_S3_BUCKET` is set (its bucket made when
    /// missing), else the data dir's `files` folder.
    pub async fn configured(config: &crate::config::Config) -> anyhow::Result<Self> {
        match &config.s3 {
            Some(s3_config) => {
                let store = s3::S3Store::new(s3_config.clone())?;
                store.ensure_bucket().await?;
                Ok(Self { backend: Backend::S3(store), spool_dir: config.data_dir.join("uploads-in-progress") })
            }
            None => Ok(Self::local(config.data_dir.join("files"))),
        }
    }

    /// Stores bytes under a new name with this extension; the name.
    pub async fn put(&self, extension: &str, bytes: Vec<u8>) -> AppResult<String> {
        let name = format!("{}.{extension}", crate::auth::token::generate());
        self.write(&name, bytes).await?;
        Ok(name)
    }

    /// Stores a file and a smaller variant of it, the variant named after it (`{name}_256.jpg`).
    pub async fn put_with_variant(
        &self,
        extension: &str,
        bytes: Vec<u8>,
        variant: &str,
        variant_bytes: Vec<u8>,
    ) -> AppResult<String> {
        let stem = crate::auth::token::generate();
        let variant_name = format!("{stem}_{variant}.{extension}");
        self.write(&variant_name, variant_bytes).await?;
        let name = format!("{stem}.{extension}");
        if let Err(err) = self.write(&name, bytes).await {
            // No variant is left behind without its file.
            if let Err(cleanup) = self.delete(&variant_name).await {
                tracing::warn!(error = %cleanup, "could not remove an orphaned variant");
            }
            return Err(err);
        }
        Ok(name)
    }

    /// A new hidden file to receive an upload into.
    pub async fn spool(&self) -> AppResult<Spool> {
        tokio::fs::create_dir_all(&self.spool_dir).await.map_err(write_error)?;
        let path = self.spool_dir.join(format!(".upload-{}.part", crate::auth::token::generate()));
        let file = tokio::fs::File::create(&path).await.map_err(write_error)?;
        Ok(Spool { path, file: Some(file), len: 0 })
    }

    /// Stores a received upload byte for byte under a new name with this extension; the name. The
    /// folder store renames it into place; S3 is sent the file.
    pub async fn put_spooled(&self, extension: &str, mut spool: Spool) -> AppResult<String> {
        let name = format!("{}.{extension}", crate::auth::token::generate());
        match &self.backend {
            Backend::Local(root) => {
                spool.finish().await?;
                tokio::fs::rename(&spool.path, root.join(&name)).await.map_err(write_error)?;
            }
            Backend::S3(_) => {
                let bytes = spool.read_all().await?;
                self.write(&name, bytes).await?;
            }
        }
        Ok(name)
    }

    async fn write(&self, name: &str, bytes: Vec<u8>) -> AppResult<()> {
        match &self.backend {
            Backend::Local(root) => {
                let partial = root.join(format!(".{name}.part"));
                // Written aside, then renamed: a reader never sees half a file.
                let written = async {
                    tokio::fs::create_dir_all(root).await?;
                    tokio::fs::write(&partial, bytes).await?;
                    tokio::fs::rename(&partial, root.join(name)).await
                }
                .await;
                written.map_err(|err| {
                    // A full disk leaves no half-written part behind to fill it further.
                    let _ = std::fs::remove_file(&partial);
                    write_error(err)
                })
            }
            // An object appears whole or not at all.
            Backend::S3(store) => store.put(name, bytes).await.map_err(|err| {
                tracing::warn!(error = %format!("{err:#}"), "the file store refused a file");
                AppError::ServiceUnavailable(STORE_UNAVAILABLE.into())
            }),
        }
    }

    pub async fn get(&self, name: &str) -> anyhow::Result<Option<Vec<u8>>> {
        if !is_stored_name(name) {
            return Ok(None);
        }
        match &self.backend {
            Backend::Local(root) => match tokio::fs::read(root.join(name)).await {
                Ok(bytes) => Ok(Some(bytes)),
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(err) => Err(err.into()),
            },
            Backend::S3(store) => store.get(name).await,
        }
    }

    pub async fn delete(&self, name: &str) -> anyhow::Result<()> {
        if !is_stored_name(name) {
            return Ok(());
        }
        match &self.backend {
            Backend::Local(root) => match tokio::fs::remove_file(root.join(name)).await {
                Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err.into()),
                _ => Ok(()),
            },
            Backend::S3(store) => store.delete(name).await,
        }
    }
}

/// Whether any row still names the stored file at `url` (`/api/files/NAME`): a photo, a project's
/// images, a task's attachments, an update, feedback or a message. Checked before a file is removed.
pub async fn in_use(db: &crate::db::Db, url: &str) -> Result<bool, sqlx::Error> {
    named(db, url, true).await
}

/// Whether a row outside the chats names the file at `url`: a photo, a project's images, a task, an update or
/// feedback (what makes a chat's file public too, `owners::served_as`). With `in_chats`, messages count too.
async fn named(db: &crate::db::Db, url: &str, in_chats: bool) -> Result<bool, sqlx::Error> {
    let quoted = owners::quoted_like(url);
    let messages = if in_chats { "UNION ALL SELECT 1 FROM messages WHERE attachment_url = $1 " } else { "" };
    let found: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT CAST(1 AS BIGINT) FROM users WHERE profile_image_url = $1 \
         UNION ALL SELECT 1 FROM projects WHERE image_urls LIKE $2 ESCAPE '\\' \
         UNION ALL SELECT 1 FROM project_tasks WHERE attachments LIKE $2 ESCAPE '\\' \
         UNION ALL SELECT 1 FROM project_updates WHERE image_url = $1 \
         UNION ALL SELECT 1 FROM project_feedback WHERE image_url = $1 \
         {messages}LIMIT 1"
    ))
    .bind(url)
    .bind(quoted)
    .fetch_optional(db.pool())
    .await?;
    Ok(found.is_some())
}

/// Only names this store makes: URL-safe letters and one known extension, so no path escapes.
pub fn is_stored_name(name: &str) -> bool {
    let Some((stem, extension)) = name.split_once('.') else { return false };
    !stem.is_empty()
        && stem.len() <= 64
        && stem.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && content_type(extension).is_some()
}

/// The types served, by extension. Nothing that a browser would run (no SVG, no HTML).
pub fn content_type(extension: &str) -> Option<&'static str> {
    Some(match extension {
        "jpg" => "image/jpeg",
        "png" => "image/png",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "mp3" => "audio/mpeg",
        "m4a" => "audio/mp4",
        "ogg" => "audio/ogg",
        "wav" => "audio/wav",
        "webm" => "audio/webm",
        "txt" => "text/plain; charset=utf-8",
        "pdf" => "application/pdf",
        "doc" => "application/msword",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls" => "application/vnd.ms-excel",
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt" => "application/vnd.ms-powerpoint",
        "pptx" => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "zip" => "application/zip",
        "rar" => "application/vnd.rar",
        _ => return None,
    })
}

/// True for a stored name whose content is a picture.
pub fn is_image_name(name: &str) -> bool {
    name.rsplit_once('.').is_some_and(|(_, ext)| content_type(ext).is_some_and(|t| t.starts_with("image/")))
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_names_the_store_makes_are_read() {
        assert!(super::is_stored_name("Ab-9_x.jpg"));
        for bad in ["../grow.db", "a/b.jpg", "x.svg", "x.html", ".jpg", "x", "x.jpg.exe", "x..jpg"] {
            assert!(!super::is_stored_name(bad), "{bad}");
        }
    }
}
