//! The application: state, the router assembled from each area, and the tower layers around it.

mod effects;
mod metrics_route;

use std::{net::SocketAddr, sync::Arc};

use anyhow::Context;
use axum::{
    extract::{DefaultBodyLimit, State},
    http::{header, StatusCode},
    middleware,
    response::{IntoResponse, Response},
    routing::{any, get},
    Json, Router,
};
use tower_http::compression::{
    predicate::{DefaultPredicate, Predicate, SizeAbove},
    CompressionLayer,
};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::{
    accounts, auth::rate_limit::LoginLimiter, config::Config, db::Db, edge, error::AppError, jobs, notifications,
    notifications::push::Pusher, openapi, realtime, rewards, seed, state::AppState, web,
};

/// JSON bodies are small; uploads (a later area) raise their own limit.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

/// Every API route with its OpenAPI description, from the areas' routers.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(accounts::router())
        .merge(notifications::router())
        .merge(rewards::router())
        .merge(crate::admin::router())
        .merge(crate::connections::router())
        .merge(crate::people::router())
        .merge(crate::projects::router())
        .merge(crate::explore::router())
        .merge(crate::chat::router())
        .merge(crate::discovery::router())
        .merge(crate::search::routes::router())
        .merge(crate::safety::router())
        .merge(crate::files::upload::router())
}

/// The OpenAPI document, generated from the registered handlers and types.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    let mut doc = api_routes().split_for_parts().1;
    openapi::document_budgets(&mut doc);
    doc
}

/// Connects, migrates and (when asked and the embedded database is empty) seeds. `bound` is the
/// address the server listens on, the public URL when none is configured.
pub async fn prepare(config: Config, bound: Option<SocketAddr>) -> anyhow::Result<AppState> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("creating the data dir {}", config.data_dir.display()))?;
    let db = Db::connect(&config.database_url()).await?;
    db.migrate().await?;
    crate::accounts::store::words::index_the_rest(&db).await.context("indexing people for user search")?;
    let files = crate::files::FileStore::configured(&config).await.context("opening the file store")?;
    if config.seed_demo {
        let added = seed::demo_if_empty(&db, Some(&files)).await?;
        if added > 0 {
            tracing::info!(people = added, "filled the empty database with the demo community");
        }
    }
    let hub = realtime::Hub::new();
    let openapi_json = Arc::new(openapi_document().to_pretty_json().context("serialising OpenAPI")?);
    let public_url: Arc<str> = match (&config.public_url, bound) {
        (Some(url), _) => url.as_str().into(),
        (None, Some(addr)) => format!("http://{addr}").into(),
        (None, None) => format!("http://{}:{}", config.host, config.port).into(),
    };
    let subject = match (&config.vapid_subject, public_url.starts_with("https://")) {
        (Some(subject), _) => subject.clone(),
        (None, true) => public_url.to_string(),
        (None, false) => "mailto:push@localhost".to_string(),
    };
    if config.push_allow_loopback_http {
        tracing::warn!("GROW_PUSH_ALLOW_LOOPBACK_HTTP is set: pushes may reach this machine (for tests only)");
    }
    let pusher = Pusher::load(db.clone(), subject, hub.instance().to_string(), config.push_reach())
        .await
        .context("loading the Web Push key")?;
    let host = public_url.split("://").nth(1).and_then(|rest| rest.split([':', '/']).next()).unwrap_or("localhost");
    let from = config.mail_from.clone().unwrap_or_else(|| format!("Grow <no-reply@{host}>"));
    let mailer = crate::mail::Mailer::new(config.smtp_url.as_deref(), &from)?;
    let clock = crate::time::Clock::default();
    let call_counts = crate::safety::call_counts::CallCounts::start(db.clone(), clock.clone());
    let search = crate::search::Search::default();
    search.build(&db).await.context("building the search index")?;
    let state = AppState::new(crate::state::Shared {
        search,
        kept: Default::default(),
        pusher,
        clock,
        files,
        login_limiter: Arc::new(LoginLimiter::new(db.clone(), config.login_limits)),
        call_counts,
        db,
        config: Arc::new(config),
        public_url,
        mailer: Arc::new(mailer),
        hub,
        openapi_json,
    });
    crate::files::owners::remove_when_unnamed(&state);
    effects::start(&state).await?;
    Ok(state)
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
        .route("/metrics", get(metrics_route::serve))
        .route("/api/files/{name}", get(crate::files::serve::serve))
        .route("/ws", get(realtime::ws_handler))
        .route(
            "/robots.txt",
            get(|| async { ([(axum::http::header::CONTENT_TYPE, "text/plain; charset=utf-8")], web::ROBOTS) }),
        )
        .route("/project/{id}", get(crate::projects::public::page))
        .route("/join/{id}", get(crate::projects::public::page))
        .fallback({
            let public_url = state.public_url.clone();
            move |method, uri, headers| async move { web::serve_app(method, uri, headers, &public_url).await }
        })
        .method_not_allowed_fallback(|| async {
            (StatusCode::METHOD_NOT_ALLOWED, Json(serde_json::json!({ "message": "Method not allowed" })))
        })
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT));
    routes
        // Small answers (the 2-second user poll) are not worth the CPU of compressing.
        .layer(CompressionLayer::new().compress_when(DefaultPredicate::new().and(SizeAbove::new(1024))))
        // One layer for what every request passes (a layer each costs a boxed future per request).
        .layer(middleware::from_fn_with_state(state.clone(), edge::edge))
        .with_state(state)
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
    let listener = tokio::net::TcpListener::bind(&bind).await.with_context(|| format!("binding {bind}"))?;
    let addr = listener.local_addr()?;
    crate::metrics::handle();
    let state = prepare(config, Some(addr)).await?;
    if state.config.run_jobs {
        jobs::spawn_all(state.clone());
    }
    // Push delivery is a queue, not a schedule: it runs wherever the server runs.
    state.pusher.spawn();
    spawn_presence_heartbeat(state.clone());
    state.search.spawn_refresh(state.db.clone());
    let app = router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let stopping = state.clone();
    let task = tokio::spawn(async move {
        let signalled = Arc::new(tokio::sync::Notify::new());
        let on_signal = signalled.clone();
        let hub = stopping.hub.clone();
        let serve = axum::serve(listener, app).with_graceful_shutdown(async move {
            shutdown_signal().await;
            tracing::info!("stopping: no new connections; finishing requests in flight");
            // Open sockets are told to reconnect (to another instance, or to this one when it is back).
            hub.shut_down();
            // A moment for the sockets' close frames to go out.
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
            on_signal.notify_one();
        });
        let grace = async {
            signalled.notified().await;
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        };
        let served = tokio::select! {
            served = serve => served,
            () = grace => {
                tracing::warn!("stopping: requests still running after {SHUTDOWN_GRACE:?} were cut off");
                Ok(())
            }
        };
        release_claims(&stopping).await;
        served
    });
    Ok(Running { addr, state, task })
}

/// Keeps this instance's presence rows alive (each instance its own; not a job with a lease).
fn spawn_presence_heartbeat(state: AppState) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(crate::chat::presence::HEARTBEAT).await;
            if state.hub.is_stopping() {
                break;
            }
            if let Err(err) = crate::chat::presence::heartbeat(&state).await {
                tracing::warn!(error = %err, "could not refresh presence");
            }
        }
    });
}

/// How long a stopping server lets requests in flight finish.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(20);

/// Hands back what this instance holds, so another instance takes it now rather than when the claim expires.
async fn release_claims(state: &AppState) {
    if let Err(err) = crate::chat::presence::forget_instance(state).await {
        tracing::warn!(error = %err, "could not clear this instance's presence");
    }
    match state.pusher.release().await {
        Ok(n) if n > 0 => tracing::info!(pushes = n, "handed back claimed pushes"),
        Ok(_) => {}
        Err(err) => tracing::warn!(error = %format!("{err:#}"), "could not hand back claimed pushes"),
    }
    if let Err(err) = jobs::release(&state.db, &state.hub.instance().to_string()).await {
        tracing::warn!(error = %format!("{err:#}"), "could not hand back job rounds");
    }
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
