//! Chat (spec 000 §2 Messaging, §3-§5, §7; API.md "Live channel", "Community rooms", "Messages
//! beyond the spec"): direct messages between two people, a project's chat for its owner and
//! collaborators, and the four community rooms for their members. Every kind is one conversation
//! (made on first message), the same message shape and the same rules; a message is stored, then
//! announced after commit to exactly the conversation's members.

pub mod model;
pub mod presence;
mod rooms;
mod routes;
pub mod store;

use axum::{http::StatusCode, Json};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    accounts::{model::UserRow, store as accounts_store},
    db::{
        page::{Page, PageRequest},
        Conn, Tx,
    },
    error::{AppError, AppResult},
    events::{DomainEvent, Emit},
    files,
    realtime::{ChatRef, ServerFrame, Topic},
    safety::reach::reach,
    state::AppState,
};
use model::{Message, MessageBody, MessageRow};

pub use rooms::ROOMS;

pub const MAX_CONTENT: usize = 4_000;
/// An edit refused because its sender may no longer write in the chat.
const CANNOT_EDIT: &str = "You can no longer write in this chat, so this message cannot be edited";

/// Which chat a request is about, once the caller's right to it is checked.
#[derive(Clone, Debug)]
pub enum Chat {
    Direct { me: i64, other: i64 },
    Project { id: i64 },
    Room { slug: &'static str },
}

impl Chat {
    fn key(&self) -> String {
        match self {
            Chat::Direct { me, other } => format!("direct:{}:{}", me.min(other), me.max(other)),
            Chat::Project { id } => format!("project:{id}"),
            Chat::Room { slug } => format!("room:{slug}"),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Chat::Direct { .. } => "direct",
            Chat::Project { .. } => "project",
            Chat::Room { .. } => "room",
        }
    }

    /// Everyone who may read it now (a read: a connection, or the open transaction).
    async fn members(&self, conn: &mut Conn) -> Result<Vec<i64>, sqlx::Error> {
        match self {
            Chat::Direct { me, other } => Ok(vec![*me, *other]),
            Chat::Project { id } => crate::projects::store::workers(conn, *id).await,
            Chat::Room { slug } => store::room_members(conn, slug).await,
        }
    }

    fn frame(&self, message: &MessageRow) -> ServerFrame {
        let (id, conversation_id, sender_id) = (message.id, message.conversation_id, message.sender_id);
        // Every member sees a message alike, so one copy serves them all.
        let message = Box::new(message.to_wire());
        match self {
            Chat::Direct { .. } => ServerFrame::ChatMessage { id, conversation_id, sender_id, message },
            Chat::Project { id: project_id } => {
                ServerFrame::ProjectMessage { id, conversation_id, sender_id, project_id: *project_id, message }
            }
            Chat::Room { slug } => {
                ServerFrame::CommunityMessage { id, conversation_id, sender_id, room: (*slug).to_string(), message }
            }
        }
    }
}

/// The chat a stored message belongs to.
fn chat_of(row: &MessageRow, me: i64) -> Option<Chat> {
    if let Some(project) = row.project_id {
        return Some(Chat::Project { id: project });
    }
    if let Some(room) = row.room.as_deref() {
        return ROOMS.iter().find(|r| r.0 == room).map(|r| Chat::Room { slug: r.0 });
    }
    // A direct message belongs to its two people only.
    let other = if row.sender_id == me {
        row.receiver_id?
    } else if row.receiver_id == Some(me) {
        row.sender_id
    } else {
        return None;
    };
    Some(Chat::Direct { me, other })
}

/// May `me` read and write this chat? 404 for what does not exist, 403 for what is not theirs.
pub async fn check(state: &AppState, me: i64, chat: &Chat) -> AppResult<()> {
    match chat {
        Chat::Direct { other, .. } => {
            if *other == me {
                return Err(AppError::bad_request("You cannot message yourself"));
            }
            accounts_store::find_by_id(&mut *state.db.conn().await?, *other)
                .await?
                .ok_or(AppError::NotFound("User"))?;
        }
        Chat::Project { id } => {
            crate::projects::access::worker(state, me, *id).await?;
        }
        Chat::Room { slug } => {
            if !store::is_room_member(&mut *state.db.conn().await?, slug, me).await? {
                return Err(AppError::Forbidden("Join this community to read and post messages".into()));
            }
        }
    }
    Ok(())
}

/// Checks what a message says; the content and the attachment's kind.
fn checked(body: &MessageBody) -> AppResult<(String, &'static str)> {
    let content = body.content.trim().to_string();
    if content.chars().count() > MAX_CONTENT {
        return Err(AppError::bad_request(format!("content must be at most {MAX_CONTENT} characters")));
    }
    let kind = match (&body.attachment_url, body.attachment_type.as_deref()) {
        (None, None) => "text",
        (Some(url), kind) => {
            let name = url
                .strip_prefix("/api/files/")
                .filter(|n| files::is_stored_name(n))
                .ok_or_else(|| AppError::bad_request("attachmentUrl must be a file uploaded with /api/upload"))?;
            let stored = files::content_type(name.rsplit_once('.').map_or("", |(_, ext)| ext)).unwrap_or_default();
            let judged = if stored.starts_with("image/") {
                "image"
            } else if stored.starts_with("audio/") {
                "audio"
            } else {
                "document"
            };
            match kind {
                None => judged,
                Some(given) if given == judged => judged,
                Some("image" | "audio" | "document") => {
                    return Err(AppError::bad_request(format!(
                        "attachmentType does not match the file: it is a {judged}"
                    )))
                }
                Some(_) => return Err(AppError::bad_request("attachmentType must be image, audio or document")),
            }
        }
        (None, Some(_)) => return Err(AppError::bad_request("attachmentType needs an attachmentUrl")),
    };
    if content.is_empty() && kind == "text" {
        return Err(AppError::bad_request("content is required"));
    }
    Ok((content, kind))
}

/// Stores a message in a chat the caller may write to, then tells its members: 201 and the message.
/// A client id its sender already used in this chat answers 200 with the message stored then.
///
/// A direct message is four statements in one write transaction, its check inside it: the reach rule's one
/// read of the receiver, the conversation made or moved to now, the message, the sender's read mark.
pub async fn post(
    state: &AppState,
    sender: &UserRow,
    chat: Chat,
    body: &MessageBody,
) -> AppResult<(StatusCode, Json<Message>)> {
    let me = sender.id;
    let (content, kind) = checked(body)?;
    let client_id = body.client_id.as_deref().map(checked_client_id).transpose()?;
    match chat {
        Chat::Direct { other, .. } if other == me => return Err(AppError::bad_request("You cannot message yourself")),
        // A direct chat's check is the reach rule, asked inside the transaction below.
        Chat::Direct { .. } => {}
        _ => check(state, me, &chat).await?,
    }
    let attachment_url = body.attachment_url.as_deref().filter(|_| kind != "text");
    if let Some(url) = attachment_url {
        // Only a file the sender uploaded, or one already on the project (issue 28).
        let project = match chat {
            Chat::Project { id } => Some(id),
            _ => None,
        };
        files::owners::require_usable(&state.db, me, project, &[url.to_string()], "attachmentUrl").await?;
    }
    let attachment_name: Option<String> = body
        .attachment_name
        .as_deref()
        .filter(|_| kind != "text")
        .map(|n| n.chars().filter(|c| !c.is_control()).take(200).collect());
    let now = state.clock.now_ms();
    let (pair, project, room) = match &chat {
        Chat::Direct { me, other } => (Some((*me.min(other), *me.max(other))), None, None),
        Chat::Project { id } => (None, Some(*id), None),
        Chat::Room { slug } => (None, None, Some(*slug)),
    };
    let mut tx = state.db.begin().await?;
    // A direct message reaches its receiver only as the reach rule allows.
    let receiver = match chat {
        Chat::Direct { other, .. } => Some(reach(&mut tx, me, other).await?.id()),
        _ => None,
    };
    let conversation = store::open(&mut tx, &chat.key(), chat.kind(), pair, project, room, now).await?;
    let new = store::NewMessage {
        conversation_id: conversation,
        sender_id: me,
        receiver_id: receiver,
        content: &content,
        message_type: kind,
        attachment_url,
        attachment_type: (kind != "text").then_some(kind),
        attachment_name: attachment_name.as_deref(),
        client_id,
        now,
    };
    let Some(id) = store::insert(&mut tx, &new).await? else {
        // Sent before (an answer lost on the way back): the stored one, told to no one again. The transaction is
        // dropped, so the conversation's time is as it was.
        let client_id = client_id.unwrap_or_default();
        let earlier = store::by_client_id(&mut tx, me, client_id).await?.filter(|m| m.conversation_id == conversation);
        let earlier =
            earlier.ok_or_else(|| AppError::Conflict("clientId is already used by another message".into()))?;
        return Ok((StatusCode::OK, Json(earlier.to_wire())));
    };
    // The row as stored, from what was written and who wrote it (no read back).
    let row = MessageRow {
        id,
        conversation_id: conversation,
        sender_id: me,
        receiver_id: receiver,
        content: content.clone(),
        message_type: kind.to_string(),
        attachment_url: attachment_url.map(str::to_string),
        attachment_type: (kind != "text").then(|| kind.to_string()),
        attachment_name,
        created_at: now,
        edited_at: None,
        client_id: client_id.map(str::to_string),
        project_id: project,
        room: room.map(str::to_string),
        sender_first_name: sender.first_name.clone(),
        sender_last_name: sender.last_name.clone(),
        sender_profile_image_url: sender.profile_image_url.clone(),
    };
    announce(&mut tx, &chat, chat.frame(&row));
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}

/// A client's message id: short and plain, so it is never more than a key.
fn checked_client_id(id: &str) -> AppResult<&str> {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if id.is_empty() || id.len() > 64 || !id.chars().all(plain) {
        return Err(AppError::bad_request("clientId must be 1 to 64 letters, digits, '-' or '_'"));
    }
    Ok(id)
}

/// After commit, sends `frame` to the chat's readers: the two people of a direct chat (each on their
/// own topic), or once to a project's or a room's topic, whose subscribers are its members' sockets
/// (`realtime::topic`): one event, however many members, and one notification between instances.
fn announce(tx: &mut Tx, chat: &Chat, frame: ServerFrame) {
    match chat {
        Chat::Direct { me, other } => {
            tx.emit(DomainEvent::Said { topic: Topic::User(*me), frame: frame.clone() });
            tx.emit(DomainEvent::Said { topic: Topic::User(*other), frame });
        }
        Chat::Project { id } => tx.emit(DomainEvent::Said { topic: Topic::Project(*id), frame }),
        Chat::Room { slug } => tx.emit(DomainEvent::Said { topic: Topic::Room((*slug).to_string()), frame }),
    }
}

/// The chat topics a person's socket subscribes to when it opens: the projects whose chat they read
/// and the rooms they joined (their direct chats reach them on their own topic).
pub async fn topics_of(state: &AppState, user: i64) -> AppResult<Vec<Topic>> {
    let mut conn = state.db.conn().await?;
    let projects = crate::projects::store::worked_by(&mut conn, user).await?;
    let rooms = store::rooms_of(&mut conn, user).await?;
    Ok(projects.into_iter().map(Topic::Project).chain(rooms.into_iter().map(Topic::Room)).collect())
}

/// A page of a chat the caller may read, in sending order (the first page is the newest); the
/// first page marks the chat read for them.
pub async fn history(state: &AppState, me: i64, chat: Chat, page: PageRequest) -> AppResult<Page<Message>> {
    check(state, me, &chat).await?;
    let mut conn = state.db.conn().await?;
    let Some(conversation) = store::find(&mut conn, &chat.key()).await? else {
        return Ok(page.finish(Vec::new(), |_: &MessageRow| (0, 0)).map(|m| m.to_wire()));
    };
    let first_page = page.after.is_none();
    // A group chat leaves out the words of anyone a block stands between the reader and.
    let reader = (!matches!(chat, Chat::Direct { .. })).then_some(me);
    let rows = store::history(&mut conn, conversation, reader, &page).await?;
    drop(conn);
    if first_page {
        if let Some(newest) = rows.first() {
            let mut tx = state.db.begin().await?;
            store::mark_read(&mut tx, conversation, me, newest.id).await?;
            tx.commit().await?;
        }
    }
    let mut page = page.finish(rows, |m| (m.id, m.id));
    page.items.reverse();
    Ok(page.map(|m| m.to_wire()))
}

/// Marks a conversation read up to one of its messages for the caller (a chat open on screen as a
/// message arrives live; opening a chat marks it read by itself). Never moves the mark backwards.
pub async fn mark_read(state: &AppState, me: i64, conversation: i64, message: i64) -> AppResult<()> {
    // The message names its chat (`chat_of`, as for edits and reports); one of another conversation, or of
    // someone else's direct chat, is not found.
    let row =
        store::message(&mut *state.db.conn().await?, message).await?.filter(|m| m.conversation_id == conversation);
    let chat = row.as_ref().and_then(|m| chat_of(m, me)).ok_or(AppError::NotFound("Message"))?;
    check(state, me, &chat).await?;
    let mut tx = state.db.begin().await?;
    store::mark_read(&mut tx, conversation, me, message).await?;
    tx.commit().await?;
    Ok(())
}

/// The sender edits or deletes their message; the chat's members are told.
pub async fn change(state: &AppState, me: i64, id: i64, new_content: Option<&str>) -> AppResult<Option<Message>> {
    let row = store::message(&mut *state.db.conn().await?, id).await?.ok_or(AppError::NotFound("Message"))?;
    let chat = chat_of(&row, me).ok_or(AppError::NotFound("Message"))?;
    if row.sender_id != me {
        // Someone who cannot read it learns nothing of it.
        check(state, me, &chat).await.map_err(|_| AppError::NotFound("Message"))?;
        return Err(AppError::Forbidden("Only the sender can change a message".into()));
    }
    if new_content.is_some() {
        // An edit is a new word to the chat: it takes the checks a send does (a lost membership, a left room or a
        // block makes an old message uneditable). Deleting one's own message stays open.
        check(state, me, &chat).await.map_err(|_| AppError::Forbidden(CANNOT_EDIT.into()))?;
        if let Chat::Direct { other, .. } = chat {
            reach(&mut *state.db.conn().await?, me, other).await.map_err(|err| match err {
                AppError::NotFound(_) => AppError::Forbidden(CANNOT_EDIT.into()),
                other => other,
            })?;
        }
    }
    let mut tx = state.db.begin().await?;
    let (id, conversation_id) = (row.id, row.conversation_id);
    let answer = match new_content {
        Some(content) => {
            let content = content.trim();
            if content.is_empty() && row.attachment_url.is_none() {
                return Err(AppError::bad_request("content is required"));
            }
            if content.chars().count() > MAX_CONTENT {
                return Err(AppError::bad_request(format!("content must be at most {MAX_CONTENT} characters")));
            }
            let edited = store::edit(&mut tx, id, content, state.clock.now_ms()).await?.to_wire();
            let message = Box::new(edited.clone());
            announce(&mut tx, &chat, ServerFrame::MessageUpdated { id, conversation_id, message });
            Some(edited)
        }
        None => {
            store::delete(&mut tx, id).await?;
            announce(&mut tx, &chat, ServerFrame::MessageDeleted { id, conversation_id });
            // Its file goes with it once nothing else names it (API.md "Uploads").
            files::owners::remove_unused_after_commit(&mut tx, row.attachment_url.clone().into_iter().collect());
            None
        }
    };
    tx.commit().await?;
    Ok(answer)
}

/// A message the caller may read, else 404 (a report names only what its reporter could see).
pub async fn readable(state: &AppState, me: i64, id: i64) -> AppResult<MessageRow> {
    let row = store::message(&mut *state.db.conn().await?, id).await?.ok_or(AppError::NotFound("Message"))?;
    let chat = chat_of(&row, me).ok_or(AppError::NotFound("Message"))?;
    check(state, me, &chat).await.map_err(|_| AppError::NotFound("Message"))?;
    Ok(row)
}

/// Deletes a message whoever sent it (an administrator's removal) and tells the chat's members;
/// the file it carried, for the caller to remove once nothing else names it. `None` when it is gone.
pub async fn remove_in(tx: &mut Tx, id: i64) -> AppResult<Option<Option<String>>> {
    let Some(row) = store::message(tx, id).await? else { return Ok(None) };
    let Some(chat) = chat_of(&row, row.sender_id) else { return Ok(None) };
    store::delete(tx, id).await?;
    announce(tx, &chat, ServerFrame::MessageDeleted { id, conversation_id: row.conversation_id });
    Ok(Some(row.attachment_url))
}

/// Passes a typing signal from `me` to the chat's other members, if `me` may write there; anything
/// else (a chat they are not in, an unknown one) is dropped without a word. Never to someone with a
/// block between them and `me` (the reach rule): a direct chat asks it of its one receiver, a group
/// leaves out everyone `me` blocked or was blocked by.
pub async fn typing(state: AppState, me: i64, chat: ChatRef) {
    let resolved = match &chat {
        ChatRef::Direct { user_id } => Some(Chat::Direct { me, other: *user_id }),
        ChatRef::Project { project_id } => Some(Chat::Project { id: *project_id }),
        ChatRef::Room { slug } => ROOMS.iter().find(|r| r.0 == slug).map(|r| Chat::Room { slug: r.0 }),
    };
    let Some(resolved) = resolved else { return };
    if check(&state, me, &resolved).await.is_err() {
        return;
    }
    let members = async {
        if let Chat::Direct { other, .. } = resolved {
            return Ok(match reach(&mut *state.db.conn().await?, me, other).await {
                Ok(other) => vec![other.id()],
                Err(_) => Vec::new(),
            });
        }
        // Before a connection is taken: on a miss this takes one of its own.
        let hidden = state.kept.hidden.of(&state.db, me).await?;
        let mut members = resolved.members(&mut *state.db.conn().await?).await?;
        members.retain(|m| !hidden.contains(m));
        Ok::<_, AppError>(members)
    };
    let receivers = match members.await {
        Ok(receivers) => receivers,
        Err(err) => {
            tracing::warn!(%err, "typing: could not read the chat's members");
            return;
        }
    };
    for receiver in receivers.into_iter().filter(|r| *r != me) {
        // A direct chat is named, for its reader, by the other person: the typist.
        let seen_as = match &chat {
            ChatRef::Direct { .. } => ChatRef::Direct { user_id: me },
            other => other.clone(),
        };
        crate::events::announce(&state.db, DomainEvent::Typing { to: receiver, chat: seen_as, typist: me });
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::conversations))
        .routes(routes!(routes::mark_read))
        // One path shape, as the spec and API.md name it: GET reads the chat with a person,
        // PATCH and DELETE change one message.
        .routes(routes!(routes::direct_history, routes::edit_message, routes::delete_message))
        .routes(routes!(routes::send_direct))
        .routes(routes!(routes::project_history, routes::send_project))
        .routes(routes!(presence::presence))
        .routes(routes!(rooms::list))
        .routes(routes!(rooms::join, rooms::leave))
        .routes(routes!(rooms::history, rooms::send))
}
