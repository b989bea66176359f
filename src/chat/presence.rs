//! Who is online (the chat header's ONLINE marker). Each instance writes one row per user with a live
//! socket on it and refreshes its rows while it runs; a person is online while any fresh row names
//! them, so a person stays online while one tab is open on any instance, and an instance that dies
//! stops counting once its rows go stale. When a person's state changes, the people who can see it
//! (their connections and direct-chat partners) get a `presence` frame.

use std::{sync::LazyLock, time::Duration};

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::store;
use crate::{
    auth::CurrentUser,
    db::Conn,
    error::{AppError, AppResult, ErrorBody},
    events::DomainEvent,
    state::AppState,
    time::now_ms,
};

/// How often an instance marks its rows as still alive.
pub const HEARTBEAT: Duration = Duration::from_secs(30);
/// A row not refreshed for this long belongs to an instance that is gone.
const STALE_MS: i64 = 3 * HEARTBEAT.as_millis() as i64;

/// One change at a time per person (people spread over a fixed set of locks), so a socket closing and
/// another opening for the same person cannot write their rows out of order, while other people's
/// changes go on beside it.
static WRITES: LazyLock<[tokio::sync::Mutex<()>; 64]> = LazyLock::new(|| std::array::from_fn(|_| Default::default()));

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Presence {
    pub user_id: i64,
    pub online: bool,
}

fn instance_key(state: &AppState) -> i64 {
    // The instance number is random 64 bits; the column keeps the same bits.
    state.hub.instance() as i64
}

pub async fn is_online(conn: &mut Conn, user: i64) -> Result<bool, sqlx::Error> {
    store::present_since(conn, user, now_ms() - STALE_MS).await
}

/// A socket of `user` opened or closed on this instance: the row follows whether any of their
/// sockets is still open here, and the people who see them are told when that changed them.
pub async fn sync(state: &AppState, user: i64) {
    if let Err(err) = write(state, user).await {
        tracing::warn!(user, error = %err, "could not record presence");
    }
}

async fn write(state: &AppState, user: i64) -> Result<(), sqlx::Error> {
    let _one_at_a_time = WRITES[usize::try_from(user.rem_euclid(64)).unwrap_or(0)].lock().await;
    let mut conn = state.db.conn().await?;
    let was = is_online(&mut conn, user).await?;
    match state.hub.is_online(user) {
        true => store::mark_present(&mut conn, user, instance_key(state), now_ms()).await?,
        false => store::mark_absent(&mut conn, user, instance_key(state)).await?,
    }
    let now = is_online(&mut conn, user).await?;
    if was != now {
        let watchers = store::presence_watchers(&mut conn, user).await?;
        crate::events::announce(&state.db, DomainEvent::Presence { user_id: user, online: now, watchers });
    }
    Ok(())
}

/// Keeps this instance's rows fresh and drops rows no instance refreshes (run every [`HEARTBEAT`]).
pub async fn heartbeat(state: &AppState) -> Result<(), sqlx::Error> {
    let now = now_ms();
    store::refresh_presence(&mut *state.db.conn().await?, instance_key(state), now, now - STALE_MS).await
}

/// On a clean stop this instance's rows go at once rather than waiting to go stale.
pub async fn forget_instance(state: &AppState) -> Result<(), sqlx::Error> {
    store::forget_presence(&mut *state.db.conn().await?, instance_key(state)).await
}

#[utoipa::path(get, path = "/api/users/{id}/presence", tag = "chat", params(("id" = String, Path)),
    responses((status = 200, body = Presence, description = "Whether the person has the app open anywhere (oneself, a connection or a direct-chat partner)"),
              (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such person, or one the caller may not see: neither a connection nor a direct-chat partner, or a block stands between them")))]
pub async fn presence(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Presence>> {
    let id = crate::extract::path_id(&id, "User")?;
    let mut conn = state.db.conn().await?;
    // Anyone else learns nothing, not even that the person exists.
    if id != me.id && !store::sees_presence(&mut conn, me.id, id).await? {
        return Err(AppError::NotFound("User"));
    }
    if crate::accounts::store::find_by_id(&mut conn, id).await?.is_none() {
        return Err(AppError::NotFound("User"));
    }
    Ok(Json(Presence { user_id: id, online: is_online(&mut conn, id).await? }))
}
