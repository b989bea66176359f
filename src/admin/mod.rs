//! Administrator calls (`isAdmin`, granted only by `grow admin grant`). More join with moderation.

use axum::{
    extract::{Path, State},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    auth::{session_cache::SessionUser, CurrentUser},
    error::{AppError, AppResult, ErrorBody},
    state::AppState,
};

const TAG: &str = "admin";

/// Administrators only (403 for everyone else).
pub fn require_admin(user: &SessionUser) -> AppResult<()> {
    if user.is_admin == 0 {
        return Err(AppError::Forbidden("Administrators only".into()));
    }
    Ok(())
}

#[derive(Serialize, ToSchema)]
pub struct JobRun {
    pub name: String,
    /// What the round did.
    pub report: String,
}

/// Runs one round of a background job now, in this server (so its live frames reach open apps):
/// what `grow jobs run NAME` does from a shell.
#[utoipa::path(post, path = "/api/admin/jobs/{name}/run", tag = TAG, params(("name" = String, Path)),
    responses((status = 200, body = JobRun), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
pub async fn run_job(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(name): Path<String>,
) -> AppResult<Json<JobRun>> {
    require_admin(&user)?;
    if !crate::jobs::NAMES.contains(&name.as_str()) {
        return Err(AppError::NotFound("Job"));
    }
    let report = crate::jobs::run_once(&name, &state).await?;
    Ok(Json(JobRun { name, report }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(run_job))
}
