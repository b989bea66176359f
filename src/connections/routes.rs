//! Handlers of connections: requests, answers, instant connections (scan, link) and removal.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{model::*, store};
use crate::{
    accounts::{model::UserRow, store as accounts_store},
    app::AppState,
    auth::CurrentUser,
    db::Tx,
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    realtime::{ServerFrame, Topic},
    rewards::{
        catalogue::Metric,
        ledger::{self, Reason},
    },
    safety::{
        blocks,
        limits::{self, Budget},
        reach::reach,
    },
};

const TAG: &str = "connections";
/// API.md "Coins": an accepted connection pays each side 25, once per pair.
pub const CONNECTION_COINS: i64 = 25;

fn connection_id(raw: &str) -> AppResult<i64> {
    raw.parse().map_err(|_| AppError::NotFound("Connection"))
}

async fn other_person(state: &AppState, id: i64) -> AppResult<UserRow> {
    accounts_store::find_by_id(&mut *state.db.conn().await?, id).await?.ok_or(AppError::NotFound("User"))
}

/// Two people became connected: both counts rise, each is paid once per pair, both are told.
async fn connected(state: &AppState, tx: &mut Tx, a: i64, b: i64) -> AppResult<i64> {
    let now = state.clock.now_ms();
    store::count(tx, a, b, 1, now).await?;
    let (low, high) = (a.min(b), a.max(b));
    let mut paid_a = 0;
    for person in [a, b] {
        let act = format!("connection:{low}:{high}:{person}");
        let paid = ledger::award(state, tx, person, CONNECTION_COINS, Reason::Connection, &act, &[Metric::Connections])
            .await?;
        if person == a && paid.is_some() {
            paid_a = CONNECTION_COINS;
        }
        let user_state = state.clone();
        tx.on_commit(move || user_state.user_changed(person));
    }
    Ok(paid_a)
}

/// Tells both people their connections changed, after commit.
fn tell_both(state: &AppState, tx: &mut Tx, a: i64, b: i64) {
    let hub = state.hub.clone();
    tx.on_commit(move || {
        for person in [a, b] {
            hub.publish(Topic::User(person), ServerFrame::ConnectionsChanged);
        }
    });
}

#[utoipa::path(post, path = "/api/connections", tag = TAG, operation_id = "createConnection", request_body = NewConnectionRequest,
    responses((status = 201, body = Connection), (status = 400, body = ErrorBody, description = "Yourself, a bad type, or the connection already exists"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A block stands between the two, or the person is suspended"),
              (status = 404, body = ErrorBody, description = "User not found / Project not found")))]
pub async fn create(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<NewConnectionRequest>,
) -> AppResult<(StatusCode, Json<Connection>)> {
    let message = body.message.as_deref().map(str::trim).filter(|m| !m.is_empty());
    if message.is_some_and(|m| m.chars().count() > 500) {
        return Err(AppError::bad_request("message must be at most 500 characters"));
    }
    match body.kind.as_deref().unwrap_or(store::CONNECTION) {
        store::CONNECTION => {}
        store::COLLABORATION => {
            let project_id = body
                .project_id
                .ok_or_else(|| AppError::bad_request("projectId is required for a collaboration request"))?;
            let (project, owner) = crate::projects::access::with_owner(&state, me.id, project_id).await?;
            let mut tx = state.db.begin().await?;
            limits::spend(&state, &mut tx, Budget::Requests, me.id).await?;
            let row = crate::projects::request_collaboration_in(&state, &mut tx, &me, &project, &owner, message)
                .await?
                .ok_or_else(|| AppError::bad_request("Collaboration request already exists"))?;
            tx.commit().await?;
            return Ok((StatusCode::CREATED, Json(row.to_wire())));
        }
        _ => return Err(AppError::bad_request("type must be connection or collaboration")),
    }
    let target_id = body.target_user_id.ok_or_else(|| AppError::bad_request("targetUserId is required"))?;
    if target_id == me.id {
        return Err(AppError::bad_request("You cannot connect with yourself"));
    }
    let target = reach(&mut *state.db.conn().await?, me.id, target_id).await?;
    let mut tx = state.db.begin().await?;
    limits::spend(&state, &mut tx, Budget::Requests, me.id).await?;
    let now = state.clock.now_ms();
    let row = store::request(&mut tx, me.id, target.id(), store::CONNECTION, 0, message, now)
        .await?
        .ok_or_else(|| AppError::bad_request("Connection already exists"))?;
    let (hub, id) = (state.hub.clone(), row.id);
    let (a, b) = (me.id, target.id());
    tx.on_commit(move || {
        hub.publish(Topic::User(b), ServerFrame::ConnectionRequest { id });
        hub.publish(Topic::User(a), ServerFrame::ConnectionsChanged);
    });
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}

/// Connects the caller with `other` at once (scan and auto-connect).
async fn connect_instantly(state: &AppState, me: i64, other_id: i64) -> AppResult<ScanResponse> {
    if other_id == me {
        return Err(AppError::bad_request("You cannot connect with yourself"));
    }
    let other = other_person(state, other_id).await?;
    blocks::ensure_reachable(&mut *state.db.conn().await?, me, other.id).await?;
    let mut tx = state.db.begin().await?;
    let made = store::connect_now(&mut tx, me, other.id, state.clock.now_ms()).await?;
    let coins_earned = match made {
        Some(_) => {
            let paid = connected(state, &mut tx, me, other.id).await?;
            tell_both(state, &mut tx, me, other.id);
            paid
        }
        None => 0,
    };
    tx.commit().await?;
    Ok(ScanResponse {
        success: true,
        is_new_connection: made.is_some(),
        profile_user: ProfileCard {
            id: other.id,
            first_name: other.first_name.clone(),
            last_name: other.last_name.clone(),
            role: other.role(),
            bio: other.bio.clone(),
            profile_image_url: other.profile_image_url.clone(),
        },
        coins_earned,
    })
}

#[utoipa::path(post, path = "/api/connections/scan", tag = TAG, request_body = ScanRequest,
    responses((status = 200, body = ScanResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
pub async fn scan(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<ScanRequest>,
) -> AppResult<Json<ScanResponse>> {
    connect_instantly(&state, me.id, body.profile_user_id).await.map(Json)
}

#[utoipa::path(post, path = "/api/connections/auto-connect", tag = TAG, request_body = AutoConnectRequest,
    responses((status = 200, body = ScanResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
pub async fn auto_connect(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<AutoConnectRequest>,
) -> AppResult<Json<ScanResponse>> {
    connect_instantly(&state, me.id, body.target_user_id).await.map(Json)
}

#[utoipa::path(get, path = "/api/connections/with-users", tag = TAG,
    responses((status = 200, body = [ConnectionWithUser], description = "Pending and accepted connections, newest first"),
              (status = 401, body = ErrorBody)))]
pub async fn with_users(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
) -> AppResult<Json<Vec<ConnectionWithUser>>> {
    let rows = store::with_users(&mut *state.db.conn().await?, me.id).await?;
    Ok(Json(
        rows.into_iter()
            .map(|(row, connected_user)| ConnectionWithUser { connection: row.to_wire(), connected_user })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/api/connections/requests", tag = TAG,
    responses((status = 200, body = [ConnectionRequest], description = "Connection requests waiting for the caller"),
              (status = 401, body = ErrorBody)))]
pub async fn requests(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
) -> AppResult<Json<Vec<ConnectionRequest>>> {
    Ok(Json(store::pending(&mut *state.db.conn().await?, me.id, store::CONNECTION).await?))
}

#[utoipa::path(get, path = "/api/connections/collaboration-requests", tag = TAG,
    responses((status = 200, body = [ConnectionRequest], description = "Requests to collaborate on the caller's projects"),
              (status = 401, body = ErrorBody)))]
pub async fn collaboration_requests(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
) -> AppResult<Json<Vec<ConnectionRequest>>> {
    Ok(Json(store::pending(&mut *state.db.conn().await?, me.id, store::COLLABORATION).await?))
}

#[utoipa::path(get, path = "/api/connections/project-requests", tag = TAG,
    responses((status = 200, body = [Connection], description = "The caller's own pending collaboration requests"),
              (status = 401, body = ErrorBody)))]
pub async fn project_requests(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
) -> AppResult<Json<Vec<Connection>>> {
    let rows = store::sent(&mut *state.db.conn().await?, me.id, store::COLLABORATION).await?;
    Ok(Json(rows.iter().map(ConnectionRow::to_wire).collect()))
}

/// Accepts or rejects a pending request addressed to the caller.
async fn answer(state: &AppState, me: i64, raw_id: &str, accept: bool) -> AppResult<Connection> {
    let id = connection_id(raw_id)?;
    let Some(found) = store::find(&mut *state.db.conn().await?, id).await? else {
        return Err(AppError::NotFound("Connection"));
    };
    if found.requester_id != me && found.target_id != me {
        return Err(AppError::NotFound("Connection"));
    }
    if found.target_id != me {
        return Err(AppError::Forbidden("Only the person who was asked can accept or reject a request".into()));
    }
    let mut tx = state.db.begin().await?;
    let status = if accept { "accepted" } else { "rejected" };
    let row = store::answer(&mut tx, id, me, status, state.clock.now_ms())
        .await?
        .ok_or_else(|| AppError::bad_request("This request has already been answered"))?;
    if accept && row.kind == store::COLLABORATION {
        // An accepted collaboration request puts the requester on the project.
        crate::projects::add_member(state, &mut tx, row.project_id, row.requester_id, "collaborator").await?;
    } else if accept {
        connected(state, &mut tx, row.requester_id, row.target_id).await?;
    }
    tell_both(state, &mut tx, row.requester_id, row.target_id);
    tx.commit().await?;
    Ok(row.to_wire())
}

#[utoipa::path(post, path = "/api/connections/{id}/accept", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = Connection), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn accept(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Connection>> {
    answer(&state, me.id, &id, true).await.map(Json)
}

#[utoipa::path(post, path = "/api/connections/{id}/reject", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = Connection), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn reject(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Connection>> {
    answer(&state, me.id, &id, false).await.map(Json)
}

#[utoipa::path(delete, path = "/api/connections/{id}", tag = TAG, params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let id = connection_id(&id)?;
    let mut tx = state.db.begin().await?;
    let row = store::remove(&mut tx, id, me.id).await?.ok_or(AppError::NotFound("Connection"))?;
    if row.status == "accepted" {
        store::count(&mut tx, row.requester_id, row.target_id, -1, state.clock.now_ms()).await?;
        for person in [row.requester_id, row.target_id] {
            let user_state = state.clone();
            tx.on_commit(move || user_state.user_changed(person));
        }
    }
    tell_both(&state, &mut tx, row.requester_id, row.target_id);
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
