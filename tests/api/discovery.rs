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

/// The answer read box by box around the asker (API.md: no read scans a whole table per request) is the answer of
/// spec 001 §9 wherever one stands: across the 180th meridian, near a pole, and for the 10 closest of a spread-out
/// world, where the boxes widen until ten are surely the closest.
#[tokio::test]
async fn nearby_is_the_same_answer_across_the_date_line_near_a_pole_and_for_a_spread_out_world() {
    let app = spawn_app().await;
    let (me, _) = placed(&app, "explorer", (-17.7, 179.95)).await; // Fiji, east of the date line's edge
    let (_, across) = placed(&app, "explorer", (-17.7, -179.8)).await; // ~26 km, on the other side of 180°
    let ids = |body: &serde_json::Value| -> Vec<i64> {
        body.as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect()
    };
    assert_eq!(ids(&me.get("/api/users/nearby?lat=-17.7&lng=179.95").await.body), [across]);
    let (_, svalbard) = placed(&app, "explorer", (78.22, 15.65)).await;
    let polar = me.get("/api/users/nearby?lat=89.9&lng=-120").await.body;
    assert_eq!(ids(&polar)[..1], [svalbard], "from near the pole, the closest is across it: {polar}");
    // Twelve people on a line of longitude, 1,000 km apart: from its end, the ten closest in order.
    let mut line = Vec::new();
    for n in 1..=12 {
        line.push(placed(&app, "explorer", (-60.0 + 9.0 * f64::from(n), -30.0)).await.1);
    }
    let far = me.get("/api/users/nearby?lat=-60&lng=-30").await.body;
    assert_eq!(ids(&far), line[..10], "{far}");
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

/// A person who signed up with only a location text (no device position).
async fn from_text(app: &TestApp, location: &str) -> (Client, i64) {
    let (client, user) = app.signed_in_as(json!({ "location": location, "role": "collaborator" })).await;
    (client, user["id"].as_i64().unwrap())
}

fn ids(found: &serde_json::Value) -> Vec<i64> {
    found.as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect()
}

/// One's own position, as one's record carries it.
async fn own_position(client: &Client) -> Option<(f64, f64)> {
    let me = client.get("/api/auth/user").await.body;
    Some((me["lat"].as_f64()?, me["lng"].as_f64()?))
}

#[tokio::test]
async fn a_location_text_alone_places_a_person_at_their_city() {
    let app = spawn_app().await;
    let (_, ada) = from_text(&app, "London, GB").await;
    let (_, ben) = from_text(&app, "london, United Kingdom").await;
    let (_, cara) = from_text(&app, "Manchester, GB").await;
    let (_, dom) = from_text(&app, "São Paulo, Brazil").await;
    let (nowhere, unknown) = from_text(&app, "Qwertyville").await;
    assert_eq!(own_position(&nowhere).await, None, "an unknown city gives no position, never a made-up one");

    // A new account in London, with no device position, finds the other Londoners.
    let (me, _) = from_text(&app, "London").await;
    let (lat, lng) = own_position(&me).await.expect("placed from the text");
    assert!(grow::discovery::haversine_km((lat, lng), (51.5074, -0.1278)) < 2.0, "{lat},{lng}");
    let near = me.get(&format!("/api/users/nearby?lat={lat}&lng={lng}")).await;
    assert_eq!(near.status, StatusCode::OK, "{}", near.body);
    let mut found = ids(&near.body);
    found.sort();
    assert_eq!(found, [ada, ben], "{}", near.body);
    assert!(near.body.as_array().unwrap().iter().all(|u| u["distanceKm"] == 0.0), "{}", near.body);
    assert!(near.body[0].get("email").is_none());

    // From the other side of the world every placed person is among the 10 closest; the unplaced one never.
    let anywhere = me.get("/api/users/nearby?lat=-33.87&lng=151.21").await.body;
    let everyone = ids(&anywhere);
    for placed in [ada, ben, cara, dom] {
        assert!(everyone.contains(&placed), "{anywhere}");
    }
    assert!(!everyone.contains(&unknown), "{anywhere}");
}

#[tokio::test]
async fn a_device_position_stands_until_the_location_text_changes() {
    let app = spawn_app().await;
    let (me, _) = from_text(&app, "London, GB").await;
    let city = own_position(&me).await.unwrap();
    // The device says Greenwich.
    let moved = me.patch("/api/users/profile", &json!({ "lat": 51.4826, "lng": -0.0077 })).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let device = own_position(&me).await.unwrap();
    assert!(grow::discovery::haversine_km(device, (51.4826, -0.0077)) < 1.0);
    // Saving the profile with the same text keeps the device position.
    me.patch("/api/users/profile", &json!({ "location": "London, GB", "bio": "Still here" })).await;
    assert_eq!(own_position(&me).await, Some(device));
    // A new text moves the person to that city.
    me.patch("/api/users/profile", &json!({ "location": "Paris, France" })).await;
    let paris = own_position(&me).await.unwrap();
    assert!(grow::discovery::haversine_km(paris, (48.8566, 2.3522)) < 2.0, "{paris:?}");
    // A text and a device position sent together (Edit Profile's "Detect my location"): the device's.
    me.patch("/api/users/profile", &json!({ "location": "London, GB", "lat": 51.4826, "lng": -0.0077 })).await;
    assert_eq!(own_position(&me).await, Some(device));
    // Forgetting the device position falls back to the text's city; a text naming no city, nowhere.
    me.patch("/api/users/profile", &json!({ "lat": null, "lng": null })).await;
    assert_eq!(own_position(&me).await, Some(city));
    me.patch("/api/users/profile", &json!({ "location": "Somewhere nice" })).await;
    assert_eq!(own_position(&me).await, None);
}

#[tokio::test]
async fn every_stored_position_is_on_the_grid_and_no_distance_is_finer() {
    let app = spawn_app().await;
    // A device position halfway between grid lines, and a text one.
    let (_, exact) = placed(&app, "explorer", (51.5050, -0.1350)).await;
    let (_, texted) = from_text(&app, "Lagos, NG").await;
    let (me, _) = from_text(&app, "Qwertyville").await;
    for (id, here) in [(exact, (51.5050, -0.1350)), (texted, (6.45407, 3.39467))] {
        // Asked from the person's exact spot, the answer is the distance to their grid point.
        let found = me.get(&format!("/api/users/nearby?lat={}&lng={}", here.0, here.1)).await.body;
        let them = found.as_array().unwrap().iter().find(|u| u["id"] == id).unwrap_or_else(|| panic!("{found}"));
        let (lat, lng) = (them["lat"].as_f64().unwrap(), them["lng"].as_f64().unwrap());
        assert!(((lat * 100.0).round() - lat * 100.0).abs() < 1e-6, "latitude on the grid: {lat}");
        let snapped = grow::discovery::snap(here);
        let two_decimals = |v: f64| (v * 100.0).round() / 100.0;
        assert_eq!((lat, lng), (two_decimals(snapped.0), two_decimals(snapped.1)), "the grid point, not the spot");
        let expected = (grow::discovery::haversine_km(here, snapped) * 10.0).round() / 10.0;
        assert_eq!(them["distanceKm"].as_f64().unwrap(), expected, "{them}");
    }
    let stored: Vec<(f64, f64)> = sqlx::query_as("SELECT lat, lng FROM users WHERE lat IS NOT NULL")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(stored.len(), 2);
    for position in stored {
        assert_eq!(grow::discovery::snap(position), position, "stored snapped");
    }
    let halfway = grow::discovery::snap((51.5050, -0.1350));
    assert!(grow::discovery::haversine_km(halfway, (51.5050, -0.1350)) > 0.3, "the exact spot is not kept");
}

#[tokio::test]
async fn someone_placed_by_their_text_who_is_not_discoverable_never_shows_nor_do_their_projects() {
    let app = spawn_app().await;
    let (hidden, owner) = app.signed_in_as(json!({ "location": "Bristol, GB", "role": "innovator" })).await;
    let hidden_id = owner["id"].as_i64().unwrap();
    let made = hidden.post("/api/projects", &json!({ "title": "Harbour kites", "isPublished": true })).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let project = made.body["id"].as_i64().unwrap();
    assert_eq!(hidden.patch("/api/users/profile", &json!({ "isDiscoverable": false })).await.status, StatusCode::OK);
    let (_, seen) = from_text(&app, "Bristol").await;
    let (me, _) = from_text(&app, "Bristol, United Kingdom").await;
    let (lat, lng) = own_position(&me).await.unwrap();
    let people = me.get(&format!("/api/users/nearby?lat={lat}&lng={lng}")).await.body;
    assert_eq!(ids(&people), [seen], "{people}");
    let projects = me.get(&format!("/api/projects/nearby?lat={lat}&lng={lng}")).await.body;
    assert!(projects.as_array().unwrap().iter().all(|p| p["id"] != project), "{projects}");
    // Nor in "near me" search, asked from the profile's position: once the index holds the person who signed up
    // after the change (so it has read the change too), the hidden person is not in it.
    let mut answer = serde_json::Value::Null;
    let caught_up = crate::helpers::eventually(std::time::Duration::from_secs(10), async || {
        answer = me.get("/api/search?q=people%20near%20me").await.body;
        answer["results"]["users"].as_array().is_some_and(|users| users.iter().any(|u| u["id"] == seen))
    })
    .await;
    assert!(caught_up.is_some(), "the search index never held the newer person: {answer}");
    let users = answer["results"]["users"].as_array().unwrap();
    assert!(users.iter().all(|u| u["id"] != hidden_id), "{answer}");
    let projects = answer["results"]["projects"].as_array().unwrap();
    assert!(projects.iter().all(|p| p["id"] != project), "{answer}");
}

#[tokio::test]
async fn the_positions_job_places_people_who_have_a_text_but_no_position() {
    let app = spawn_app().await;
    let (client, id) = from_text(&app, "Edinburgh, GB").await;
    let (_, unknown) = from_text(&app, "Qwertyville").await;
    // As rows written before texts gave positions were.
    sqlx::query("UPDATE users SET lat = NULL, lng = NULL").execute(app.state.db.pool()).await.unwrap();
    grow::events::announce(&app.state.db, grow::events::DomainEvent::UserChanged { user_id: id });
    assert_eq!(own_position(&client).await, None);
    let report = grow::jobs::run_once("positions", &app.state).await.unwrap();
    assert_eq!(report, "placed 1 people");
    let placed = own_position(&client).await.expect("placed by the job");
    assert!(grow::discovery::haversine_km(placed, (55.9533, -3.1883)) < 3.0, "{placed:?}");
    assert_eq!(grow::jobs::run_once("positions", &app.state).await.unwrap(), "placed 0 people", "nothing left to do");
    let unplaced: Option<f64> = sqlx::query_scalar("SELECT lat FROM users WHERE id = $1")
        .bind(unknown)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(unplaced, None);
}
