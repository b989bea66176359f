//! The application: state, the router assembled from each area, and the tower layers around it.

use std::{net::SocketAddr, sync::Arc, time::Duration};

use anyhow::Context;
use axum::{
    extract::{DefaultBodyLimit, Request, State},
    http::{header, HeaderValue, Method, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{any, get},
    Json, Router,
};
use tower_http::{
    compression::{
        predicate::{DefaultPredicate, Predicate, SizeAbove},
        CompressionLayer,
    },
    set_header::SetResponseHeaderLayer,
    timeout::TimeoutLayer,
    trace::TraceLayer,
};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    accounts, auth::rate_limit::LoginLimiter, config::Config, db::Db, error::AppError, openapi, realtime, seed, web,
};

/// JSON bodies are small; uploads (a later area) raise their own limit.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub login_limiter: Arc<LoginLimiter>,
    pub mailer: Arc<crate::mail::Mailer>,
    pub hub: realtime::Hub,
    pub openapi_json: Arc<String>,
}

/// Every API route with its OpenAPI description, from the areas' routers.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi()).merge(accounts::router())
}

/// The OpenAPI document, generated from the registered handlers and types.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api_routes().split_for_parts().1
}

/// Connects, migrates and (when asked and the embedded database is empty) seeds.
pub async fn prepare(config: Config) -> anyhow::Result<AppState> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("creating the data dir {}", config.data_dir.display()))?;
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    if config.seed_demo {
        let added = seed::demo_if_empty(&db).await?;
        if added > 0 {
            tracing::info!(people = added, "filled the empty database with the demo community");
        }
    }
    let hub = realtime::Hub::new(&db);
    if db.backend() == crate::db::Backend::Postgres {
        realtime::bridge::listen(&config.database_url(), hub.clone()).await.context("listening for live frames")?;
    }
    let openapi_json = Arc::new(openapi_document().to_pretty_json().context("serialising OpenAPI")?);
    Ok(AppState {
        db,
        config: Arc::new(config),
        login_limiter: Arc::default(),
        mailer: Arc::default(),
        hub,
        openapi_json,
    })
}

pub fn router(state: AppState) -> Router {
    let (api, _) = api_routes().split_for_parts();
    let routes = Router::new()
        .merge(api)
        .route("/api/openapi.json", get(serve_openapi))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .route("/healthz", get(|| async { Json(serde_json::json!({ "status": "ok" })) }))
        .route("/readyz", get(readyz))
        .route("/ws", get(realtime::ws_handler))
        .fallback(web::serve_app)
        .method_not_allowed_fallback(|| async {
            (StatusCode::METHOD_NOT_ALLOWED, Json(serde_json::json!({ "message": "Method not allowed" })))
        })
        .layer(middleware::from_fn(refuse_foreign_origin))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT));
    with_security_headers(routes)
        // Small answers (the 2-second user poll) are not worth the CPU of compressing.
        .layer(CompressionLayer::new().compress_when(DefaultPredicate::new().and(SizeAbove::new(1024))))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Headers every answer carries (API.md "Headers").
fn with_security_headers(router: Router<AppState>) -> Router<AppState> {
    const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
        img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob: data:; \
        worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
        frame-ancestors 'none'";
    [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_FRAME_OPTIONS, "DENY"),
    ]
    .into_iter()
    .fold(router, |router, (name, value)| {
        router.layer(SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value)))
    })
}

/// API.md "Cross-site requests": a state-changing request from another site's page is refused.
async fn refuse_foreign_origin(request: Request, next: Next) -> Response {
    let changes_state = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_state && !web::origin_is_own(request.headers()) {
        return AppError::Forbidden("Cross-site request refused".into()).into_response();
    }
    next.run(request).await
}

async fn api_not_found() -> AppError {
    AppError::NotFound("Route")
}

async fn serve_openapi(State(state): State<AppState>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], state.openapi_json.as_str().to_owned()).into_response()
}

async fn readyz(State(state): State<AppState>) -> Response {
    if state.db.ping().await {
        Json(serde_json::json!({ "status": "ready" })).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(serde_json::json!({ "message": "Database unavailable" })))
            .into_response()
    }
}

/// A server running in the background (the binary and the tests both use it).
pub struct Running {
    pub addr: SocketAddr,
    pub state: AppState,
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
}

/// Binds `HOST:PORT` (port 0 picks a free one) and serves until the task is dropped or aborted.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    let bind = format!("{}:{}", config.host, config.port);
    let state = prepare(config).await?;
    let listener = tokio::net::TcpListener::bind(&bind).await.with_context(|| format!("binding {bind}"))?;
    let addr = listener.local_addr()?;
    let app = router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move { axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await });
    Ok(Running { addr, state, task })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}
