//! Handlers of the accounts area: parse, authorise, call the rules and the store, shape the answer.

use axum::{
    extract::State,
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{AppendHeaders, IntoResponse},
    Json,
};

use super::{
    model::*,
    rules::{self, Email, Password, Username, EMAIL_TAKEN, USERNAME_TAKEN},
    store::{self, NewUser, ProfileChange},
};
use crate::{
    auth::{
        password,
        rate_limit::{self, Try},
        session, CurrentUser,
    },
    db::is_unique_violation,
    error::{AppError, AppResult, ErrorBody},
    events::{DomainEvent, Emit},
    extract::{ApiJson, ClientAddr},
    mail::{Kind as MailKind, Mail},
    prepared::PreparedJson,
    state::AppState,
};

const TAG: &str = "accounts";
const INVALID_LOGIN: &str = "Invalid username or password";
const TOO_MANY_LOGINS: &str = "Too many failed login attempts. Please wait a few minutes and try again.";
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
    // Where they are until a device says otherwise (API.md "Nearby").
    let position = crate::people::geo::position_of(location.as_deref()).await?;

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
        lat: position.map(|p| p.0),
        lng: position.map(|p| p.1),
        bio: bio.as_deref(),
        skills: &skills,
    };
    let inserted = async {
        let mut tx = state.db.begin().await?;
        let user = store::insert_user(&mut tx, &new_user).await?;
        if state.config.seed_demo {
            crate::seed::welcome(&mut tx, user.id, state.clock.now_ms()).await?;
        }
        tx.commit().await?;
        Ok::<_, sqlx::Error>(user)
    };
    let user = match inserted.await {
        Ok(user) => user,
        // Someone took the name or email between our check and the insert.
        Err(err) if is_unique_violation(&err) => {
            let message = already_taken(&state, &username, &email).await?.unwrap_or(USERNAME_TAKEN);
            return Err(AppError::Conflict(message.into()));
        }
        Err(err) => return Err(err.into()),
    };
    tracing::info!(user_id = user.id, "account created");
    // The link that proves the address (API.md "Your account"); a refusal here never undoes the sign-up.
    if let Err(err) = super::settings::send_verification(&state, &user).await {
        tracing::warn!(user_id = user.id, error = %err, "could not send the verification mail");
    }
    Ok((StatusCode::CREATED, Json(SignupResponse { user: user.to_own(), message: "Account created".into() })))
}

/// The availability message of the first of email and username that an account already uses.
async fn already_taken(state: &AppState, username: &Username, email: &Email) -> AppResult<Option<&'static str>> {
    let mut conn = state.db.conn().await?;
    if store::email_taken(&mut conn, &email.key()).await? {
        return Ok(Some(EMAIL_TAKEN));
    }
    if store::username_taken(&mut conn, &username.key()).await? {
        return Ok(Some(USERNAME_TAKEN));
    }
    Ok(None)
}

#[utoipa::path(post, path = "/api/auth/login", tag = TAG, request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "The account is suspended"),
              (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginRequest>,
) -> AppResult<impl IntoResponse> {
    if body.username.trim().is_empty() || body.password.is_empty() {
        return Err(AppError::bad_request("Username and password are required"));
    }
    let limiter = &state.login_limiter;
    let login_key = rules::login_key(&body.username);
    let user = store::find_by_login(&mut *state.db.conn().await?, &login_key).await?;
    // One budget per account, whether it is named by username or by email. Each attempt is
    // reserved before the (slow) password check, so a burst cannot outrun the count.
    // A browser the account signed in from before is not held to the account's ceiling over all addresses.
    let known_device = match &user {
        Some(user) => limiter.known_device(&headers, user.id).await?,
        None => false,
    };
    let account = rate_limit::account_key(user.as_ref().map(|u| u.id), &login_key);
    let hash = user.as_ref().map(|u| u.password_hash.clone());
    let (user, attempt) =
        match (limiter.try_password((&account, known_device), address, body.password, hash).await?, user) {
            (Try::Spent { retry_after_secs }, _) => {
                return Err(AppError::TooManyRequests { message: TOO_MANY_LOGINS.into(), retry_after_secs })
            }
            (Try::Right(attempt), Some(user)) => (user, attempt),
            _ => return Err(AppError::unauthorized(INVALID_LOGIN)),
        };
    // Only the right password learns that the account is suspended.
    refuse_suspended(&state, user.id).await?;
    limiter.succeeded(&attempt).await?;
    start_session(&state, &headers, user, body.remember_me.unwrap_or(false)).await
}

/// 403 for an account an administrator suspended (API.md "Safety").
async fn refuse_suspended(state: &AppState, user_id: i64) -> AppResult<()> {
    if store::is_suspended(&mut *state.db.conn().await?, user_id).await? {
        return Err(AppError::Forbidden(SUSPENDED.into()));
    }
    Ok(())
}

pub const SUSPENDED: &str =
    "This account has been suspended for breaking Grow's community rules. If you think this is a mistake, contact support.";

/// Issues a fresh session (never reusing the old id) and, when asked, a remember token.
async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    user: UserRow,
    remember: bool,
) -> AppResult<impl IntoResponse> {
    let mut tx = state.db.begin().await?;
    let session_token = session::create(&mut tx, user.id).await?;
    // An active person gets the day's note when they arrive (once a day; the daily job does the rest).
    crate::notifications::daily::give_today(&mut tx, user.id).await?;
    let remember_token = match remember {
        true => Some(session::create_remember_token(&mut tx, user.id).await?),
        false => None,
    };
    tx.commit().await?;
    if let Some(old) = session::token_from_headers(headers) {
        session::end(state, old).await?;
    }
    let [session_cookie, hint_cookie] = session::set_cookies(&state.public_url, &session_token)?;
    // This browser is one the account signed in from: its owner is never held to the login ceiling here.
    let device = state.login_limiter.device_cookie(user.id, state.public_url.starts_with("https://")).await?;
    let device = HeaderValue::from_str(&device).map_err(|e| AppError::Internal(anyhow::Error::new(e)))?;
    Ok((
        AppendHeaders([session_cookie, hint_cookie, (header::SET_COOKIE, device)]),
        Json(LoginResponse { user: user.to_own(), remember_token }),
    ))
}

#[utoipa::path(post, path = "/api/auth/remembered-login", tag = TAG, request_body = RememberedLoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "The account is suspended")))]
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
        session::consume_remember_token(&mut tx, &rules::login_key(&body.username), body.remember_token.trim()).await?;
    tx.commit().await?;
    let Some(user_id) = user_id else {
        return Err(AppError::unauthorized("This saved login has expired. Please log in again."));
    };
    let user = store::find_by_id(&mut *state.db.conn().await?, user_id).await?.ok_or(AppError::Unauthorized(None))?;
    refuse_suspended(&state, user.id).await?;
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
    let mut tx = state.db.begin().await?;
    session::revoke_remember_token(&mut tx, &rules::login_key(&body.username), body.remember_token.trim()).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/auth/logout", tag = TAG, responses((status = 200, body = MessageResponse)))]
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> AppResult<impl IntoResponse> {
    if let Some(token) = session::token_from_headers(&headers) {
        // Its sockets close and every instance forgets it; the user's other tabs refetch themselves.
        session::end(&state, token).await?;
    }
    Ok((AppendHeaders(session::clear_cookies(&state.public_url)), Json(MessageResponse::new("Logged out"))))
}

#[utoipa::path(get, path = "/api/auth/user", tag = TAG,
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub async fn current_user(CurrentUser(user): CurrentUser) -> AppResult<impl IntoResponse> {
    Ok(PreparedJson(user.own_json()?))
}

/// The same answer as `/api/auth/user`; the client polls it every 2 s while its socket is down, so
/// it is answered from the session cache's ready-made JSON.
#[utoipa::path(get, path = "/api/auth/user-refresh", tag = TAG,
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub async fn current_user_refresh(CurrentUser(user): CurrentUser) -> AppResult<impl IntoResponse> {
    Ok(PreparedJson(user.own_json()?))
}

#[utoipa::path(post, path = "/api/auth/check-email", tag = TAG, request_body = CheckEmailRequest,
    responses((status = 200, body = Availability), (status = 400, body = ErrorBody)))]
pub async fn check_email(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CheckEmailRequest>,
) -> AppResult<Json<Availability>> {
    let email = Email::parse(&body.email)?;
    Ok(Json(Availability { available: !store::email_taken(&mut *state.db.conn().await?, &email.key()).await? }))
}

#[utoipa::path(post, path = "/api/auth/check-username", tag = TAG, request_body = CheckUsernameRequest,
    responses((status = 200, body = Availability), (status = 400, body = ErrorBody)))]
pub async fn check_username(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CheckUsernameRequest>,
) -> AppResult<Json<Availability>> {
    let username = Username::parse(&body.username)?;
    Ok(Json(Availability { available: !store::username_taken(&mut *state.db.conn().await?, &username.key()).await? }))
}

#[utoipa::path(post, path = "/api/auth/forgot-password", tag = TAG, request_body = ForgotPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
pub async fn forgot_password(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    ApiJson(body): ApiJson<ForgotPasswordRequest>,
) -> AppResult<Json<MessageResponse>> {
    let login = body.email.trim();
    if login.is_empty() {
        return Err(AppError::bad_request("Please enter your email address or username."));
    }
    // The same answer whether or not the account exists, so the form reveals no accounts.
    // Read first: the connection goes back to the pool before the writes below take theirs.
    let user = store::find_by_login(&mut *state.db.conn().await?, &rules::login_key(login)).await?;
    if let Some(user) = user {
        // At most 3 mails a person and 10 an address an hour; past that the answer stays the same.
        let now = state.clock.now_ms();
        let hour = std::time::Duration::from_secs(60 * 60);
        let from = crate::safety::limits::address_key(address);
        for (key, max) in [(format!("reset-mail:user:{}", user.id), 3), (format!("reset-mail:{from}"), 10)] {
            if crate::safety::limits::take(&state.db, &key, max, hour, now).await?.is_err() {
                return Ok(Json(MessageResponse::new(RESET_SENT)));
            }
        }
        let mut tx = state.db.begin().await?;
        let token = store::create_password_reset(&mut tx, user.id).await?;
        tx.commit().await?;
        // From the configured public URL, never the request's Host header (which a client chooses).
        let link = format!("{}/?reset={token}", state.public_url);
        state.mailer.send(Mail::new(MailKind::Reset, user.id, &user.email, &user.first_name, link));
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
    let token = body.token.trim();
    let invalid = || AppError::bad_request("This reset link is invalid or has expired. Please request a new one.");
    // A made-up token costs a lookup, not a hash.
    if !store::password_reset_is_valid(&mut *state.db.conn().await?, token).await? {
        return Err(invalid());
    }
    let password_hash = password::hash(password.into_inner()).await?;
    let mut tx = state.db.begin().await?;
    // Spent here, in one statement: of two racing uses only one finds it.
    let Some(user_id) = store::consume_password_reset(&mut tx, token).await? else {
        return Err(invalid());
    };
    store::set_password_hash(&mut tx, user_id, &password_hash).await?;
    // A new password ends every session and saved login that the old one opened.
    session::revoke_all(&mut tx, user_id).await?;
    tx.emit(DomainEvent::SignedOut { user_id });
    tx.commit().await?;
    Ok(Json(MessageResponse::new("Your password has been reset. Please log in.")))
}

#[utoipa::path(patch, path = "/api/users/profile", tag = TAG, request_body = UpdateProfileRequest,
    responses((status = 200, body = User), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn update_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<UpdateProfileRequest>,
) -> AppResult<Json<User>> {
    let location =
        body.location.map(|l| rules::optional_text(l.as_deref(), "Location", rules::LOCATION_MAX_LEN)).transpose()?;
    let sent = rules::position(body.lat, body.lng)?;
    let location_changed = location.as_ref().is_some_and(|l| l.as_deref() != user.location.as_deref());
    let text = location.as_ref().map_or(user.location.as_deref(), Option::as_deref);
    let from_text = match sent {
        Some(Some(_)) => None,
        _ if sent.is_some() || location_changed => crate::people::geo::position_of(text).await?,
        _ => None,
    };
    let change = ProfileChange {
        role: body.role.map(|r| r.as_str()),
        location,
        bio: body.bio.map(|b| rules::optional_text(b.as_deref(), "Bio", rules::BIO_MAX_LEN)).transpose()?,
        skills: body.skills.as_deref().map(rules::skills).transpose()?,
        first_name: body.first_name.as_deref().map(|n| rules::person_name(n, "First name")).transpose()?,
        last_name: body.last_name.as_deref().map(|n| rules::person_name(n, "Last name")).transpose()?,
        position: rules::position_after(sent, location_changed, || from_text),
        discoverable: body.is_discoverable,
    };
    let mut tx = state.db.begin().await?;
    let updated = store::update_profile(&mut tx, user.id, &change).await?;
    tx.emit(DomainEvent::UserChanged { user_id: user.id });
    tx.commit().await?;
    Ok(Json(updated.to_own()))
}

#[utoipa::path(post, path = "/api/users/me/connect-code", tag = TAG,
    responses((status = 200, body = ConnectCode, description = "The new code; links and QR codes with the old one stop working"),
              (status = 401, body = ErrorBody)))]
pub async fn new_connect_code(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> AppResult<Json<ConnectCode>> {
    let mut tx = state.db.begin().await?;
    let connect_code = store::replace_connect_code(&mut tx, user.id).await?;
    tx.emit(DomainEvent::UserChanged { user_id: user.id });
    tx.commit().await?;
    Ok(Json(ConnectCode { connect_code }))
}
