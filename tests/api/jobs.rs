//! Background jobs, run the way operators and tests run them: `run_once()` and `grow jobs run`.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{on_postgres, run_grow, second_instance, spawn_app, PASSWORD};

/// Makes every token of `table` look expired, as time would.
async fn expire_all(app: &crate::helpers::TestApp, table: &str) {
    let mut tx = app.state.db.begin().await.unwrap();
    sqlx::query(&format!("UPDATE {table} SET expires_at = 1")).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

async fn count(app: &crate::helpers::TestApp, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(app.state.db.pool()).await.unwrap()
}

#[tokio::test]
async fn cleanup_removes_expired_sessions_remember_tokens_and_reset_links_only() {
    let app = spawn_app().await;
    let (username, user) = app.signup(json!({})).await;
    let old = app.client();
    assert_eq!(old.login(&username, PASSWORD, true).await.status, StatusCode::OK);
    app.client().post("/api/auth/forgot-password", &json!({ "email": username })).await;
    assert!(app.state.mailer.last_to(user["id"].as_i64().unwrap()).is_some());
    for table in ["sessions", "remember_tokens", "password_resets"] {
        expire_all(&app, table).await;
    }
    // A session that is still good must survive.
    let current = app.client();
    assert_eq!(current.login(&username, PASSWORD, false).await.status, StatusCode::OK);

    let report = grow::jobs::run_once("cleanup", &app.state).await.unwrap();
    assert!(report.contains("1 sessions"), "{report}");
    assert_eq!(count(&app, "sessions").await, 1);
    assert_eq!(count(&app, "remember_tokens").await, 0);
    assert_eq!(count(&app, "password_resets").await, 0);
    assert_eq!(current.get("/api/auth/user").await.status, StatusCode::OK);
    assert_eq!(old.get("/api/auth/user").await.status, StatusCode::UNAUTHORIZED);
    // A second round finds nothing left to do.
    let again = grow::jobs::run_once("cleanup", &app.state).await.unwrap();
    assert!(again.contains("removed 0 sessions, 0 remember_tokens, 0 password_resets"), "{again}");
}

#[tokio::test]
async fn an_unknown_job_is_refused_with_the_list_of_jobs() {
    let app = spawn_app().await;
    let err = grow::jobs::run_once("nonsense", &app.state).await.unwrap_err();
    assert!(err.to_string().contains("cleanup"), "{err}");
}

#[tokio::test]
async fn grow_jobs_run_runs_a_job_against_the_database() {
    let app = spawn_app().await;
    let (username, _) = app.signup(json!({})).await;
    app.client().login(&username, PASSWORD, false).await;
    expire_all(&app, "sessions").await;
    let out = run_grow(app.data_dir(), Some(&app.database_url()), &["jobs", "run", "cleanup"]).await;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cleanup: removed 1 sessions"));
    assert_eq!(count(&app, "sessions").await, 0);
}

#[tokio::test]
async fn of_several_instances_one_claims_each_round_of_a_job() {
    let first = spawn_app().await;
    let second = if on_postgres() { Some(second_instance(&first).await) } else { None };
    let dbs: Vec<grow::db::Db> =
        std::iter::once(first.state.db.clone()).chain(second.iter().map(|s| s.state.db.clone())).collect();
    let every = std::time::Duration::from_secs(3600);
    let (claims, _) = crate::helpers::at_once(10, |i| {
        let db = dbs[i % dbs.len()].clone();
        async move { grow::jobs::claim(&db, "cleanup", every).await.unwrap() }
    })
    .await;
    assert_eq!(claims.iter().filter(|c| **c).count(), 1, "{claims:?}");
}

#[tokio::test]
async fn an_administrator_can_run_a_job_in_the_server_and_nobody_else_can() {
    let app = spawn_app().await;
    let (someone, _) = app.signed_in().await;
    assert_eq!(someone.post_empty("/api/admin/jobs/cleanup/run").await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.client().post_empty("/api/admin/jobs/cleanup/run").await.status, StatusCode::UNAUTHORIZED);

    let (admin_name, _) = app.signup(json!({})).await;
    let mut tx = app.state.db.begin().await.unwrap();
    grow::accounts::store::set_admin(&mut tx, &admin_name.to_lowercase(), true).await.unwrap().unwrap();
    tx.commit().await.unwrap();
    let admin = app.client();
    admin.login(&admin_name, PASSWORD, false).await;
    let ran = admin.post_empty("/api/admin/jobs/daily_motivation/run").await;
    assert_eq!(ran.status, StatusCode::OK, "{}", ran.body);
    assert_eq!(ran.body["name"], "daily_motivation");
    assert!(ran.body["report"].as_str().unwrap().contains("active people"));
    assert_eq!(admin.post_empty("/api/admin/jobs/no_such_job/run").await.status, StatusCode::NOT_FOUND);
}
