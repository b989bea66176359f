//! Your account (API.md "Your account"): the password changed while signed in, an email changed through a link
//! mailed to the new address, the address proved at sign-up, and which notifications reach the person.

use std::{collections::BTreeMap, time::Duration};

use axum::{extract::State, http::HeaderMap, http::StatusCode, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    model::{MessageResponse, User, UserRow},
    rules::{self, Email, Password},
    store::{self, settings as settings_store},
};
use crate::{
    auth::{
        password,
        rate_limit::{self, Try},
        session, token, CurrentUser,
    },
    error::{AppError, AppResult, ErrorBody},
    events::{DomainEvent, Emit},
    extract::{ApiJson, ClientAddr},
    mail::{Kind as MailKind, Mail},
    notifications::Kind,
    state::AppState,
};

const TAG: &str = "accounts";
const WRONG_PASSWORD: &str = "Your current password is not right.";
const CHANGE_SENT: &str =
    "Check the new address: the change takes effect when you open the link we sent there within 24 hours.";
const VERIFICATION_SENT: &str = "We sent you a new link. It works for 24 hours.";
const INVALID_LINK: &str = "This link is invalid or has expired. Please ask for a new one.";
/// Verification mails a person may get in an hour, the sign-up's included.
const VERIFICATION_MAILS_PER_HOUR: i64 = 3;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeEmailRequest {
    pub password: String,
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct VerifyEmailRequest {
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct VerifiedEmail {
    pub user: User,
}

/// Digest choices.
#[derive(Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Digest {
    Off,
    Daily,
    Weekly,
}

impl Digest {
    pub fn as_str(self) -> &'static str {
        match self {
            Digest::Off => "off",
            Digest::Daily => "daily",
            Digest::Weekly => "weekly",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "off" => Digest::Off,
            "daily" => Digest::Daily,
            _ => Digest::Weekly,
        }
    }
}

/// Which notifications reach a person beyond the app: push per type (every type on unless turned off) and the
/// email digest.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    /// Every notification type, on or off for push.
    pub push: BTreeMap<String, bool>,
    pub email_digest: Digest,
}

/// A change: the types named are set, the others stay as they were; the digest when given.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettingsChange {
    #[serde(default)]
    pub push: BTreeMap<String, bool>,
    pub email_digest: Option<Digest>,
}

/// Checks the signed-in person's password, counted like a login (a wrong one is a failed attempt of the account
/// from this address): 400 when it is wrong, 429 past the login limits.
async fn check_password(
    state: &AppState,
    me: &UserRow,
    address: Option<std::net::IpAddr>,
    headers: &HeaderMap,
    given: String,
) -> AppResult<()> {
    let limiter = &state.login_limiter;
    let known_device = limiter.known_device(headers, me.id).await?;
    let account = rate_limit::account_key(Some(me.id), &rules::login_key(&me.username));
    match limiter.try_password((&account, known_device), address, given, Some(me.password_hash.clone())).await? {
        Try::Spent { retry_after_secs } => {
            let message = "Too many wrong passwords. Please wait a few minutes and try again.".into();
            Err(AppError::TooManyRequests { message, retry_after_secs })
        }
        Try::Wrong => Err(AppError::bad_request(WRONG_PASSWORD)),
        Try::Right(attempt) => Ok(limiter.succeeded(&attempt).await?),
    }
}

#[utoipa::path(post, path = "/api/auth/change-password", tag = TAG, request_body = ChangePasswordRequest,
    responses((status = 204, description = "Changed: every other session and remembered login of the person ended, and a mail says so"),
              (status = 400, body = ErrorBody, description = "The current password is wrong, or the new one too weak"),
              (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn change_password(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ChangePasswordRequest>,
) -> AppResult<StatusCode> {
    let new_password = Password::parse(&body.new_password)?;
    let me = me_row(&state, me.id).await?;
    check_password(&state, &me, address, &headers, body.current_password).await?;
    let password_hash = password::hash(new_password.into_inner()).await?;
    let keep = session::token_from_headers(&headers).map(token::hash).unwrap_or_default();
    let mut tx = state.db.begin().await?;
    store::set_password_hash(&mut tx, me.id, &password_hash).await?;
    for token_hash in settings_store::end_other_sessions(&mut tx, me.id, &keep).await? {
        // Each ended session leaves every instance's cache and closes its sockets; this one stays.
        tx.emit(DomainEvent::SessionEnded { user_id: me.id, token_hash });
    }
    tx.commit().await?;
    let link = format!("{}/", state.public_url);
    state.mailer.send(Mail::new(MailKind::PasswordChanged, me.id, &me.email, &me.first_name, link));
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/auth/change-email", tag = TAG, request_body = ChangeEmailRequest,
    responses((status = 202, body = MessageResponse, description = "Whatever the address: a link goes to it and a notice to the old one"),
              (status = 400, body = ErrorBody, description = "A wrong password or not an email address"),
              (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn change_email(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ChangeEmailRequest>,
) -> AppResult<(StatusCode, Json<MessageResponse>)> {
    let email = Email::parse(&body.email)?;
    let me = me_row(&state, me.id).await?;
    check_password(&state, &me, address, &headers, body.password).await?;
    // The same answer whether the address is free, taken or already this account's: nothing is learnt here.
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let token = settings_store::new_email_token(&mut tx, me.id, email.as_str(), now).await?;
    tx.commit().await?;
    let link = format!("{}/verify-email?token={token}", state.public_url);
    state.mailer.send(Mail::new(MailKind::Verify, me.id, email.as_str(), &me.first_name, link));
    let home = format!("{}/", state.public_url);
    state.mailer.send(Mail::new(MailKind::EmailChangeNotice, me.id, &me.email, &me.first_name, home));
    Ok((StatusCode::ACCEPTED, Json(MessageResponse::new(CHANGE_SENT))))
}

#[utoipa::path(post, path = "/api/auth/verify-email", tag = TAG, request_body = VerifyEmailRequest,
    responses((status = 200, body = VerifiedEmail, description = "The address the link proves is the account's, verified"),
              (status = 400, body = ErrorBody, description = "An unknown, used or expired link"),
              (status = 409, body = ErrorBody, description = "Another account took the address meanwhile")))]
pub async fn verify_email(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<VerifyEmailRequest>,
) -> AppResult<Json<VerifiedEmail>> {
    let token = body.token.trim();
    if token.is_empty() || token.len() > 200 {
        return Err(AppError::bad_request(INVALID_LINK));
    }
    let now = state.clock.now_ms();
    let mut tx = state.db.begin().await?;
    let Some((user_id, email)) = settings_store::take_email_token(&mut tx, token, now).await? else {
        return Err(AppError::bad_request(INVALID_LINK));
    };
    let email = Email::parse(&email)?;
    let owner = settings_store::owner_of_email(&mut tx, &email.key()).await?;
    if owner.is_some_and(|owner| owner != user_id) {
        return Err(AppError::Conflict("Another account uses this email address now.".into()));
    }
    settings_store::set_verified_email(&mut tx, user_id, email.as_str(), &email.key(), now).await?;
    tx.emit(DomainEvent::UserChanged { user_id });
    let user = store::find_by_id(&mut tx, user_id).await?.ok_or(AppError::NotFound("User"))?;
    tx.commit().await?;
    Ok(Json(VerifiedEmail { user: user.to_own() }))
}

#[utoipa::path(post, path = "/api/auth/resend-verification", tag = TAG,
    responses((status = 202, body = MessageResponse, description = "A new link is on its way (or the address is verified already)"),
              (status = 401, body = ErrorBody), (status = 429, body = ErrorBody, description = "Three verification mails this hour already")))]
pub async fn resend_verification(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
) -> AppResult<(StatusCode, Json<MessageResponse>)> {
    let me = me_row(&state, me.id).await?;
    if me.email_verified == 0 {
        send_verification(&state, &me).await?;
    }
    Ok((StatusCode::ACCEPTED, Json(MessageResponse::new(VERIFICATION_SENT))))
}

/// Mails the link that proves the person's address (at sign-up, and when asked again): at most three an hour.
pub async fn send_verification(state: &AppState, user: &UserRow) -> AppResult<()> {
    let now = state.clock.now_ms();
    let key = format!("verify-mail:user:{}", user.id);
    let hour = Duration::from_secs(60 * 60);
    if let Err(retry_after_secs) =
        crate::safety::limits::take(&state.db, &key, VERIFICATION_MAILS_PER_HOUR, hour, now).await?
    {
        let message = "We already sent three links this hour. Please check your inbox, or try again later.".into();
        return Err(AppError::TooManyRequests { message, retry_after_secs });
    }
    let mut tx = state.db.begin().await?;
    let token = settings_store::new_email_token(&mut tx, user.id, &user.email, now).await?;
    tx.commit().await?;
    let link = format!("{}/verify-email?token={token}", state.public_url);
    state.mailer.send(Mail::new(MailKind::Verify, user.id, &user.email, &user.first_name, link));
    Ok(())
}

async fn me_row(state: &AppState, id: i64) -> AppResult<UserRow> {
    store::find_by_id(&mut *state.db.conn().await?, id).await?.ok_or(AppError::Unauthorized(None))
}

/// Every notification type by its wire name.
fn every_kind() -> impl Iterator<Item = Kind> {
    [
        Kind::ProjectUpdate,
        Kind::FeedbackReply,
        Kind::DailyMotivation,
        Kind::ProjectSupport,
        Kind::CollaborationRequest,
        Kind::Reward,
        Kind::TaskAssignment,
    ]
    .into_iter()
}

async fn settings_of(state: &AppState, user_id: i64) -> AppResult<NotificationSettings> {
    let stored = settings_store::notification_settings(&mut *state.db.conn().await?, user_id).await?;
    let (push_off, digest) = stored.unwrap_or_else(|| ("[]".into(), Digest::Weekly.as_str().into()));
    let off: Vec<String> = serde_json::from_str(&push_off).unwrap_or_default();
    Ok(NotificationSettings {
        push: every_kind().map(|k| (k.as_str().to_owned(), !off.iter().any(|o| o == k.as_str()))).collect(),
        email_digest: Digest::parse(&digest),
    })
}

#[utoipa::path(get, path = "/api/users/me/notification-settings", tag = TAG,
    responses((status = 200, body = NotificationSettings), (status = 401, body = ErrorBody)))]
pub async fn notification_settings(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
) -> AppResult<Json<NotificationSettings>> {
    Ok(Json(settings_of(&state, me.id).await?))
}

#[utoipa::path(put, path = "/api/users/me/notification-settings", tag = TAG, request_body = NotificationSettingsChange,
    responses((status = 200, body = NotificationSettings, description = "The settings now"),
              (status = 400, body = ErrorBody, description = "An unknown notification type or digest"),
              (status = 401, body = ErrorBody)))]
pub async fn set_notification_settings(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiJson(body): ApiJson<NotificationSettingsChange>,
) -> AppResult<Json<NotificationSettings>> {
    let now = settings_of(&state, me.id).await?;
    let mut push = now.push;
    for (kind, on) in body.push {
        let known =
            Kind::parse(&kind).ok_or_else(|| AppError::bad_request(format!("Unknown notification type: {kind}")))?;
        push.insert(known.as_str().to_owned(), on);
    }
    let off: Vec<&str> = push.iter().filter(|(_, on)| !**on).map(|(kind, _)| kind.as_str()).collect();
    let digest = body.email_digest.unwrap_or(now.email_digest);
    let push_off = serde_json::to_string(&off).map_err(|e| AppError::Internal(e.into()))?;
    let mut tx = state.db.begin().await?;
    settings_store::set_notification_settings(&mut tx, me.id, &push_off, digest.as_str()).await?;
    tx.commit().await?;
    Ok(Json(NotificationSettings { push, email_digest: digest }))
}
