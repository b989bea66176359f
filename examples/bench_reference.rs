//! The reference for `bench/run`: a bare axum server with no database and no layers. It answers the
//! hot read (`/api/auth/user-refresh`) doing the work Grow's session cache does when it hits: the
//! `grow_session` cookie found in the headers, hashed (SHA-256, as Grow stores tokens), looked up
//! among the people of `BENCH_SESSIONS_FILE` (a token, a tab and that person's answer captured from
//! Grow, a line each) and that person's stored bytes answered, 401 for an unknown one; `/fixed` with the JSON
//! document in the file `BENCH_FIXED_FILE` (a page of the feed captured from Grow), serialised on
//! every request, and `/fixed-bytes` with the same document serialised once; `/fixed/{n}` with the document in `BENCH_FIXED_DIR/{n}.json` the same way (the
//! mix's answers); `POST /upload` by reading the whole body and answering a fixed JSON of an upload's
//! size; and `/ws` as an echoing WebSocket with axum's default buffers (the socket benchmark's
//! reference). Grow's figures are reported as a ratio of this one, measured in the same run.

use std::{collections::HashMap, sync::Arc};

use grow::auth::{session::token_from_headers, token::hash};

use axum::{
    body::Bytes,
    extract::{
        ws::{WebSocket, WebSocketUpgrade},
        DefaultBodyLimit, Path,
    },
    http::{header, HeaderMap, StatusCode},
    response::IntoResponse,
    routing::{get, post},
    Json, Router,
};

/// Sends back every frame it receives.
async fn echo(mut socket: WebSocket) {
    while let Some(Ok(message)) = socket.recv().await {
        if socket.send(message).await.is_err() {
            return;
        }
    }
}

#[tokio::main]
async fn main() {
    let port = std::env::var("PORT").unwrap_or_else(|_| "5901".into());
    let sessions: Arc<HashMap<String, Bytes>> = Arc::new(match std::env::var("BENCH_SESSIONS_FILE") {
        Ok(path) => std::fs::read_to_string(path)
            .expect("read BENCH_SESSIONS_FILE")
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(token, body)| (hash(token), Bytes::from(body.to_string())))
            .collect(),
        Err(_) => HashMap::new(),
    });
    let fixed: Arc<serde_json::Value> = Arc::new(match std::env::var("BENCH_FIXED_FILE") {
        Ok(path) => serde_json::from_slice(&std::fs::read(path).expect("read BENCH_FIXED_FILE")).expect("JSON"),
        Err(_) => serde_json::Value::Null,
    });
    // The same document as bytes made once: the least serving it can cost.
    let fixed_bytes = Bytes::from(serde_json::to_vec(&*fixed).unwrap_or_default());
    let app = Router::new()
        .route(
            "/api/auth/user-refresh",
            get(move |headers: HeaderMap| {
                let sessions = sessions.clone();
                async move {
                    match token_from_headers(&headers).and_then(|token| sessions.get(&hash(token))) {
                        Some(bytes) => ([(header::CONTENT_TYPE, "application/json")], bytes.clone()).into_response(),
                        None => StatusCode::UNAUTHORIZED.into_response(),
                    }
                }
            }),
        )
        .route(
            "/fixed-bytes",
            get(move || {
                let bytes = fixed_bytes.clone();
                async move { ([(header::CONTENT_TYPE, "application/json")], bytes).into_response() }
            }),
        )
        .route(
            "/fixed",
            get(move || {
                let fixed = fixed.clone();
                async move {
                    ([(header::CONTENT_TYPE, "application/json")], serde_json::to_vec(&*fixed).unwrap_or_default())
                        .into_response()
                }
            }),
        );
    let mut documents = Vec::new();
    if let Ok(dir) = std::env::var("BENCH_FIXED_DIR") {
        while let Ok(bytes) = std::fs::read(format!("{dir}/{}.json", documents.len())) {
            documents.push(serde_json::from_slice::<serde_json::Value>(&bytes).expect("JSON"));
        }
    }
    let documents = Arc::new(documents);
    let app = app.route(
        "/fixed/{n}",
        get(move |Path(n): Path<usize>| {
            let documents = documents.clone();
            async move {
                match documents.get(n) {
                    Some(document) => {
                        ([(header::CONTENT_TYPE, "application/json")], serde_json::to_vec(document).unwrap_or_default())
                            .into_response()
                    }
                    None => StatusCode::NOT_FOUND.into_response(),
                }
            }
        }),
    );
    let app = app.route(
        "/upload",
        post(|body: Bytes| async move {
            let url = format!("/api/files/{:032x}.png", body.len());
            Json(serde_json::json!({ "fileUrl": url, "fileUrls": [url],
                "files": [{ "url": url, "mimeType": "image/png", "originalName": "photo.png", "size": body.len() }] }))
        })
        .layer(DefaultBodyLimit::max(10 * 1024 * 1024)),
    );
    let app = app.route("/ws", get(|upgrade: WebSocketUpgrade| async move { upgrade.on_upgrade(echo) }));
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}")).await.unwrap();
    axum::serve(listener, app).await.unwrap();
}
