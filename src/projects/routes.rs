//! Handlers of projects themselves: the lists, create, read, edit, delete, support and the PDF.

use axum::{
    extract::{Path, State},
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{access, announce, model::*, pdf, rules, store, store::Change};
use crate::{
    auth::{CurrentUser, MaybeUser},
    db::page::{Page, PageRequest},
    error::{AppError, AppResult, ErrorBody},
    events::{DomainEvent, Emit},
    extract::ApiQuery,
    extract::{path_id, ApiJson},
    notifications::{self, Kind, NewNotification},
    rewards::{
        catalogue::Metric,
        ledger::{self, Reason},
    },
    state::AppState,
};

const TAG: &str = "projects";

/// Turns a page of rows into projects, with each one's collaborators.
async fn to_wire(state: &AppState, page: Page<ProjectRow>) -> AppResult<Page<Project>> {
    let ids: Vec<i64> = page.items.iter().map(|p| p.id).collect();
    let mut collaborators = store::collaborator_ids(&mut *state.db.conn().await?, &ids).await?;
    Ok(page.map(|row| {
        let people = collaborators.remove(&row.id).unwrap_or_default();
        row.to_wire(people)
    }))
}

pub(crate) async fn one(state: &AppState, row: &ProjectRow) -> AppResult<Project> {
    let mut collaborators = store::collaborator_ids(&mut *state.db.conn().await?, &[row.id]).await?;
    Ok(row.to_wire(collaborators.remove(&row.id).unwrap_or_default()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// `me`: the caller's own projects, published or not.
    owner: Option<String>,
}

#[utoipa::path(get, path = "/api/projects", tag = TAG, operation_id = "listProjects", params(ListParams, crate::db::page::PageParams),
    responses((status = 200, body = [Project], description = "Published projects of everyone, newest first (or `?owner=me`: the caller's own); `Link: rel=\"next\"` while more remain"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
    page: PageRequest,
) -> AppResult<Response> {
    match params.owner.as_deref() {
        None => {
            let entries = match state.kept.cards.kept(me.id, page.path_and_query()) {
                Ok(kept) => kept,
                Err(ticket) => {
                    let rows = store::feed(&mut *state.db.conn().await?, me.id, &page).await?;
                    state.kept.cards.keep(ticket, page.finish(rows, |e| (e.created_at, e.id)))
                }
            };
            Ok(state.kept.cards.render(&state.db, &entries).await?.into_response())
        }
        Some("me") => {
            let rows = store::owned(&mut *state.db.conn().await?, me.id, &page).await?;
            Ok(to_wire(&state, page.finish(rows, |p| (p.created_at, p.id))).await?.into_response())
        }
        Some(_) => Err(AppError::bad_request("owner may only be me")),
    }
}

#[utoipa::path(get, path = "/api/projects/collaborating", tag = TAG,
    params(crate::db::page::PageParams),
    responses((status = 200, body = [Project], description = "Projects the caller collaborates on, newest first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn collaborating(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    page: PageRequest,
) -> AppResult<Page<Project>> {
    let rows = store::collaborating(&mut *state.db.conn().await?, me.id, &page).await?;
    to_wire(&state, page.finish(rows, |p| (p.created_at, p.id))).await
}

#[utoipa::path(get, path = "/api/projects/supported", tag = TAG,
    params(crate::db::page::PageParams),
    responses((status = 200, body = [Project], description = "Projects the caller supports, newest first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn supported(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    page: PageRequest,
) -> AppResult<Page<Project>> {
    let rows = store::supported(&mut *state.db.conn().await?, me.id, &page).await?;
    to_wire(&state, page.finish(rows, |p| (p.created_at, p.id))).await
}

/// Readable signed out (API.md: the join screen reads it first): a published project to anyone.
#[utoipa::path(get, path = "/api/projects/{id}", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = Project),
              (status = 404, body = ErrorBody, description = "No such project, or an unpublished one of someone else")))]
pub async fn get_one(
    State(state): State<AppState>,
    MaybeUser(me): MaybeUser,
    Path(id): Path<String>,
) -> AppResult<Json<Project>> {
    // Nobody has id 0: signed out, the caller owns, works on and supports nothing.
    let project = access::visible(&state, me.map_or(0, |me| me.id), path_id(&id, "Project")?).await?;
    Ok(Json(one(&state, &project).await?))
}

#[utoipa::path(post, path = "/api/projects", tag = TAG, operation_id = "createProject", request_body = NewProject,
    responses((status = 201, body = CreatedProject), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Only innovators create projects")))]
pub async fn create(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<NewProject>,
) -> AppResult<(StatusCode, Json<CreatedProject>)> {
    if me.role() != crate::accounts::rules::Role::Innovator {
        return Err(AppError::Forbidden(
            "Only innovators can create projects. Upgrade your plan to create one.".into(),
        ));
    }
    let title = rules::title(&body.title)?;
    let description = rules::description(body.description.as_deref().unwrap_or_default())?;
    let category = rules::category(body.category.as_deref().unwrap_or("other"))?;
    let phase = rules::phase(body.phase.as_deref().unwrap_or("idea"))?;
    let looking_for = rules::looking_for(body.looking_for.as_deref().unwrap_or_default())?;
    let images = rules::images(body.image_urls.as_deref().unwrap_or_default())?;
    crate::files::owners::require_usable(&state.db, me.id, None, &images, "imageUrls").await?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let new = store::NewProjectRow {
        owner_id: me.id,
        title: &title,
        description: &description,
        category: &category,
        phase: &phase,
        image_urls: &images,
        looking_for: &looking_for,
        is_published: body.is_published.unwrap_or(false),
        is_protected: body.is_protected.unwrap_or(false),
        now,
    };
    let id = store::insert(&mut tx, &new).await?;
    let coins = rules::creation_coins(&description, images.len(), looking_for.len());
    let paid = ledger::award(
        &state,
        &mut tx,
        me.id,
        coins,
        Reason::Project,
        &format!("project:{id}"),
        &[Metric::ProjectsCreated],
    )
    .await?;
    let row = store::find(&mut tx, me.id, id).await?.ok_or(AppError::NotFound("Project"))?;
    announce(&mut tx, id, &[]).await?;
    tx.commit().await?;
    let project = row.to_wire(Vec::new());
    Ok((StatusCode::CREATED, Json(CreatedProject { project, coins_earned: paid.coins, coins_capped: paid.capped })))
}

#[utoipa::path(patch, path = "/api/projects/{id}", tag = TAG, operation_id = "editProject", params(("id" = String, Path)), request_body = ProjectChanges,
    responses((status = 200, body = Project), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the owner"), (status = 404, body = ErrorBody)))]
pub async fn edit(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ProjectChanges>,
) -> AppResult<Json<Project>> {
    let project = access::owned(&state, me.id, path_id(&id, "Project")?).await?;
    let mut changes = Vec::new();
    if let Some(title) = &body.title {
        changes.push(Change::Text("title", rules::title(title)?));
    }
    if let Some(description) = &body.description {
        changes.push(Change::Text("description", rules::description(description)?));
    }
    if let Some(category) = &body.category {
        changes.push(Change::Text("category", rules::category(category)?));
    }
    if let Some(phase) = &body.phase {
        changes.push(Change::Text("phase", rules::phase(phase)?));
    }
    if let Some(looking_for) = &body.looking_for {
        let list = rules::looking_for(looking_for)?;
        changes.push(Change::Text("looking_for", serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())));
    }
    let mut dropped_images = Vec::new();
    if let Some(images) = &body.image_urls {
        let list = rules::images(images)?;
        crate::files::owners::require_usable(&state.db, me.id, Some(project.id), &list, "imageUrls").await?;
        dropped_images = project.images().into_iter().filter(|old| !list.contains(old)).collect();
        changes.push(Change::Text("image_urls", serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())));
    }
    if let Some(published) = body.is_published {
        changes.push(Change::Flag("is_published", published));
    }
    if let Some(protected) = body.is_protected {
        changes.push(Change::Flag("is_protected", protected));
    }
    let mut tx = state.db.begin().await?;
    if !changes.is_empty() && !store::update(&mut tx, project.id, me.id, changes, state.clock.now_ms()).await? {
        return Err(AppError::NotFound("Project"));
    }
    let row = store::find(&mut tx, me.id, project.id).await?.ok_or(AppError::NotFound("Project"))?;
    announce(&mut tx, project.id, &[]).await?;
    crate::files::owners::remove_unused_after_commit(&mut tx, dropped_images);
    tx.commit().await?;
    Ok(Json(one(&state, &row).await?))
}

#[utoipa::path(delete, path = "/api/projects/{id}", tag = TAG, operation_id = "deleteProject", params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not the owner"),
              (status = 404, body = ErrorBody)))]
pub async fn delete(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    let project = access::owned(&state, me.id, path_id(&id, "Project")?).await?;
    let mut tx = state.db.begin().await?;
    if !delete_in(&state, &mut tx, project.id, me.id).await? {
        return Err(AppError::NotFound("Project"));
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes `owner`'s project with everything under it (its owner's call, an administrator's
/// removal, an account's deletion); everyone who could see it is told and its files go after
/// commit. False when there is no such project of theirs.
pub(crate) async fn delete_in(
    state: &AppState,
    tx: &mut crate::db::Tx,
    project_id: i64,
    owner: i64,
) -> AppResult<bool> {
    // Everyone who could see it is told before the rows that say who they are go.
    let mut told = store::members(tx, project_id).await?;
    told.extend(store::supporters(tx, project_id).await?);
    let Some(files) = store::delete(tx, project_id, owner).await? else { return Ok(false) };
    // A project deleted within a day of being made gives its creation coins back (API.md "Limits and fair play").
    let now = state.clock.now_ms();
    let act = format!("project:{project_id}");
    if let Some((paid, balance)) =
        ledger::take_back(tx, &act, Reason::ProjectWithdrawn, crate::time::DAY_MS, now).await?
    {
        tx.emit(DomainEvent::BalanceMoved { user_id: paid, coins: balance.coins });
    }
    tx.emit(DomainEvent::ProjectChanged { project_id, people: told });
    crate::files::owners::remove_unused_after_commit(tx, files);
    Ok(true)
}

#[utoipa::path(post, path = "/api/projects/{id}/support", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, body = SupportResponse), (status = 400, body = ErrorBody, description = "One's own project, or already supported"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn support(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<SupportResponse>> {
    let project = access::visible(&state, me.id, path_id(&id, "Project")?).await?;
    if project.owner_id == me.id {
        return Err(AppError::bad_request("You cannot support your own project"));
    }
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let count = store::support(&mut tx, project.id, me.id, now)
        .await?
        .ok_or_else(|| AppError::bad_request("You have already supported this project"))?;
    let act = format!("support:{}:{}", me.id, project.id);
    let paid = ledger::award(&state, &mut tx, me.id, rules::SUPPORT_COINS, Reason::Support, &act, &[]).await?;
    let message = format!("{} {} supported {}", me.first_name, me.last_name, project.title);
    let once = format!("support:{}:{}", project.id, me.id);
    notifications::notify(&mut tx,
        &NewNotification {
            user_id: project.owner_id,
            actor: Some(me.id),
            kind: Kind::ProjectSupport,
            title: "New supporter!",
            message: &message,
            data: serde_json::json!({ "projectId": project.id, "supporterId": me.id, "url": format!("/project/{}", project.id) }),
            once_key: Some(&once),
        },
    )
    .await?;
    announce(&mut tx, project.id, &[me.id]).await?;
    tx.commit().await?;
    Ok(Json(SupportResponse { supporter_count: count, coins_earned: paid.coins, coins_capped: paid.capped }))
}

/// A file name made of the title's safe characters (the full title goes in `filename*`).
fn pdf_file_name(title: &str) -> (String, String) {
    let safe: String = title
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .take(80)
        .collect();
    let full = format!("{title}_project_summary.pdf");
    let encoded: String = full
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    (format!("{safe}_project_summary.pdf"), encoded)
}

#[utoipa::path(post, path = "/api/projects/{id}/download-pdf", tag = TAG, params(("id" = String, Path)),
    responses((status = 200, content_type = "application/pdf", description = "The project summary, saved as `<title>_project_summary.pdf`"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "A protected project's inner parts, asked by a non-member"), (status = 404, body = ErrorBody)))]
pub async fn download_pdf(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let project = access::inside(&state, me.id, path_id(&id, "Project")?).await?;
    let latest = PageRequest::first(5);
    let updates = store::updates(&mut *state.db.conn().await?, project.id, &latest).await?;
    let updates: Vec<(String, String, String)> = updates
        .into_iter()
        .take(5)
        .map(|u| {
            let date = chrono::DateTime::from_timestamp_millis(u.created_at).unwrap_or_default().format("%-d %B %Y");
            (u.title.clone().unwrap_or_default(), date.to_string(), u.content)
        })
        .collect();
    let owner = project.owner_name();
    let looking_for = project.looking_for_list();
    let generated_on = chrono::DateTime::from_timestamp_millis(state.clock.now_ms())
        .unwrap_or_default()
        .format("%-d %B %Y")
        .to_string();
    let summary = pdf::Summary {
        title: project.title.clone(),
        owner,
        category: project.category.clone(),
        phase: project.phase.clone(),
        phase_progress: rules::phase_progress(&project.phase),
        description: project.description.clone(),
        looking_for,
        supporters: project.supporter_count,
        collaborators: project.collaborator_count,
        tasks_done: project.completed_task_count,
        tasks_total: project.task_count,
        updates,
        generated_on,
    };
    // Shaping text and subsetting fonts is CPU work: in the line of such work, off the threads that serve requests.
    static PDFS: std::sync::LazyLock<crate::cpu_line::CpuLine> =
        std::sync::LazyLock::new(|| crate::cpu_line::CpuLine::per_core(std::time::Duration::from_secs(3)));
    let bytes = PDFS.run(move || pdf::render(&summary)).await?;
    let (plain, encoded) = pdf_file_name(&project.title);
    let disposition = format!("attachment; filename=\"{plain}\"; filename*=UTF-8''{encoded}");
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}
