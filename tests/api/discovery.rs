//! "Who's near you": 50 km, then 100 km, then the 10 closest, with distances; bad positions refused.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, Client, TestApp, PASSWORD};

/// A person placed at a position (by signing up and setting it).
async fn placed(app: &TestApp, role: &str, at: (f64, f64)) -> (Client, i64) {
    let (username, user) = app.signup(json!({ "role": role })).await;
    let client = app.client();
    client.login(&username, PASSWORD, false).await;
    let moved = client.patch("/api/users/profile", &json!({ "lat": at.0, "lng": at.1, "location": "Somewhere" })).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    (client, user["id"].as_i64().unwrap())
}

#[tokio::test]
async fn nearby_people_widen_from_50_to_100_km_then_fall_back_to_the_closest() {
    let app = spawn_app().await;
    let london = (51.5074, -0.1278);
    let (me, _) = placed(&app, "explorer", london).await;
    let (_, reading) = placed(&app, "explorer", (51.4543, -0.9781)).await; // ~59 km
    let (_, oxford) = placed(&app, "explorer", (51.7520, -1.2577)).await; // ~82 km
    let (_, paris) = placed(&app, "explorer", (48.8566, 2.3522)).await; // ~344 km

    let url = format!("/api/users/nearby?lat={}&lng={}", london.0, london.1);
    let found = me.get(&url).await.body;
    let ids: Vec<i64> = found.as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [reading, oxford], "nobody within 50 km, so 100 km: {found}");
    assert!((found[0]["distanceKm"].as_f64().unwrap() - 58.5).abs() < 2.0, "{found}");
    assert!(found[0].get("email").is_none());

    let (_, next_door) = placed(&app, "explorer", (51.5155, -0.1410)).await; // ~1 km
    let ids: Vec<i64> = me.get(&url).await.body.as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [next_door]);

    let far = me.get("/api/users/nearby?lat=-33.87&lng=151.21").await.body; // Sydney: nobody near
    assert_eq!(far.as_array().unwrap().len(), 4);
    assert_eq!(far[0]["id"], paris, "the closest first");

    for bad in ["?lat=91&lng=0", "?lat=north&lng=0", "?lat=1", ""] {
        let answer = me.get(&format!("/api/users/nearby{bad}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(!answer.message().is_empty());
    }
    assert_eq!(app.client().get(&url).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn nearby_projects_are_placed_where_their_owner_is() {
    let app = spawn_app().await;
    let (owner, _) = placed(&app, "innovator", (53.4808, -2.2426)).await; // Manchester
    let id = owner.post("/api/projects", &json!({ "title": "Mancunian", "isPublished": true })).await.body["id"]
        .as_i64()
        .unwrap();
    owner.post("/api/projects", &json!({ "title": "Unpublished" })).await;
    let (me, _) = placed(&app, "explorer", (53.4, -2.2)).await;
    let found = me.get("/api/projects/nearby?lat=53.4&lng=-2.2").await.body;
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found[0]["id"], id);
    assert!(found[0]["distanceKm"].as_f64().unwrap() < 15.0);
}

#[tokio::test]
async fn a_query_parameter_of_the_wrong_type_is_a_json_400() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    for path in
        ["/api/projects?limit=lots", "/api/feed?limit=-1", "/api/users/search?limit=x", "/api/notifications?limit=0"]
    {
        let answer = client.get(path).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path}");
        assert!(answer.message().contains("limit"), "{path}: {}", answer.message());
    }
}
