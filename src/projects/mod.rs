//! Projects (spec 001 §2.3-§2.5, §3-§7; spec 000 join screen; API.md roles, feed, coins): the
//! owner's project with its tasks, updates, feedback and collaborators, the feed of published
//! projects, supporting, joining and asking to collaborate, and the PDF summary.
//!
//! Who may do what is decided here, once, by [`access`]: a project that is neither published nor
//! the caller's (as owner or collaborator) does not exist for them (404); one they can see but do
//! not own refuses owner-only changes (403).

pub mod announce;
pub mod cards;
mod members;
pub mod model;
pub mod pdf;
mod posts;
pub mod public;
mod routes;
pub mod rules;
pub mod store;
mod tasks;

pub(crate) use routes::delete_in;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{AppError, AppResult},
    state::AppState,
};
pub(crate) use announce::announce;
use model::ProjectRow;

pub use members::{add_member, request_collaboration_in};

pub mod access {
    use super::*;
    use crate::safety::reach::{reach, Reachable};

    /// The project as the caller may see it, or 404.
    pub async fn visible(state: &AppState, me: i64, id: i64) -> AppResult<ProjectRow> {
        match store::find(&mut *state.db.conn().await?, me, id).await? {
            Some(project) if project.visible() => Ok(project),
            _ => Err(AppError::NotFound("Project")),
        }
    }

    /// The project when the caller may see its inner parts (tasks, updates, feedback, the team, the PDF): anyone for
    /// an open project, its members alone for a protected one (API.md "Safety"; its card stays public). 404 when
    /// they cannot see it at all, 403 for a signed-in non-member of a protected project.
    pub async fn inside(state: &AppState, me: i64, id: i64) -> AppResult<ProjectRow> {
        let project = visible(state, me, id).await?;
        if project.is_protected == 1 && !project.is_member() {
            return Err(AppError::Forbidden(PROTECTED.into()));
        }
        Ok(project)
    }

    /// What a non-member hears of a protected project's inner parts.
    pub const PROTECTED: &str =
        "This project is protected: its tasks, updates, feedback and team are for its members. Ask to join to see them.";

    /// The project if the caller owns it: 404 when they cannot see it, 403 when it is someone else's.
    pub async fn owned(state: &AppState, me: i64, id: i64) -> AppResult<ProjectRow> {
        let project = visible(state, me, id).await?;
        if !project.is_owner() {
            return Err(AppError::Forbidden("Only the project's owner can do this".into()));
        }
        Ok(project)
    }

    /// The project if the caller owns it or works on it as a collaborator (a viewer only follows it).
    pub async fn worker(state: &AppState, me: i64, id: i64) -> AppResult<ProjectRow> {
        let project = visible(state, me, id).await?;
        if !project.is_worker() {
            return Err(AppError::Forbidden("Only the project's owner and collaborators can do this".into()));
        }
        Ok(project)
    }

    /// The project with its owner as the caller may reach them ([`crate::safety::reach`]): how
    /// joining, asking to collaborate and pledging get the person they reach. 404 when the caller
    /// cannot see it, 403 when a block stands between the caller and the owner.
    pub async fn with_owner(state: &AppState, me: i64, id: i64) -> AppResult<(ProjectRow, Reachable)> {
        let project = visible(state, me, id).await?;
        let owner = reach(&mut *state.db.conn().await?, me, project.owner_id).await?;
        Ok((project, owner))
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::create))
        .routes(routes!(routes::collaborating))
        .routes(routes!(routes::supported))
        .routes(routes!(routes::get_one, routes::edit, routes::delete))
        .routes(routes!(routes::support))
        .routes(routes!(routes::download_pdf))
        .routes(routes!(tasks::list, tasks::create))
        .routes(routes!(tasks::complete))
        .routes(routes!(tasks::assign))
        .routes(routes!(tasks::edit, tasks::delete))
        // An update or a comment may carry its picture as a data URL (spec 001 §3): a 10 MB image, in base64.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(posts::updates, posts::post_update))
                .routes(routes!(posts::feedback, posts::post_feedback))
                .layer(axum::extract::DefaultBodyLimit::max(crate::files::upload::MAX_FILE_BYTES / 3 * 4 + 64 * 1024)),
        )
        .routes(routes!(members::collaborators, members::add_collaborator))
        .routes(routes!(members::remove_collaborator))
        .routes(routes!(members::join))
        .routes(routes!(members::request_collaboration))
        .routes(routes!(public::card))
}
