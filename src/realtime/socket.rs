use axum::{
    extract::{
        ws::{Message, WebSocket, WebSocketUpgrade},
        State,
    },
    http::HeaderMap,
    response::{IntoResponse, Response},
};
use futures_util::{SinkExt, StreamExt};

use super::{ClientFrame, ServerFrame};
use crate::{app::AppState, auth::MaybeUser, error::AppError, web};

/// `GET /ws`: upgrades only for a signed-in user and only from the app's own pages.
pub async fn ws_handler(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !web::origin_is_own(&headers) {
        return AppError::Forbidden("Cross-site request refused".into()).into_response();
    }
    let Some(user) = user else {
        return AppError::Unauthorized(None).into_response();
    };
    upgrade.on_upgrade(move |socket| run(state, user.id, socket))
}

async fn run(state: AppState, user_id: i64, socket: WebSocket) {
    let (registration, mut outbox) = state.hub.register(user_id);
    let (mut sink, mut stream) = socket.split();
    let send = |frame: &ServerFrame| Message::Text(serde_json::to_string(frame).expect("frames serialise").into());
    if sink.send(send(&ServerFrame::Ready { user_id })).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = outbox.recv() => match frame {
                Some(frame) => if sink.send(send(&frame)).await.is_err() { break },
                None => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if let Ok(ClientFrame::Ping) = serde_json::from_str(&text) {
                        if sink.send(send(&ServerFrame::Pong)).await.is_err() { break }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    drop(registration);
}
