//! The SQL of projects, tasks, updates, feedback, collaborators and supports. Reads take
//! `&mut Conn`, writes `&mut Tx`. Project reads bind the caller as `$1`, so each row says how the
//! caller stands to it (owner, collaborator, supporter).

use std::collections::HashMap;

use super::model::{CollaboratorRow, PostRow, ProjectRow, TaskRow};
use crate::{
    db::{
        page::{self, PageRequest},
        Conn, Tx,
    },
    discovery::geometry::Bounds,
    events::{DomainEvent, Emit},
    realtime::Topic,
};

/// The project columns with the owner, the task counts and the caller's relation (`$1`).
const PROJECT_SELECT: &str = "SELECT p.id, p.owner_id, p.title, p.description, p.category, p.phase, p.image_urls, \
    p.looking_for, p.supporter_count, p.is_active, p.is_published, p.is_protected, p.lat, p.lng, p.created_at, \
    p.updated_at, p.card_version, u.first_name AS owner_first_name, u.last_name AS owner_last_name, \
    u.profile_image_url AS owner_profile_image_url, \
    (SELECT COUNT(*) FROM project_tasks t WHERE t.project_id = p.id) AS task_count, \
    (SELECT COUNT(*) FROM project_tasks t WHERE t.project_id = p.id AND t.is_completed = 1) AS completed_task_count, \
    (SELECT COUNT(*) FROM project_collaborators c WHERE c.project_id = p.id) AS collaborator_count, \
    (SELECT COUNT(*) FROM project_supports s WHERE s.project_id = p.id AND s.user_id = $1) AS supported_by_me, \
    CASE WHEN p.owner_id = $1 THEN 'owner' \
         ELSE COALESCE((SELECT c.role FROM project_collaborators c WHERE c.project_id = p.id AND c.user_id = $1), '') \
    END AS my_role \
    FROM projects p JOIN users u ON u.id = p.owner_id";

/// The projects the caller (`$1`) may see at all (API.md "Safety"): not of a suspended owner, and not of someone
/// the caller blocked or who blocked the caller. Every read of projects for a caller goes through it: by id (and so
/// every act on a project: support, feedback, pledges, joining), the feed and the deck.
const SEEN_BY_CALLER: &str =
    "NOT EXISTS (SELECT 1 FROM users o WHERE o.id = p.owner_id AND o.suspended_at IS NOT NULL) \
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = p.owner_id) \
                    OR (b.blocker_id = p.owner_id AND b.blocked_id = $1))";

/// Newest first, continuing after the cursor (`$3`, `$4`); `$2` is the page size.
fn newest_first() -> String {
    format!("AND {} ORDER BY p.created_at DESC, p.id DESC LIMIT $2", page::before("p.created_at", "p.id", 3))
}

pub async fn find(conn: &mut Conn, me: i64, id: i64) -> Result<Option<ProjectRow>, sqlx::Error> {
    sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.id = $2 AND {SEEN_BY_CALLER}"))
        .bind(me)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// These projects as the caller (`$1`) may see them, in one query (those they may not see are left out).
pub async fn find_many(conn: &mut Conn, me: i64, ids: &[i64]) -> Result<Vec<ProjectRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids_in = crate::db::ids_param(conn, 2);
    sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.id IN ({ids_in}) AND {SEEN_BY_CALLER}"))
        .bind(me)
        .bind(crate::db::id_array(ids))
        .fetch_all(&mut *conn)
        .await
}

/// A page (newest first) of `select` where `condition` holds; `ids`, when given, are bound as `$5` (see
/// [`crate::db::ids_param`]).
async fn page_where<T>(
    conn: &mut Conn,
    me: i64,
    page: &PageRequest,
    select: &str,
    condition: &str,
    ids: Option<&[i64]>,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let sql = format!("{select} WHERE {condition} {}", newest_first());
    let mut query = sqlx::query_as(&sql).bind(me).bind(page.fetch_limit()).bind(page.after_key()).bind(page.after_id());
    if let Some(ids) = ids {
        query = query.bind(crate::db::id_array(ids));
    }
    query.fetch_all(&mut *conn).await
}

/// A place in the feed or the deck: the project, its card version and the caller's own marks
/// (the rest of the card comes from [`super::cards`]).
#[derive(Debug)]
pub struct CardEntry {
    pub id: i64,
    pub created_at: i64,
    pub card_version: i64,
    /// 1 when the caller supports it.
    pub supported_by_me: i64,
    /// As [`ProjectRow::my_role`].
    pub my_role: String,
}
crate::from_row!(CardEntry { id, created_at, card_version, supported_by_me, my_role });

/// The columns of a [`CardEntry`], for the caller `$1`.
macro_rules! entry_columns {
    () => {
        "p.id, p.created_at, p.card_version, \
        (SELECT COUNT(*) FROM project_supports s WHERE s.project_id = p.id AND s.user_id = $1) AS supported_by_me, \
        CASE WHEN p.owner_id = $1 THEN 'owner' \
             ELSE COALESCE((SELECT c.role FROM project_collaborators c WHERE c.project_id = p.id AND c.user_id = $1), '') \
        END AS my_role"
    };
}

const ENTRY_SELECT: &str = concat!("SELECT ", entry_columns!(), " FROM projects p");

/// A project in a search answer: its card entry (the caller's marks) and its owner's role.
pub struct ListedEntry {
    pub entry: CardEntry,
    pub owner_role: String,
}
crate::from_row!(ListedEntry { entry: flatten, owner_role });

/// API.md "Feed": published, active projects of every owner, newest first.
pub async fn feed(conn: &mut Conn, me: i64, page: &PageRequest) -> Result<Vec<CardEntry>, sqlx::Error> {
    let published = format!("p.is_published = 1 AND p.is_active = 1 AND {SEEN_BY_CALLER}");
    page_where(conn, me, page, ENTRY_SELECT, &published, None).await
}

/// The swipe deck (API.md): published projects the caller neither owns nor has swiped, newest
/// first, optionally of one category (`$5`) and looking for one role (`$6`, a JSON list entry).
pub async fn deck(
    conn: &mut Conn,
    me: i64,
    page: &PageRequest,
    category: Option<&str>,
    looking_for: Option<&str>,
) -> Result<Vec<CardEntry>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{ENTRY_SELECT} WHERE p.is_published = 1 AND p.is_active = 1 AND p.owner_id <> $1 \
         AND NOT EXISTS (SELECT 1 FROM project_swipes w WHERE w.user_id = $1 AND w.project_id = p.id) \
         AND ($5 IS NULL OR p.category = $5) AND ($6 IS NULL OR p.looking_for LIKE $6) AND {SEEN_BY_CALLER} {}",
        newest_first()
    ))
    .bind(me)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .bind(category)
    .bind(looking_for.map(|role| format!("%\"{role}\"%")))
    .fetch_all(&mut *conn)
    .await
}

/// These projects' rows as anyone sees them (no caller: the marks are blank), for the card cache.
pub async fn cards(conn: &mut Conn, ids: &[i64]) -> Result<Vec<ProjectRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids_in = crate::db::ids_param(conn, 2);
    sqlx::query_as(&format!("{PROJECT_SELECT} WHERE p.id IN ({ids_in})"))
        .bind(0_i64)
        .bind(crate::db::id_array(ids))
        .fetch_all(&mut *conn)
        .await
}

/// The caller's own projects, published or not.
pub async fn owned(conn: &mut Conn, me: i64, page: &PageRequest) -> Result<Vec<ProjectRow>, sqlx::Error> {
    page_where(conn, me, page, PROJECT_SELECT, "p.owner_id = $1", None).await
}

pub async fn collaborating(conn: &mut Conn, me: i64, page: &PageRequest) -> Result<Vec<ProjectRow>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar("SELECT project_id FROM project_collaborators WHERE user_id = $1")
        .bind(me)
        .fetch_all(&mut *conn)
        .await?;
    page_of(conn, me, page, &ids, None).await
}

/// A page (newest first) of these projects, read by id: for lists that start from the caller's own
/// rows (supports, collaborations). Asked as one query with a subquery instead, either database's
/// planner may walk every project and probe the caller's rows for each (PostgreSQL's generic plan
/// does: 70 pages a second with 20,000 projects); the caller's own list is short and indexed. The list is
/// bound as one parameter, so the statement's text, and its plan, is the same for everyone.
async fn page_of(
    conn: &mut Conn,
    me: i64,
    page: &PageRequest,
    ids: &[i64],
    and: Option<&str>,
) -> Result<Vec<ProjectRow>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids_in = crate::db::ids_param(conn, 5);
    let condition = match and {
        Some(more) => format!("p.id IN ({ids_in}) AND {more}"),
        None => format!("p.id IN ({ids_in})"),
    };
    page_where(conn, me, page, PROJECT_SELECT, &condition, Some(ids)).await
}

/// Projects the caller supports that they may still see.
pub async fn supported(conn: &mut Conn, me: i64, page: &PageRequest) -> Result<Vec<ProjectRow>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar("SELECT project_id FROM project_supports WHERE user_id = $1")
        .bind(me)
        .fetch_all(&mut *conn)
        .await?;
    // The CASE keeps SQLite's planner on the id list rather than a projects index reached through the OR.
    page_of(conn, me, page, &ids, Some("(CASE WHEN p.is_published = 1 OR p.owner_id = $1 THEN 1 ELSE 0 END) = 1")).await
}

/// The collaborators' ids of each of these projects.
pub async fn collaborator_ids(conn: &mut Conn, projects: &[i64]) -> Result<HashMap<i64, Vec<i64>>, sqlx::Error> {
    let mut found: HashMap<i64, Vec<i64>> = HashMap::new();
    if projects.is_empty() {
        return Ok(found);
    }
    let ids_in = crate::db::ids_param(conn, 1);
    let rows: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT project_id, user_id FROM project_collaborators WHERE project_id IN ({ids_in}) ORDER BY added_at, id"
    ))
    .bind(crate::db::id_array(projects))
    .fetch_all(&mut *conn)
    .await?;
    for (project, user) in rows {
        found.entry(project).or_default().push(user);
    }
    Ok(found)
}

pub struct NewProjectRow<'a> {
    pub owner_id: i64,
    pub title: &'a str,
    pub description: &'a str,
    pub category: &'a str,
    pub phase: &'a str,
    pub image_urls: &'a [String],
    pub looking_for: &'a [String],
    pub is_published: bool,
    pub is_protected: bool,
    pub now: i64,
}

pub async fn insert(tx: &mut Tx, new: &NewProjectRow<'_>) -> Result<i64, sqlx::Error> {
    tx.emit(DomainEvent::CardsChanged);
    let id = sqlx::query_scalar(
        "INSERT INTO projects (owner_id, title, description, category, phase, image_urls, looking_for, is_published, \
           is_protected, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id",
    )
    .bind(new.owner_id)
    .bind(new.title)
    .bind(new.description)
    .bind(new.category)
    .bind(new.phase)
    .bind(serde_json::to_string(new.image_urls).unwrap_or_else(|_| "[]".into()))
    .bind(serde_json::to_string(new.looking_for).unwrap_or_else(|_| "[]".into()))
    .bind(crate::db::flag(new.is_published))
    .bind(crate::db::flag(new.is_protected))
    .bind(new.now)
    .fetch_one(&mut **tx)
    .await?;
    // Its owner reads its chat from now on.
    tx.emit(DomainEvent::ReaderJoined { user_id: new.owner_id, topic: Topic::Project(id) });
    Ok(id)
}

/// A checked change to one column.
pub enum Change {
    Text(&'static str, String),
    Flag(&'static str, bool),
}

/// Applies the changes to the owner's project in one statement; false when it is not theirs.
pub async fn update(tx: &mut Tx, id: i64, owner: i64, changes: Vec<Change>, now: i64) -> Result<bool, sqlx::Error> {
    tx.emit(DomainEvent::CardsChanged);
    let mut sets = vec!["updated_at = $3".to_string()];
    for (i, change) in changes.iter().enumerate() {
        let column = match change {
            Change::Text(column, _) | Change::Flag(column, _) => column,
        };
        sets.push(format!("{column} = ${}", i + 4));
    }
    let sql = format!("UPDATE projects SET {} WHERE id = $1 AND owner_id = $2", sets.join(", "));
    let mut query = sqlx::query(&sql).bind(id).bind(owner).bind(now);
    for change in changes {
        query = match change {
            Change::Text(_, value) => query.bind(value),
            Change::Flag(_, value) => query.bind(crate::db::flag(value)),
        };
    }
    Ok(query.execute(&mut **tx).await?.rows_affected() == 1)
}

/// Deletes the owner's project; its tasks, updates, feedback, supports and collaborators go with it
/// (the schema's cascades) and its collaboration requests here. `None` when it is not theirs; else
/// the stored files it named, for the caller to remove once the deletion commits.
pub async fn delete(tx: &mut Tx, id: i64, owner: i64) -> Result<Option<Vec<String>>, sqlx::Error> {
    tx.emit(DomainEvent::CardsChanged);
    let mut files: Vec<String> = Vec::new();
    let attachments: Vec<String> = sqlx::query_scalar("SELECT attachments FROM project_tasks WHERE project_id = $1")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?;
    for list in attachments {
        files.extend(serde_json::from_str::<Vec<String>>(&list).unwrap_or_default());
    }
    let images: Vec<Option<String>> = sqlx::query_scalar(
        "SELECT image_url FROM project_updates WHERE project_id = $1 \
         UNION ALL SELECT image_url FROM project_feedback WHERE project_id = $1",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    files.extend(images.into_iter().flatten());
    let hero: Option<String> =
        sqlx::query_scalar("DELETE FROM projects WHERE id = $1 AND owner_id = $2 RETURNING image_urls")
            .bind(id)
            .bind(owner)
            .fetch_optional(&mut **tx)
            .await?;
    let Some(hero) = hero else { return Ok(None) };
    files.extend(serde_json::from_str::<Vec<String>>(&hero).unwrap_or_default());
    sqlx::query("DELETE FROM connections WHERE type = 'collaboration' AND project_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(Some(files))
}

// ---- supports ----

/// Records the caller's support once and counts it; the new count, or `None` when they already did.
pub async fn support(tx: &mut Tx, project: i64, user: i64, now: i64) -> Result<Option<i64>, sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: project });
    tx.emit(DomainEvent::MarksChanged { user_id: user });
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO project_supports (project_id, user_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (project_id, user_id) DO NOTHING RETURNING id",
    )
    .bind(project)
    .bind(user)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    if inserted.is_none() {
        return Ok(None);
    }
    sqlx::query_scalar(
        "UPDATE projects SET supporter_count = supporter_count + 1 WHERE id = $1 RETURNING supporter_count",
    )
    .bind(project)
    .fetch_one(&mut **tx)
    .await
    .map(Some)
}

pub async fn supporters(tx: &mut Tx, project: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT user_id FROM project_supports WHERE project_id = $1 ORDER BY id")
        .bind(project)
        .fetch_all(&mut **tx)
        .await
}

// ---- collaborators ----

const COLLABORATOR_SELECT: &str = "SELECT c.id, c.project_id, c.user_id, c.role, c.added_at, u.username, \
    u.first_name, u.last_name, u.profile_image_url FROM project_collaborators c JOIN users u ON u.id = c.user_id";

/// A project's collaborators in the order they joined.
pub async fn collaborators(
    conn: &mut Conn,
    project: i64,
    page: &PageRequest,
) -> Result<Vec<CollaboratorRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{COLLABORATOR_SELECT} WHERE c.project_id = $1 \
         AND {} ORDER BY c.added_at, c.id LIMIT $2",
        page::after("c.added_at", "c.id", 3)
    ))
    .bind(project)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .fetch_all(&mut *conn)
    .await
}

/// Adds a collaborator once; the new row, or `None` when they already are one.
pub async fn add_collaborator(
    tx: &mut Tx,
    project: i64,
    user: i64,
    role: &str,
    now: i64,
) -> Result<Option<CollaboratorRow>, sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: project });
    tx.emit(DomainEvent::MarksChanged { user_id: user });
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO project_collaborators (project_id, user_id, role, added_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (project_id, user_id) DO NOTHING RETURNING id",
    )
    .bind(project)
    .bind(user)
    .bind(role)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(id) = id else { return Ok(None) };
    if role != "viewer" {
        // A collaborator reads the project's chat from now on.
        tx.emit(DomainEvent::ReaderJoined { user_id: user, topic: Topic::Project(project) });
    }
    sqlx::query_as(&format!("{COLLABORATOR_SELECT} WHERE c.id = $1")).bind(id).fetch_one(&mut **tx).await.map(Some)
}

/// A project's title, description and image list (JSON), as they are now.
pub async fn text_of(conn: &mut Conn, id: i64) -> Result<Option<(String, String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT title, description, image_urls FROM projects WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

pub async fn owner_if_any(tx: &mut Tx, project: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT owner_id FROM projects WHERE id = $1").bind(project).fetch_optional(&mut **tx).await
}

/// Deletes a feedback item and its replies (the schema's cascade); the images they named.
pub async fn delete_feedback(tx: &mut Tx, id: i64) -> Result<Vec<String>, sqlx::Error> {
    let images: Vec<Option<String>> =
        sqlx::query_scalar("SELECT image_url FROM project_feedback WHERE id = $1 OR parent_id = $1")
            .bind(id)
            .fetch_all(&mut **tx)
            .await?;
    sqlx::query("DELETE FROM project_feedback WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(images.into_iter().flatten().collect())
}

/// A person leaving a project's team is assigned none of its tasks.
pub async fn unassign_tasks(tx: &mut Tx, project: i64, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project_tasks SET assigned_to = NULL WHERE project_id = $1 AND assigned_to = $2")
        .bind(project)
        .bind(user)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Listed projects in a box with their position, or their owner's when they have none (owners who are discoverable
/// and not suspended): those placed themselves through the projects' position index, the others through their
/// owners' and the projects-by-owner index.
pub async fn placed(conn: &mut Conn, within: Bounds) -> Result<Vec<(i64, f64, f64)>, sqlx::Error> {
    const LISTED: &str = "p.is_published = 1 AND p.is_active = 1 AND u.is_discoverable = 1 AND u.suspended_at IS NULL";
    sqlx::query_as(&format!(
        "SELECT p.id, p.lat, p.lng FROM projects p JOIN users u ON u.id = p.owner_id \
         WHERE p.lat BETWEEN $1 AND $2 AND p.lng BETWEEN $3 AND $4 AND {LISTED} \
         UNION ALL SELECT p.id, u.lat, u.lng FROM users u JOIN projects p ON p.owner_id = u.id \
         WHERE u.lat BETWEEN $1 AND $2 AND u.lng BETWEEN $3 AND $4 AND p.lat IS NULL AND {LISTED}"
    ))
    .bind(within.lat.0)
    .bind(within.lat.1)
    .bind(within.lng.0)
    .bind(within.lng.1)
    .fetch_all(conn)
    .await
}

pub async fn owner_of(tx: &mut Tx, project: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT owner_id FROM projects WHERE id = $1").bind(project).fetch_one(&mut **tx).await
}

pub async fn remove_collaborator(tx: &mut Tx, project: i64, user: i64) -> Result<bool, sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: project });
    tx.emit(DomainEvent::MarksChanged { user_id: user });
    tx.emit(DomainEvent::ReaderLeft { user_id: user, topic: Topic::Project(project) });
    let removed = sqlx::query("DELETE FROM project_collaborators WHERE project_id = $1 AND user_id = $2")
        .bind(project)
        .bind(user)
        .execute(&mut **tx)
        .await?;
    Ok(removed.rows_affected() == 1)
}

/// A block ends shared membership both ways (API.md "Safety"): each leaves the other's projects, their tasks there
/// unassigned, so no project chat keeps the two in touch. The pairs (project, person) that ended.
pub async fn part_ways(tx: &mut Tx, a: i64, b: i64) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    let shared: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT pc.project_id, pc.user_id FROM project_collaborators pc JOIN projects p ON p.id = pc.project_id \
         WHERE (p.owner_id = $1 AND pc.user_id = $2) OR (p.owner_id = $2 AND pc.user_id = $1)",
    )
    .bind(a)
    .bind(b)
    .fetch_all(&mut **tx)
    .await?;
    for (project, person) in &shared {
        remove_collaborator(tx, *project, *person).await?;
        unassign_tasks(tx, *project, *person).await?;
    }
    Ok(shared)
}

/// The owner and every collaborator: the people a project's changes are announced to. A read: pass
/// a connection, or the open transaction (`&mut tx`) to see its own changes.
pub async fn members(conn: &mut Conn, project: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT owner_id FROM projects WHERE id = $1 UNION SELECT user_id FROM project_collaborators WHERE project_id = $1",
    )
    .bind(project)
    .fetch_all(&mut *conn)
    .await
}

/// The people who work on a project: its owner and collaborators, not its viewers (who only follow it).
pub async fn workers(conn: &mut Conn, project: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT owner_id FROM projects WHERE id = $1 \
         UNION SELECT user_id FROM project_collaborators WHERE project_id = $1 AND role <> 'viewer'",
    )
    .bind(project)
    .fetch_all(&mut *conn)
    .await
}

/// The other way round: the projects `user` works on (owns, or collaborates on as more than a viewer).
pub async fn worked_by(conn: &mut Conn, user: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM projects WHERE owner_id = $1 \
         UNION SELECT project_id FROM project_collaborators WHERE user_id = $1 AND role <> 'viewer'",
    )
    .bind(user)
    .fetch_all(&mut *conn)
    .await
}

// ---- tasks ----

const TASK_SELECT: &str = "SELECT t.id, t.project_id, t.title, t.description, t.assigned_to, t.is_completed, \
    t.completed_by, t.completed_at, t.attachments, t.created_at, t.updated_at, a.username AS assignee_username, \
    c.username AS completer_username, c.first_name AS completer_first_name \
    FROM project_tasks t LEFT JOIN users a ON a.id = t.assigned_to LEFT JOIN users c ON c.id = t.completed_by";

/// A project's tasks in the order they were made.
pub async fn tasks(conn: &mut Conn, project: i64, page: &PageRequest) -> Result<Vec<TaskRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{TASK_SELECT} WHERE t.project_id = $1 AND ($3 IS NULL OR t.id > $3) AND ($4 IS NULL OR t.id > $4) \
         ORDER BY t.id LIMIT $2"
    ))
    .bind(project)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .fetch_all(&mut *conn)
    .await
}

pub async fn task(conn: &mut Conn, id: i64) -> Result<Option<TaskRow>, sqlx::Error> {
    sqlx::query_as(&format!("{TASK_SELECT} WHERE t.id = $1")).bind(id).fetch_optional(&mut *conn).await
}

pub async fn task_in(tx: &mut Tx, id: i64) -> Result<TaskRow, sqlx::Error> {
    sqlx::query_as(&format!("{TASK_SELECT} WHERE t.id = $1")).bind(id).fetch_one(&mut **tx).await
}

pub async fn insert_task(
    tx: &mut Tx,
    project: i64,
    title: &str,
    description: Option<&str>,
    attachments: &[String],
    now: i64,
) -> Result<i64, sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: project });
    sqlx::query_scalar(
        "INSERT INTO project_tasks (project_id, title, description, attachments, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(project)
    .bind(title)
    .bind(description)
    .bind(serde_json::to_string(attachments).unwrap_or_else(|_| "[]".into()))
    .bind(now)
    .fetch_one(&mut **tx)
    .await
}

pub async fn edit_task(
    tx: &mut Tx,
    task: &TaskRow,
    title: &str,
    description: Option<&str>,
    attachments: &[String],
    now: i64,
) -> Result<(), sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: task.project_id });
    sqlx::query(
        "UPDATE project_tasks SET title = $2, description = $3, attachments = $4, updated_at = $5 WHERE id = $1",
    )
    .bind(task.id)
    .bind(title)
    .bind(description)
    .bind(serde_json::to_string(attachments).unwrap_or_else(|_| "[]".into()))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Completes an open task: one conditional statement, so of racing completions one wins.
pub async fn complete_task(tx: &mut Tx, task: &TaskRow, by: i64, now: i64) -> Result<bool, sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: task.project_id });
    let done = sqlx::query(
        "UPDATE project_tasks SET is_completed = 1, completed_by = $2, completed_at = $3, updated_at = $3 \
         WHERE id = $1 AND is_completed = 0",
    )
    .bind(task.id)
    .bind(by)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn assign_task(tx: &mut Tx, id: i64, to: Option<i64>, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE project_tasks SET assigned_to = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(to)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn delete_task(tx: &mut Tx, task: &TaskRow) -> Result<Option<String>, sqlx::Error> {
    tx.emit(DomainEvent::CardChanged { project_id: task.project_id });
    sqlx::query_scalar("DELETE FROM project_tasks WHERE id = $1 RETURNING attachments")
        .bind(task.id)
        .fetch_optional(&mut **tx)
        .await
}

// ---- updates and feedback ----

const UPDATE_SELECT: &str = "SELECT x.id, x.project_id, x.author_id, x.title, x.content, x.image_url, \
    CAST(NULL AS BIGINT) AS parent_id, x.created_at, x.updated_at, u.first_name AS author_first_name, \
    u.last_name AS author_last_name, u.profile_image_url AS author_profile_image \
    FROM project_updates x JOIN users u ON u.id = x.author_id";

const FEEDBACK_SELECT: &str = "SELECT x.id, x.project_id, x.author_id, CAST(NULL AS TEXT) AS title, x.content, \
    x.image_url, x.parent_id, x.created_at, x.updated_at, u.first_name AS author_first_name, \
    u.last_name AS author_last_name, u.profile_image_url AS author_profile_image \
    FROM project_feedback x JOIN users u ON u.id = x.author_id";

fn posts_newest_first() -> String {
    format!(
        "WHERE x.project_id = $1 AND {} ORDER BY x.created_at DESC, x.id DESC LIMIT $2",
        page::before("x.created_at", "x.id", 3)
    )
}

async fn posts_page(
    conn: &mut Conn,
    select: &str,
    project: i64,
    page: &PageRequest,
) -> Result<Vec<PostRow>, sqlx::Error> {
    sqlx::query_as(&format!("{select} {}", posts_newest_first()))
        .bind(project)
        .bind(page.fetch_limit())
        .bind(page.after_key())
        .bind(page.after_id())
        .fetch_all(&mut *conn)
        .await
}

pub async fn updates(conn: &mut Conn, project: i64, page: &PageRequest) -> Result<Vec<PostRow>, sqlx::Error> {
    posts_page(conn, UPDATE_SELECT, project, page).await
}

pub async fn feedback(conn: &mut Conn, project: i64, page: &PageRequest) -> Result<Vec<PostRow>, sqlx::Error> {
    posts_page(conn, FEEDBACK_SELECT, project, page).await
}

pub async fn feedback_item(conn: &mut Conn, id: i64) -> Result<Option<PostRow>, sqlx::Error> {
    sqlx::query_as(&format!("{FEEDBACK_SELECT} WHERE x.id = $1")).bind(id).fetch_optional(&mut *conn).await
}

/// What a new post is: an update (with its title) or a feedback comment (a reply names its parent).
pub enum PostKind<'a> {
    Update { title: &'a str },
    Feedback { parent: Option<i64> },
}

/// A new update or feedback comment on a project.
pub struct NewPost<'a> {
    pub project: i64,
    pub author: i64,
    pub kind: PostKind<'a>,
    pub content: &'a str,
    pub image_url: Option<&'a str>,
    pub now: i64,
}

/// Writes an update or a comment (one statement shape for both tables) and reads it back as lists show it.
pub async fn insert_post(tx: &mut Tx, post: &NewPost<'_>) -> Result<PostRow, sqlx::Error> {
    let (table, extra_column, select, extra): (&str, &str, &str, Extra<'_>) = match post.kind {
        PostKind::Update { title } => ("project_updates", "title", UPDATE_SELECT, Extra::Text(title)),
        PostKind::Feedback { parent } => ("project_feedback", "parent_id", FEEDBACK_SELECT, Extra::Id(parent)),
    };
    let insert = format!(
        "INSERT INTO {table} (project_id, author_id, {extra_column}, content, image_url, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id"
    );
    let query = sqlx::query_scalar(&insert).bind(post.project).bind(post.author);
    let query = match extra {
        Extra::Text(text) => query.bind(text),
        Extra::Id(id) => query.bind(id),
    };
    let id: i64 = query.bind(post.content).bind(post.image_url).bind(post.now).fetch_one(&mut **tx).await?;
    sqlx::query_as(&format!("{select} WHERE x.id = $1")).bind(id).fetch_one(&mut **tx).await
}

/// The one column in which an update and a comment differ.
enum Extra<'a> {
    Text(&'a str),
    Id(Option<i64>),
}

/// Of these projects, those listed (published and active), as entries for the caller `me`, each with its
/// owner's role. The two flags are tested as a sum: as two equalities, SQLite's planner walked the feed's
/// index over every listed project (5 ms at 20,000) rather than looking up the few ids.
pub async fn listed_entries(conn: &mut Conn, me: i64, ids: &[i64]) -> Result<Vec<ListedEntry>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        concat!(
            "SELECT ",
            entry_columns!(),
            ", u.role AS owner_role FROM projects p JOIN users u ON u.id = p.owner_id \
             WHERE p.id IN ({}) AND p.is_published + p.is_active = 2 AND {}"
        ),
        crate::db::ids_param(conn, 2),
        SEEN_BY_CALLER
    );
    sqlx::query_as(&sql).bind(me).bind(crate::db::id_array(ids)).fetch_all(&mut *conn).await
}

/// What a project's public card shows (API.md "Public project pages and link previews").
pub struct PublicCardRow {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub image_urls: String,
    pub category: String,
    pub phase: String,
    pub looking_for: String,
    pub supporter_count: i64,
    pub owner_first_name: String,
    pub owner_profile_image_url: Option<String>,
}
crate::from_row!(PublicCardRow {
    id,
    title,
    description,
    image_urls,
    category,
    phase,
    looking_for,
    supporter_count,
    owner_first_name,
    owner_profile_image_url
});

/// The card of a project anyone may see: published, active, its owner not suspended.
pub async fn public_card(conn: &mut Conn, id: i64) -> Result<Option<PublicCardRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT p.id, p.title, p.description, p.image_urls, p.category, p.phase, p.looking_for, p.supporter_count, \
         u.first_name AS owner_first_name, u.profile_image_url AS owner_profile_image_url \
         FROM projects p JOIN users u ON u.id = p.owner_id \
         WHERE p.id = $1 AND p.is_published = 1 AND p.is_active = 1 AND u.suspended_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Notes that `user` left `project` (or was removed) now.
pub async fn note_departure(tx: &mut Tx, project: i64, user: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO project_departures (project_id, user_id, left_at) VALUES ($1, $2, $3) \
         ON CONFLICT (project_id, user_id) DO UPDATE SET left_at = $3",
    )
    .bind(project)
    .bind(user)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// When `user` last left `project`, unless they asked to join again since.
pub async fn departed_at(tx: &mut Tx, project: i64, user: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT left_at FROM project_departures WHERE project_id = $1 AND user_id = $2")
        .bind(project)
        .bind(user)
        .fetch_optional(&mut **tx)
        .await
}

/// `user` asked to join `project` again: their departure no longer holds the owner back.
pub async fn forget_departure(tx: &mut Tx, project: i64, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM project_departures WHERE project_id = $1 AND user_id = $2")
        .bind(project)
        .bind(user)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
