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

/// How a stored file is served (API.md "Uploads").
pub enum Served {
    /// To anyone holding its address, cached long anywhere.
    Public,
    /// To this caller only, as one of the people of a chat that holds it.
    Private,
    /// Not to this caller: 404, as if it did not exist.
    Hidden,
}

/// How the file `name` (or the file a thumbnail belongs to) is served to the caller `viewer` resolves to. A file
/// that only direct or project chats name is for their people: the two of a direct chat, a project's workers. The
/// caller is only looked up for such a file.
pub async fn served_as(
    db: &crate::db::Db,
    name: &str,
    viewer: impl std::future::Future<Output = AppResult<Option<i64>>>,
) -> AppResult<Served> {
    let url = format!("/api/files/{}", main_of(name));
    let rooms: Vec<Option<String>> = sqlx::query_scalar(
        "SELECT c.room FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         WHERE m.attachment_url = $1 LIMIT 100",
    )
    .bind(&url)
    .fetch_all(&mut *db.conn().await?)
    .await?;
    if rooms.is_empty() || rooms.iter().any(Option::is_some) {
        return Ok(Served::Public);
    }
    if let Some(viewer) = viewer.await? {
        let reader: Option<i64> = sqlx::query_scalar(
            "SELECT CAST(1 AS BIGINT) FROM messages m JOIN conversations c ON c.id = m.conversation_id \
             WHERE m.attachment_url = $1 AND (m.sender_id = $2 OR m.receiver_id = $2 \
               OR c.project_id IN (SELECT id FROM projects WHERE owner_id = $2 \
                 UNION SELECT project_id FROM project_collaborators WHERE user_id = $2 AND role <> 'viewer')) \
             LIMIT 1",
        )
        .bind(&url)
        .bind(viewer)
        .fetch_optional(&mut *db.conn().await?)
        .await?;
        if reader.is_some() {
            return Ok(Served::Private);
        }
    }
    // Also a photo or a project's picture (its uploader used it twice): public for that.
    Ok(if super::named(db, &url, false).await? { Served::Public } else { Served::Hidden })
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

/// The stored files a change stopped naming, recorded in its transaction ([`remove_unused_after_commit`]).
#[derive(Clone, Debug, PartialEq)]
struct Unnamed(Vec<String>);

/// Removes stored files once the change that stopped naming them has committed, each only when nothing names it or
/// its thumbnail any more; the file and its thumbnail go together. Recorded with the transaction's events and heard
/// after its commit ([`remove_when_unnamed`]).
pub fn remove_unused_after_commit(tx: &mut Tx, urls: Vec<String>) {
    if !urls.is_empty() {
        tx.record(Box::new(Unnamed(urls)));
    }
}

/// Listens for what committed changes stopped naming and removes it (in a task of its own, off the request).
pub fn remove_when_unnamed(state: &AppState) {
    let weak = state.downgrade();
    state.db.listen(move |recorded| {
        if let (Some(Unnamed(urls)), Some(state)) = (recorded.downcast_ref::<Unnamed>(), AppState::upgrade(&weak)) {
            let urls = urls.clone();
            tokio::spawn(async move { remove_unused(&state, urls).await });
        }
    });
}

/// Uploads looked at per sweep: a backlog is worked through over the following rounds.
const SWEEP_BATCH: i64 = 500;

/// Removes the uploads nothing named within 24 hours of their upload (API.md "Uploads"); the rest are marked
/// settled, so each upload is looked at once (what stops naming one later removes it then). The counts removed and
/// settled.
pub async fn sweep_unused(state: &AppState, now: i64) -> Result<(usize, usize), sqlx::Error> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM uploads WHERE settled_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT $2",
    )
    .bind(now - crate::time::DAY_MS)
    .bind(SWEEP_BATCH)
    .fetch_all(state.db.pool())
    .await?;
    let (mut unused, mut settled) = (Vec::new(), 0);
    let mut seen = std::collections::HashSet::new();
    // A file and its thumbnail are looked at, settled and removed together.
    for main in names.iter().map(|name| main_of(name)) {
        if !seen.insert(main.clone()) {
            continue;
        }
        let url = format!("/api/files/{main}");
        if family_in_use(&state.db, &url).await? {
            let mut tx = state.db.begin().await?;
            for name in family(&main) {
                sqlx::query("UPDATE uploads SET settled_at = $2 WHERE name = $1")
                    .bind(name)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            settled += 1;
        } else {
            unused.push(url);
        }
    }
    let removed = unused.len();
    remove_unused(state, unused).await;
    Ok((removed, settled))
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
