//! The SQL of connections. Reads take `&mut Conn`, writes `&mut Tx`.

use super::model::{ConnectedUser, ConnectionRequest, ConnectionRow, CONNECTION_COLUMNS};
use crate::{
    accounts::rules::Role,
    db::{Conn, Tx},
    events::{DomainEvent, Emit},
    time::rfc3339,
};

pub const CONNECTION: &str = "connection";
pub const COLLABORATION: &str = "collaboration";

/// Asks `target` to connect (pending). A rejected request may be made again; `None` when the two
/// already have a pending or accepted connection of this kind (nothing changes then).
pub async fn request(
    tx: &mut Tx,
    requester: i64,
    target: i64,
    kind: &str,
    project_id: i64,
    message: Option<&str>,
    now: i64,
) -> Result<Option<ConnectionRow>, sqlx::Error> {
    let row: Option<ConnectionRow> = sqlx::query_as(&format!(
        "INSERT INTO connections (requester_id, target_id, low_id, high_id, status, type, project_id, message, \
           created_at, updated_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $8) \
         ON CONFLICT (low_id, high_id, type, project_id) DO UPDATE SET status = 'pending', requester_id = $1, \
           target_id = $2, message = $7, created_at = $8, updated_at = $8 \
         WHERE connections.status = 'rejected' RETURNING {CONNECTION_COLUMNS}"
    ))
    .bind(requester)
    .bind(target)
    .bind(requester.min(target))
    .bind(requester.max(target))
    .bind(kind)
    .bind(project_id)
    .bind(message)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(row) = &row {
        tx.emit(DomainEvent::Requested { requester, target, request_id: row.id });
    }
    Ok(row)
}

/// Connects two people at once (a scanned QR, a followed link): a new accepted connection, or a
/// pending or rejected one made accepted. `None` when they were already connected.
pub async fn connect_now(tx: &mut Tx, me: i64, other: i64, now: i64) -> Result<Option<ConnectionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "INSERT INTO connections (requester_id, target_id, low_id, high_id, status, type, project_id, created_at, \
           updated_at) VALUES ($1, $2, $3, $4, 'accepted', 'connection', 0, $5, $5) \
         ON CONFLICT (low_id, high_id, type, project_id) DO UPDATE SET status = 'accepted', updated_at = $5 \
         WHERE connections.status <> 'accepted' RETURNING {CONNECTION_COLUMNS}"
    ))
    .bind(me)
    .bind(other)
    .bind(me.min(other))
    .bind(me.max(other))
    .bind(now)
    .fetch_optional(&mut **tx)
    .await
}

/// When `target` declined `requester`'s request of this kind (on this project), if it stands declined.
pub async fn rejected_at(
    tx: &mut Tx,
    requester: i64,
    target: i64,
    kind: &str,
    project_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT updated_at FROM connections WHERE requester_id = $1 AND target_id = $2 AND type = $3 \
         AND project_id = $4 AND status = 'rejected'",
    )
    .bind(requester)
    .bind(target)
    .bind(kind)
    .bind(project_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Whether two people are connected (an accepted connection).
pub async fn connected(tx: &mut Tx, a: i64, b: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM connections WHERE low_id = $1 AND high_id = $2 AND type = 'connection' AND status = 'accepted'",
    )
    .bind(a.min(b))
    .bind(a.max(b))
    .fetch_optional(&mut **tx)
    .await?;
    Ok(found.is_some())
}

/// True when `other` declined a connection request from `me` at or after `since`.
pub async fn declined_since(tx: &mut Tx, me: i64, other: i64, since: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM connections WHERE requester_id = $1 AND target_id = $2 AND type = 'connection' \
         AND status = 'rejected' AND updated_at >= $3",
    )
    .bind(me)
    .bind(other)
    .bind(since)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(found.is_some())
}

pub async fn find(conn: &mut Conn, id: i64) -> Result<Option<ConnectionRow>, sqlx::Error> {
    sqlx::query_as(&format!("SELECT {CONNECTION_COLUMNS} FROM connections WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// Answers a pending request addressed to `target`: one conditional statement, so of two racing
/// answers only one changes it.
pub async fn answer(
    tx: &mut Tx,
    id: i64,
    target: i64,
    status: &str,
    now: i64,
) -> Result<Option<ConnectionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "UPDATE connections SET status = $3, updated_at = $4 WHERE id = $1 AND target_id = $2 AND status = 'pending' \
         RETURNING {CONNECTION_COLUMNS}"
    ))
    .bind(id)
    .bind(target)
    .bind(status)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await
}

/// Removes a connection either of its two people holds; what was removed.
pub async fn remove(tx: &mut Tx, id: i64, me: i64) -> Result<Option<ConnectionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "DELETE FROM connections WHERE id = $1 AND (requester_id = $2 OR target_id = $2) RETURNING {CONNECTION_COLUMNS}"
    ))
    .bind(id)
    .bind(me)
    .fetch_optional(&mut **tx)
    .await
}

/// Moves both people's `connectionCount` by `delta`, in the transaction that changed the connection.
pub async fn count(tx: &mut Tx, a: i64, b: i64, delta: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET connection_count = connection_count + $3, updated_at = $4 WHERE id = $1 OR id = $2")
        .bind(a)
        .bind(b)
        .bind(delta)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

struct PersonRow {
    id: i64,
    first_name: String,
    last_name: String,
    username: String,
    bio: Option<String>,
    role: String,
    skills: String,
    profile_image_url: Option<String>,
}
crate::from_row!(PersonRow { id, first_name, last_name, username, bio, role, skills, profile_image_url });

impl PersonRow {
    fn to_connected(&self) -> ConnectedUser {
        ConnectedUser {
            id: self.id,
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            username: self.username.clone(),
            bio: self.bio.clone(),
            role: Role::parse(&self.role).unwrap_or_default(),
            skills: serde_json::from_str(&self.skills).unwrap_or_default(),
            profile_image_url: self.profile_image_url.clone(),
        }
    }
}

struct WithPerson {
    connection: ConnectionRow,
    person: PersonRowPrefixed,
}
crate::from_row!(WithPerson { connection: flatten, person: flatten });

struct WithProject {
    with: WithPerson,
    project_title: Option<String>,
}
crate::from_row!(WithProject { with: flatten, project_title });

/// The other person's columns, aliased so they do not clash with the connection's.
struct PersonRowPrefixed {
    p_id: i64,
    p_first_name: String,
    p_last_name: String,
    p_username: String,
    p_bio: Option<String>,
    p_role: String,
    p_skills: String,
    p_profile_image_url: Option<String>,
}
crate::from_row!(PersonRowPrefixed {
    p_id,
    p_first_name,
    p_last_name,
    p_username,
    p_bio,
    p_role,
    p_skills,
    p_profile_image_url
});

impl From<PersonRowPrefixed> for PersonRow {
    fn from(p: PersonRowPrefixed) -> Self {
        PersonRow {
            id: p.p_id,
            first_name: p.p_first_name,
            last_name: p.p_last_name,
            username: p.p_username,
            bio: p.p_bio,
            role: p.p_role,
            skills: p.p_skills,
            profile_image_url: p.p_profile_image_url,
        }
    }
}

const PERSON: &str = "u.id AS p_id, u.first_name AS p_first_name, u.last_name AS p_last_name, \
    u.username AS p_username, u.bio AS p_bio, u.role AS p_role, u.skills AS p_skills, \
    u.profile_image_url AS p_profile_image_url";

fn qualified_connection_columns() -> String {
    CONNECTION_COLUMNS.split(", ").map(|c| format!("c.{c}")).collect::<Vec<_>>().join(", ")
}

/// The caller's pending and accepted connections with the other person, newest first.
pub async fn with_users(conn: &mut Conn, me: i64) -> Result<Vec<(ConnectionRow, ConnectedUser)>, sqlx::Error> {
    let rows: Vec<WithPerson> = sqlx::query_as(&format!(
        "SELECT {}, {PERSON} FROM connections c \
         JOIN users u ON u.id = CASE WHEN c.requester_id = $1 THEN c.target_id ELSE c.requester_id END \
         WHERE (c.requester_id = $1 OR c.target_id = $1) AND c.type = 'connection' AND c.status <> 'rejected' \
         ORDER BY c.updated_at DESC, c.id DESC",
        qualified_connection_columns()
    ))
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.connection, PersonRow::from(r.person).to_connected())).collect())
}

/// The caller's own pending requests of a kind, newest first.
pub async fn sent(conn: &mut Conn, me: i64, kind: &str) -> Result<Vec<ConnectionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {CONNECTION_COLUMNS} FROM connections WHERE requester_id = $1 AND type = $2 AND status = 'pending' \
         ORDER BY created_at DESC, id DESC"
    ))
    .bind(me)
    .bind(kind)
    .fetch_all(&mut *conn)
    .await
}

/// Pending requests of a kind addressed to the caller, newest first.
pub async fn pending(conn: &mut Conn, me: i64, kind: &str) -> Result<Vec<ConnectionRequest>, sqlx::Error> {
    let rows: Vec<WithProject> = sqlx::query_as(&format!(
        "SELECT {}, {PERSON}, p.title AS project_title FROM connections c JOIN users u ON u.id = c.requester_id \
         LEFT JOIN projects p ON p.id = c.project_id \
         WHERE c.target_id = $1 AND c.type = $2 AND c.status = 'pending' ORDER BY c.created_at DESC, c.id DESC",
        qualified_connection_columns()
    ))
    .bind(me)
    .bind(kind)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|WithProject { with, project_title }| {
            let r = with;
            let person = PersonRow::from(r.person);
            ConnectionRequest {
                id: r.connection.id,
                requester_id: r.connection.requester_id,
                requester_name: format!("{} {}", person.first_name, person.last_name),
                requester_role: Role::parse(&person.role).unwrap_or_default(),
                requester_profile_image: person.profile_image_url.clone(),
                message: r.connection.message.clone(),
                project_id: (r.connection.project_id != 0).then_some(r.connection.project_id),
                project_name: project_title,
                created_at: rfc3339(r.connection.created_at),
            }
        })
        .collect())
}
