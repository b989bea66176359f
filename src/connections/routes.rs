//! Handlers of connections: requests, answers, instant connections (scan, link) and removal.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{model::*, store};
use crate::{
    accounts::{model::UserRow, store as accounts_store},
    auth::CurrentUser,
    db::Tx,
    error::{AppError, AppResult, ErrorBody},
    events::{DomainEvent, Emit},
    extract::{path_id, ApiJson},
    rewards::{
        catalogue::Metric,
        ledger::{self, Reason},
    },
    safety::{blocks, reach::reach},
    state::AppState,
};

const TAG: &str = "connections";
/// API.md "Coins": an accepted connection pays each side 25, once per pair.
pub const CONNECTION_COINS: i64 = 25;

/// Two people became connected: both counts rise, each is paid once per pair (within the day's
/// cap), both are told. `a` made it happen (accepting, scanning) and sees what they were paid in the
/// answer; `b` is told by a notification. What `a` was paid.
async fn connected(state: &AppState, tx: &mut Tx, a: &UserRow, b: i64) -> AppResult<ledger::Award> {
    let now = state.clock.now_ms();
    store::count(tx, a.id, b, 1, now).await?;
    let (low, high) = (a.id.min(b), a.id.max(b));
    let mut paid_a = ledger::Award::default();
    for person in [a.id, b] {
        let act = format!("connection:{low}:{high}:{person}");
        let paid = ledger::award(state, tx, person, CONNECTION_COINS, Reason::Connection, &act, &[Metric::Connections])
            .await?;
        if person == a.id {
            paid_a = paid;
        } else {
            let why = format!("You and {} {} are now connected", a.first_name, a.last_name);
            ledger::name_credit(tx, person, a.id, &paid, &why).await?;
        }
        tx.emit(DomainEvent::UserChanged { user_id: person });
    }
    Ok(paid_a)
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
    let now = state.clock.now_ms();
    let row = super::ask(&mut tx, me.id, target.id(), store::CONNECTION, 0, message, now)
        .await?
        .ok_or_else(|| AppError::bad_request("Connection already exists"))?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}

/// Connects the caller at once with the person whose connect code they hold (scan and auto-connect).
/// Never across a block, and never over a request that person declined in the last 30 days.
async fn connect_instantly(state: &AppState, me: &UserRow, code: &str) -> AppResult<ScanResponse> {
    let code = code.trim();
    let other = match code.is_empty() {
        true => None,
        false => accounts_store::find_by_connect_code(&mut *state.db.conn().await?, code).await?,
    };
    let other = other.ok_or(AppError::NotFound("Connect code"))?;
    if other.id == me.id {
        return Err(AppError::bad_request("You cannot connect with yourself"));
    }
    let other = reach(&mut *state.db.conn().await?, me.id, other.id).await?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    if store::declined_since(&mut tx, me.id, other.id, now - super::REJECTION_HOLDS_MS).await? {
        return Err(AppError::Forbidden(blocks::NOT_AVAILABLE.into()));
    }
    let made = store::connect_now(&mut tx, me.id, other.id, now).await?;
    let paid = match made {
        Some(_) => {
            let paid = connected(state, &mut tx, me, other.id).await?;
            tx.emit(DomainEvent::ConnectionsChanged { people: vec![me.id, other.id] });
            paid
        }
        None => ledger::Award::default(),
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
        coins_earned: paid.coins,
        coins_capped: paid.capped,
    })
}

#[utoipa::path(post, path = "/api/connections/scan", tag = TAG, request_body = ScanRequest,
    responses((status = 200, body = ScanResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "A block, or a request this person declined lately"),
              (status = 404, body = ErrorBody, description = "No one has this connect code")))]
pub async fn scan(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<ScanRequest>,
) -> AppResult<Json<ScanResponse>> {
    connect_instantly(&state, &me, &body.code).await.map(Json)
}

#[utoipa::path(post, path = "/api/connections/auto-connect", tag = TAG, request_body = AutoConnectRequest,
    responses((status = 200, body = ScanResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "A block, or a request this person declined lately"),
              (status = 404, body = ErrorBody, description = "No one has this connect code")))]
pub async fn auto_connect(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<AutoConnectRequest>,
) -> AppResult<Json<ScanResponse>> {
    connect_instantly(&state, &me, &body.code).await.map(Json)
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

/// Accepts or rejects a pending request addressed to the caller; what accepting paid the caller.
async fn answer(state: &AppState, me: &UserRow, raw_id: &str, accept: bool) -> AppResult<(Connection, ledger::Award)> {
    let id = path_id(raw_id, "Connection")?;
    let Some(found) = store::find(&mut *state.db.conn().await?, id).await? else {
        return Err(AppError::NotFound("Connection"));
    };
    if found.requester_id != me.id && found.target_id != me.id {
        return Err(AppError::NotFound("Connection"));
    }
    if found.target_id != me.id {
        return Err(AppError::Forbidden("Only the person who was asked can accept or reject a request".into()));
    }
    let mut tx = state.db.begin().await?;
    let status = if accept { "accepted" } else { "rejected" };
    let row = store::answer(&mut tx, id, me.id, status, state.clock.now_ms())
        .await?
        .ok_or_else(|| AppError::bad_request("This request has already been answered"))?;
    let mut paid = ledger::Award::default();
    if accept && row.kind == store::COLLABORATION {
        // An accepted collaboration request puts the requester on the project.
        let joined =
            crate::projects::add_member(state, &mut tx, row.project_id, row.requester_id, "collaborator").await?;
        let why = format!("{} {} accepted your request to collaborate", me.first_name, me.last_name);
        ledger::name_credit(&mut tx, row.requester_id, me.id, &joined, &why).await?;
    } else if accept {
        paid = connected(state, &mut tx, me, row.requester_id).await?;
    }
    tx.emit(DomainEvent::ConnectionsChanged { people: vec![row.requester_id, row.target_id] });
    tx.commit().await?;
    Ok((row.to_wire(), paid))
}

#[utoipa::path(post, path = "/api/connections/{id}/accept", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = AnsweredConnection), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn accept(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<AnsweredConnection>> {
    let (connection, paid) = answer(&state, &me, &id, true).await?;
    Ok(Json(AnsweredConnection { connection, coins_earned: paid.coins, coins_capped: paid.capped }))
}

#[utoipa::path(post, path = "/api/connections/{id}/reject", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = Connection), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn reject(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Connection>> {
    answer(&state, &me, &id, false).await.map(|(connection, _)| Json(connection))
}

#[utoipa::path(delete, path = "/api/connections/{id}", tag = TAG, params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn remove(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let id = path_id(&id, "Connection")?;
    let mut tx = state.db.begin().await?;
    let row = store::remove(&mut tx, id, me.id).await?.ok_or(AppError::NotFound("Connection"))?;
    if row.status == "accepted" {
        store::count(&mut tx, row.requester_id, row.target_id, -1, state.clock.now_ms()).await?;
        for person in [row.requester_id, row.target_id] {
            tx.emit(DomainEvent::UserChanged { user_id: person });
        }
    }
    tx.emit(DomainEvent::ConnectionsChanged { people: vec![row.requester_id, row.target_id] });
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
