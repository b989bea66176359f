//! Reports and moderation (API.md "Safety"): anyone signed in reports a person, a project, a message
//! or a feedback item they can see; administrators read the open reports with the content in
//! context and dismiss them, remove the content everywhere it shows, or suspend the person behind it.

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::events::Emit;
use crate::{
    accounts::store as accounts_store,
    admin::require_admin,
    auth::CurrentUser,
    chat,
    connections::model::ProfileCard,
    db::{
        page::{Page, PageParams, PageRequest},
        Conn, Tx,
    },
    error::{AppError, AppResult, ErrorBody},
    events::DomainEvent,
    extract::ApiJson,
    projects,
    safety::store::{self, ReportRow},
    state::AppState,
    time::rfc3339,
};

const TAG: &str = "safety";
pub const REASON_MAX: usize = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TargetType {
    User,
    Project,
    Message,
    Feedback,
}

impl TargetType {
    fn as_str(self) -> &'static str {
        match self {
            TargetType::User => "user",
            TargetType::Project => "project",
            TargetType::Message => "message",
            TargetType::Feedback => "feedback",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "project" => TargetType::Project,
            "message" => TargetType::Message,
            "feedback" => TargetType::Feedback,
            _ => TargetType::User,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewReport {
    pub target_type: TargetType,
    pub target_id: i64,
    /// What is wrong, 1-1000 characters.
    pub reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReportStatus {
    Open,
    Dismissed,
    Removed,
    Suspended,
}

impl ReportStatus {
    fn parse(text: &str) -> Self {
        match text {
            "dismissed" => ReportStatus::Dismissed,
            "removed" => ReportStatus::Removed,
            "suspended" => ReportStatus::Suspended,
            _ => ReportStatus::Open,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub id: i64,
    pub target_type: TargetType,
    pub target_id: i64,
    pub reason: String,
    pub status: ReportStatus,
    pub created_at: String,
}

/// A message around a reported one, as the administrator reads it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContextMessage {
    pub id: i64,
    pub sender_name: String,
    pub content: String,
    pub created_at: String,
    /// The reported message itself.
    pub is_reported: bool,
}

/// What was reported, read now (it may have been changed or removed since).
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct ReportedContent {
    /// False when the content is gone (removed, deleted by its author, or its account deleted).
    pub exists: bool,
    /// A person's name, a project's title, where a message was sent, or the project feedback is on.
    pub title: Option<String>,
    pub text: Option<String>,
    pub image_url: Option<String>,
    pub project_id: Option<i64>,
    /// For a message: up to three messages either side of it, in sending order.
    pub context: Vec<ContextMessage>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReport {
    pub id: i64,
    pub target_type: TargetType,
    pub target_id: i64,
    pub reason: String,
    pub status: ReportStatus,
    pub created_at: String,
    /// Who reported it (null once their account is gone).
    pub reporter: Option<ProfileCard>,
    /// The person behind the content: the one suspending would suspend (null once gone).
    pub subject: Option<ProfileCard>,
    /// True when that person deleted their account: the report stays, `subject` is null and a
    /// reported person's content is titled "Deleted account".
    pub subject_deleted: bool,
    pub content: ReportedContent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Dismiss,
    Remove,
    Suspend,
}

#[derive(Deserialize, ToSchema)]
pub struct ResolveReport {
    pub action: Action,
}

impl ReportRow {
    fn to_wire(&self) -> Report {
        Report {
            id: self.id,
            target_type: TargetType::parse(&self.target_type),
            target_id: self.target_id,
            reason: self.reason.clone(),
            status: ReportStatus::parse(&self.status),
            created_at: rfc3339(self.created_at),
        }
    }
}

/// The person behind what is reported, once the reporter is shown to be able to see it.
async fn subject_of(state: &AppState, me: i64, target: TargetType, id: i64) -> AppResult<i64> {
    let (subject, own) = match target {
        TargetType::User => {
            if id == me {
                return Err(AppError::bad_request("You cannot report yourself"));
            }
            accounts_store::find_by_id(&mut *state.db.conn().await?, id).await?.ok_or(AppError::NotFound("User"))?;
            (id, "")
        }
        TargetType::Project => (projects::access::visible(state, me, id).await?.owner_id, "project"),
        TargetType::Message => (chat::readable(state, me, id).await?.sender_id, "message"),
        TargetType::Feedback => {
            let item = projects::store::feedback_item(&mut *state.db.conn().await?, id)
                .await?
                .ok_or(AppError::NotFound("Feedback"))?;
            projects::access::visible(state, me, item.project_id).await.map_err(|_| AppError::NotFound("Feedback"))?;
            (item.author_id, "feedback")
        }
    };
    if subject == me {
        return Err(AppError::bad_request(format!("You cannot report your own {own}")));
    }
    Ok(subject)
}

#[utoipa::path(post, path = "/api/reports", tag = TAG, operation_id = "createReport", request_body = NewReport,
    responses((status = 201, body = Report, description = "Reported (reporting the same thing again while it is open changes nothing)"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such thing the caller can see"),
              (status = 429, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<NewReport>,
) -> AppResult<(StatusCode, Json<Report>)> {
    let reason = body.reason.trim();
    if reason.is_empty() {
        return Err(AppError::bad_request("Please say what is wrong"));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(AppError::bad_request(format!("reason must be at most {REASON_MAX} characters")));
    }
    let subject = subject_of(&state, me.id, body.target_type, body.target_id).await?;
    let mut tx = state.db.begin().await?;
    let kind = body.target_type.as_str();
    if let Some(row) = store::open_report(&mut tx, me.id, kind, body.target_id).await? {
        return Ok((StatusCode::CREATED, Json(row.to_wire())));
    }
    // Two identical reports at once: the one-open-report index keeps one; the other reads it back.
    let new =
        store::NewReport { reporter: me.id, kind, target: body.target_id, subject, reason, now: state.clock.now_ms() };
    let row = match store::insert_report(&mut tx, &new).await? {
        Some(row) => row,
        None => store::open_report(&mut tx, me.id, kind, body.target_id).await?.ok_or(AppError::NotFound("Report"))?,
    };
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(row.to_wire())))
}

async fn card(conn: &mut Conn, id: Option<i64>) -> AppResult<Option<ProfileCard>> {
    let Some(id) = id else { return Ok(None) };
    Ok(accounts_store::find_by_id(conn, id).await?.map(|u| ProfileCard {
        id: u.id,
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        role: u.role(),
        bio: u.bio.clone(),
        profile_image_url: u.profile_image_url.clone(),
    }))
}

/// The reported content as it is now.
async fn content_of(conn: &mut Conn, target: TargetType, id: i64) -> AppResult<ReportedContent> {
    let gone = ReportedContent::default();
    Ok(match target {
        TargetType::User => match accounts_store::find_by_id(conn, id).await? {
            Some(u) => ReportedContent {
                exists: true,
                title: Some(format!("{} {}", u.first_name, u.last_name)),
                text: u.bio.clone(),
                image_url: u.profile_image_url.clone(),
                ..gone
            },
            None => gone,
        },
        TargetType::Project => match projects::store::text_of(conn, id).await? {
            Some((title, description, images)) => ReportedContent {
                exists: true,
                title: Some(title),
                text: Some(description),
                image_url: serde_json::from_str::<Vec<String>>(&images).unwrap_or_default().into_iter().next(),
                project_id: Some(id),
                context: Vec::new(),
            },
            None => gone,
        },
        TargetType::Message => match chat::store::message(conn, id).await? {
            Some(m) => {
                let title = match (m.project_id, m.room.as_deref()) {
                    (Some(_), _) => "Project chat".to_string(),
                    (None, Some(room)) => {
                        chat::ROOMS.iter().find(|r| r.0 == room).map_or("Community room", |r| r.1).to_string()
                    }
                    (None, None) => "Direct message".to_string(),
                };
                let context = chat::store::around(conn, m.conversation_id, m.id, 3)
                    .await?
                    .into_iter()
                    .map(|c| ContextMessage {
                        id: c.id,
                        sender_name: format!("{} {}", c.sender_first_name, c.sender_last_name),
                        content: match (&c.attachment_name, c.content.is_empty()) {
                            (Some(name), true) => format!("[{name}]"),
                            _ => c.content.clone(),
                        },
                        created_at: rfc3339(c.created_at),
                        is_reported: c.id == m.id,
                    })
                    .collect();
                ReportedContent {
                    exists: true,
                    title: Some(title),
                    text: Some(m.content.clone()),
                    image_url: m.attachment_url.clone().filter(|_| m.attachment_type.as_deref() == Some("image")),
                    project_id: m.project_id,
                    context,
                }
            }
            None => gone,
        },
        TargetType::Feedback => match projects::store::feedback_item(conn, id).await? {
            Some(item) => ReportedContent {
                exists: true,
                title: projects::store::text_of(conn, item.project_id).await?.map(|(title, ..)| title),
                text: Some(item.content.clone()),
                image_url: item.image_url.clone(),
                project_id: Some(item.project_id),
                context: Vec::new(),
            },
            None => gone,
        },
    })
}

/// How a deleted account is named to administrators.
pub const DELETED_ACCOUNT: &str = "Deleted account";

async fn for_admin(conn: &mut Conn, row: &ReportRow) -> AppResult<AdminReport> {
    let target_type = TargetType::parse(&row.target_type);
    // Every report names its subject when made; only deleting that account empties it.
    let subject_deleted = row.subject_id.is_none();
    let mut content = content_of(conn, target_type, row.target_id).await?;
    if subject_deleted && target_type == TargetType::User && !content.exists {
        content.title = Some(DELETED_ACCOUNT.into());
    }
    Ok(AdminReport {
        id: row.id,
        target_type,
        target_id: row.target_id,
        reason: row.reason.clone(),
        status: ReportStatus::parse(&row.status),
        created_at: rfc3339(row.created_at),
        reporter: card(conn, row.reporter_id).await?,
        subject: card(conn, row.subject_id).await?,
        subject_deleted,
        content,
    })
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportFilter {
    /// `open` (the default) or `all`.
    status: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/reports", tag = TAG, operation_id = "listReports", params(ReportFilter, PageParams),
    responses((status = 200, body = [AdminReport], description = "Newest first, with the reported content as it is now"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Query(filter): Query<ReportFilter>,
    page: PageRequest,
) -> AppResult<Page<AdminReport>> {
    require_admin(&me)?;
    let open_only = match filter.status.as_deref() {
        None | Some("open") => true,
        Some("all") => false,
        Some(_) => return Err(AppError::bad_request("status must be open or all")),
    };
    let mut conn = state.db.conn().await?;
    let rows = store::reports_page(&mut conn, open_only, &page).await?;
    let page = page.finish(rows, |r| (r.created_at, r.id));
    let mut items = Vec::with_capacity(page.items.len());
    for row in &page.items {
        items.push(for_admin(&mut conn, row).await?);
    }
    Ok(Page { items, next: page.next })
}

/// Removes reported content for everyone; the files it named, for removal after commit.
async fn remove_content(state: &AppState, tx: &mut Tx, target: TargetType, id: i64) -> AppResult<Vec<String>> {
    match target {
        TargetType::User => Err(AppError::bad_request("A person cannot be removed: suspend them instead")),
        TargetType::Project => {
            if let Some(owner) = projects::store::owner_if_any(tx, id).await? {
                projects::delete_in(state, tx, id, owner).await?;
            }
            Ok(Vec::new())
        }
        TargetType::Message => Ok(chat::remove_in(tx, id).await?.flatten().into_iter().collect()),
        TargetType::Feedback => {
            let Some(item) = projects::store::feedback_item(tx, id).await? else { return Ok(Vec::new()) };
            let images = projects::store::delete_feedback(tx, id).await?;
            projects::announce(tx, item.project_id, &[]).await?;
            Ok(images)
        }
    }
}

/// Suspends an account: no session survives it (on any instance) and no login is let in.
pub async fn suspend_in(tx: &mut Tx, user: i64, now: i64) -> AppResult<()> {
    // A suspended owner's projects leave the deck and the feed.
    tx.emit(crate::events::DomainEvent::CardsChanged);
    accounts_store::suspend(tx, user, now).await?;
    crate::auth::session::revoke_all(tx, user).await?;
    Ok(())
}

#[utoipa::path(post, path = "/api/admin/reports/{id}/resolve", tag = TAG, operation_id = "resolveReport", params(("id" = String, Path)), request_body = ResolveReport,
    responses((status = 200, body = AdminReport, description = "Resolved, with every other open report on the same thing"),
              (status = 400, body = ErrorBody, description = "Already resolved, removing a person, or nobody to suspend"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not an administrator, a report about oneself, or suspending an administrator"),
              (status = 404, body = ErrorBody)))]
pub async fn resolve(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ResolveReport>,
) -> AppResult<Json<AdminReport>> {
    require_admin(&me)?;
    let id = crate::extract::path_id(&id, "Report")?;
    let now = state.clock.now_ms();
    let status = match body.action {
        Action::Dismiss => "dismissed",
        Action::Remove => "removed",
        Action::Suspend => "suspended",
    };
    let mut tx = state.db.begin().await?;
    // Claimed first, in one statement: of two administrators acting at once, one acts.
    let Some(report) = store::claim(&mut tx, id, status, now, me.id).await? else {
        return Err(match store::report_exists(&mut tx, id).await? {
            true => AppError::bad_request("This report has already been resolved"),
            false => AppError::NotFound("Report"),
        });
    };
    // No administrator judges a report about themselves (nor dismisses it).
    if report.subject_id == Some(me.id) {
        return Err(AppError::Forbidden("You cannot act on a report about yourself".into()));
    }
    let target = TargetType::parse(&report.target_type);
    let mut suspended = None;
    match body.action {
        Action::Dismiss => {}
        Action::Remove => {
            let files = remove_content(&state, &mut tx, target, report.target_id).await?;
            crate::files::owners::remove_unused_after_commit(&mut tx, files);
        }
        Action::Suspend => {
            let subject =
                report.subject_id.ok_or_else(|| AppError::bad_request("Nobody to suspend: the account is gone"))?;
            // An administrator is suspended only from the command line (`grow admin revoke`, then suspend).
            if accounts_store::is_admin(&mut tx, subject).await? {
                return Err(AppError::Forbidden(
                    "An administrator cannot be suspended here: revoke their admin rights from the command line first"
                        .into(),
                ));
            }
            suspend_in(&mut tx, subject, now).await?;
            suspended = Some(subject);
        }
    }
    // The same judgement settles everyone's open reports on the same thing.
    store::settle_alike(&mut tx, &report, status, now, me.id).await?;
    if let Some(user_id) = suspended {
        tx.emit(DomainEvent::SignedOut { user_id });
    }
    tx.commit().await?;
    let answer = for_admin(&mut *state.db.conn().await?, &report).await?;
    Ok(Json(answer))
}
