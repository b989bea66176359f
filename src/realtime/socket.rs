use std::time::Duration;

use axum::{
    extract::{
        ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade},
        State,
    },
    http::HeaderMap,
    response::{IntoResponse, Response},
};
use futures_util::{SinkExt, StreamExt};

use super::{ClientFrame, ServerFrame};
use crate::{
    auth::{session, token},
    error::AppError,
    state::AppState,
};

/// The largest message a client may send; anything larger closes the socket.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// What each socket reads into; a larger frame grows it for that read only.
pub const READ_BUFFER_BYTES: usize = 1024;
/// The least time between two typing signals passed on from one socket.
const TYPING_EVERY: Duration = Duration::from_millis(900);
/// Close code when the server ends a socket (its session ended, or it fell too far behind).
const CLOSED_BY_SERVER: u16 = 4000;
/// How long one frame may wait for a client to take it: a client that stops reading is cut off
/// after this, freeing its connection (its queue overflowing already took it off the hub).
const SEND_WAIT: Duration = Duration::from_secs(10);

/// `GET /ws`: upgrades only for a signed-in user and only from the app's own pages. The socket
/// belongs to the session that opened it and closes when that session ends.
pub async fn ws_handler(State(state): State<AppState>, headers: HeaderMap, upgrade: WebSocketUpgrade) -> Response {
    if !state.origin_allowed(&headers) {
        return AppError::Forbidden("Cross-site request refused".into()).into_response();
    }
    let Some(cookie) = session::token_from_headers(&headers) else {
        return AppError::Unauthorized(None).into_response();
    };
    let user = match session::user_of(&state, cookie).await {
        Ok(Some(user)) => user,
        Ok(None) => return AppError::Unauthorized(None).into_response(),
        Err(err) => return err.into_response(),
    };
    let token_hash = token::hash(cookie);
    let idle = state.config.ws_idle_timeout;
    upgrade
        // Frames are small JSON: the default 128 KiB read buffer per socket would put 10,000 idle
        // sockets past a gigabyte. Writes go out at once (frames are few and latency matters).
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_MESSAGE_BYTES * 4)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| run(state, user.id, token_hash, idle, socket))
}

/// Sends one message, or fails when the client has not taken it within `SEND_WAIT`.
async fn send<S>(sink: &mut S, message: Message) -> Result<(), ()>
where
    S: futures_util::Sink<Message> + Unpin,
{
    match tokio::time::timeout(SEND_WAIT, sink.send(message)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}

fn text(frame: &ServerFrame) -> Option<Message> {
    serde_json::to_string(frame).ok().map(|t| Message::Text(t.into()))
}

/// Whether a block stands between the socket's person and the author of a group chat frame (read from the
/// kept lists, so a frame costs no query; when the list cannot be read the frame is held back, not leaked).
async fn hidden_author(state: &AppState, user_id: i64, frame: &ServerFrame) -> bool {
    let Some(author) = frame.group_author().filter(|a| *a != user_id) else { return false };
    match state.kept.hidden.of(&state.db, user_id).await {
        Ok(hidden) => hidden.contains(&author),
        Err(err) => {
            tracing::warn!(%err, "could not read who is hidden from a socket's person");
            true
        }
    }
}

async fn run(state: AppState, user_id: i64, token_hash: String, idle: Duration, socket: WebSocket) {
    let (registration, mut outbox) = state.hub.register(user_id, token_hash);
    // Looked up after registering, so a membership change from here on reaches this socket too.
    match crate::chat::topics_of(&state, user_id).await {
        Ok(topics) => state.hub.open(&registration, topics),
        Err(err) => {
            // Without its chats the socket would miss their messages: the client reconnects and tries again.
            tracing::warn!(%err, "could not read the chats of a socket's user");
            return;
        }
    }
    let (mut sink, mut stream) = socket.split();
    let Some(ready) = text(&ServerFrame::Ready { user_id }) else { return };
    if send(&mut sink, ready).await.is_err() {
        return;
    }
    if state.hub.sockets_of(user_id) == 1 {
        // Off this loop: until it starts, nothing reaches the socket, not even its own closing (a presence
        // write waits its turn for the database and behind the person's other presence changes).
        let state = state.clone();
        tokio::spawn(async move { crate::chat::presence::sync(&state, user_id).await });
    }
    // A client pings every 25 s; one silent for longer than `idle` is gone (a dead network path
    // leaves no close frame), so its socket is freed.
    let deadline = tokio::time::sleep(idle);
    tokio::pin!(deadline);
    let mut last_typing = None;
    loop {
        tokio::select! {
            frame = outbox.recv() => match frame {
                Some(frame) => {
                    if hidden_author(&state, user_id, &frame).await { continue }
                    let Some(message) = text(&frame) else { continue };
                    if send(&mut sink, message).await.is_err() { break }
                }
                None => {
                    let close = if state.hub.is_stopping() {
                        // 1012 "service restart": clients reconnect, reaching another instance or this one again.
                        CloseFrame { code: 1012, reason: "Server restarting; reconnect".into() }
                    } else {
                        CloseFrame { code: CLOSED_BY_SERVER, reason: "Closed by the server".into() }
                    };
                    let _ = send(&mut sink, Message::Close(Some(close))).await;
                    break;
                }
            },
            incoming = stream.next() => match incoming {
                Some(Ok(message)) => {
                    deadline.as_mut().reset(tokio::time::Instant::now() + idle);
                    match message {
                        Message::Text(text_in) => {
                            match serde_json::from_str(&text_in) {
                                Ok(ClientFrame::Ping) => {
                                    let Some(pong) = text(&ServerFrame::Pong) else { continue };
                                    if send(&mut sink, pong).await.is_err() { break }
                                }
                                Ok(ClientFrame::Typing { chat }) => {
                                    // At most one a second is passed on; the members are looked up off this loop.
                                    if last_typing.is_none_or(|at: tokio::time::Instant| at.elapsed() >= TYPING_EVERY) {
                                        last_typing = Some(tokio::time::Instant::now());
                                        tokio::spawn(crate::chat::typing(state.clone(), user_id, chat));
                                    }
                                }
                                Err(_) => {}
                            }
                        }
                        Message::Close(_) => break,
                        _ => {}
                    }
                }
                // Includes a message over the size limit.
                None | Some(Err(_)) => break,
            },
            () = &mut deadline => {
                let close = CloseFrame { code: 1001, reason: "Idle".into() };
                let _ = send(&mut sink, Message::Close(Some(close))).await;
                break;
            }
        }
    }
    drop(registration);
    if !state.hub.is_online(user_id) {
        crate::chat::presence::sync(&state, user_id).await;
    }
}
