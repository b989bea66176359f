//! `GET /metrics`: Prometheus text for operators (requests by route and status with latency
//! histograms, open sockets, database pool use, job runs and failures, push deliveries, mail sends),
//! answered only with `Authorization: Bearer $GROW_METRICS_TOKEN` and a 404 when no token is set.
//! Recorded with the `metrics` crate and exposed by `metrics-exporter-prometheus` (the route: `route.rs`).

use std::{cell::RefCell, collections::HashMap, sync::OnceLock};

use axum::http::Method;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const REQUESTS: &str = "grow_http_requests_total";
pub const REQUEST_SECONDS: &str = "grow_http_request_duration_seconds";
pub const OPEN_SOCKETS: &str = "grow_open_sockets";
pub const DB_CONNECTIONS: &str = "grow_db_pool_connections";
pub const DB_IDLE: &str = "grow_db_pool_idle_connections";
pub const JOB_RUNS: &str = "grow_job_runs_total";
pub const PUSHES: &str = "grow_push_deliveries_total";
pub const MAILS: &str = "grow_mail_sends_total";

/// The process's recorder, installed once (every app in a process shares it).
pub fn handle() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(REQUEST_SECONDS.into()), &buckets)
                .ok()?
                .install_recorder();
            match recorder {
                Ok(handle) => Some(handle),
                Err(err) => {
                    tracing::warn!(error = %err, "metrics are off: a recorder was already installed");
                    None
                }
            }
        })
        .as_ref()
}

/// The request counter and timer of one method, route and status.
struct RequestHandles {
    method: &'static str,
    status: u16,
    requests: metrics::Counter,
    seconds: metrics::Histogram,
}

/// A method as a label: the standard ones by name, any other as "OTHER" (so a client inventing methods
/// cannot grow the metrics without bound).
fn method_label(method: &Method) -> &'static str {
    const KNOWN: [Method; 9] = [
        Method::GET,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::HEAD,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ];
    KNOWN.iter().find(|m| *m == method).map_or("OTHER", Method::as_str)
}

/// Counts and times one answered request. The handles are made once per method, route (a template, never a
/// raw path) and status and kept by each worker thread: building a metric's labelled key on every request
/// was a large share of a small request's time.
pub fn record_request(method: &Method, route: &str, status: u16, seconds: f64) {
    thread_local! {
        static HANDLES: RefCell<HashMap<Box<str>, Vec<RequestHandles>, foldhash::fast::RandomState>> =
            RefCell::default();
    }
    let method = method_label(method);
    HANDLES.with_borrow_mut(|handles| {
        if !handles.contains_key(route) {
            handles.insert(route.into(), Vec::new());
        }
        let Some(kept) = handles.get_mut(route) else { return };
        let at = match kept.iter().position(|h| h.method == method && h.status == status) {
            Some(at) => at,
            None => {
                let labels =
                    [("method", method.to_string()), ("route", route.to_owned()), ("status", status.to_string())];
                kept.push(RequestHandles {
                    method,
                    status,
                    requests: metrics::counter!(REQUESTS, &labels),
                    seconds: metrics::histogram!(REQUEST_SECONDS, &labels[..2]),
                });
                kept.len() - 1
            }
        };
        kept[at].requests.increment(1);
        kept[at].seconds.record(seconds);
    });
}
