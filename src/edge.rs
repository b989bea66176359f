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
    auth::{session, session_cache::SessionUser, Caller},
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
        let budget = if changes_state && api { Budget::of(&request) } else { None };
        // A stored file is fetched by pages and previews many times over; it is no call of its own.
        let open_call = api && !request.uri().path().starts_with("/api/files/");
        let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
        let address = crate::net::client_address(peer, request.headers(), &state.config.trusted_proxies);
        let token = session::token_from_headers(request.headers()).filter(|_| api).map(str::to_owned);
        let mut request = request;
        let run = async {
            // The session is looked up once, here: the budgets below and the handler's extractors read it.
            let caller = match &token {
                Some(token) => match session::user_of(&state, token).await {
                    Ok(caller) => caller,
                    Err(err) => return err.into_response(),
                },
                None => None,
            };
            // API.md "Limits and fair play": a call without a (valid) session spends from its address's budget.
            if open_call && caller.is_none() {
                if let Err(refusal) = limits::spend_open_call(&state.call_counts, &state.config.budgets, address).await
                {
                    return refusal.into_response();
                }
            }
            // Every state-changing call spends from a budget first: the person's, or the address's.
            if let Some(budget) = budget {
                if let Err(refusal) = budget.spend(&state, caller.as_deref(), address).await {
                    return refusal.into_response();
                }
            }
            request.extensions_mut().insert(Caller(caller));
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

/// The budget a state-changing call spends from: read from the request before it moves on.
struct Budget {
    kind: limits::Kind,
}

impl Budget {
    fn of(request: &Request) -> Option<Self> {
        let route = request.extensions().get::<MatchedPath>()?;
        Some(Self { kind: limits::kind_of(request.method(), route.as_str())? })
    }

    /// Spends one, for the signed-in person or else the client address.
    async fn spend(
        self,
        state: &AppState,
        caller: Option<&SessionUser>,
        address: Option<IpAddr>,
    ) -> Result<(), AppError> {
        let who = match caller {
            Some(user) => format!("user:{}", user.id),
            None => limits::address_key(address),
        };
        limits::spend_for_call(&state.call_counts, &state.config.budgets, &self.kind, &who).await
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
