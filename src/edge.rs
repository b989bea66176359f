//! What every request passes through, in one middleware: the request log, the cross-site check,
//! the budget of state-changing calls, the time limit and the security headers.

use std::{
    net::{IpAddr, SocketAddr},
    time::Instant,
};

use axum::{
    extract::{ConnectInfo, MatchedPath, Request, State},
    http::{header, HeaderMap, HeaderValue, Method},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{
    auth::session,
    error::{AppError, InternalCause},
    safety::limits,
    state::AppState,
};

const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob: data:; \
    worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";

pub async fn edge(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    // The route template (`/api/users/{id}`), never the raw path, so no id or token reaches the log.
    let route = request.extensions().get::<MatchedPath>().cloned();
    let api = request.uri().path().starts_with("/api");

    // API.md "Cross-site requests": a state-changing request from another site's page is refused.
    let changes_state = !matches!(method, Method::GET | Method::HEAD | Method::OPTIONS);
    let mut response = if changes_state && !state.origin_allowed(request.headers()) {
        AppError::Forbidden("Cross-site request refused".into()).into_response()
    } else {
        let budget = if changes_state && api { Budget::of(&state, &request) } else { None };
        // A stored file is fetched by pages and previews many times over; it is no call of its own.
        let open_call = api && !request.uri().path().starts_with("/api/files/");
        let open_call = open_call.then(|| OpenCall::of(&state, &request));
        let run = async {
            if let Some(call) = open_call {
                if let Err(refusal) = call.spend(&state).await {
                    return refusal.into_response();
                }
            }
            // API.md "Limits and fair play": every state-changing call spends from a budget first.
            if let Some(budget) = budget {
                if let Err(refusal) = budget.spend(&state).await {
                    return refusal.into_response();
                }
            }
            next.run(request).await
        };
        match tokio::time::timeout(state.config.request_timeout, run).await {
            Ok(response) => response,
            // The work is dropped, and with it any open transaction, which rolls back.
            Err(_) => AppError::ServiceUnavailable("The server took too long to answer. Please try again.".into())
                .into_response(),
        }
    };
    if api {
        // axum's own rejections (a malformed path parameter) answer plain text; ours are JSON.
        response = crate::extract::rejection_as_json(response).await;
    }
    add_security_headers(response.headers_mut());

    let route = route.as_ref().map_or(if api { "/api/*" } else { "app" }, MatchedPath::as_str);
    let status = response.status().as_u16();
    let seconds = started.elapsed().as_secs_f64();
    crate::metrics::record_request(&method, route, status, seconds);
    match response.extensions().get::<InternalCause>() {
        Some(cause) => tracing::error!(%method, %route, status, cause = %cause.0, "request failed"),
        None => {
            let ms = (seconds * 100_000.0).round() / 100.0;
            tracing::info!(%method, %route, status, ms, "request");
        }
    }
    response
}

/// The budget a call spends from and whose it is: read from the request before it moves on.
struct Budget {
    kind: limits::Kind,
    session: Option<String>,
    address: Option<IpAddr>,
}

impl Budget {
    fn of(state: &AppState, request: &Request) -> Option<Self> {
        let route = request.extensions().get::<MatchedPath>()?;
        let kind = limits::kind_of(request.method(), route.as_str())?;
        let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        Some(Self {
            kind,
            session: session::token_from_headers(request.headers()).map(str::to_owned),
            address: crate::net::client_address(peer, request.headers(), &state.config.trusted_proxies),
        })
    }

    /// Spends one, for the signed-in person or else the client address.
    async fn spend(self, state: &AppState) -> Result<(), AppError> {
        let person = match &self.session {
            Some(token) => session::user_of(state, token).await?,
            None => None,
        };
        let who = match person {
            Some(user) => format!("user:{}", user.id),
            None => limits::address_key(self.address),
        };
        limits::spend_for_call(&state.call_counts, &state.config.budgets, &self.kind, &who).await
    }
}

/// A call that may have no session: spent from its address's budget when it has none (or one that is not valid).
struct OpenCall {
    session: Option<String>,
    address: Option<IpAddr>,
}

impl OpenCall {
    fn of(state: &AppState, request: &Request) -> Self {
        let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        Self {
            session: session::token_from_headers(request.headers()).map(str::to_owned),
            address: crate::net::client_address(peer, request.headers(), &state.config.trusted_proxies),
        }
    }

    async fn spend(self, state: &AppState) -> Result<(), AppError> {
        if let Some(token) = &self.session {
            if session::user_of(state, token).await?.is_some() {
                return Ok(());
            }
        }
        limits::spend_open_call(&state.call_counts, &state.config.budgets, self.address).await
    }
}

/// What a JSON answer may do as a document: nothing (it is data, never a page; opened on its own it runs
/// nothing and frames nothing). An eighth of the bytes of the app's policy, on every API answer.
const DATA_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// Headers every answer carries (API.md "Headers"); an answer that set its own keeps it. JSON answers get
/// the data policy, everything else (the app's HTML, its assets, error pages) the app's.
fn add_security_headers(headers: &mut HeaderMap) {
    let data = headers.get(header::CONTENT_TYPE).is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::CONTENT_SECURITY_POLICY, if data { DATA_CSP } else { CSP }),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
}
