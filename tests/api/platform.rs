//! The wire contract shared by every area: health, errors, headers, cross-site refusal, OpenAPI, the app.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, Client};

#[tokio::test]
async fn health_and_readiness_answer_200() {
    let app = spawn_app().await;
    let client = app.client();
    assert_eq!(client.get("/healthz").await.status, StatusCode::OK);
    assert_eq!(client.get("/readyz").await.status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404_never_the_app() {
    let app = spawn_app().await;
    let answer = app.client().get("/api/no/such/thing").await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert!(answer.headers["content-type"].to_str().unwrap().starts_with("application/json"));
    assert!(answer.message().contains("not found"));
}

#[tokio::test]
async fn a_wrong_method_is_a_json_405() {
    let app = spawn_app().await;
    let answer = app.client().request(reqwest::Method::DELETE, "/api/auth/user", None).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.message(), "Method not allowed");
}

#[tokio::test]
async fn a_malformed_path_parameter_is_a_json_400_on_every_route() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    for path in [
        "/api/projects/%00%ff",
        "/api/projects/not-a-number",
        "/api/projects/%ff/tasks",
        "/api/users/%c3%28/presence",
        "/api/files/%ff%fe.png",
    ] {
        let answer = client.get(path).await;
        assert!(
            answer.status == StatusCode::BAD_REQUEST || answer.status == StatusCode::NOT_FOUND,
            "{path}: {} {}",
            answer.status,
            answer.body
        );
        assert!(answer.headers["content-type"].to_str().unwrap().starts_with("application/json"), "{path}");
        assert!(!answer.message().is_empty(), "{path}");
    }
    let answer = client.get("/api/projects/%00%ff").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    let answer = client.request(reqwest::Method::DELETE, "/api/projects/%ff%00", None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.body);
    assert!(answer.headers["content-type"].to_str().unwrap().starts_with("application/json"));
}

#[tokio::test]
async fn malformed_json_is_a_400_with_a_readable_message() {
    let app = spawn_app().await;
    let answer = app.client().post_raw("/api/auth/login", "{\"username\": ").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.message(), "Request body is not valid JSON");
    let answer = app.client().post_raw("/api/auth/signup", "[1, 2]").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn an_oversized_body_is_a_413() {
    let app = spawn_app().await;
    let huge = json!({ "username": "x".repeat(2 * 1024 * 1024), "password": "y" });
    let answer = app.client().post("/api/auth/login", &huge).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!answer.message().is_empty());
}

#[tokio::test]
async fn state_changing_requests_from_another_site_are_refused() {
    let app = spawn_app().await;
    let http = reqwest::Client::new();
    let foreign = http
        .post(app.url("/api/auth/check-username"))
        .header("origin", "https://evil.example")
        .json(&json!({ "username": "someone" }))
        .send()
        .await
        .unwrap();
    let answer = Client::answer(foreign).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert!(!answer.message().is_empty());
    let own = http
        .post(app.url("/api/auth/check-username"))
        .header("origin", format!("http://{}", app.addr))
        .json(&json!({ "username": "someone" }))
        .send()
        .await
        .unwrap();
    assert_eq!(own.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_origin_is_compared_whole_scheme_and_all() {
    let app = spawn_app().await;
    let http = reqwest::Client::new();
    let from = |origin: String| {
        http.post(app.url("/api/auth/check-username"))
            .header("origin", origin)
            .json(&json!({ "username": "someone" }))
            .send()
    };
    // Served over http: a page of https://{the same host} is another origin.
    assert_eq!(from(format!("https://{}", app.addr)).await.unwrap().status(), StatusCode::FORBIDDEN);
    assert_eq!(from(format!("http://{}", app.addr)).await.unwrap().status(), StatusCode::OK);

    // With GROW_PUBLIC_URL, that origin alone: not the address the request reached, in either scheme.
    let public = spawn_app_with(|config| config.public_url = Some("https://grow.example".into())).await;
    for (origin, status) in [
        ("https://grow.example".to_string(), StatusCode::OK),
        ("http://grow.example".to_string(), StatusCode::FORBIDDEN),
        (format!("http://{}", public.addr), StatusCode::FORBIDDEN),
    ] {
        let answer = http
            .post(public.url("/api/auth/check-username"))
            .header("origin", &origin)
            .json(&json!({ "username": "someone" }))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), status, "{origin}");
    }
}

#[tokio::test]
async fn a_json_body_is_read_only_when_it_is_sent_as_json() {
    let app = spawn_app().await;
    let (client, _) = app.signed_in().await;
    let body = json!({ "bio": "Sent as a form would" }).to_string();
    for content_type in
        [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data"), None]
    {
        let mut request = client.http.patch(app.url("/api/users/profile")).body(body.clone());
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        let answer = Client::answer(request.send().await.unwrap()).await;
        assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{content_type:?}");
        assert_eq!(answer.message(), "Send the request body as application/json");
    }
    assert_ne!(client.get("/api/auth/user").await.body["bio"], "Sent as a form would", "nothing was written");
    let json = client
        .http
        .patch(app.url("/api/users/profile"))
        .header("content-type", "application/json; charset=utf-8")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(json.status(), StatusCode::OK);
    assert_eq!(client.get("/api/auth/user").await.body["bio"], "Sent as a form would");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    for path in ["/", "/explore", "/api/auth/user", "/api/no-such-call"] {
        let answer = app.client().get(path).await;
        assert_eq!(answer.headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(answer.headers["referrer-policy"], "same-origin", "{path}");
        assert_eq!(answer.headers["x-frame-options"], "DENY", "{path}");
        let csp = answer.headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        if path.starts_with("/api") {
            // Data, never a page: as a document it may load and run nothing at all.
            assert!(csp.starts_with("default-src 'none'") && !csp.contains("'self'"), "{path}: {csp}");
        } else {
            assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        }
    }
}

#[tokio::test]
async fn client_routes_are_answered_with_the_app_html() {
    let app = spawn_app().await;
    for path in ["/", "/explore", "/profile", "/join/42", "/some/unknown/page"] {
        let answer = reqwest::get(app.url(path)).await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
    }
}

#[tokio::test]
async fn the_openapi_document_describes_the_auth_calls() {
    let app = spawn_app().await;
    let doc = app.client().get("/api/openapi.json").await.body;
    assert_eq!(doc["openapi"], "3.1.0");
    for path in ["/api/auth/signup", "/api/auth/login", "/api/auth/user", "/api/users/profile"] {
        assert!(doc["paths"].get(path).is_some(), "{path} missing");
    }
    for schema in ["User", "ErrorBody", "ServerFrame", "SignupRequest"] {
        assert!(doc["components"]["schemas"].get(schema).is_some(), "{schema} missing");
    }
}

#[tokio::test]
async fn every_operation_has_its_own_id_and_its_parameters_where_they_are_sent() {
    // Generated clients key their types by operation id: two handlers named `list` would share one.
    let app = spawn_app().await;
    let document = app.client().get("/api/openapi.json").await.body;
    let mut seen = std::collections::HashMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap_or_default().to_string();
            if let Some(other) = seen.insert(id.clone(), format!("{method} {path}")) {
                panic!("{id} names both {other} and {method} {path}");
            }
            // A parameter said to be in the path is in the path (query parameters are not mistaken for it).
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap();
                if parameter["in"] == "path" {
                    assert!(path.contains(&format!("{{{name}}}")), "{method} {path}: {name} is not in the path");
                }
            }
        }
    }
}

#[tokio::test]
async fn every_list_caps_a_larger_limit_instead_of_refusing_it() {
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let (client, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let doc = client.get("/api/openapi.json").await.body;
    let mut lists = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(operation) = item.get("get") else { continue };
        let params = operation["parameters"].as_array().cloned().unwrap_or_default();
        if !params.iter().any(|p| p["name"] == "limit" && p["in"] == "query") {
            continue;
        }
        lists += 1;
        // A search needs its question, nearby its place; ids and slugs name something of the demo.
        let concrete = path.replace("{slug}", "tech").replace("{id}", "1").replace("{userId}", "1");
        let joiner = if concrete.contains('?') { '&' } else { '?' };
        let url = format!("{concrete}{joiner}limit=100000&q=design&lat=51.5&lng=-0.12");
        let answer = client.get(&url).await;
        assert_ne!(answer.status, StatusCode::BAD_REQUEST, "GET {url}: {}", answer.body);
        assert!(
            answer.status.is_success()
                || answer.status == StatusCode::NOT_FOUND
                || answer.status == StatusCode::FORBIDDEN,
            "GET {url}: {}",
            answer.status
        );
        if let Some(items) = answer.body.as_array() {
            assert!(items.len() <= 200, "GET {url}: {} items", items.len());
        }
    }
    assert!(lists >= 10, "only {lists} lists take a limit");
}
