//! Files are owned by what uses them (issue 28, API.md "Uploads"). Every stored file records who
//! uploaded it (`uploads`); an attachment, image or photo may name only a file its caller uploaded,
//! or one already on the same project (a collaborator keeps a task's attachments when editing it).
//! A file, and its thumbnail, is removed only when nothing names either any more.

use crate::{
    db::{Conn, Tx},
    error::{AppError, AppResult},
    state::AppState,
};

/// Records that `uploader` stored these files (a file and its thumbnail are two names).
pub async fn record(tx: &mut Tx, uploader: Option<i64>, names: &[&str], now: i64) -> Result<(), sqlx::Error> {
    for name in names {
        sqlx::query(
            "INSERT INTO uploads (name, uploader_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
        )
        .bind(*name)
        .bind(uploader)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Records the upload of the file at `url` (`/api/files/NAME`) and of its thumbnail when it has one.
pub async fn record_url(state: &AppState, uploader: i64, url: &str) -> AppResult<()> {
    let Some(name) = url.strip_prefix("/api/files/") else { return Ok(()) };
    let thumbnail = thumbnail_of(name);
    let mut names = vec![name];
    if super::is_image_name(name) {
        names.extend(thumbnail.as_deref());
    }
    let mut tx = state.db.begin().await?;
    record(&mut tx, Some(uploader), &names, crate::time::now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// `{stem}_256.{ext}` beside `{stem}.{ext}`; `None` for a name that is itself a thumbnail.
pub fn thumbnail_of(name: &str) -> Option<String> {
    let (stem, ext) = name.rsplit_once('.')?;
    (!stem.ends_with("_256")).then(|| format!("{stem}_256.{ext}"))
}

/// The stored names of the file `name` belongs to: the file and, when it has one, its thumbnail.
fn family(name: &str) -> Vec<String> {
    let main = main_of(name);
    let thumbnail = thumbnail_of(&main);
    std::iter::once(main).chain(thumbnail).collect()
}

/// The file a thumbnail belongs to (`{stem}.{ext}` for `{stem}_256.{ext}`), or the name itself.
pub fn main_of(name: &str) -> String {
    match name.rsplit_once('.') {
        Some((stem, ext)) if stem.ends_with("_256") => format!("{}.{ext}", &stem[..stem.len() - 4]),
        _ => name.to_string(),
    }
}

/// Refuses (400) any of `urls` the caller may not name: neither uploaded by them nor already on
/// `project`. `what` names the field in the message.
pub async fn require_usable(
    db: &crate::db::Db,
    me: i64,
    project: Option<i64>,
    urls: &[String],
    what: &str,
) -> AppResult<()> {
    if urls.is_empty() {
        return Ok(());
    }
    let mut conn = db.conn().await?;
    for url in urls {
        if !usable(&mut conn, me, project, url).await? {
            return Err(AppError::bad_request(format!("{what} must be files you uploaded with /api/upload")));
        }
    }
    Ok(())
}

async fn usable(conn: &mut Conn, me: i64, project: Option<i64>, url: &str) -> Result<bool, sqlx::Error> {
    let Some(name) = url.strip_prefix("/api/files/") else { return Ok(false) };
    let mine: Option<i64> =
        sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM uploads WHERE name = $1 AND uploader_id = $2")
            .bind(name)
            .bind(me)
            .fetch_optional(&mut *conn)
            .await?;
    if mine.is_some() {
        return Ok(true);
    }
    let Some(project) = project else { return Ok(false) };
    let on_project: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(1 AS BIGINT) FROM projects WHERE id = $1 AND image_urls LIKE $3 ESCAPE '\\' \
         UNION ALL SELECT 1 FROM project_tasks WHERE project_id = $1 AND attachments LIKE $3 ESCAPE '\\' \
         UNION ALL SELECT 1 FROM project_updates WHERE project_id = $1 AND image_url = $2 \
         UNION ALL SELECT 1 FROM project_feedback WHERE project_id = $1 AND image_url = $2 \
         UNION ALL SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id \
           WHERE c.project_id = $1 AND m.attachment_url = $2 LIMIT 1",
    )
    .bind(project)
    .bind(url)
    .bind(quoted_like(url))
    .fetch_optional(&mut *conn)
    .await?;
    Ok(on_project.is_some())
}

/// A LIKE pattern matching `url` as one string of a JSON list.
pub fn quoted_like(url: &str) -> String {
    format!("%\"{}\"%", url.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// Whether any row still names the stored file at `url` or its thumbnail (or, for a thumbnail, its
/// file): a photo, a project's images, a task's attachments, an update, feedback or a message.
pub async fn family_in_use(db: &crate::db::Db, url: &str) -> Result<bool, sqlx::Error> {
    let Some(name) = url.strip_prefix("/api/files/") else { return Ok(true) };
    for name in family(name) {
        if super::in_use(db, &format!("/api/files/{name}")).await? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Removes stored files once the change that stopped naming them has committed, each only when
/// nothing names it or its thumbnail any more; the file and its thumbnail go together.
pub fn remove_unused_after_commit(state: &AppState, tx: &mut Tx, urls: Vec<String>) {
    if urls.is_empty() {
        return;
    }
    let state = state.clone();
    tx.on_commit(move || {
        tokio::spawn(async move { remove_unused(&state, urls).await });
    });
}

/// Removes each file (with its thumbnail) that nothing names any more.
pub async fn remove_unused(state: &AppState, urls: Vec<String>) {
    for url in urls {
        match family_in_use(&state.db, &url).await {
            Ok(false) => {}
            Ok(true) => continue,
            Err(err) => {
                tracing::warn!(%err, url, "could not tell whether a file is still used; kept");
                continue;
            }
        }
        let Some(name) = url.strip_prefix("/api/files/") else { continue };
        for name in &family(name) {
            if let Err(err) = state.files.delete(name).await {
                tracing::warn!(%err, name, "could not remove a file no longer used");
                continue;
            }
            let forgot = async {
                let mut tx = state.db.begin().await?;
                sqlx::query("DELETE FROM uploads WHERE name = $1").bind(name).execute(&mut *tx).await?;
                tx.commit().await
            };
            if let Err(err) = forgot.await {
                tracing::warn!(%err, name, "could not forget a removed file's uploader");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_and_its_thumbnail_name_each_other() {
        assert_eq!(thumbnail_of("abc.jpg").as_deref(), Some("abc_256.jpg"));
        assert_eq!(thumbnail_of("abc_256.jpg"), None);
        assert_eq!(main_of("abc_256.jpg"), "abc.jpg");
        assert_eq!(main_of("abc.pdf"), "abc.pdf");
    }
}
