//! Handlers of the accounts area: parse, authorise, call the rules and the store, shape the answer.

use axum::{
    extract::State,
    http::{header::SET_COOKIE, HeaderMap, StatusCode},
    response::{AppendHeaders, IntoResponse},
    Json,
};

use super::{
    model::*,
    rules::{self, Email, Password, Username, EMAIL_TAKEN, USERNAME_TAKEN},
    store::{self, NewUser, ProfileChange},
};
use crate::{
    app::AppState,
    auth::{password, session, CurrentUser},
    db::is_unique_violation,
    error::{AppError, AppResult, ErrorBody},
    extract::{ApiJson, ClientAddr},
    mail::Mail,
    realtime::ServerFrame,
};

const TAG: &str = "accounts";
const INVALID_LOGIN: &str = "Invalid username or password";
const RESET_SENT: &str = "If an account with that email exists, we've sent a password reset link.";

#[utoipa::path(post, path = "/api/auth/signup", tag = TAG, request_body = SignupRequest,
    responses((status = 201, body = SignupResponse), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn signup(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<SignupRequest>,
) -> AppResult<impl IntoResponse> {
    let first_name = rules::person_name(&body.first_name, "First name")?;
    let last_name = rules::person_name(&body.last_name, "Last name")?;
    let email = Email::parse(&body.email)?;
    let username = Username::parse(&body.username)?;
    let password = Password::parse(&body.password)?;
    let plan = rules::plan(body.plan.as_deref())?;
    let location = rules::optional_text(body.location.as_deref(), "Location", rules::LOCATION_MAX_LEN)?;
    let bio = rules::optional_text(body.bio.as_deref(), "Bio", rules::BIO_MAX_LEN)?;
    let skills = rules::skills(body.skills.as_deref().unwrap_or_default())?;
    let role = body.role.unwrap_or_default();

    if let Some(message) = already_taken(&state, &username, &email).await? {
        return Err(AppError::Conflict(message.into()));
    }

    let password_hash = password::hash(password.into_inner()).await?;
    let new_user = NewUser {
        username: username.as_str(),
        username_key: &username.key(),
        email: email.as_str(),
        email_key: &email.key(),
        password_hash: &password_hash,
        first_name: &first_name,
        last_name: &last_name,
        role: role.as_str(),
        plan: &plan,
        location: location.as_deref(),
        lat: None,
        lng: None,
        bio: bio.as_deref(),
        skills: &skills,
    };
    let user = match store::insert_user(state.db.pool(), &new_user).await {
        Ok(user) => user,
        // Someone took the name or email between our check and the insert.
        Err(err) if is_unique_violation(&err) => {
            let message = already_taken(&state, &username, &email).await?.unwrap_or(USERNAME_TAKEN);
            return Err(AppError::Conflict(message.into()));
        }
        Err(err) => return Err(err.into()),
    };
    tracing::info!(user_id = user.id, "account created");
    Ok((StatusCode::CREATED, Json(SignupResponse { user: user.to_own(), message: "Account created".into() })))
}

/// The availability message of the first of email and username that an account already uses.
async fn already_taken(state: &AppState, username: &Username, email: &Email) -> AppResult<Option<&'static str>> {
    if store::email_taken(&state.db, &email.key()).await? {
        return Ok(Some(EMAIL_TAKEN));
    }
    if store::username_taken(&state.db, &username.key()).await? {
        return Ok(Some(USERNAME_TAKEN));
    }
    Ok(None)
}

#[utoipa::path(post, path = "/api/auth/login", tag = TAG, request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginRequest>,
) -> AppResult<impl IntoResponse> {
    if body.username.trim().is_empty() || body.password.is_empty() {
        return Err(AppError::bad_request("Username and password are required"));
    }
    let login_key = rules::username_key(&body.username);
    if state.login_limiter.is_blocked(&login_key, address) {
        return Err(AppError::TooManyRequests(
            "Too many failed login attempts. Please wait a few minutes and try again.".into(),
        ));
    }
    let user = store::find_by_login(&state.db, &login_key).await?;
    // No real password is this long; hashing megabytes on each attempt would only serve an attacker.
    let plausible = body.password.len() <= rules::PASSWORD_MAX_LEN * 4;
    let matches = plausible && password::verify(body.password, user.as_ref().map(|u| u.password_hash.clone())).await?;
    let user = match user {
        Some(user) if matches => user,
        _ => {
            state.login_limiter.record_failure(&login_key, address);
            return Err(AppError::unauthorized(INVALID_LOGIN));
        }
    };
    state.login_limiter.record_success(&login_key);
    start_session(&state, &headers, user, body.remember_me.unwrap_or(false)).await
}

/// Issues a fresh session (never reusing the old id) and, when asked, a remember token.
async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    user: UserRow,
    remember: bool,
) -> AppResult<impl IntoResponse> {
    let mut tx = state.db.begin().await?;
    let session_token = session::create(&mut tx, user.id).await?;
    let remember_token = match remember {
        true => Some(session::create_remember_token(&mut tx, user.id).await?),
        false => None,
    };
    tx.commit().await?;
    if let Some(old) = session::token_from_headers(headers) {
        session::delete(&state.db, old).await?;
    }
    Ok((
        AppendHeaders([(SET_COOKIE, session::set_cookie(headers, &session_token))]),
        Json(LoginResponse { user: user.to_own(), remember_token }),
    ))
}

#[utoipa::path(post, path = "/api/auth/remembered-login", tag = TAG, request_body = RememberedLoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn remembered_login(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RememberedLoginRequest>,
) -> AppResult<impl IntoResponse> {
    if body.username.trim().is_empty() || body.remember_token.trim().is_empty() {
        return Err(AppError::bad_request("Username and rememberToken are required"));
    }
    let mut tx = state.db.begin().await?;
    let user_id =
        session::consume_remember_token(&mut tx, &rules::username_key(&body.username), body.remember_token.trim())
            .await?;
    tx.commit().await?;
    let Some(user_id) = user_id else {
        return Err(AppError::unauthorized("This saved login has expired. Please log in again."));
    };
    let user = store::find_by_id(&state.db, user_id).await?.ok_or(AppError::Unauthorized(None))?;
    // A remembered login always hands out a replacement token: the used one is spent.
    start_session(&state, &headers, user, true).await
}

#[utoipa::path(post, path = "/api/auth/forget-remembered", tag = TAG, request_body = ForgetRememberedRequest,
    responses((status = 204), (status = 400, body = ErrorBody)))]
pub async fn forget_remembered(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ForgetRememberedRequest>,
) -> AppResult<StatusCode> {
    if body.username.trim().is_empty() || body.remember_token.trim().is_empty() {
        return Err(AppError::bad_request("Username and rememberToken are required"));
    }
    session::revoke_remember_token(&state.db, &rules::username_key(&body.username), body.remember_token.trim()).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/auth/logout", tag = TAG, responses((status = 200, body = MessageResponse)))]
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> AppResult<impl IntoResponse> {
    if let Some(token) = session::token_from_headers(&headers) {
        let user = store::find_by_session(&state.db, token).await?;
        session::delete(&state.db, token).await?;
        if let Some(user) = user {
            // The user's other tabs refetch themselves; those that shared this session learn they are signed out.
            state.hub.publish(user.id, ServerFrame::UserUpdated).await;
        }
    }
    Ok((AppendHeaders([(SET_COOKIE, session::clear_cookie(&headers))]), Json(MessageResponse::new("Logged out"))))
}

#[utoipa::path(get, path = "/api/auth/user", tag = TAG,
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub async fn current_user(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user.to_own())
}

/// The same answer as `/api/auth/user`; the client polls it every 2 s while signed in.
#[utoipa::path(get, path = "/api/auth/user-refresh", tag = TAG,
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub async fn current_user_refresh(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user.to_own())
}

#[utoipa::path(post, path = "/api/auth/check-email", tag = TAG, request_body = CheckEmailRequest,
    responses((status = 200, body = Availability), (status = 400, body = ErrorBody)))]
pub async fn check_email(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CheckEmailRequest>,
) -> AppResult<Json<Availability>> {
    let email = Email::parse(&body.email)?;
    Ok(Json(Availability { available: !store::email_taken(&state.db, &email.key()).await? }))
}

#[utoipa::path(post, path = "/api/auth/check-username", tag = TAG, request_body = CheckUsernameRequest,
    responses((status = 200, body = Availability), (status = 400, body = ErrorBody)))]
pub async fn check_username(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CheckUsernameRequest>,
) -> AppResult<Json<Availability>> {
    let username = Username::parse(&body.username)?;
    Ok(Json(Availability { available: !store::username_taken(&state.db, &username.key()).await? }))
}

#[utoipa::path(post, path = "/api/auth/forgot-password", tag = TAG, request_body = ForgotPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
pub async fn forgot_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ForgotPasswordRequest>,
) -> AppResult<Json<MessageResponse>> {
    let login = body.email.trim();
    if login.is_empty() {
        return Err(AppError::bad_request("Please enter your email address or username."));
    }
    // The same answer whether or not the account exists, so the form reveals no accounts.
    if let Some(user) = store::find_by_login(&state.db, &rules::email_key(login)).await? {
        let mut tx = state.db.begin().await?;
        let token = store::create_password_reset(&mut tx, user.id).await?;
        tx.commit().await?;
        state.mailer.send(Mail {
            user_id: user.id,
            subject: "Reset your Grow password".into(),
            link: format!("{}/?reset={token}", public_origin(&headers)),
        });
    }
    Ok(Json(MessageResponse::new(RESET_SENT)))
}

#[utoipa::path(post, path = "/api/auth/reset-password", tag = TAG, request_body = ResetPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> AppResult<Json<MessageResponse>> {
    if body.token.trim().is_empty() {
        return Err(AppError::bad_request("Reset token is required"));
    }
    let password = Password::parse(&body.password)?;
    let password_hash = password::hash(password.into_inner()).await?;
    let mut tx = state.db.begin().await?;
    let Some(user_id) = store::consume_password_reset(&mut tx, body.token.trim()).await? else {
        return Err(AppError::bad_request("This reset link is invalid or has expired. Please request a new one."));
    };
    store::set_password_hash(&mut tx, user_id, &password_hash).await?;
    // A new password ends every session and saved login that the old one opened.
    session::revoke_all(&mut tx, user_id).await?;
    tx.commit().await?;
    state.hub.publish(user_id, ServerFrame::UserUpdated).await;
    Ok(Json(MessageResponse::new("Your password has been reset. Please log in.")))
}

#[utoipa::path(patch, path = "/api/users/profile", tag = TAG, request_body = UpdateProfileRequest,
    responses((status = 200, body = User), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn update_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<UpdateProfileRequest>,
) -> AppResult<Json<User>> {
    let change = ProfileChange {
        role: body.role.map(|r| r.as_str()),
        location: body
            .location
            .map(|l| rules::optional_text(l.as_deref(), "Location", rules::LOCATION_MAX_LEN))
            .transpose()?,
        bio: body.bio.map(|b| rules::optional_text(b.as_deref(), "Bio", rules::BIO_MAX_LEN)).transpose()?,
        skills: body.skills.as_deref().map(rules::skills).transpose()?,
        first_name: body.first_name.as_deref().map(|n| rules::person_name(n, "First name")).transpose()?,
        last_name: body.last_name.as_deref().map(|n| rules::person_name(n, "Last name")).transpose()?,
    };
    let updated = store::update_profile(&state.db, user.id, &change).await?;
    state.hub.publish(user.id, ServerFrame::UserUpdated).await;
    Ok(Json(updated.to_own()))
}

/// The origin the browser used, for links written to the log.
fn public_origin(headers: &HeaderMap) -> String {
    let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("localhost");
    let scheme = match headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok()) {
        Some("https") => "https",
        _ => "http",
    };
    format!("{scheme}://{host}")
}
