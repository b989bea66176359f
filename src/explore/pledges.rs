//! Investors' pledges (spec 001 §2.6, §5; API.md money): integer pence, at least £100, a message,
//! 10 % upfront rounded half up to the penny; the owner is told. The owner's list and decisions are
//! in `pledge_book` and `pledge_moves`.

use axum::{
    extract::{Path, State},
    http::StatusCode,
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, PledgeRow};
use crate::{
    accounts::rules::Role,
    auth::CurrentUser,
    db::page::{Page, PageRequest},
    error::{AppError, AppResult, ErrorBody},
    extract::ApiJson,
    notifications::{self, Kind, NewNotification},
    projects::access,
    state::AppState,
    time::rfc3339,
};

const TAG: &str = "explore";
/// Spec 001 §9: £100, in pence.
pub const MINIMUM_PLEDGE: i64 = 10_000;
/// A ceiling far above any real pledge, so sums can never overflow (£10 million).
pub const MAXIMUM_PLEDGE: i64 = 1_000_000_000;

/// 10 % of `amount` pence, rounded half up to the penny.
pub fn upfront(amount: i64) -> i64 {
    (amount + 5) / 10
}

/// Pence as a person reads pounds in a notification: 100000 → "£1,000.00".
pub(super) fn pounds(pence: i64) -> String {
    let whole = (pence / 100).unsigned_abs().to_string();
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if pence < 0 { "-" } else { "" };
    format!("{sign}£{grouped}.{:02}", (pence % 100).unsigned_abs())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PledgeRequest {
    /// Pence, at least 10000 (£100).
    #[schema(minimum = 10000)]
    pub amount: i64,
    pub message: String,
}

impl PledgeRow {
    fn to_wire(&self) -> Pledge {
        Pledge {
            id: self.id,
            project_id: self.project_id,
            project_title: self.project_title.clone(),
            investor_id: self.investor_id,
            amount: self.amount,
            upfront_amount: self.upfront_amount,
            message: self.message.clone(),
            status: self.status.clone(),
            created_at: rfc3339(self.created_at),
            updated_at: rfc3339(self.updated_at),
        }
    }
}

/// A pledge (spec 001 §3); amounts in pence.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pledge {
    pub id: i64,
    pub project_id: i64,
    pub project_title: String,
    pub investor_id: i64,
    pub amount: i64,
    pub upfront_amount: i64,
    pub message: String,
    /// `pending` until the owner decides; then `active` (accepted) or `declined`; an active pledge
    /// becomes `completed` once the rest has arrived.
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PledgeResponse {
    pub pledge: Pledge,
    /// Pence due now (10 %); the rest is held in escrow.
    pub upfront_payment_required: i64,
    pub message: String,
}

#[utoipa::path(post, path = "/api/projects/{id}/pledge", tag = TAG, params(("id" = String, Path)), request_body = PledgeRequest,
    responses((status = 201, body = PledgeResponse), (status = 400, body = ErrorBody, description = "Under £100, not whole pence, no message, one's own project"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Only investors pledge; not across a block with the owner"),
              (status = 404, body = ErrorBody)))]
pub async fn pledge(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PledgeRequest>,
) -> AppResult<(StatusCode, Json<PledgeResponse>)> {
    if me.role() != Role::Investor {
        return Err(AppError::Forbidden("Only investors can make investment pledges".into()));
    }
    let (project, owner) = access::with_owner(&state, me.id, crate::extract::path_id(&id, "Project")?).await?;
    if owner.id() == me.id {
        return Err(AppError::bad_request("You cannot pledge to your own project"));
    }
    if body.amount < MINIMUM_PLEDGE {
        return Err(AppError::bad_request("amount must be at least 10000 pence (£100)"));
    }
    if body.amount > MAXIMUM_PLEDGE {
        return Err(AppError::bad_request("amount must be at most 1000000000 pence (£10,000,000)"));
    }
    let message = body.message.trim();
    if message.is_empty() {
        return Err(AppError::bad_request("Message is required to complete your investment pledge"));
    }
    if message.chars().count() > 1_000 {
        return Err(AppError::bad_request("message must be at most 1000 characters"));
    }
    let now = state.clock.now_ms();
    let upfront = upfront(body.amount);
    let mut tx = state.db.begin().await?;
    let new = store::NewPledge {
        project: project.id,
        owner: owner.id(),
        investor: me.id,
        amount: body.amount,
        upfront,
        message,
        now,
    };
    let row = store::insert_pledge(&mut tx, &new).await?;
    let pledge_id = row.id;
    let text = format!("{} {} pledged {} to {}", me.first_name, me.last_name, pounds(body.amount), project.title);
    notifications::notify(&mut tx,
        &NewNotification {
            user_id: owner.id(),
            actor: Some(me.id),
            kind: Kind::ProjectSupport,
            title: "New investment pledge",
            message: &text,
            data: serde_json::json!({ "projectId": project.id, "pledgeId": pledge_id, "url": format!("/project/{}", project.id) }),
            once_key: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(PledgeResponse {
            pledge: row.to_wire(),
            upfront_payment_required: upfront,
            message: "Pledge Created!".into(),
        }),
    ))
}

#[utoipa::path(get, path = "/api/investments", tag = TAG,
    params(crate::db::page::PageParams),
    responses((status = 200, body = [Pledge], description = "The caller's pledges, newest first"), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody)))]
pub async fn investments(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    page: PageRequest,
) -> AppResult<Page<Pledge>> {
    let rows = store::portfolio(&mut *state.db.conn().await?, me.id, &page).await?;
    Ok(page.finish(rows, |g| (g.created_at, g.id)).map(|g| g.to_wire()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn upfront_is_ten_percent_rounded_half_up_to_the_penny() {
        assert_eq!(super::upfront(15_000), 1_500);
        assert_eq!(super::upfront(10_005), 1_001);
        assert_eq!(super::upfront(10_004), 1_000);
        assert_eq!(super::upfront(12_345), 1_235);
    }

    #[test]
    fn pounds_are_grouped_by_thousands_with_two_decimals() {
        assert_eq!(super::pounds(10_000), "£100.00");
        assert_eq!(super::pounds(100_000), "£1,000.00");
        assert_eq!(super::pounds(12_345_605), "£123,456.05");
        assert_eq!(super::pounds(1_000_000_000), "£10,000,000.00");
        assert_eq!(super::pounds(5), "£0.05");
    }
}
