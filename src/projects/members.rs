//! Handlers of the people on a project: its collaborators (the owner adds and removes them; a
//! collaborator may leave), joining (at once for an open project, by request for a protected one)
//! and asking to collaborate, which sends the owner a collaboration request (spec 001 §3, API.md
//! "Protected projects").

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{access, announce, model::*, rules, store};
use crate::{
    auth::CurrentUser,
    connections::{model::ConnectionRow, store as connections_store},
    db::{
        page::{Page, PageRequest},
        Tx,
    },
    error::{AppError, AppResult, ErrorBody},
    extract::{path_id, ApiJson},
    notifications::{self, Kind, NewNotification},
    rewards::{
        catalogue::Metric,
        ledger::{self, Reason},
    },
    safety::reach::{reach, Reachable},
    state::AppState,
};

const TAG: &str = "projects";

/// Sends the project's owner (as `me` reached them: [`access::with_owner`]) a pending collaboration
/// request from `me`, in `tx`, and tells them. `None` when one is already pending (or the two
/// already collaborate).
pub async fn request_collaboration_in(
    state: &AppState,
    tx: &mut Tx,
    me: &crate::accounts::model::UserRow,
    project: &ProjectRow,
    owner: &Reachable,
    message: Option<&str>,
) -> AppResult<Option<ConnectionRow>> {
    if owner.id() == me.id {
        return Err(AppError::bad_request("This is your own project"));
    }
    if project.is_member() {
        return Err(AppError::bad_request("You are already a collaborator on this project"));
    }
    let now = state.clock.now_ms();
    // Asking again is consent again: a departure no longer holds the owner back.
    store::forget_departure(tx, project.id, me.id).await?;
    let Some(row) =
        crate::connections::ask(tx, me.id, owner.id(), connections_store::COLLABORATION, project.id, message, now)
            .await?
    else {
        return Ok(None);
    };
    let text = format!("{} {} would like to collaborate on {}", me.first_name, me.last_name, project.title);
    notifications::notify(tx,
        &NewNotification {
            user_id: owner.id(),
            actor: Some(me.id),
            kind: Kind::CollaborationRequest,
            title: "Collaboration request",
            message: &text,
            data: serde_json::json!({ "projectId": project.id, "requestId": row.id, "requesterId": me.id, "url": "/profile" }),
            once_key: None,
        },
    )
    .await?;
    Ok(Some(row))
}

/// Adds `user` to the project (joining an open one, or an accepted request): 35 coins the first
/// time they join it, within the day's cap. What was paid.
pub async fn add_member(
    state: &AppState,
    tx: &mut Tx,
    project: i64,
    user: i64,
    role: &str,
) -> AppResult<ledger::Award> {
    if store::add_collaborator(tx, project, user, role, state.clock.now_ms()).await?.is_none() {
        return Ok(ledger::Award::default());
    }
    let act = format!("join:{project}:{user}");
    let paid = ledger::award(state, tx, user, rules::JOIN_COINS, Reason::Join, &act, &[]).await?;
    team_grew(state, tx, project, role).await?;
    announce(tx, project, &[user]).await?;
    Ok(paid)
}

/// A collaborator joined: the owner's "first collaborator" achievement follows (viewers only follow).
async fn team_grew(state: &AppState, tx: &mut Tx, project: i64, role: &str) -> AppResult<()> {
    if role == "collaborator" {
        let owner = store::owner_of(tx, project).await?;
        ledger::achievements(state, tx, owner, &[Metric::TeamCollaborators]).await?;
    }
    Ok(())
}

#[utoipa::path(get, path = "/api/projects/{id}/collaborators", tag = TAG,
    params(("id" = String, Path), crate::db::page::PageParams),
    responses((status = 200, body = [Collaborator], description = "In the order they joined"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A protected project's inner parts, asked by a non-member"), (status = 404, body = ErrorBody)))]
pub async fn collaborators(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<Collaborator>> {
    let project = access::inside(&state, me.id, path_id(&id, "Project")?).await?;
    let rows = store::collaborators(&mut *state.db.conn().await?, project.id, &page).await?;
    Ok(page.finish(rows, |c| (c.added_at, c.id)).map(|c| c.to_wire()))
}

#[utoipa::path(post, path = "/api/projects/{id}/collaborators", tag = TAG, params(("id" = String, Path)), request_body = AddCollaborator,
    responses((status = 201, body = Collaborator), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the owner, a block between the two, not connected, or the person left in the last 30 days"),
              (status = 404, body = ErrorBody)))]
pub async fn add_collaborator(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AddCollaborator>,
) -> AppResult<(StatusCode, Json<Collaborator>)> {
    let project = access::owned(&state, me.id, path_id(&id, "Project")?).await?;
    let role = match body.role.as_deref().map(str::trim) {
        None | Some("") | Some("collaborator") => "collaborator",
        Some("viewer") => "viewer",
        Some(_) => return Err(AppError::bad_request("role must be collaborator or viewer")),
    };
    if body.user_id == me.id {
        return Err(AppError::bad_request("You own this project already"));
    }
    let person = reach(&mut *state.db.conn().await?, me.id, body.user_id).await?;
    let mut tx = state.db.begin().await?;
    // Consent (API.md "Safety"): only a connection is added, and not one who left in the last 30 days until
    // they ask to join again.
    if !connections_store::connected(&mut tx, me.id, person.id()).await? {
        return Err(AppError::Forbidden(
            "You can add only people you're connected with. Invite them to connect first, or share the project so they can ask to join."
                .into(),
        ));
    }
    let now = state.clock.now_ms();
    if let Some(left_at) = store::departed_at(&mut tx, project.id, person.id()).await? {
        if now < left_at + crate::connections::REJECTION_HOLDS_MS {
            return Err(AppError::Forbidden(
                "This person left the project recently. They can ask to join again whenever they like.".into(),
            ));
        }
    }
    let row = store::add_collaborator(&mut tx, project.id, person.id(), role, now)
        .await?
        .ok_or_else(|| AppError::bad_request("This person is already a collaborator"))?;
    team_grew(&state, &mut tx, project.id, role).await?;
    announce(&mut tx, project.id, &[person.id()]).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}

#[utoipa::path(delete, path = "/api/projects/{id}/collaborators/{userId}", tag = TAG,
    params(("id" = String, Path), ("userId" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Neither the owner nor the collaborator leaving"),
              (status = 404, body = ErrorBody)))]
pub async fn remove_collaborator(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path((id, user)): Path<(String, String)>,
) -> AppResult<StatusCode> {
    let project = access::visible(&state, me.id, path_id(&id, "Project")?).await?;
    let user = path_id(&user, "User")?;
    if !project.is_owner() && user != me.id {
        return Err(AppError::Forbidden("Only the project's owner can remove collaborators".into()));
    }
    let mut tx = state.db.begin().await?;
    // Told while they are still on the list.
    announce(&mut tx, project.id, &[user]).await?;
    if !store::remove_collaborator(&mut tx, project.id, user).await? {
        return Err(AppError::NotFound("Collaborator"));
    }
    store::note_departure(&mut tx, project.id, user, state.clock.now_ms()).await?;
    store::unassign_tasks(&mut tx, project.id, user).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/projects/{id}/join", tag = TAG, operation_id = "joinProject", params(("id" = String, Path)), request_body = JoinRequest,
    responses((status = 200, body = JoinResponse, description = "Joined, or (a protected project) a request sent to the owner"),
              (status = 400, body = ErrorBody, description = "One's own project, already on it, or an unknown role"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A block stands between the caller and the owner"),
              (status = 404, body = ErrorBody)))]
pub async fn join(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<JoinRequest>,
) -> AppResult<Json<JoinResponse>> {
    let (project, owner) = access::with_owner(&state, me.id, path_id(&id, "Project")?).await?;
    let role = rules::member_role(body.role.as_deref())?;
    if project.owner_id == me.id {
        return Err(AppError::bad_request("This is your own project"));
    }
    if project.is_member() {
        return Err(AppError::bad_request("You are already part of this project"));
    }
    let chosen = body.role.as_deref().map(str::trim).filter(|r| !r.is_empty()).unwrap_or("Collaborator");
    let mut letters = chosen.chars();
    let chosen: String =
        letters.next().into_iter().flat_map(char::to_uppercase).chain(letters.flat_map(char::to_lowercase)).collect();
    let mut tx = state.db.begin().await?;
    store::forget_departure(&mut tx, project.id, me.id).await?;
    let answer = if project.is_protected == 1 {
        let message = format!("I would like to join {} as {chosen}.", project.title);
        request_collaboration_in(&state, &mut tx, &me, &project, &owner, Some(&message)).await?;
        JoinResponse {
            joined: false,
            requested: true,
            message: "Join request sent! The owner will review your request.".into(),
            coins_earned: 0,
            coins_capped: false,
        }
    } else {
        let paid = add_member(&state, &mut tx, project.id, me.id, role).await?;
        JoinResponse {
            joined: true,
            requested: false,
            message: format!("Successfully joined! You've joined the project as {chosen}"),
            coins_earned: paid.coins,
            coins_capped: paid.capped,
        }
    };
    tx.commit().await?;
    Ok(Json(answer))
}

#[utoipa::path(post, path = "/api/projects/{id}/request-collaboration", tag = TAG, params(("id" = String, Path)),
    request_body = CollaborationRequestBody,
    responses((status = 201, body = crate::connections::model::Connection), (status = 400, body = ErrorBody, description = "One's own project, already on it, or the request already exists"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A block stands between the caller and the owner"),
              (status = 404, body = ErrorBody)))]
pub async fn request_collaboration(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CollaborationRequestBody>,
) -> AppResult<(StatusCode, Json<crate::connections::model::Connection>)> {
    let (project, owner) = access::with_owner(&state, me.id, path_id(&id, "Project")?).await?;
    let message = body.message.as_deref().map(str::trim).filter(|m| !m.is_empty());
    if message.is_some_and(|m| m.chars().count() > 500) {
        return Err(AppError::bad_request("message must be at most 500 characters"));
    }
    let mut tx = state.db.begin().await?;
    let row = request_collaboration_in(&state, &mut tx, &me, &project, &owner, message)
        .await?
        .ok_or_else(|| AppError::bad_request("Collaboration request already exists"))?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}
