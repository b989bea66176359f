//! Handlers of tasks: the owner makes, edits, assigns and deletes them; the owner and
//! collaborators complete them (25 coins to whoever completes one, once). A viewer follows the
//! project and completes nothing; a task is assigned only to someone who works on it and whom the
//! owner may reach (no block between them).

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};

use super::{access, announce, model::*, rules, store};
use crate::files::owners::remove_unused_after_commit;
use crate::{
    auth::CurrentUser,
    db::page::{Page, PageRequest},
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

const TAG: &str = "tasks";

/// The task and its project, if the caller can see the project.
async fn visible_task(state: &AppState, me: i64, raw: &str) -> AppResult<(TaskRow, ProjectRow)> {
    let task =
        store::task(&mut *state.db.conn().await?, path_id(raw, "Task")?).await?.ok_or(AppError::NotFound("Task"))?;
    let project = access::inside(state, me, task.project_id).await.map_err(|_| AppError::NotFound("Task"))?;
    Ok((task, project))
}

async fn owned_task(state: &AppState, me: i64, raw: &str) -> AppResult<(TaskRow, ProjectRow)> {
    let (task, project) = visible_task(state, me, raw).await?;
    if !project.is_owner() {
        return Err(AppError::Forbidden("Only the project's owner can manage its tasks".into()));
    }
    Ok((task, project))
}

#[utoipa::path(get, path = "/api/projects/{id}/tasks", tag = TAG, operation_id = "listTasks",
    params(("id" = String, Path), crate::db::page::PageParams),
    responses((status = 200, body = [Task], description = "In the order they were made"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A protected project's inner parts, asked by a non-member"), (status = 404, body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<Task>> {
    let project = access::inside(&state, me.id, path_id(&id, "Project")?).await?;
    let rows = store::tasks(&mut *state.db.conn().await?, project.id, &page).await?;
    Ok(page.finish(rows, |t| (t.id, t.id)).map(|t| t.to_wire()))
}

#[utoipa::path(post, path = "/api/projects/{id}/tasks", tag = TAG, operation_id = "createTask", params(("id" = String, Path)), request_body = NewTask,
    responses((status = 201, body = Task), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NewTask>,
) -> AppResult<(StatusCode, Json<Task>)> {
    let project = access::owned(&state, me.id, path_id(&id, "Project")?).await?;
    let title = rules::task_title(&body.title)?;
    let description = body.description.as_deref().map(str::trim).filter(|d| !d.is_empty());
    if description.is_some_and(|d| d.chars().count() > rules::MAX_TEXT) {
        return Err(AppError::bad_request("Description is too long"));
    }
    let attachments = rules::attachments(body.attachments.as_deref().unwrap_or_default())?;
    crate::files::owners::require_usable(&state.db, me.id, Some(project.id), &attachments, "attachments").await?;
    let mut tx = state.db.begin().await?;
    let task = store::insert_task(&mut tx, project.id, &title, description, &attachments, state.clock.now_ms()).await?;
    let row = store::task_in(&mut tx, task).await?;
    announce(&mut tx, project.id, &[]).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}

#[utoipa::path(patch, path = "/api/projects/tasks/{taskId}/complete", tag = TAG, params(("taskId" = String, Path)),
    responses((status = 200, body = CompletedTask), (status = 400, body = ErrorBody, description = "Already completed"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not the owner or a collaborator (a viewer only follows)"),
              (status = 404, body = ErrorBody)))]
pub async fn complete(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(task_id): Path<String>,
) -> AppResult<Json<CompletedTask>> {
    let (task, project) = visible_task(&state, me.id, &task_id).await?;
    if !project.is_worker() {
        return Err(AppError::Forbidden("Only the project's owner and collaborators can complete its tasks".into()));
    }
    let mut tx = state.db.begin().await?;
    if !store::complete_task(&mut tx, &task, me.id, state.clock.now_ms()).await? {
        return Err(AppError::bad_request("This task is already completed"));
    }
    let act = format!("task:{}", task.id);
    let paid =
        ledger::award(&state, &mut tx, me.id, rules::TASK_COINS, Reason::Task, &act, &[Metric::TasksCompleted]).await?;
    let row = store::task_in(&mut tx, task.id).await?;
    announce(&mut tx, project.id, &[]).await?;
    tx.commit().await?;
    Ok(Json(CompletedTask { task: row.to_wire(), coins_earned: paid.coins, coins_capped: paid.capped }))
}

#[utoipa::path(patch, path = "/api/projects/tasks/{taskId}/assign", tag = TAG, params(("taskId" = String, Path)), request_body = AssignTask,
    responses((status = 200, body = Task), (status = 400, body = ErrorBody, description = "The assignee does not work on the project"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not the owner, or a block stands between the owner and the assignee"),
              (status = 404, body = ErrorBody)))]
pub async fn assign(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(task_id): Path<String>,
    ApiJson(body): ApiJson<AssignTask>,
) -> AppResult<Json<Task>> {
    let (task, project) = owned_task(&state, me.id, &task_id).await?;
    // Assigning reaches the assignee: the reach rule gives the person, or refuses.
    let assignee = match body.assigned_to {
        Some(id) => Some(reach(&mut *state.db.conn().await?, me.id, id).await.map_err(|err| match err {
            AppError::NotFound(_) => {
                AppError::bad_request("Tasks can be assigned only to the project's owner and collaborators")
            }
            other => other,
        })?),
        None => None,
    };
    let mut tx = state.db.begin().await?;
    if let Some(assignee) = &assignee {
        if !store::workers(&mut tx, project.id).await?.contains(&assignee.id()) {
            return Err(AppError::bad_request("Tasks can be assigned only to the project's owner and collaborators"));
        }
    }
    store::assign_task(&mut tx, task.id, assignee.as_ref().map(Reachable::id), state.clock.now_ms()).await?;
    if let Some(assignee) = assignee.filter(|a| a.id() != me.id && Some(a.id()) != task.assigned_to) {
        let message = format!("You have been assigned \"{}\" on {}", task.title, project.title);
        notifications::notify(
            &mut tx,
            &NewNotification {
                user_id: assignee.id(),
                actor: Some(me.id),
                kind: Kind::TaskAssignment,
                title: "New task assigned",
                message: &message,
                data: serde_json::json!({ "projectId": project.id, "taskId": task.id, "url": "/create" }),
                once_key: None,
            },
        )
        .await?;
    }
    let row = store::task_in(&mut tx, task.id).await?;
    announce(&mut tx, project.id, &[]).await?;
    tx.commit().await?;
    Ok(Json(row.to_wire()))
}

#[utoipa::path(patch, path = "/api/tasks/{taskId}", tag = TAG, operation_id = "editTask", params(("taskId" = String, Path)), request_body = TaskChanges,
    responses((status = 200, body = Task), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn edit(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(task_id): Path<String>,
    ApiJson(body): ApiJson<TaskChanges>,
) -> AppResult<Json<Task>> {
    let (task, project) = owned_task(&state, me.id, &task_id).await?;
    let title = match &body.title {
        Some(title) => rules::task_title(title)?,
        None => task.title.clone(),
    };
    let description = match &body.description {
        Some(value) => value.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(str::to_string),
        None => task.description.clone(),
    };
    if description.as_deref().is_some_and(|d| d.chars().count() > rules::MAX_TEXT) {
        return Err(AppError::bad_request("Description is too long"));
    }
    let before: Vec<String> = serde_json::from_str(&task.attachments).unwrap_or_default();
    let attachments = match &body.attachments {
        Some(value) => rules::attachments(value.as_deref().unwrap_or_default())?,
        None => before.clone(),
    };
    crate::files::owners::require_usable(&state.db, me.id, Some(project.id), &attachments, "attachments").await?;
    let dropped: Vec<String> = before.into_iter().filter(|a| !attachments.contains(a)).collect();
    let mut tx = state.db.begin().await?;
    store::edit_task(&mut tx, &task, &title, description.as_deref(), &attachments, state.clock.now_ms()).await?;
    let row = store::task_in(&mut tx, task.id).await?;
    announce(&mut tx, project.id, &[]).await?;
    remove_unused_after_commit(&mut tx, dropped);
    tx.commit().await?;
    Ok(Json(row.to_wire()))
}

#[utoipa::path(delete, path = "/api/tasks/{taskId}", tag = TAG, operation_id = "deleteTask", params(("taskId" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(task_id): Path<String>,
) -> AppResult<StatusCode> {
    let (task, project) = owned_task(&state, me.id, &task_id).await?;
    let mut tx = state.db.begin().await?;
    let attachments = store::delete_task(&mut tx, &task).await?.ok_or(AppError::NotFound("Task"))?;
    announce(&mut tx, project.id, &[]).await?;
    remove_unused_after_commit(&mut tx, serde_json::from_str(&attachments).unwrap_or_default());
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
