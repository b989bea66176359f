//! Discovery search: questions in everyday words over a community, scored against the relevance
//! set in `tests/relevance/`; the rules every answer keeps (the caller, hidden people, drafts and
//! emails never in it; blank questions and bad limits refused); and an index that follows writes
//! within a second, on every instance.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{second_instance, spawn_app, spawn_app_with, Client, TestApp, PASSWORD};

fn encode(q: &str) -> String {
    q.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn ask(client: &Client, q: &str) -> Value {
    let answer = client.get(&format!("/api/search?q={}", encode(q))).await;
    assert_eq!(answer.status, StatusCode::OK, "{q}: {:?}", answer.body);
    answer.body
}

fn usernames(answer: &Value) -> Vec<String> {
    answer["results"]["users"].as_array().unwrap().iter().map(|u| u["username"].as_str().unwrap().to_string()).collect()
}

/// The people of an answer's suggestions (given only when nothing meets the question).
fn suggested_usernames(answer: &Value) -> Vec<String> {
    usernames(&json!({ "results": answer["suggestions"] }))
}

fn suggested_titles(answer: &Value) -> Vec<String> {
    titles(&json!({ "results": answer["suggestions"] }))
}

fn titles(answer: &Value) -> Vec<String> {
    answer["results"]["projects"].as_array().unwrap().iter().map(|p| p["title"].as_str().unwrap().to_string()).collect()
}

/// How one ranked list meets what should be in it: precision@5 (of what the first five show, the share that meets
/// the question), recall@5 (of what meets it, up to five, the share shown in the first five), the reciprocal rank
/// of the first that meets it, and whether the first is the one named best (else any that meets it).
fn score(found: &[String], expected: &[String], best: Option<&str>) -> [f64; 4] {
    let top = &found[..found.len().min(5)];
    let hits = top.iter().filter(|f| expected.contains(f)).count() as f64;
    let precision = if top.is_empty() { 0.0 } else { hits / top.len() as f64 };
    let recall = hits / expected.len().min(5) as f64;
    let reciprocal = found.iter().position(|f| expected.contains(f)).map_or(0.0, |r| 1.0 / (r as f64 + 1.0));
    let first_right = match (found.first(), best) {
        (Some(first), Some(best)) => first == best,
        (Some(first), None) => expected.contains(first),
        (None, _) => false,
    };
    [precision, recall, reciprocal, f64::from(u8::from(first_right))]
}

const MEASURES: [&str; 5] = ["precisionAt5", "recallAt5", "mrr", "bestAt1", "noAnswer"];

/// What issue #50 asks of every held-out set (reported beside each set's figures; the floors that fail the test are
/// the figures recorded for the set in `tests/relevance/recorded.json`).
const TARGETS: [(&str, f64); 3] = [("precisionAt5", 0.9), ("mrr", 0.95), ("noAnswer", 0.9)];

/// Asks every question of a relevance set and scores the answers against the judged ones; fails below the figures
/// recorded for the set in `tests/relevance/recorded.json`. A question marked `none` has no right answer: it is
/// answered as such when the answer's results are empty (nearest suggestions may follow, labelled apart).
async fn score_set(client: &Client, name: &str, set: &Value) {
    let recorded: Value = serde_json::from_str(include_str!("../relevance/recorded.json")).unwrap();
    let recorded = &recorded[name];
    // Sums over every scored list, then over the people and the project lists apart.
    let mut sums = [[0.0f64; 4]; 3];
    let mut lists = [0.0f64; 3];
    let mut by_kind: std::collections::BTreeMap<String, (f64, f64)> = Default::default();
    let (mut none_right, mut none_asked) = (0.0f64, 0.0f64);
    let mut report = Vec::new();
    for question in set["questions"].as_array().unwrap() {
        let q = question["q"].as_str().unwrap();
        let answer = ask(client, q).await;
        if std::env::var_os("GROW_SHOW_ANSWERS").is_some() {
            println!("{q:?}: {} | {:?} | {:?}", answer["smartResponse"], usernames(&answer), titles(&answer));
        }
        if question["none"] == true {
            none_asked += 1.0;
            if let Some(suggested) = answer.get("suggestions") {
                assert!(
                    !answer["smartResponse"].as_str().unwrap_or_default().is_empty(),
                    "{q:?}: suggestions {suggested} without a word saying what they are"
                );
            }
            // Where the set names what should be suggested instead, each is among the suggestions.
            let suggested: Vec<String> = answer["suggestions"]["users"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|u| u["username"].as_str().unwrap_or_default().to_string())
                .chain(
                    answer["suggestions"]["projects"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|p| p["title"].as_str().unwrap_or_default().to_string()),
                )
                .collect();
            let missing: Vec<&str> = question["suggested"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter(|s| !suggested.iter().any(|got| got == s))
                .collect();
            if usernames(&answer).is_empty() && titles(&answer).is_empty() && missing.is_empty() {
                none_right += 1.0;
            } else if !missing.is_empty() {
                report.push(format!("{q:?}: the suggestions {suggested:?} leave out {missing:?}"));
            } else {
                report.push(format!(
                    "{q:?} has no right answer, got {:?} {:?} ({})",
                    usernames(&answer),
                    titles(&answer),
                    answer["smartResponse"]
                ));
            }
            continue;
        }
        let strings = |key: &str| -> Option<Vec<String>> {
            question[key].as_array().map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
        };
        for (kind, expected, found) in
            [(1, strings("people"), usernames(&answer)), (2, strings("projects"), titles(&answer))]
        {
            let Some(expected) = expected else { continue };
            let best = question["best"].as_str().filter(|b| expected.iter().any(|e| e == b));
            let scores = score(&found, &expected, best);
            for part in [0, kind] {
                lists[part] += 1.0;
                for (sum, s) in sums[part].iter_mut().zip(scores) {
                    *sum += s;
                }
            }
            if let Some(kind) = question["kind"].as_str() {
                let entry = by_kind.entry(kind.to_string()).or_default();
                entry.0 += scores[0];
                entry.1 += 1.0;
            }
            if scores.iter().any(|s| *s < 1.0) {
                let [p, r, rr, b] = scores;
                report.push(format!(
                    "{q:?}: P@5 {p:.2}, R@5 {r:.2}, RR {rr:.2}, best {b}; got {:?} ({})",
                    &found[..found.len().min(5)],
                    answer["smartResponse"]
                ));
            }
        }
    }
    let means = |part: usize| sums[part].map(|s| s / lists[part].max(1.0));
    let [all, people, projects] = [means(0), means(1), means(2)];
    let no_answer = if none_asked > 0.0 { none_right / none_asked } else { 1.0 };
    let figures = [all[0], all[1], all[2], all[3], no_answer];
    println!(
        "{name}: {} lists: precision@5 {:.3}, recall@5 {:.3}, MRR {:.3}, best-at-1 {:.3}, no answer said {}/{} \
         (people {}: P@5 {:.3}, R@5 {:.3}; projects {}: P@5 {:.3}, R@5 {:.3})",
        lists[0],
        all[0],
        all[1],
        all[2],
        all[3],
        none_right,
        none_asked,
        lists[1],
        people[0],
        people[1],
        lists[2],
        projects[0],
        projects[1]
    );
    for (kind, (sum, n)) in &by_kind {
        println!("  {kind}: P@5 {:.3} over {n}", sum / n);
    }
    let short: Vec<String> = TARGETS
        .iter()
        .filter_map(|(key, target)| {
            let got = figures[MEASURES.iter().position(|m| m == key).unwrap()];
            (got < *target).then(|| format!("{key} {got:.3} (target {target})"))
        })
        .collect();
    println!("  short of the targets: {}", if short.is_empty() { "none".to_string() } else { short.join(", ") });
    for line in &report {
        println!("  {line}");
    }
    let below: Vec<String> = MEASURES
        .iter()
        .zip(figures)
        .filter(|(key, got)| recorded[**key].as_f64().is_some_and(|floor| *got < floor - 1e-9))
        .map(|(key, got)| format!("{key} {got:.3} < {}", recorded[*key]))
        .collect();
    assert!(
        below.is_empty(),
        "{name} relevance fell below what is recorded: {}\n{}",
        below.join(", "),
        report.join("\n")
    );
}

#[tokio::test]
async fn the_demo_relevance_set_scores_at_least_what_is_recorded() {
    let set: Value = serde_json::from_str(include_str!("../relevance/questions.json")).unwrap();
    let app = spawn_app_with(|config| config.seed_demo = true).await;
    let (client, _) = app.signed_in().await;
    let here = json!({ "lat": set["asker"]["lat"], "lng": set["asker"]["lng"], "location": "London, GB" });
    assert_eq!(client.patch("/api/users/profile", &here).await.status, StatusCode::OK);
    score_set(&client, "demo", &set).await;
}

/// Loads `tests/relevance/community.json` the way its people would: each signs up with their role, place, bio and
/// skills, signs in and gives their device position where they have one, and the innovators post their projects.
/// The asker signs up last, in the community's asker's place.
async fn load_community(app: &TestApp, community: &str) -> Client {
    let community: Value = serde_json::from_str(community).unwrap();
    let projects = community["projects"].as_array().unwrap();
    let mut owners: std::collections::HashMap<String, Client> = std::collections::HashMap::new();
    for person in community["people"].as_array().unwrap() {
        let username = person["username"].as_str().unwrap();
        let mut signup =
            json!({ "username": username, "password": PASSWORD, "email": format!("{username}@example.com") });
        for key in ["firstName", "lastName", "role", "location", "bio", "skills"] {
            if !person[key].is_null() {
                signup[key] = person[key].clone();
            }
        }
        let answer = app.client().post("/api/auth/signup", &signup).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{username}: {}", answer.body);
        let owns = projects.iter().any(|p| p["owner"] == person["username"]);
        if person["lat"].is_null() && !owns {
            continue;
        }
        let client = app.client();
        assert_eq!(client.login(username, PASSWORD, false).await.status, StatusCode::OK);
        if !person["lat"].is_null() {
            let position = json!({ "lat": person["lat"], "lng": person["lng"] });
            assert_eq!(client.patch("/api/users/profile", &position).await.status, StatusCode::OK, "{username}");
        }
        owners.insert(username.to_string(), client);
    }
    for project in projects {
        let owner = &owners[project["owner"].as_str().unwrap()];
        let mut body = json!({ "isPublished": true });
        for key in ["title", "description", "category", "phase", "lookingFor"] {
            body[key] = project[key].clone();
        }
        let answer = owner.post("/api/projects", &body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
    }
    let (asker, _) = app.signed_in_as(json!({ "location": community["asker"]["location"] })).await;
    let here = json!({ "lat": community["asker"]["lat"], "lng": community["asker"]["lng"] });
    assert_eq!(asker.patch("/api/users/profile", &here).await.status, StatusCode::OK);
    // Everything is searchable once the last project is (every person was written before it).
    let last = projects.last().unwrap()["title"].as_str().unwrap().to_string();
    let start = Instant::now();
    while !titles(&ask(&asker, &last).await).contains(&last) {
        assert!(start.elapsed() < Duration::from_secs(5), "{last} never became searchable");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    asker
}

/// Loads a community into a fresh app and scores its questions as the set `name` of `recorded.json`.
async fn score_community(name: &str, community: &str, questions: &str) {
    let set: Value = serde_json::from_str(questions).unwrap();
    let app = spawn_app().await;
    let asker = load_community(&app, community).await;
    score_set(&asker, name, &set).await;
}

#[tokio::test]
async fn the_held_out_relevance_set_scores_at_least_what_is_recorded() {
    score_community("heldOut", include_str!("../relevance/community.json"), include_str!("../relevance/held_out.json"))
        .await;
}

/// A test per held-out set of `tests/relevance/sets/` (each a community and its questions, written before any was
/// run), named for it and scored against its figures in `recorded.json`.
macro_rules! held_out_sets {
    ($($(#[$about:meta])* $test:ident: $set:literal),* $(,)?) => {$(
        $(#[$about])*
        #[tokio::test]
        async fn $test() {
            score_community(
                $set,
                include_str!(concat!("../relevance/sets/", $set, "/community.json")),
                include_str!(concat!("../relevance/sets/", $set, "/questions.json")),
            )
            .await;
        }
    )*};
}

held_out_sets! {
    the_harbours_held_out_set_scores_at_least_what_is_recorded: "harbours",
    /// Written after the others, while the ranker was being changed, and scored only once the changes were done.
    the_inland_held_out_set_scores_at_least_what_is_recorded: "inland",
    the_highlands_held_out_set_scores_at_least_what_is_recorded: "highlands",
    /// Written 2026-12-05 by a helper who had not read the ranker, committed before it was first run; scored first
    /// against the ranker of that day, then with the WordNet occupation lexicon.
    the_crossroads_held_out_set_scores_at_least_what_is_recorded: "crossroads",
    /// Written 2026-12-05 by a helper who had not read the ranker, committed before it was first run; its first run
    /// scored the ranker before and after that day's reading rules (docs/search.md).
    the_islands_held_out_set_scores_at_least_what_is_recorded: "islands",
}

async fn person_with(app: &TestApp, profile: Value) -> (Client, Value) {
    let (client, me) = app.signed_in().await;
    let answer = client.patch("/api/users/profile", &profile).await;
    assert_eq!(answer.status, StatusCode::OK, "{:?}", answer.body);
    (client, me)
}

/// Asks until the answer satisfies `fits` or a second has passed; the time it took.
async fn within_a_second(client: &Client, q: &str, fits: impl Fn(&Value) -> bool) -> Duration {
    let start = Instant::now();
    loop {
        let answer = ask(client, q).await;
        if fits(&answer) {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(1), "{q:?} still not answered after a second: {answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn answers_keep_out_the_caller_hidden_people_drafts_and_emails() {
    let app = spawn_app().await;
    let (asker, me) = person_with(&app, json!({ "skills": ["Kotlin"], "bio": "zephyrine kotlin" })).await;
    let (_, visible) = person_with(&app, json!({ "skills": ["Kotlin"], "bio": "zephyrine builder" })).await;
    let (hidden_client, hidden) = person_with(&app, json!({ "skills": ["Kotlin"], "bio": "zephyrine too" })).await;
    assert_eq!(
        hidden_client.patch("/api/users/profile", &json!({ "isDiscoverable": false })).await.status,
        StatusCode::OK
    );
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let draft = json!({ "title": "Zephyrine draft", "description": "zephyrine", "isPublished": false });
    assert_eq!(owner.post("/api/projects", &draft).await.status, StatusCode::CREATED);
    let published =
        json!({ "title": "Zephyrine live", "description": "zephyrine", "isPublished": true, "category": "technology" });
    assert_eq!(owner.post("/api/projects", &published).await.status, StatusCode::CREATED);

    let ids = |answer: &Value| -> Vec<i64> {
        answer["results"]["users"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect()
    };
    within_a_second(&asker, "zephyrine", |a| {
        ids(a).contains(&visible["id"].as_i64().unwrap()) && !titles(a).is_empty()
    })
    .await;
    for (q, paths) in
        [("zephyrine", &["/api/search", "/api/simple-search"][..]), ("kotlin developers", &["/api/search"][..])]
    {
        for &path in paths {
            let answer = asker.get(&format!("{path}?q={}", encode(q))).await;
            assert_eq!(answer.status, StatusCode::OK);
            let found = ids(&answer.body);
            assert!(found.contains(&visible["id"].as_i64().unwrap()), "{path} {q}: {}", answer.body);
            assert!(!found.contains(&me["id"].as_i64().unwrap()), "the caller is never a result");
            assert!(!found.contains(&hidden["id"].as_i64().unwrap()), "an undiscoverable person is never a result");
            assert!(!answer.body.to_string().contains("@example.com"), "no email leaves: {}", answer.body);
            assert!(answer.body["smartResponse"].as_str().is_some_and(|s| !s.is_empty()));
            if q == "zephyrine" {
                assert_eq!(titles(&answer.body), ["Zephyrine live"], "{path}: drafts are never results");
            }
        }
    }
    // The shape and the caps.
    let capped = ask(&asker, "zephyrine").await;
    assert!(capped["results"]["projects"][0]["ownerRole"].is_string());
    let one = asker.get("/api/search?q=zephyrine&limit=1").await;
    assert_eq!(one.body["results"]["users"].as_array().unwrap().len(), 1);
    for bad in [
        "/api/search?q=",
        "/api/search?q=%20%20",
        "/api/search",
        "/api/search?q=x&limit=0",
        "/api/search?q=x&limit=ten",
        "/api/simple-search?q=",
        "/api/search?q=x&lat=91&lng=0",
        "/api/search?q=x&lat=1",
    ] {
        let answer = asker.get(bad).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(answer.body["message"].as_str().is_some_and(|m| !m.is_empty()), "{bad}");
    }
    assert_eq!(app.client().get("/api/search?q=zephyrine").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.client().get("/api/simple-search?q=zephyrine").await.status, StatusCode::UNAUTHORIZED);
}

/// The same question from several people, one after another (the server keeps a question's ranking while nothing
/// changes): each answer is the asker's own. Whoever is the best result never finds themselves but finds the
/// weaker ones the others see cut; a person who blocked the best finds the same; of two equals the one nearer the
/// asker comes first, wherever the asker is; and a change is answered at once.
#[tokio::test]
async fn one_question_from_many_people_answers_each_as_their_own() {
    let app = spawn_app().await;
    let (best_client, best) =
        person_with(&app, json!({ "bio": "quillwright quillwright quillwright", "skills": ["Quillwright"] })).await;
    let long = "we also talk about gardens rivers bread lamps clocks kettles and many other things ".repeat(5);
    let (_, weak) = person_with(&app, json!({ "bio": format!("{long} and once a quillwright") })).await;
    let (london, _) = person_with(&app, json!({ "lat": 51.51, "lng": -0.13, "location": "London, GB" })).await;
    let (berlin, _) = person_with(&app, json!({ "lat": 52.52, "lng": 13.40, "location": "Berlin, DE" })).await;
    let (blocker, _) = app.signed_in().await;
    let best_id = best["id"].as_i64().unwrap();
    assert_eq!(blocker.post_empty(&format!("/api/users/{best_id}/block")).await.status, StatusCode::NO_CONTENT);
    let ids = |answer: &Value| -> Vec<i64> {
        answer["results"]["users"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect()
    };
    let weak_id = weak["id"].as_i64().unwrap();
    within_a_second(&london, "quillwright", |a| ids(a) == [best_id]).await;
    for _ in 0..2 {
        assert_eq!(ids(&ask(&berlin, "quillwright").await), [best_id], "the far weaker one is cut for most");
        assert_eq!(ids(&ask(&best_client, "quillwright").await), [weak_id], "never oneself; the rest as if alone");
        assert_eq!(ids(&ask(&blocker, "quillwright").await), [weak_id], "never someone blocked");
        assert_eq!(ids(&ask(&london, "quillwright").await), [best_id]);
    }
    // A block made after asking counts from the very next question (what a block hides is kept per asker).
    let block = format!("/api/users/{best_id}/block");
    assert_eq!(berlin.post_empty(&block).await.status, StatusCode::NO_CONTENT);
    assert_eq!(ids(&ask(&berlin, "quillwright").await), [weak_id], "blocked a moment ago");
    assert_eq!(berlin.request(reqwest::Method::DELETE, &block, None).await.status, StatusCode::NO_CONTENT);
    assert_eq!(ids(&ask(&berlin, "quillwright").await), [best_id], "unblocked a moment ago");

    // Two equals, one in each city: each asker sees the one nearer them first.
    let (_, in_london) =
        person_with(&app, json!({ "bio": "lanternsmith", "lat": 51.50, "lng": -0.12, "location": "London, GB" })).await;
    let (_, in_berlin) =
        person_with(&app, json!({ "bio": "lanternsmith", "lat": 52.50, "lng": 13.41, "location": "Berlin, DE" })).await;
    let pair = [in_london["id"].as_i64().unwrap(), in_berlin["id"].as_i64().unwrap()];
    within_a_second(&london, "lanternsmith", |a| ids(a).len() == 2).await;
    for _ in 0..2 {
        assert_eq!(ids(&ask(&london, "lanternsmith").await), pair);
        assert_eq!(ids(&ask(&berlin, "lanternsmith").await), [pair[1], pair[0]]);
    }
    let from_london = ask(&london, "lanternsmith").await;
    assert!(from_london["results"]["users"][0]["distanceKm"].as_f64().unwrap() < 5.0, "{from_london}");

    // What an answer shows of a person is theirs as of the answer: coins won a moment ago, a streak begun.
    let (scratcher, _) = person_with(&app, json!({ "bio": "lanternsmith" })).await;
    let scratcher_id = scratcher.get("/api/auth/user").await.body["id"].as_i64().unwrap();
    let shown = |answer: &Value| {
        answer["results"]["users"].as_array().unwrap().iter().find(|u| u["id"] == scratcher_id).cloned()
    };
    within_a_second(&berlin, "lanternsmith", |a| shown(a).is_some()).await;
    let was = shown(&ask(&berlin, "lanternsmith").await).unwrap();
    let scratched = scratcher.post_empty("/api/rewards/scratch").await;
    assert_eq!(scratched.status, StatusCode::OK, "{:?}", scratched.body);
    let now = shown(&ask(&berlin, "lanternsmith").await).unwrap();
    assert_eq!(now["coins"], scratched.body["newTotal"], "{now}");
    assert_ne!(now["coins"], was["coins"]);
    assert_eq!(now["scratchCardStreak"], json!(1));
    assert!(now["lastScratchDate"].is_string(), "{now}");

    // A change is answered within a second, to everyone who asked before.
    assert_eq!(
        best_client.patch("/api/users/profile", &json!({ "bio": "lanternsmith", "skills": [] })).await.status,
        StatusCode::OK
    );
    within_a_second(&berlin, "lanternsmith", |a| ids(a).contains(&best_id)).await;
    within_a_second(&london, "quillwright", |a| ids(a) == [weak_id]).await;
}

#[tokio::test]
async fn near_me_uses_the_device_position_and_gives_distances() {
    let app = spawn_app().await;
    let (asker, _) = app.signed_in().await;
    let (_, near) =
        person_with(&app, json!({ "skills": ["Figma"], "lat": 51.51, "lng": -0.13, "location": "London, GB" })).await;
    let (_, far) =
        person_with(&app, json!({ "skills": ["Figma"], "lat": 40.71, "lng": -74.0, "location": "New York, US" })).await;
    within_a_second(&asker, "figma", |a| usernames(a).len() >= 2).await;
    let answer = asker.get("/api/search?q=designers%20near%20me%20who%20know%20figma&lat=51.5074&lng=-0.1278").await;
    let users = answer.body["results"]["users"].as_array().unwrap();
    assert_eq!(users[0]["id"], near["id"], "{}", answer.body);
    assert!(users[0]["distanceKm"].as_f64().unwrap() < 5.0);
    if let Some(second) = users.get(1) {
        assert_eq!(second["id"], far["id"]);
        assert!(second["distanceKm"].as_f64().unwrap() > 5000.0);
    }
    // One's own record carries one's saved position (kept to about a kilometre); nobody else's does.
    let (placed, _) = person_with(&app, json!({ "lat": 51.5, "lng": -0.12 })).await;
    let own = placed.get("/api/auth/user").await.body;
    let (lat, lng) = (own["lat"].as_f64().unwrap(), own["lng"].as_f64().unwrap());
    assert!((lat - 51.5).abs() < 0.006 && (lng + 0.12).abs() < 0.009, "{own}");
    let other = placed.get("/api/users/search?q=&role=all").await.body;
    assert!(other
        .as_array()
        .is_none_or(|people| people.iter().all(|p| p["lat"].is_null() || p["lat"] != json!(51.51))));
    // Without a position anywhere, the answer says how to get one.
    let unplaced = ask(&asker, "figma people near me").await;
    assert!(unplaced["smartResponse"].as_str().unwrap().contains("location"), "{unplaced}");
}

#[tokio::test]
async fn a_profile_or_project_change_is_searchable_within_a_second_and_one_that_leaves_is_gone() {
    let app = spawn_app().await;
    let (asker, _) = app.signed_in().await;
    let (someone, them) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let id = them["id"].as_i64().unwrap();
    someone.patch("/api/users/profile", &json!({ "skills": ["Quetzalcoatl Wrangling"] })).await;
    within_a_second(&asker, "quetzalcoatl wrangling", |a| usernames(a) == [them["username"].as_str().unwrap()]).await;
    someone.patch("/api/users/profile", &json!({ "isDiscoverable": false })).await;
    let answer = ask(&asker, "quetzalcoatl wrangling").await;
    assert!(!answer["results"]["users"].as_array().unwrap().iter().any(|u| u["id"] == id), "hidden at once");

    let made = someone.post("/api/projects", &json!({ "title": "Xylophonic Dreams", "isPublished": true })).await;
    let project = made.body["id"].as_i64().unwrap();
    within_a_second(&asker, "xylophonic", |a| titles(a) == ["Xylophonic Dreams"]).await;
    assert_eq!(
        someone.request(reqwest::Method::DELETE, &format!("/api/projects/{project}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert!(titles(&ask(&asker, "xylophonic").await).is_empty(), "a deleted project is gone at once");
}

#[tokio::test]
async fn a_project_in_an_answer_is_its_card_with_the_callers_marks_and_moves_with_it() {
    let app = spawn_app().await;
    let (owner, owner_user) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let (fan, _) = app.signed_in().await;
    let made = owner
        .post(
            "/api/projects",
            &json!({ "title": "Quillwort Commons", "description": "A quillwort garden", "isPublished": true }),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED);
    let id = made.body["id"].as_i64().unwrap();
    within_a_second(&fan, "quillwort", |a| titles(a) == ["Quillwort Commons"]).await;
    let project = |answer: &Value| answer["results"]["projects"][0].clone();
    // As the project's own page shows it, with the caller's marks, the owner's role and no distance without positions.
    let seen = project(&ask(&fan, "quillwort").await);
    let page = fan.get(&format!("/api/projects/{id}")).await.body;
    for field in ["id", "title", "description", "ownerId", "ownerName", "supporterCount", "collaborators", "taskCount"]
    {
        assert_eq!(seen[field], page[field], "{field}: {seen}");
    }
    assert_eq!(seen["ownerRole"], "innovator");
    assert_eq!(seen["isSupported"], false);
    assert_eq!(seen["myRole"], Value::Null);
    assert_eq!(seen["distanceKm"], Value::Null);
    assert_eq!(project(&ask(&owner, "quillwort").await)["myRole"], "owner");
    assert_eq!(owner_user["role"], "innovator");

    // A support shows at once, to the fan (their mark) and to the owner (the count).
    assert_eq!(fan.post_empty(&format!("/api/projects/{id}/support")).await.status, StatusCode::OK);
    let seen = project(&ask(&fan, "quillwort").await);
    assert_eq!((seen["isSupported"].clone(), seen["supporterCount"].clone()), (json!(true), json!(1)), "{seen}");
    assert_eq!(project(&ask(&owner, "quillwort").await)["supporterCount"], 1);
    // Unpublished, it leaves every answer at once, though the index still holds it for a moment.
    let hidden = owner.patch(&format!("/api/projects/{id}"), &json!({ "isPublished": false })).await;
    assert_eq!(hidden.status, StatusCode::OK, "{:?}", hidden.body);
    let answer = ask(&fan, "quillwort").await;
    assert!(titles(&answer).is_empty(), "{answer}");
    assert!(answer["smartResponse"].as_str().is_some_and(|s| !s.starts_with("Found 1 project")), "{answer}");
}

#[tokio::test]
async fn on_postgresql_a_change_on_one_instance_is_found_on_another_within_a_second() {
    if !crate::helpers::on_postgres() {
        return;
    }
    let first = spawn_app().await;
    let second = second_instance(&first).await;
    let (asker, _) = second.signed_in().await;
    let (someone, them) = first.signed_in().await;
    someone.patch("/api/users/profile", &json!({ "skills": ["Brachiosaurus Grooming"] })).await;
    within_a_second(&asker, "brachiosaurus grooming", |a| usernames(a) == [them["username"].as_str().unwrap()]).await;
}

/// "Found 3 people — …": the number the answer says is the number it shows.
fn says_what_it_shows(answer: &Value) {
    let said = answer["smartResponse"].as_str().unwrap();
    let (people, projects) = (usernames(answer).len(), titles(answer).len());
    for (n, one, many) in [(people, "person", "people"), (projects, "project", "projects")] {
        let wrong = (0..=60).filter(|m| *m != n).any(|m| {
            let noun = if m == 1 { one } else { many };
            said.contains(&format!("Found {m} {noun}")) || said.contains(&format!("and {m} {noun}"))
        });
        assert!(!wrong, "{said:?} does not count the {n} {many} shown");
    }
}

#[tokio::test]
async fn a_question_shows_only_what_meets_every_constraint_it_states_and_says_how_many() {
    let app = spawn_app().await;
    let (asker, _) = app.signed_in().await;
    let mut names = std::collections::HashMap::new();
    for (who, role, profile) in [
        (
            "london",
            "collaborator",
            json!({ "skills": ["React", "Node.js"], "location": "London, GB", "lat": 51.5072, "lng": -0.1276 }),
        ),
        // Croydon is 15 km from the centre of London; Reading 58 km.
        (
            "croydon",
            "explorer",
            json!({ "skills": ["React"], "location": "Croydon, GB", "lat": 51.3762, "lng": -0.0982 }),
        ),
        (
            "reading",
            "collaborator",
            json!({ "skills": ["React"], "location": "Reading, GB", "lat": 51.4543, "lng": -0.9781 }),
        ),
        (
            "manchester",
            "collaborator",
            json!({ "skills": ["React"], "location": "Manchester, GB", "lat": 53.4808, "lng": -2.2426 }),
        ),
        (
            "paris",
            "collaborator",
            json!({ "skills": ["React"], "location": "Paris, FR", "lat": 48.8566, "lng": 2.3522 }),
        ),
        (
            "pythonista",
            "collaborator",
            json!({ "skills": ["Python"], "bio": "I write Python.", "location": "London, GB", "lat": 51.51, "lng": -0.12 }),
        ),
        (
            "backer",
            "investor",
            json!({ "skills": ["Fundraising"], "bio": "Angel investor.", "location": "London, GB", "lat": 51.5, "lng": -0.1 }),
        ),
    ] {
        let (client, me) = app.signed_in_as(json!({ "role": role })).await;
        assert_eq!(client.patch("/api/users/profile", &profile).await.status, StatusCode::OK);
        names.insert(who, me["username"].as_str().unwrap().to_string());
    }
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let placed = json!({ "location": "Leeds, GB", "lat": 53.8008, "lng": -1.5491 });
    assert_eq!(owner.patch("/api/users/profile", &placed).await.status, StatusCode::OK);
    for (title, category, phase, wanted) in [
        ("Quillon", "healthcare", "idea", "Collaborator"),
        ("Brambleway", "healthcare", "launch", "Explorer"),
        ("Copperfield", "education", "idea", "Collaborator"),
    ] {
        let project = json!({ "title": title, "description": "A project.", "category": category, "phase": phase,
                              "lookingFor": [wanted], "isPublished": true });
        assert_eq!(owner.post("/api/projects", &project).await.status, StatusCode::CREATED);
    }
    within_a_second(&asker, "react", |a| usernames(a).len() == 5).await;
    within_a_second(&asker, "Copperfield", |a| titles(a) == ["Copperfield"]).await;
    let who = |keys: &[&str]| -> Vec<String> {
        let mut all: Vec<String> = keys.iter().map(|k| names[k].clone()).collect();
        all.sort();
        all
    };
    let sorted = |mut found: Vec<String>| {
        found.sort();
        found
    };

    // Skill, profession and city together: only React developers within 50 km of London.
    let answer = ask(&asker, "react developers in London").await;
    assert_eq!(sorted(usernames(&answer)), who(&["london", "croydon"]), "{answer}");
    assert_eq!(answer["smartResponse"], "Found 2 people — React developers in London.");
    says_what_it_shows(&answer);
    // A country is the whole country.
    let answer = ask(&asker, "react developers in the UK").await;
    assert_eq!(sorted(usernames(&answer)), who(&["london", "croydon", "reading", "manchester"]), "{answer}");
    says_what_it_shows(&answer);
    // A role filters roles.
    let answer = ask(&asker, "investors in London").await;
    assert_eq!(usernames(&answer), who(&["backer"]), "{answer}");
    says_what_it_shows(&answer);
    // Category and phase; category and what a project looks for.
    let answer = ask(&asker, "early-stage healthcare projects").await;
    assert_eq!(titles(&answer), ["Quillon"], "{answer}");
    assert_eq!(answer["smartResponse"], "Found 1 project — early-stage healthcare projects.");
    let answer = ask(&asker, "healthcare projects looking for explorers").await;
    assert_eq!(titles(&answer), ["Brambleway"], "{answer}");
    says_what_it_shows(&answer);
    // The count is of what is shown, when the limit cuts the list.
    let capped = asker.get("/api/search?q=react%20developers%20in%20the%20UK&limit=2").await.body;
    assert_eq!(usernames(&capped).len(), 2);
    assert_eq!(capped["smartResponse"], "Found 2 people — React developers in the UK.");

    // Nothing meets them all: no results, and one labelled relaxation as suggestions, the place first.
    let answer = ask(&asker, "react developers in Lisbon").await;
    assert_eq!(answer["smartResponse"], "No React developers in Lisbon yet. React developers elsewhere:");
    assert!(usernames(&answer).is_empty() && titles(&answer).is_empty(), "{answer}");
    assert_eq!(sorted(suggested_usernames(&answer)), who(&["london", "croydon", "reading", "manchester", "paris"]));
    // Then the weakest of the rest, said by name.
    let answer = ask(&asker, "launched education projects").await;
    assert_eq!(answer["smartResponse"], "No launched education projects yet. Education projects at any stage:");
    assert!(titles(&answer).is_empty(), "{answer}");
    assert_eq!(suggested_titles(&answer), ["Copperfield"]);
    // No Python investor anywhere: the place goes, and the role with it.
    let answer = ask(&asker, "python investors in Paris").await;
    assert_eq!(
        answer["smartResponse"],
        "No Python investors in Paris yet. People skilled in Python elsewhere, in any role:"
    );
    assert_eq!(suggested_usernames(&answer), who(&["pythonista"]));
    // What meets the question is never given as suggestions.
    let answer = ask(&asker, "react developers in London").await;
    assert!(answer.get("suggestions").is_none(), "{answer}");
}

#[tokio::test]
async fn projects_of_someone_who_stops_being_discoverable_leave_near_me_within_a_second() {
    let app = spawn_app().await;
    // Enough people that a few changes do not make the index rebuild itself: the change must reach the project
    // through the owner.
    for _ in 0..20 {
        app.signup(json!({})).await;
    }
    let (asker, _) = person_with(&app, json!({ "lat": 51.5074, "lng": -0.1278, "location": "London, GB" })).await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let here = json!({ "lat": 51.51, "lng": -0.12, "location": "London, GB" });
    assert_eq!(owner.patch("/api/users/profile", &here).await.status, StatusCode::OK);
    let project = json!({ "title": "Marrowfield", "description": "Allotments shared by a street.",
                          "category": "other", "isPublished": true });
    assert_eq!(owner.post("/api/projects", &project).await.status, StatusCode::CREATED);
    within_a_second(&asker, "projects near me", |a| titles(a) == ["Marrowfield"]).await;

    assert_eq!(owner.patch("/api/users/profile", &json!({ "isDiscoverable": false })).await.status, StatusCode::OK);
    within_a_second(&asker, "projects near me", |a| titles(a).is_empty()).await;
    // Elsewhere in search the project stays: only nearby and "near me" leave it out.
    assert_eq!(titles(&ask(&asker, "Marrowfield").await), ["Marrowfield"]);
}

#[tokio::test]
async fn a_blockers_and_a_suspended_owners_projects_leave_the_others_answers() {
    let app = spawn_app().await;
    let (vera, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let (sam, sam_user) = app.signed_in().await;
    let (olga, olga_user) = app.signed_in_as(json!({ "role": "innovator" })).await;
    for (owner, title) in [(&vera, "Zephyrwheel kites"), (&olga, "Zephyrwheel looms")] {
        let made = owner
            .post("/api/projects", &json!({ "title": title, "description": "Wind work", "isPublished": true }))
            .await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    }
    let both = |answer: &Value| {
        let mut found = titles(answer);
        found.sort();
        found == ["Zephyrwheel kites", "Zephyrwheel looms"]
    };
    within_a_second(&sam, "zephyrwheel", both).await;

    // Vera blocks Sam: her project leaves his answers at once, Olga's stays.
    let sam_id = sam_user["id"].as_i64().unwrap();
    assert_eq!(vera.post_empty(&format!("/api/users/{sam_id}/block")).await.status, StatusCode::NO_CONTENT);
    assert_eq!(titles(&ask(&sam, "zephyrwheel").await), ["Zephyrwheel looms"]);
    // Suspended, Olga's work leaves everyone's answers (Vera still sees her own).
    crate::reach::suspend(&app, olga_user["id"].as_i64().unwrap()).await;
    assert!(titles(&ask(&sam, "zephyrwheel").await).is_empty());
    assert_eq!(titles(&ask(&vera, "zephyrwheel").await), ["Zephyrwheel kites"]);
}
