//! The SQL of chat. Reads take `&mut Conn`, writes `&mut Tx`.

use super::model::{ConversationRow, MessageRow, Participant, MESSAGE_COLUMNS};
use crate::safety::store::unblocked_sql;
use crate::{
    db::{page::PageRequest, Conn, Tx},
    events::{DomainEvent, Emit},
    realtime::Topic,
};

/// The conversation of a key, made on first use, its last message time moved to `now`; its id. One upsert, so
/// racing first messages share one conversation.
pub async fn open(
    tx: &mut Tx,
    key: &str,
    kind: &str,
    pair: Option<(i64, i64)>,
    project: Option<i64>,
    room: Option<&str>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO conversations (conversation_key, kind, low_id, high_id, project_id, room, created_at, \
           last_message_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (conversation_key) DO UPDATE SET last_message_at = EXCLUDED.created_at RETURNING id",
    )
    .bind(key)
    .bind(kind)
    .bind(pair.map(|p| p.0))
    .bind(pair.map(|p| p.1))
    .bind(project)
    .bind(room)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
}

pub async fn find(conn: &mut Conn, key: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM conversations WHERE conversation_key = $1")
        .bind(key)
        .fetch_optional(&mut *conn)
        .await
}

pub struct NewMessage<'a> {
    pub conversation_id: i64,
    pub sender_id: i64,
    pub receiver_id: Option<i64>,
    pub content: &'a str,
    pub message_type: &'a str,
    pub attachment_url: Option<&'a str>,
    pub attachment_type: Option<&'a str>,
    pub attachment_name: Option<&'a str>,
    pub client_id: Option<&'a str>,
    pub now: i64,
}

/// Stores a message and marks it read for its sender; its id, or None when its sender already stored one with
/// the same client id (nothing is written then).
pub async fn insert(tx: &mut Tx, new: &NewMessage<'_>) -> Result<Option<i64>, sqlx::Error> {
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO messages (conversation_id, sender_id, receiver_id, content, message_type, attachment_url, \
           attachment_type, attachment_name, client_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING id",
    )
    .bind(new.conversation_id)
    .bind(new.sender_id)
    .bind(new.receiver_id)
    .bind(new.content)
    .bind(new.message_type)
    .bind(new.attachment_url)
    .bind(new.attachment_type)
    .bind(new.attachment_name)
    .bind(new.client_id)
    .bind(new.now)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(id) = id else { return Ok(None) };
    mark_read(tx, new.conversation_id, new.sender_id, id).await?;
    Ok(Some(id))
}

/// The message a sender already stored under a client id.
pub async fn by_client_id(tx: &mut Tx, sender: i64, client_id: &str) -> Result<Option<MessageRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         JOIN users u ON u.id = m.sender_id WHERE m.sender_id = $1 AND m.client_id = $2"
    ))
    .bind(sender)
    .bind(client_id)
    .fetch_optional(&mut **tx)
    .await
}

pub async fn message_in(tx: &mut Tx, id: i64) -> Result<MessageRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         JOIN users u ON u.id = m.sender_id WHERE m.id = $1"
    ))
    .bind(id)
    .fetch_one(&mut **tx)
    .await
}

pub async fn message(conn: &mut Conn, id: i64) -> Result<Option<MessageRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         JOIN users u ON u.id = m.sender_id WHERE m.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Up to `each` messages either side of `id` in its conversation, in sending order (the context an
/// administrator reads a reported message in).
pub async fn around(conn: &mut Conn, conversation: i64, id: i64, each: i64) -> Result<Vec<MessageRow>, sqlx::Error> {
    let select = format!(
        "SELECT {MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         JOIN users u ON u.id = m.sender_id WHERE m.conversation_id = $1"
    );
    let mut before: Vec<MessageRow> = sqlx::query_as(&format!("{select} AND m.id < $2 ORDER BY m.id DESC LIMIT $3"))
        .bind(conversation)
        .bind(id)
        .bind(each)
        .fetch_all(&mut *conn)
        .await?;
    before.reverse();
    let from_it: Vec<MessageRow> = sqlx::query_as(&format!("{select} AND m.id >= $2 ORDER BY m.id LIMIT $3"))
        .bind(conversation)
        .bind(id)
        .bind(each + 1)
        .fetch_all(&mut *conn)
        .await?;
    before.extend(from_it);
    Ok(before)
}

/// A page of a conversation, newest first (the caller shows it oldest first).
/// A page of a conversation, newest first. With `reader` (a group chat), the messages of anyone a block stands
/// between them and are left out (API.md "Safety": they still reach everyone else).
pub async fn history(
    conn: &mut Conn,
    conversation: i64,
    reader: Option<i64>,
    page: &PageRequest,
) -> Result<Vec<MessageRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id \
         JOIN users u ON u.id = m.sender_id WHERE m.conversation_id = $1 AND ($3 IS NULL OR m.id < $3) \
         AND ($4 IS NULL OR m.id < $4) AND ($5 IS NULL OR {}) ORDER BY m.id DESC LIMIT $2",
        unblocked_sql("$5", "m.sender_id")
    ))
    .bind(conversation)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .bind(reader)
    .fetch_all(&mut *conn)
    .await
}

/// Moves how far `user` has read, never backwards.
pub async fn mark_read(tx: &mut Tx, conversation: i64, user: i64, up_to: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO conversation_reads (conversation_id, user_id, last_read_id) VALUES ($1, $2, $3) \
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET last_read_id = $3 \
         WHERE conversation_reads.last_read_id < $3",
    )
    .bind(conversation)
    .bind(user)
    .bind(up_to)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn edit(tx: &mut Tx, id: i64, content: &str, now: i64) -> Result<MessageRow, sqlx::Error> {
    sqlx::query("UPDATE messages SET content = $2, edited_at = $3 WHERE id = $1")
        .bind(id)
        .bind(content)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    message_in(tx, id).await
}

pub async fn delete(tx: &mut Tx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM messages WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// The caller's conversations with a message: direct ones, their projects' and their rooms',
/// latest first. Found from the caller's side through indexes (a scan of every conversation grew
/// with the whole community's chats: 8 ms a call after a 10-minute soak). Their projects are read
/// first and named in the query: joined inside it, PostgreSQL's generic plan could walk every
/// project to find the caller's. A project's chat is its workers' (a viewer is not in it).
pub async fn conversations(conn: &mut Conn, me: i64, page: &PageRequest) -> Result<Vec<ConversationRow>, sqlx::Error> {
    let projects = crate::projects::store::worked_by(conn, me).await?;
    // The projects bound as one parameter: the statement's text never changes, so it is planned once per
    // connection (written into the text, each call was parsed and planned again: most of its cost).
    let project_branch = format!(
        "UNION ALL SELECT o.id FROM conversations o WHERE o.kind = 'project' AND o.project_id IN ({}) ",
        crate::db::ids_param(conn, 5)
    );
    sqlx::query_as(&format!(
        "SELECT c.id, c.kind, c.low_id, c.high_id, c.project_id, c.room, c.last_message_at, c.created_at, \
           (SELECT m.content FROM messages m WHERE m.conversation_id = c.id AND {seen} \
             ORDER BY m.id DESC LIMIT 1) AS last_message, \
           CASE WHEN EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> $1 AND {seen} \
             AND m.id > COALESCE((SELECT r.last_read_id FROM conversation_reads r \
               WHERE r.conversation_id = c.id AND r.user_id = $1), 0)) THEN 1 ELSE 0 END AS unread, \
           p.title AS project_title \
         FROM conversations c LEFT JOIN projects p ON p.id = c.project_id \
         WHERE c.last_message_at IS NOT NULL AND c.id IN ( \
           SELECT d.id FROM conversations d WHERE d.kind = 'direct' AND d.low_id = $1 \
           UNION ALL SELECT d.id FROM conversations d WHERE d.kind = 'direct' AND d.high_id = $1 \
           {project_branch}\
           UNION ALL SELECT r.id FROM conversations r WHERE r.kind = 'room' \
             AND r.room IN (SELECT cm.room FROM community_members cm WHERE cm.user_id = $1)) \
         AND {} \
         ORDER BY c.last_message_at DESC, c.id DESC LIMIT $2",
        crate::db::page::before("c.last_message_at", "c.id", 3),
        // A group chat's preview and unread mark leave out the words of anyone a block stands between (`history`).
        seen = format!("(c.kind = 'direct' OR {})", unblocked_sql("$1", "m.sender_id")),
    ))
    .bind(me)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .bind(crate::db::id_array(&projects))
    .fetch_all(&mut *conn)
    .await
}

pub async fn people(conn: &mut Conn, ids: &[i64]) -> Result<Vec<Participant>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids_in = crate::db::ids_param(conn, 1);
    sqlx::query_as(&format!(
        "SELECT id, first_name, last_name, username, profile_image_url, role FROM users WHERE id IN ({ids_in}) ORDER BY id"
    ))
    .bind(crate::db::id_array(ids))
    .fetch_all(&mut *conn)
    .await
}

pub async fn room_members(conn: &mut Conn, room: &str) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT user_id FROM community_members WHERE room = $1").bind(room).fetch_all(&mut *conn).await
}

pub async fn is_room_member(conn: &mut Conn, room: &str, user: i64) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT user_id FROM community_members WHERE room = $1 AND user_id = $2")
            .bind(room)
            .bind(user)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(found.is_some())
}

// ---- presence (`chat::presence`) ----

/// True when a row fresher than `fresh_after` names the user (a socket open on a live instance).
pub async fn present_since(conn: &mut Conn, user: i64, fresh_after: i64) -> Result<bool, sqlx::Error> {
    let fresh: Option<i64> = sqlx::query_scalar("SELECT 1 FROM presence WHERE user_id = $1 AND seen_at > $2 LIMIT 1")
        .bind(user)
        .bind(fresh_after)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(fresh.is_some())
}

pub async fn mark_present(conn: &mut Conn, user: i64, instance: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO presence (user_id, instance_id, seen_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, instance_id) DO UPDATE SET seen_at = excluded.seen_at",
    )
    .bind(user)
    .bind(instance)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map(|_| ())
}

pub async fn mark_absent(conn: &mut Conn, user: i64, instance: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM presence WHERE user_id = $1 AND instance_id = $2")
        .bind(user)
        .bind(instance)
        .execute(&mut *conn)
        .await
        .map(|_| ())
}

/// A direct conversation `c` in which each of the two has sent the other a message: one unanswered message does
/// not make two people chat partners (API.md "Limits and fair play"), so a stranger cannot watch anyone's presence.
const ANSWERED: &str = "EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.low_id) \
    AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.high_id)";

/// The people who see a person's presence: their connections and the people they chat with directly,
/// without anyone a block stands between.
pub async fn presence_watchers(conn: &mut Conn, user: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT CASE WHEN low_id = $1 THEN high_id ELSE low_id END FROM connections
             WHERE (low_id = $1 OR high_id = $1) AND status = 'accepted'
         UNION
         SELECT CASE WHEN c.low_id = $1 THEN c.high_id ELSE c.low_id END FROM conversations c
             WHERE c.kind = 'direct' AND (c.low_id = $1 OR c.high_id = $1) AND {ANSWERED}
         EXCEPT
         SELECT blocked_id FROM blocks WHERE blocker_id = $1
         EXCEPT
         SELECT blocker_id FROM blocks WHERE blocked_id = $1"
    ))
    .bind(user)
    .fetch_all(&mut *conn)
    .await
}

/// Keeps an instance's rows fresh and drops rows no instance refreshed since `stale_before`.
pub async fn refresh_presence(conn: &mut Conn, instance: i64, now: i64, stale_before: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE presence SET seen_at = $1 WHERE instance_id = $2")
        .bind(now)
        .bind(instance)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM presence WHERE seen_at <= $1").bind(stale_before).execute(&mut *conn).await?;
    Ok(())
}

pub async fn forget_presence(conn: &mut Conn, instance: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM presence WHERE instance_id = $1").bind(instance).execute(&mut *conn).await.map(|_| ())
}

/// Whether `me` may see `other` come and go: they are connected or have a direct chat, and no block
/// stands between them (API.md "Limits and fair play"; the same people [`presence_watchers`] names).
pub async fn sees_presence(conn: &mut Conn, me: i64, other: i64) -> Result<bool, sqlx::Error> {
    let (low, high) = (me.min(other), me.max(other));
    let found: Option<i64> = sqlx::query_scalar(&format!(
        "SELECT 1 WHERE (EXISTS (SELECT 1 FROM connections WHERE low_id = $1 AND high_id = $2 AND status = 'accepted') \
            OR EXISTS (SELECT 1 FROM conversations c WHERE c.kind = 'direct' AND c.low_id = $1 AND c.high_id = $2 \
                       AND {ANSWERED})) \
         AND NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))"
    ))
    .bind(low)
    .bind(high)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Each community room with its member count and whether `me` is one (1 or 0); rooms nobody joined are absent.
pub async fn room_counts(conn: &mut Conn, me: i64) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT room, COUNT(*), SUM(CASE WHEN user_id = $1 THEN 1 ELSE 0 END) FROM community_members GROUP BY room",
    )
    .bind(me)
    .fetch_all(conn)
    .await
}

/// Joins a room once (joining again changes nothing).
pub async fn join_room(tx: &mut Tx, room: &str, user: i64, now: i64) -> Result<(), sqlx::Error> {
    tx.emit(DomainEvent::ReaderJoined { user_id: user, topic: Topic::Room(room.to_string()) });
    sqlx::query("INSERT INTO community_members (room, user_id, joined_at) VALUES ($1, $2, $3) ON CONFLICT (room, user_id) DO NOTHING")
        .bind(room)
        .bind(user)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn leave_room(tx: &mut Tx, room: &str, user: i64) -> Result<(), sqlx::Error> {
    tx.emit(DomainEvent::ReaderLeft { user_id: user, topic: Topic::Room(room.to_string()) });
    sqlx::query("DELETE FROM community_members WHERE room = $1 AND user_id = $2")
        .bind(room)
        .bind(user)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The rooms `user` is a member of.
pub async fn rooms_of(conn: &mut Conn, user: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT room FROM community_members WHERE user_id = $1").bind(user).fetch_all(&mut *conn).await
}
