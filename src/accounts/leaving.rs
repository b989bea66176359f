//! A person's right to take their data and leave (API.md "Your data"): the export of everything the
//! account holds, written out as it is read so a large account never sits in memory, and the
//! deletion of the account with everything it owns, in one transaction.

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
use tokio::sync::mpsc;
use utoipa::ToSchema;

use super::store::{self, leaving::Long};
use crate::events::Emit;
use crate::{
    auth::{
        rate_limit::{self, Try},
        session, CurrentUser,
    },
    error::{AppError, AppResult, ErrorBody},
    events::DomainEvent,
    extract::{ApiJson, ClientAddr},
    state::AppState,
    time::rfc3339,
};

const TAG: &str = "accounts";

// ---- export ----

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
    for (key, value) in store::leaving::export_lists(&mut conn, me).await? {
        send(format!(",{}:{}", serde_json::to_string(key)?, serde_json::to_string(&value)?)).await?;
    }
    for list in [Long::Messages, Long::Notifications, Long::Ledger, Long::Swipes] {
        send(format!(",{}:[", serde_json::to_string(list.key())?)).await?;
        let (mut after, mut first) = (0, true);
        loop {
            let (items, last) = store::leaving::export_batch(&mut conn, list, me, after).await?;
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
            if (items.len() as i64) < store::leaving::BATCH {
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
    let connected = store::leaving::connected(tx, me).await?;
    store::leaving::lose_connection(tx, &connected, now).await?;
    let supported = store::leaving::supported(tx, me).await?;
    store::leaving::lose_supporter(tx, &supported, now).await?;
    // Their projects go the way a project's deletion goes (members told, files removed after commit).
    for project in store::leaving::owned_projects(tx, me).await? {
        crate::projects::delete_in(state, tx, project, me).await?;
    }
    let files = store::leaving::files_named(tx, me).await?;
    // The projects they worked on, and whose feedback threads they wrote in, change for everyone there.
    let touched = store::leaving::worked_on(tx, me).await?;
    for project in touched.iter().chain(&supported) {
        crate::projects::announce(tx, *project, &[]).await?;
    }
    // Reports about them stay for the administrators (API.md "Limits and fair play"); everything else they
    // own goes with the row: the schema's cascades (sessions, tokens, connections, swipes, supports, pledges,
    // notifications, push subscriptions, messages, chats, feedback, presence). Their projects leave every card list.
    tx.emit(crate::events::DomainEvent::CardsChanged);
    store::leaving::delete_account(tx, me).await?;
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
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<DeleteAccountRequest>,
) -> AppResult<impl IntoResponse> {
    let password =
        body.password.filter(|p| !p.is_empty()).ok_or_else(|| AppError::bad_request("Password is required"))?;
    // Guessing the password here is guessing it at login: the same budget.
    let limiter = &state.login_limiter;
    let known_device = limiter.known_device(&headers, me.id).await?;
    let account = rate_limit::account_key(Some(me.id), &super::rules::login_key(&me.username));
    match limiter.try_password((&account, known_device), address, password, Some(me.password_hash.clone())).await? {
        Try::Spent { retry_after_secs } => {
            let message = "Too many attempts. Please try again in 15 minutes.".into();
            return Err(AppError::TooManyRequests { message, retry_after_secs });
        }
        Try::Wrong => return Err(AppError::unauthorized("Wrong password")),
        Try::Right(attempt) => limiter.succeeded(&attempt).await?,
    }
    let mut tx = state.db.begin().await?;
    let (files, connected) = delete_in(&state, &mut tx, me.id).await?;
    crate::files::owners::remove_unused_after_commit(&mut tx, files);
    tx.emit(DomainEvent::SignedOut { user_id: me.id });
    // Their counts changed (cached copies drop) and their lists lost someone.
    for person in &connected {
        tx.emit(DomainEvent::UserChanged { user_id: *person });
    }
    tx.emit(DomainEvent::ConnectionsChanged { people: connected.clone() });
    tx.commit().await?;
    Ok((StatusCode::NO_CONTENT, AppendHeaders(session::clear_cookies(&state.public_url))))
}
