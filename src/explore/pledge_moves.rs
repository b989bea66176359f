//! A pledge moves (API.md "Money"): the project's owner accepts a pending pledge (`active`) or
//! declines it (`declined`), and marks an active one `completed` once the rest has arrived. Each
//! move is one conditional `UPDATE … WHERE status = <from>`, so of two decisions at once (on any
//! instance, on PostgreSQL too) exactly one happens; the investor is told (notification centre, live
//! badge, push) and their portfolio and the owner's other tabs refresh live.

use axum::{
    extract::{Path, State},
    Json,
};

use super::{pledge_book, pledges::pounds, store};
use crate::{
    auth::{session_cache::SessionUser, CurrentUser},
    db::Conn,
    error::{AppError, AppResult, ErrorBody},
    extract::path_id,
    notifications::{self, Kind, NewNotification},
    state::AppState,
};

const TAG: &str = "explore";

/// The three decisions an owner takes on a pledge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Move {
    Accept,
    Decline,
    Complete,
}

impl Move {
    /// The only status the move starts from.
    fn from(self) -> &'static str {
        match self {
            Move::Accept | Move::Decline => "pending",
            Move::Complete => "active",
        }
    }

    fn to(self) -> &'static str {
        match self {
            Move::Accept => "active",
            Move::Decline => "declined",
            Move::Complete => "completed",
        }
    }

    /// What the owner does, as a refusal names it.
    fn act(self) -> &'static str {
        match self {
            Move::Accept => "accept a pledge",
            Move::Decline => "decline a pledge",
            Move::Complete => "mark a pledge completed",
        }
    }

    /// Why a pledge in `status` cannot make this move.
    fn wrong_status(self, status: &str) -> String {
        match self {
            Move::Accept => format!("Only a pending pledge can be accepted: this one is {status}"),
            Move::Decline => format!("Only a pending pledge can be declined: this one is {status}"),
            Move::Complete => format!("Only an active pledge can be marked completed: this one is {status}"),
        }
    }

    fn title(self) -> &'static str {
        match self {
            Move::Accept => "Pledge accepted",
            Move::Decline => "Pledge declined",
            Move::Complete => "Investment completed",
        }
    }

    /// What the investor reads: "Amara Okafor accepted your £1,000.00 pledge to Ledgerly".
    fn told(self, owner: &str, amount: i64, project: &str) -> String {
        let amount = pounds(amount);
        match self {
            Move::Accept => format!("{owner} accepted your {amount} pledge to {project}"),
            Move::Decline => format!("{owner} declined your {amount} pledge to {project}"),
            Move::Complete => format!("{owner} marked your {amount} pledge to {project} as completed"),
        }
    }
}

/// Why `me` could not make `step` on pledge `id`: 404 when there is no such pledge or it is neither
/// theirs nor to their project (a stranger learns nothing), 403 for its investor, else 400 naming
/// the status it is in.
async fn refusal(conn: &mut Conn, me: i64, id: i64, step: Move) -> AppError {
    let found = store::pledge_parties(conn, id).await;
    match found {
        Err(error) => error.into(),
        Ok(None) => AppError::NotFound("Pledge"),
        Ok(Some((_, investor, owner))) if owner != me && investor != me => AppError::NotFound("Pledge"),
        Ok(Some((_, _, owner))) if owner != me => {
            AppError::Forbidden(format!("Only the project's owner can {}", step.act()))
        }
        Ok(Some((status, _, _))) => AppError::BadRequest(step.wrong_status(&status)),
    }
}

async fn make(
    state: &AppState,
    me: &SessionUser,
    raw: &str,
    step: Move,
) -> AppResult<Json<pledge_book::ProjectPledge>> {
    let id = path_id(raw, "Pledge")?;
    let mut tx = state.db.begin().await?;
    // One statement decides: under READ COMMITTED a second decision waits for the first, then
    // finds the status changed and moves nothing.
    let moved = store::move_pledge(&mut tx, id, step.from(), step.to(), me.id, state.clock.now_ms()).await?;
    let Some(project_id) = moved else {
        return Err(refusal(&mut tx, me.id, id, step).await);
    };
    let project_title =
        crate::projects::store::text_of(&mut tx, project_id).await?.map(|(title, ..)| title).unwrap_or_default();
    let row = store::book_entry(&mut tx, id).await?;
    let owner = format!("{} {}", me.first_name, me.last_name);
    notifications::notify(
        &mut tx,
        &NewNotification {
            user_id: row.investor_id,
            actor: Some(me.id),
            kind: Kind::ProjectSupport,
            title: step.title(),
            message: &step.told(&owner, row.amount, &project_title),
            // The portfolio, where the pledge now sits under its tab (a `projectId` would open the project).
            data: serde_json::json!({ "pledgeId": id, "status": step.to(), "url": "/create" }),
            once_key: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Json(row.to_wire()))
}

#[utoipa::path(post, path = "/api/pledges/{id}/accept", tag = TAG, operation_id = "acceptPledge", params(("id" = String, Path)),
    responses((status = 200, body = pledge_book::ProjectPledge, description = "Accepted: the pledge is now active and its investor told"),
              (status = 400, body = ErrorBody, description = "The pledge is not pending"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the owner of the pledge's project"),
              (status = 404, body = ErrorBody)))]
pub async fn accept(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<pledge_book::ProjectPledge>> {
    make(&state, &me, &id, Move::Accept).await
}

#[utoipa::path(post, path = "/api/pledges/{id}/decline", tag = TAG, operation_id = "declinePledge", params(("id" = String, Path)),
    responses((status = 200, body = pledge_book::ProjectPledge, description = "Declined, and its investor told"),
              (status = 400, body = ErrorBody, description = "The pledge is not pending"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the owner of the pledge's project"),
              (status = 404, body = ErrorBody)))]
pub async fn decline(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<pledge_book::ProjectPledge>> {
    make(&state, &me, &id, Move::Decline).await
}

#[utoipa::path(post, path = "/api/pledges/{id}/complete", tag = TAG, operation_id = "completePledge", params(("id" = String, Path)),
    responses((status = 200, body = pledge_book::ProjectPledge, description = "Completed (the rest has arrived), and its investor told"),
              (status = 400, body = ErrorBody, description = "The pledge is not active"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the owner of the pledge's project"),
              (status = 404, body = ErrorBody)))]
pub async fn complete(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<pledge_book::ProjectPledge>> {
    make(&state, &me, &id, Move::Complete).await
}

#[cfg(test)]
mod tests {
    use super::Move;

    #[test]
    fn each_move_starts_from_one_status_and_names_it_when_refused() {
        assert_eq!((Move::Accept.from(), Move::Accept.to()), ("pending", "active"));
        assert_eq!((Move::Decline.from(), Move::Decline.to()), ("pending", "declined"));
        assert_eq!((Move::Complete.from(), Move::Complete.to()), ("active", "completed"));
        assert_eq!(
            Move::Complete.wrong_status("pending"),
            "Only an active pledge can be marked completed: this one is pending"
        );
    }

    #[test]
    fn the_investor_reads_who_did_what_to_which_pledge() {
        assert_eq!(
            Move::Accept.told("Amara Okafor", 100_000, "Ledgerly"),
            "Amara Okafor accepted your £1,000.00 pledge to Ledgerly"
        );
        assert_eq!(
            Move::Complete.told("Amara Okafor", 25_050, "Ledgerly"),
            "Amara Okafor marked your £250.50 pledge to Ledgerly as completed"
        );
    }
}
