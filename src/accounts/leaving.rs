//! A person's right to take their data and leave (API.md "Your data"): the export of everything the
//! account holds, written out as it is read so a large account never sits in memory, and the
//! deletion of the account with everything it owns, in one transaction.

// The export reads each table once into a tuple that is turned into JSON right below: naming a
// struct for every one of them would only repeat the SELECT.
#![allow(clippy::type_complexity)]

use axum::{
    body::{Body, Bytes},
    extract::State,
    http::{
        header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE},
        HeaderMap, HeaderValue, StatusCode,
    },
    response::{AppendHeaders, IntoResponse, Response},
};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::mpsc;
use utoipa::ToSchema;

use super::store;
use crate::{
    auth::{password, session, CurrentUser},
    db::Conn,
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    realtime::{Event, ServerFrame, Topic},
    state::AppState,
    time::rfc3339,
};

const TAG: &str = "accounts";
/// Rows read and written per round of the long lists (messages, notifications, the ledger, …).
const BATCH: i64 = 500;

// ---- export ----

/// The lists of an export that can grow without bound, read in batches by id.
#[derive(Clone, Copy)]
enum Long {
    Messages,
    Notifications,
    Ledger,
    Swipes,
}

impl Long {
    fn key(self) -> &'static str {
        match self {
            Long::Messages => "messages",
            Long::Notifications => "notifications",
            Long::Ledger => "ledger",
            Long::Swipes => "swipes",
        }
    }
}

/// One batch of a long list after `after` (an id or a row number); the last position read.
async fn batch(conn: &mut Conn, list: Long, me: i64, after: i64) -> Result<(Vec<Value>, i64), sqlx::Error> {
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
async fn short_lists(conn: &mut Conn, me: i64) -> Result<Vec<(&'static str, Value)>, sqlx::Error> {
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

type Chunk = Result<Bytes, std::io::Error>;

/// Writes the export into `out` piece by piece; a failure half-way ends the download short.
async fn write_export(state: AppState, me: i64, out: mpsc::Sender<Chunk>) -> anyhow::Result<()> {
    let send = |text: String| {
        let out = out.clone();
        async move { out.send(Ok(Bytes::from(text))).await.map_err(|_| anyhow::anyhow!("the download was abandoned")) }
    };
    let mut conn = state.db.conn().await?;
    let user = store::find_by_id(&mut conn, me).await?.ok_or_else(|| anyhow::anyhow!("the account is gone"))?;
    send(format!(
        "{{\"exportedAt\":{},\"profile\":{}",
        serde_json::to_string(&rfc3339(state.clock.now_ms()))?,
        serde_json::to_string(&user.to_own())?
    ))
    .await?;
    for (key, value) in short_lists(&mut conn, me).await? {
        send(format!(",{}:{}", serde_json::to_string(key)?, serde_json::to_string(&value)?)).await?;
    }
    for list in [Long::Messages, Long::Notifications, Long::Ledger, Long::Swipes] {
        send(format!(",{}:[", serde_json::to_string(list.key())?)).await?;
        let (mut after, mut first) = (0, true);
        loop {
            let (items, last) = batch(&mut conn, list, me, after).await?;
            if items.is_empty() {
                break;
            }
            let mut text = String::new();
            for item in &items {
                if !first {
                    text.push(',');
                }
                first = false;
                text.push_str(&serde_json::to_string(item)?);
            }
            send(text).await?;
            if (items.len() as i64) < BATCH {
                break;
            }
            after = last;
        }
        send("]".into()).await?;
    }
    send("}".into()).await
}

#[utoipa::path(get, path = "/api/account/export", tag = TAG, operation_id = "exportAccount",
    responses((status = 200, content_type = "application/json", description = "Everything the account holds, as one JSON document \
               to download: profile, connections, messages sent and received, projects with their tasks, updates and \
               feedback, supports, pledges, the coin ledger (`ledger`), notifications and swipes. Never another user's email."),
              (status = 401, body = ErrorBody)))]
pub async fn export(State(state): State<AppState>, CurrentUser(me): CurrentUser) -> AppResult<Response> {
    let (sender, mut receiver) = mpsc::channel::<Chunk>(4);
    let (username, me_id) = (me.username.clone(), me.id);
    let failed = sender.clone();
    tokio::spawn(async move {
        if let Err(err) = write_export(state, me_id, sender).await {
            tracing::warn!(user = me_id, %err, "an export ended early");
            let _ = failed.send(Err(std::io::Error::other("the export could not be finished"))).await;
        }
    });
    let stream = futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx));
    let filename: String = username.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"grow-export-{filename}.json\""))
        .map_err(|err| AppError::Internal(err.into()))?;
    Ok((
        [
            (CONTENT_TYPE, HeaderValue::from_static("application/json")),
            (CONTENT_DISPOSITION, disposition),
            (CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Body::from_stream(stream),
    )
        .into_response())
}

// ---- deletion ----

#[derive(Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// The account's password, to show it is really them.
    pub password: Option<String>,
}

/// Deletes the account and everything it owns in the open transaction; the stored files it named
/// (removed after commit where nothing else names them) and the people to tell.
async fn delete_in(state: &AppState, tx: &mut crate::db::Tx, me: i64) -> AppResult<(Vec<String>, Vec<i64>)> {
    let now = state.clock.now_ms();
    // Counts others see: each connection's other side loses one, each supported project a supporter.
    let connected: Vec<i64> = sqlx::query_scalar(
        "SELECT CASE WHEN requester_id = $1 THEN target_id ELSE requester_id END FROM connections \
         WHERE (requester_id = $1 OR target_id = $1) AND status = 'accepted' AND type = 'connection'",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await?;
    for other in &connected {
        sqlx::query("UPDATE users SET connection_count = connection_count - 1, updated_at = $2 WHERE id = $1 AND connection_count > 0")
            .bind(other)
            .bind(now)
            .execute(&mut **tx)
            .await?;
    }
    let supported: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT p.id, p.owner_id FROM project_supports s JOIN projects p ON p.id = s.project_id WHERE s.user_id = $1 AND p.owner_id <> $1",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await?;
    for (project, _) in &supported {
        sqlx::query("UPDATE projects SET supporter_count = supporter_count - 1, updated_at = $2 WHERE id = $1 AND supporter_count > 0")
            .bind(project)
            .bind(now)
            .execute(&mut **tx)
            .await?;
    }
    // Their projects go the way a project's deletion goes (members told, files removed after commit).
    let owned: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM projects WHERE owner_id = $1").bind(me).fetch_all(&mut **tx).await?;
    for project in owned {
        crate::projects::delete_in(state, tx, project, me).await?;
    }
    // Files named by what goes with the account: the photo, what they posted, both sides of their chats.
    let mut files: Vec<String> = sqlx::query_scalar::<_, Option<String>>(
        "SELECT profile_image_url FROM users WHERE id = $1 \
         UNION ALL SELECT image_url FROM project_updates WHERE author_id = $1 \
         UNION ALL SELECT image_url FROM project_feedback WHERE author_id = $1 \
           OR parent_id IN (SELECT id FROM project_feedback WHERE author_id = $1) \
         UNION ALL SELECT m.attachment_url FROM messages m JOIN conversations c ON c.id = m.conversation_id \
           WHERE m.sender_id = $1 OR c.low_id = $1 OR c.high_id = $1",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await?
    .into_iter()
    .flatten()
    .collect();
    files.sort();
    files.dedup();
    // The projects they worked on, and whose feedback threads they wrote in, change for everyone there.
    let touched: Vec<i64> = sqlx::query_scalar(
        "SELECT project_id FROM project_collaborators WHERE user_id = $1 \
         UNION SELECT project_id FROM project_feedback WHERE author_id = $1 \
         UNION SELECT project_id FROM project_updates WHERE author_id = $1",
    )
    .bind(me)
    .fetch_all(&mut **tx)
    .await?;
    for project in touched.iter().chain(supported.iter().map(|(p, _)| p)) {
        crate::projects::announce(state, tx, *project, &[]).await?;
    }
    // Reports they made go; reports about them stay for the administrators (API.md "Limits and fair
    // play"), their `subject_id` emptied by the schema, which is how the account shows as deleted.
    sqlx::query("DELETE FROM reports WHERE reporter_id = $1").bind(me).execute(&mut **tx).await?;
    // Their rate-limit windows (keyed by id, never reused, but no row of the account stays).
    for key in [format!("user:{me}"), format!("messages:{me}"), format!("requests:{me}"), format!("reports:{me}")] {
        sqlx::query("DELETE FROM login_attempts WHERE attempt_key = $1").bind(key).execute(&mut **tx).await?;
    }
    // Everything else they own goes with the row: the schema's cascades (sessions, tokens, connections,
    // swipes, supports, pledges, notifications, push subscriptions, messages, chats, feedback, presence).
    // Their projects leave every card list.
    tx.emit(crate::events::DomainEvent::CardsChanged);
    sqlx::query("DELETE FROM users WHERE id = $1").bind(me).execute(&mut **tx).await?;
    Ok((files, connected))
}

#[utoipa::path(delete, path = "/api/account", tag = TAG, operation_id = "deleteAccount", request_body = DeleteAccountRequest,
    responses((status = 204, description = "The account and everything it owns are gone; the session cookie is cleared"),
              (status = 400, body = ErrorBody, description = "No password"),
              (status = 401, body = ErrorBody, description = "Signed out, or the wrong password"),
              (status = 429, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<DeleteAccountRequest>,
) -> AppResult<impl IntoResponse> {
    let password =
        body.password.filter(|p| !p.is_empty()).ok_or_else(|| AppError::bad_request("Password is required"))?;
    // Guessing the password here is guessing it at login: the same budget.
    let key = format!("delete-account:{}", me.id);
    let limits = state.login_limiter.limits();
    let now = state.clock.now_ms();
    if let Err(retry_after_secs) =
        crate::safety::limits::take(&state.db, &key, limits.per_account_address, limits.window, now).await?
    {
        let message = "Too many attempts. Please try again in 15 minutes.".into();
        return Err(AppError::TooManyRequests { message, retry_after_secs });
    }
    let plausible = password.len() <= super::rules::PASSWORD_MAX_LEN * 4;
    if !(plausible && password::verify(password, Some(me.password_hash.clone())).await?) {
        return Err(AppError::unauthorized("Wrong password"));
    }
    let mut tx = state.db.begin().await?;
    let (files, connected) = delete_in(&state, &mut tx, me.id).await?;
    crate::files::owners::remove_unused_after_commit(&state, &mut tx, files);
    let (hub, user_id) = (state.hub.clone(), me.id);
    tx.on_commit(move || {
        hub.emit(Event::UserSignedOut { user_id });
        for person in connected {
            // Their count changed (cached copies drop) and their list lost someone.
            hub.emit(Event::UserChanged { user_id: person });
            hub.publish(Topic::User(person), ServerFrame::ConnectionsChanged);
        }
    });
    tx.commit().await?;
    Ok((StatusCode::NO_CONTENT, AppendHeaders(session::clear_cookies(&headers))))
}
