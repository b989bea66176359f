//! The reference for `bench/run`: a bare axum server that answers the hot read
//! (`/api/auth/user-refresh`) with a fixed user of the same shape, no database, no layers.
//! Grow's figures are reported as a ratio of this one, measured in the same run.

use axum::{routing::get, Json, Router};

#[tokio::main]
async fn main() {
    let port = std::env::var("PORT").unwrap_or_else(|_| "5901".into());
    let user = serde_json::json!({
        "id": 1, "firstName": "Bench", "lastName": "Mark", "username": "bench", "email": "bench@example.com",
        "role": "explorer", "plan": "free", "bio": null, "location": null, "skills": [], "profileImageUrl": null,
        "coins": 0, "lifetimeCoins": 0, "scratchCardStreak": 0, "lastScratchDate": null, "streakDays": 0,
        "connectionCount": 0, "isDiscoverable": true, "isAdmin": false, "emailVerified": false,
        "createdAt": "2026-01-01T00:00:00.000Z", "updatedAt": "2026-01-01T00:00:00.000Z"
    });
    let app = Router::new().route("/api/auth/user-refresh", get(move || async move { Json(user.clone()) }));
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}")).await.unwrap();
    axum::serve(listener, app).await.unwrap();
}
