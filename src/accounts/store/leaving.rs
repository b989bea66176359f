//! The SQL of a person's leaving (API.md "Your data"): the export's reads, and what deleting an account
//! changes beyond the cascades of the schema.

// The export reads each table once into a tuple that is turned into JSON right below: naming a
// struct for every one of them would only repeat the SELECT.
#![allow(clippy::type_complexity)]

use serde_json::{json, Value};

use crate::{
    db::{Conn, Tx},
    time::rfc3339,
};

/// Rows read and written per round of the long lists (messages, notifications, the ledger, …).
pub const BATCH: i64 = 500;

/// The lists of an export that can grow without bound, read in batches by id.
#[derive(Clone, Copy)]
pub enum Long {
    Messages,
    Notifications,
    Ledger,
    Swipes,
}

impl Long {
    pub fn key(self) -> &'static str {
        match self {
            Long::Messages => "messages",
            Long::Notifications => "notifications",
            Long::Ledger => "ledger",
            Long::Swipes => "swipes",
        }
    }
}

/// One batch of a long list after `after` (an id or a row number); the last position read.
pub async fn export_batch(conn: &mut Conn, list: Long, me: i64, after: i64) -> Result<(Vec<Value>, i64), sqlx::Error> {
    let mut last = after;
    let items = match list {
        Long::Messages => {
            let rows: Vec<(
                i64,
                String,
                Option<i64>,
                Option<String>,
                i64,
                Option<i64>,
                String,
                String,
                Option<String>,
                Option<String>,
                i64,
                Option<i64>,
            )> = sqlx::query_as(
                "SELECT m.id, c.kind, c.project_id, c.room, m.sender_id, m.receiver_id, m.content, m.message_type, \
                       m.attachment_url, m.attachment_name, m.created_at, m.edited_at \
                     FROM messages m JOIN conversations c ON c.id = m.conversation_id \
                     WHERE (m.sender_id = $1 OR m.receiver_id = $1) AND m.id > $2 ORDER BY m.id LIMIT $3",
            )
            .bind(me)
            .bind(after)
            .bind(BATCH)
            .fetch_all(&mut *conn)
            .await?;
            rows.into_iter()
                .map(|(id, kind, project, room, sender, receiver, content, kind_of, url, name, at, edited)| {
                    last = id;
                    json!({"id": id, "chat": kind, "projectId": project, "room": room, "senderId": sender,
                        "receiverId": receiver, "sent": sender == me, "content": content, "messageType": kind_of,
                        "attachmentUrl": url, "attachmentName": name, "createdAt": rfc3339(at),
                        "editedAt": edited.map(rfc3339)})
                })
                .collect()
        }
        Long::Notifications => {
            let rows: Vec<(i64, String, String, String, String, i64, i64)> = sqlx::query_as(
                "SELECT id, type, title, message, data, is_read, created_at FROM notifications \
                 WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
            )
            .bind(me)
            .bind(after)
            .bind(BATCH)
            .fetch_all(&mut *conn)
            .await?;
            rows.into_iter()
                .map(|(id, kind, title, message, data, read, at)| {
                    last = id;
                    json!({"id": id, "type": kind, "title": title, "message": message,
                        "data": serde_json::from_str::<Value>(&data).unwrap_or(Value::Null),
                        "isRead": read != 0, "createdAt": rfc3339(at)})
                })
                .collect()
        }
        Long::Ledger => {
            let rows: Vec<(i64, i64, String, i64)> = sqlx::query_as(
                "SELECT id, amount, reason, created_at FROM coin_ledger WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
            )
            .bind(me)
            .bind(after)
            .bind(BATCH)
            .fetch_all(&mut *conn)
            .await?;
            rows.into_iter()
                .map(|(id, amount, reason, at)| {
                    last = id;
                    json!({"amount": amount, "reason": reason, "createdAt": rfc3339(at)})
                })
                .collect()
        }
        Long::Swipes => {
            // Swipes have no id of their own: the project id orders them.
            let rows: Vec<(i64, String, i64)> = sqlx::query_as(
                "SELECT project_id, direction, created_at FROM project_swipes WHERE user_id = $1 AND project_id > $2 \
                 ORDER BY project_id LIMIT $3",
            )
            .bind(me)
            .bind(after)
            .bind(BATCH)
            .fetch_all(&mut *conn)
            .await?;
            rows.into_iter()
                .map(|(project, direction, at)| {
                    last = project;
                    json!({"projectId": project, "direction": direction, "createdAt": rfc3339(at)})
                })
                .collect()
        }
    };
    Ok((items, last))
}

/// The short lists of an export (bounded by what one person can own or join), each one value.
pub async fn export_lists(conn: &mut Conn, me: i64) -> Result<Vec<(&'static str, Value)>, sqlx::Error> {
    let connections: Vec<(i64, i64, i64, String, String, i64, String, String, String, Option<String>, i64)> =
        sqlx::query_as(
            "SELECT c.id, c.requester_id, c.project_id, c.status, c.type, u.id, u.username, u.first_name, u.last_name, \
               c.message, c.created_at \
             FROM connections c JOIN users u ON u.id = CASE WHEN c.requester_id = $1 THEN c.target_id ELSE c.requester_id END \
             WHERE c.requester_id = $1 OR c.target_id = $1 ORDER BY c.id",
        )
        .bind(me)
        .fetch_all(&mut *conn)
        .await?;
    let connections: Vec<Value> = connections
        .into_iter()
        .map(|(id, requester, project, status, kind, other, username, first, last, message, at)| {
            json!({"id": id, "type": kind, "status": status, "sent": requester == me,
                "projectId": (project != 0).then_some(project), "message": message, "createdAt": rfc3339(at),
                "otherUser": {"id": other, "username": username, "firstName": first, "lastName": last}})
        })
        .collect();
    let mut projects = Vec::new();
    let owned: Vec<(i64, String, String, String, String, String, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, title, description, category, phase, image_urls, looking_for, supporter_count, is_published, created_at \
         FROM projects WHERE owner_id = $1 ORDER BY id",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    for (id, title, description, category, phase, images, looking_for, supporters, published, at) in owned {
        let tasks: Vec<(i64, String, Option<String>, i64, String, i64)> = sqlx::query_as(
            "SELECT id, title, description, is_completed, attachments, created_at FROM project_tasks WHERE project_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        let updates: Vec<(i64, String, String, Option<String>, i64)> = sqlx::query_as(
            "SELECT id, title, content, image_url, created_at FROM project_updates WHERE project_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        let feedback: Vec<(i64, i64, String, String, Option<String>, Option<i64>, i64)> = sqlx::query_as(
            "SELECT f.id, f.author_id, u.first_name, f.content, f.image_url, f.parent_id, f.created_at \
             FROM project_feedback f JOIN users u ON u.id = f.author_id WHERE f.project_id = $1 ORDER BY f.id",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        projects.push(json!({
            "id": id, "title": title, "description": description, "category": category, "phase": phase,
            "imageUrls": serde_json::from_str::<Value>(&images).unwrap_or(Value::Null),
            "lookingFor": serde_json::from_str::<Value>(&looking_for).unwrap_or(Value::Null),
            "supporterCount": supporters, "isPublished": published != 0, "createdAt": rfc3339(at),
            "tasks": tasks.into_iter().map(|(id, title, description, done, attachments, at)| json!({
                "id": id, "title": title, "description": description, "isCompleted": done != 0,
                "attachments": serde_json::from_str::<Value>(&attachments).unwrap_or(Value::Null),
                "createdAt": rfc3339(at)})).collect::<Vec<_>>(),
            "updates": updates.into_iter().map(|(id, title, content, image, at)| json!({
                "id": id, "title": title, "content": content, "imageUrl": image, "createdAt": rfc3339(at)}))
                .collect::<Vec<_>>(),
            "feedback": feedback.into_iter().map(|(id, author, name, content, image, parent, at)| json!({
                "id": id, "authorId": author, "authorFirstName": name, "content": content, "imageUrl": image,
                "parentId": parent, "createdAt": rfc3339(at)})).collect::<Vec<_>>(),
        }));
    }
    let written: Vec<(i64, i64, String, Option<String>, Option<i64>, i64)> = sqlx::query_as(
        "SELECT id, project_id, content, image_url, parent_id, created_at FROM project_feedback WHERE author_id = $1 ORDER BY id",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    let written: Vec<Value> = written
        .into_iter()
        .map(|(id, project, content, image, parent, at)| {
            json!({"id": id, "projectId": project, "content": content, "imageUrl": image, "parentId": parent,
                "createdAt": rfc3339(at)})
        })
        .collect();
    let supports: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT s.project_id, p.title, s.created_at FROM project_supports s JOIN projects p ON p.id = s.project_id \
         WHERE s.user_id = $1 ORDER BY s.id",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    let supports: Vec<Value> = supports
        .into_iter()
        .map(|(project, title, at)| json!({"projectId": project, "projectTitle": title, "createdAt": rfc3339(at)}))
        .collect();
    let pledges: Vec<(i64, i64, i64, i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, project_id, amount, upfront_amount, message, status, created_at FROM pledges WHERE investor_id = $1 ORDER BY id",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    let pledges: Vec<Value> = pledges
        .into_iter()
        .map(|(id, project, amount, upfront, message, status, at)| {
            json!({"id": id, "projectId": project, "amount": amount, "upfrontAmount": upfront, "message": message,
                "status": status, "createdAt": rfc3339(at)})
        })
        .collect();
    let blocked: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT u.id, u.username, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    let blocked: Vec<Value> = blocked
        .into_iter()
        .map(|(id, username, at)| json!({"userId": id, "username": username, "blockedAt": rfc3339(at)}))
        .collect();
    let reports: Vec<(String, i64, String, String, i64)> = sqlx::query_as(
        "SELECT target_type, target_id, reason, status, created_at FROM reports WHERE reporter_id = $1 ORDER BY id",
    )
    .bind(me)
    .fetch_all(&mut *conn)
    .await?;
    let reports: Vec<Value> = reports
        .into_iter()
        .map(|(kind, target, reason, status, at)| {
            json!({"targetType": kind, "targetId": target, "reason": reason, "status": status, "createdAt": rfc3339(at)})
        })
        .collect();
    let rooms: Vec<String> = sqlx::query_scalar("SELECT room FROM community_members WHERE user_id = $1 ORDER BY room")
        .bind(me)
        .fetch_all(&mut *conn)
        .await?;
    Ok(vec![
        ("connections", Value::from(connections)),
        ("projects", Value::from(projects)),
        ("feedbackWritten", Value::from(written)),
        ("supports", Value::from(supports)),
        ("pledges", Value::from(pledges)),
        ("communities", json!(rooms)),
        ("blocked", Value::from(blocked)),
        ("reports", Value::from(reports)),
    ])
}

/// The people with an accepted connection to `me`.
pub async fn connected(tx: &mut Tx, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CASE WHEN requester_id = $1 THEN target_id ELSE requester_id END FROM connections \
         WHERE (requester_id = $1 OR target_id = $1) AND status = 'accepted' AND type = 'connection'",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await
}

/// Each of `people` loses one connection from their count.
pub async fn lose_connection(tx: &mut Tx, people: &[i64], now: i64) -> Result<(), sqlx::Error> {
    lose_one(tx, "users", "connection_count", people, now).await
}

/// Other people's projects `me` supports.
pub async fn supported(tx: &mut Tx, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT p.id FROM project_supports s JOIN projects p ON p.id = s.project_id WHERE s.user_id = $1 AND p.owner_id <> $1",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await
}

/// Each of `projects` loses one supporter from its count.
pub async fn lose_supporter(tx: &mut Tx, projects: &[i64], now: i64) -> Result<(), sqlx::Error> {
    lose_one(tx, "projects", "supporter_count", projects, now).await
}

/// Takes one from a count `column` of each row `ids` of `table` (never below zero). Both names are the
/// callers' constants, never input.
async fn lose_one(tx: &mut Tx, table: &str, column: &str, ids: &[i64], now: i64) -> Result<(), sqlx::Error> {
    let sql = format!("UPDATE {table} SET {column} = {column} - 1, updated_at = $2 WHERE id = $1 AND {column} > 0");
    for id in ids {
        sqlx::query(&sql).bind(id).bind(now).execute(&mut **tx).await?;
    }
    Ok(())
}

pub async fn owned_projects(tx: &mut Tx, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM projects WHERE owner_id = $1").bind(me).fetch_all(&mut **tx).await
}

/// Files named by what goes with the account: the photo, what they posted, both sides of their chats;
/// sorted, each once.
pub async fn files_named(tx: &mut Tx, me: i64) -> Result<Vec<String>, sqlx::Error> {
    let mut files: Vec<String> = sqlx::query_scalar::<_, Option<String>>(
        "SELECT profile_image_url FROM users WHERE id = $1 \
         UNION ALL SELECT image_url FROM project_updates WHERE author_id = $1 \
         UNION ALL SELECT image_url FROM project_feedback WHERE author_id = $1 \
           OR parent_id IN (SELECT id FROM project_feedback WHERE author_id = $1) \
         UNION ALL SELECT m.attachment_url FROM messages m JOIN conversations c ON c.id = m.conversation_id \
           WHERE m.sender_id = $1 OR c.low_id = $1 OR c.high_id = $1 \
         UNION ALL SELECT '/api/files/' || name FROM uploads WHERE uploader_id = $1",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await?
    .into_iter()
    .flatten()
    .collect();
    files.sort();
    files.dedup();
    Ok(files)
}

/// The projects they worked on or wrote in.
pub async fn worked_on(tx: &mut Tx, me: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT project_id FROM project_collaborators WHERE user_id = $1 \
         UNION SELECT project_id FROM project_feedback WHERE author_id = $1 \
         UNION SELECT project_id FROM project_updates WHERE author_id = $1",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await
}

/// The account's row goes, after what the schema does not cascade: the reports they made (reports about them
/// stay, their subject emptied by the schema) and their rate-limit windows (keyed by id, never reused).
pub async fn delete_account(tx: &mut Tx, me: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM reports WHERE reporter_id = $1").bind(me).execute(&mut **tx).await?;
    for key in [format!("user:{me}"), format!("messages:{me}"), format!("requests:{me}"), format!("reports:{me}")] {
        sqlx::query("DELETE FROM login_attempts WHERE attempt_key = $1").bind(key).execute(&mut **tx).await?;
    }
    sqlx::query("DELETE FROM users WHERE id = $1").bind(me).execute(&mut **tx).await?;
    Ok(())
}
