//! The email digest (API.md "Your account"): each person with a verified address and the digest on hears by mail
//! what they left unread, at most once a day (daily) or a week (weekly), each notification at most once. The claim
//! that a person's digest is due is one conditional `UPDATE`, so of several instances (and after a restart) one
//! mails it; the notifications it carries are marked mailed in the same transaction.

use std::time::Duration;

use axum::{
    extract::{Query, State},
    Json,
};
use serde::Deserialize;
use utoipa::IntoParams;

use super::store::digest as store;
use crate::{
    accounts::model::MessageResponse,
    error::{AppError, AppResult, ErrorBody},
    mail::{Kind as MailKind, Mail},
    state::AppState,
    time::DAY_MS,
};

pub const NAME: &str = "digest";
pub const PERIOD: Duration = Duration::from_secs(60 * 60);
/// Lines a digest lists; the rest are counted.
const ITEMS: usize = 10;
/// People mailed in one round; the rest in the next.
const BATCH: i64 = 500;

/// One round: mails every person whose digest is due; what it did.
pub async fn run_once(state: &AppState) -> anyhow::Result<String> {
    let now = state.clock.now_ms();
    let left_since = now - i64::try_from(state.config.digest_after.as_millis()).unwrap_or(i64::MAX);
    let due = store::due(&mut *state.db.conn().await?, left_since, BATCH).await?;
    let unsubscribe_base = format!("{}/api/mail/unsubscribe?token=", state.public_url);
    let mut mailed = 0;
    for store::Due { user_id, email, first_name, every, sent_at } in due {
        let every = if every == "daily" { DAY_MS } else { 7 * DAY_MS };
        if sent_at.is_some_and(|at| at + every > now) {
            continue;
        }
        let mut tx = state.db.begin().await?;
        if !store::claim(&mut tx, user_id, now, every).await? {
            continue;
        }
        let mut items = store::take_unmailed(&mut tx, user_id, now, left_since).await?;
        tx.commit().await?;
        if items.is_empty() {
            continue;
        }
        items.sort_by_key(|(id, _, _)| std::cmp::Reverse(*id));
        let token = state.login_limiter.signed("unsubscribe", user_id).await?;
        let mut mail = Mail::new(MailKind::Digest, user_id, &email, &first_name, format!("{}/", state.public_url));
        mail.more = items.len().saturating_sub(ITEMS);
        mail.items = items.into_iter().take(ITEMS).map(|(_, title, message)| format!("{title}: {message}")).collect();
        mail.unsubscribe = Some(format!("{unsubscribe_base}{token}"));
        state.mailer.send(mail);
        mailed += 1;
    }
    Ok(format!("mailed {mailed} digests"))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Unsubscribe {
    /// The signed token of the digest's link.
    token: Option<String>,
}

#[utoipa::path(post, path = "/api/mail/unsubscribe", tag = "notifications", operation_id = "unsubscribeDigest", params(Unsubscribe),
    responses((status = 200, body = MessageResponse, description = "The digest is off for the person the token names"),
              (status = 400, body = ErrorBody, description = "No token, or one this server did not make")))]
pub async fn unsubscribe(
    State(state): State<AppState>,
    Query(query): Query<Unsubscribe>,
) -> AppResult<Json<MessageResponse>> {
    // RFC 8058: a mail app posts `List-Unsubscribe=One-Click` here, with no session; the token alone names who.
    let token = query.token.unwrap_or_default();
    let invalid = || AppError::bad_request("This unsubscribe link is not valid.");
    if token.len() > 200 {
        return Err(invalid());
    }
    let user_id = state.login_limiter.person_signed("unsubscribe", &token).await?.ok_or_else(invalid)?;
    let mut tx = state.db.begin().await?;
    store::turn_off(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Json(MessageResponse::new("You're unsubscribed: Grow will not mail you a digest any more.")))
}
