//! Public project pages and link previews (API.md): the card a shared link shows to anyone, and the tags other
//! apps read from the page's HTML, without a session.

use image::ImageFormat;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{
    helpers::{spawn_app, Client, TestApp},
    people::picture,
    reach::suspend,
    uploads::upload,
};

const DESCRIPTION: &str = "Kites that read the harbour wind and tell the crews when to sail. Built from old sails.";

async fn project(owner: &Client, extra: Value) -> i64 {
    let mut body = json!({ "title": "Harbour Kites", "description": DESCRIPTION, "category": "Technology",
                           "phase": "prototype", "lookingFor": ["Collaborator"], "isPublished": true });
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let made = owner.post("/api/projects", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    made.body["id"].as_i64().unwrap()
}

/// A page as a link unfurler fetches it: no cookie. Its status and text.
async fn page(app: &TestApp, path: &str) -> (StatusCode, String) {
    let answer = reqwest::get(app.url(path)).await.unwrap();
    let status = answer.status();
    if status == StatusCode::OK {
        assert!(answer.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
    }
    (status, answer.text().await.unwrap())
}

fn tag(page: &str, property: &str) -> Option<String> {
    let at = page.find(&format!("\"{property}\" content=\""))? + property.len() + 12;
    Some(page[at..at + page[at..].find('"')?].to_string())
}

#[tokio::test]
async fn a_published_projects_card_is_readable_signed_out_with_nothing_private_in_it() {
    let app = spawn_app().await;
    let (owner, me) = app.signed_in_as(json!({ "role": "innovator", "lastName": "Marlowe" })).await;
    let photo = upload(&owner, "file", vec![("kite.png", "image/png", picture(64, 48, ImageFormat::Png))]).await;
    let image = photo.body["fileUrl"].as_str().unwrap().to_string();
    let id = project(&owner, json!({ "imageUrls": [&image] })).await;
    let task = owner.post(&format!("/api/projects/{id}/tasks"), &json!({ "title": "Secret task: file patent" })).await;
    assert_eq!(task.status, StatusCode::CREATED, "{}", task.body);

    let stranger = app.client();
    let card = stranger.get(&format!("/api/public/projects/{id}")).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    assert_eq!(card.body["title"], "Harbour Kites");
    assert_eq!(card.body["description"], DESCRIPTION);
    assert_eq!(card.body["imageUrls"], json!([image]));
    assert_eq!(card.body["category"], "technology");
    assert_eq!(card.body["phase"], "prototype");
    assert_eq!(card.body["lookingFor"], json!(["Collaborator"]));
    assert_eq!(card.body["supporterCount"], 0);
    assert_eq!(card.body["owner"]["firstName"], me["firstName"]);
    let text = card.body.to_string();
    for private in [me["email"].as_str().unwrap(), "Marlowe", "Secret task", "collaborators", "ownerId"] {
        assert!(!text.contains(private), "the public card shows {private:?}: {text}");
    }
}

#[tokio::test]
async fn only_a_public_project_has_a_public_card() {
    let app = spawn_app().await;
    let (owner, me) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let draft = project(&owner, json!({ "title": "Quiet Draft", "isPublished": false })).await;
    let stranger = app.client();
    for path in
        [format!("/api/public/projects/{draft}"), "/api/public/projects/999999".into(), "/api/public/projects/x".into()]
    {
        let answer = stranger.get(&path).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}: {}", answer.body);
        assert!(!answer.message().is_empty());
    }
    let public = project(&owner, json!({})).await;
    assert_eq!(stranger.get(&format!("/api/public/projects/{public}")).await.status, StatusCode::OK);
    suspend(&app, me["id"].as_i64().unwrap()).await;
    let answer = stranger.get(&format!("/api/public/projects/{public}")).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "a suspended owner's project: {}", answer.body);
}

#[tokio::test]
async fn a_shared_project_link_unfurls_with_its_title_text_and_absolute_picture() {
    let app = spawn_app().await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let photo = upload(&owner, "file", vec![("kite.png", "image/png", picture(64, 48, ImageFormat::Png))]).await;
    let image = photo.body["fileUrl"].as_str().unwrap().to_string();
    let long = "Wind. ".repeat(60);
    let id = project(&owner, json!({ "imageUrls": [&image], "description": long })).await;
    let base = format!("http://{}", app.addr);
    for path in [format!("/project/{id}"), format!("/join/{id}")] {
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(html.contains("<title>Harbour Kites · Grow</title>"), "{html}");
        assert_eq!(tag(&html, "og:title").as_deref(), Some("Harbour Kites · Grow"));
        let description = tag(&html, "og:description").unwrap();
        assert_eq!(description, long.chars().take(200).collect::<String>(), "the first 200 characters");
        assert_eq!(tag(&html, "og:image"), Some(format!("{base}{image}")), "an absolute address");
        assert_eq!(tag(&html, "og:url"), Some(format!("{base}{path}")));
        assert_eq!(tag(&html, "og:type").as_deref(), Some("article"));
        assert_eq!(tag(&html, "twitter:card").as_deref(), Some("summary_large_image"));
        assert_eq!(html.matches("<title>").count(), 1);
    }
    // No picture of its own: the Grow card.
    let plain = project(&owner, json!({ "title": "Tide <Clock>" })).await;
    let (_, html) = page(&app, &format!("/project/{plain}")).await;
    assert_eq!(tag(&html, "og:image"), Some(format!("{base}/link-card.png")));
    assert_eq!(tag(&html, "og:title").as_deref(), Some("Tide &lt;Clock&gt; · Grow"), "escaped");
}

#[tokio::test]
async fn a_private_projects_page_and_every_other_page_carry_only_grows_own_tags() {
    let app = spawn_app().await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let draft = project(&owner, json!({ "title": "Stealth Hovercraft", "description": "Nobody may know." })).await;
    let hidden = owner.patch(&format!("/api/projects/{draft}"), &json!({ "isPublished": false })).await;
    assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.body);
    let base = format!("http://{}", app.addr);
    for path in
        [format!("/project/{draft}"), format!("/join/{draft}"), "/project/424242".into(), "/rewards".into(), "/".into()]
    {
        let (status, html) = page(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(!html.contains("Stealth") && !html.contains("Nobody may know"), "{path} leaks: {html}");
        assert_eq!(tag(&html, "og:title").as_deref(), Some("Grow"), "{path}");
        assert_eq!(tag(&html, "og:type").as_deref(), Some("website"), "{path}");
        assert_eq!(tag(&html, "og:image"), Some(format!("{base}/link-card.png")), "{path}");
    }
    let robots = reqwest::get(app.url("/robots.txt")).await.unwrap().text().await.unwrap();
    assert!(robots.contains("Allow: /project/") && robots.contains("Disallow: /api/"), "{robots}");
}
