//! The owner's book of a project's pledges (API.md "Money"): who pledged, how much, what they wrote
//! and where each pledge stands, for the project's owner only. An investor is named by id, name and
//! picture; their email never leaves the server.

use axum::extract::{Path, State};
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, ProjectPledgeRow};
use crate::{
    auth::CurrentUser,
    db::page::{Page, PageRequest},
    error::{AppResult, ErrorBody},
    projects::access,
    state::AppState,
    time::rfc3339,
};

const TAG: &str = "explore";

/// The investor behind a pledge, as the project's owner sees them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PledgeInvestor {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
}

/// A pledge to one of the caller's projects, with its investor; amounts in pence.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectPledge {
    pub id: i64,
    pub project_id: i64,
    pub investor_id: i64,
    pub investor: PledgeInvestor,
    pub amount: i64,
    /// 10 % of `amount`, rounded half up to the penny.
    pub upfront_amount: i64,
    pub message: String,
    /// `pending`, `active`, `declined` or `completed`.
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}

impl ProjectPledgeRow {
    pub(super) fn to_wire(&self) -> ProjectPledge {
        ProjectPledge {
            id: self.id,
            project_id: self.project_id,
            investor_id: self.investor_id,
            investor: PledgeInvestor {
                id: self.investor_id,
                first_name: self.first_name.clone(),
                last_name: self.last_name.clone(),
                profile_image_url: self.profile_image_url.clone(),
            },
            amount: self.amount,
            upfront_amount: self.upfront_amount,
            message: self.message.clone(),
            status: self.status.clone(),
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }
}

#[utoipa::path(get, path = "/api/projects/{id}/pledges", tag = TAG, operation_id = "listProjectPledges",
    params(("id" = String, Path), crate::db::page::PageParams),
    responses((status = 200, body = [ProjectPledge], description = "The project's pledges, newest first, with a `Link` to the next page"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the project's owner"),
              (status = 404, body = ErrorBody, description = "No such project, or one the caller cannot see")))]
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    page: PageRequest,
) -> AppResult<Page<ProjectPledge>> {
    let project = access::owned(&state, me.id, crate::extract::path_id(&id, "Project")?).await?;
    let rows = store::book(&mut *state.db.conn().await?, project.id, &page).await?;
    Ok(page.finish(rows, |g| (g.created_at, g.id)).map(|g| g.to_wire()))
}
