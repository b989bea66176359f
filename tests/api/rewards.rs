//! Rewards: the ledger, the daily bonus and streak, the scratch card, levels, the store,
//! achievements, daily tasks and the leaderboard. Days pass through the app's clock.

use std::time::Duration;

use grow::rewards::ledger::{self, Reason};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{at_once, spawn_app, Client, TestApp};

const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// Pays `amount` coins to a user through the ledger, as another area would.
async fn give(app: &TestApp, user_id: i64, amount: i64, act: &str) {
    let mut tx = app.state.db.begin().await.unwrap();
    ledger::award(&app.state, &mut tx, user_id, amount, Reason::Demo, act, &[]).await.unwrap().balance.unwrap();
    tx.commit().await.unwrap();
}

async fn signed_in(app: &TestApp) -> (Client, i64) {
    let (client, user) = app.signed_in().await;
    (client, user["id"].as_i64().unwrap())
}

async fn balance(client: &Client) -> (i64, i64) {
    let user = client.get("/api/auth/user").await.body;
    (user["coins"].as_i64().unwrap(), user["lifetimeCoins"].as_i64().unwrap())
}

/// The ledger's sums for a user: (all, awards only).
async fn ledger_sums(app: &TestApp, user_id: i64) -> (i64, i64) {
    sqlx::query_as(
        // PostgreSQL sums BIGINT as NUMERIC: cast back for the Any driver.
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS BIGINT) \
         FROM coin_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(app.state.db.pool())
    .await
    .unwrap()
}

#[tokio::test]
async fn the_first_rewards_call_of_a_day_pays_the_daily_bonus_once_and_says_so() {
    let app = spawn_app().await;
    let (client, _) = signed_in(&app).await;
    let first = client.get("/api/rewards").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.body["dailyReward"], json!({ "coins": 10, "newStreak": 1 }));
    // The bonus alone: the "Check in" daily task waits for CLAIM.
    assert_eq!(first.body["user"]["coins"], 10);
    assert_eq!(first.body["user"]["streakDays"], 1);
    let check_in = first.body["dailyTasks"].as_array().unwrap().iter().find(|t| t["id"] == "check-in").unwrap();
    assert_eq!(check_in["completedCount"], 1);
    let second = client.get("/api/rewards").await;
    assert!(second.body.get("dailyReward").is_none(), "{}", second.body);
    assert_eq!(second.body["user"]["coins"], 10);
    assert_eq!(balance(&client).await, (10, 10), "the user record agrees");
}

#[tokio::test]
async fn the_streak_continues_on_consecutive_days_and_starts_again_after_a_gap() {
    let app = spawn_app().await;
    let (client, _) = signed_in(&app).await;
    let streak = |answer: Value| answer["dailyReward"]["newStreak"].as_i64();
    assert_eq!(streak(client.get("/api/rewards").await.body), Some(1));
    app.state.clock.advance(DAY);
    assert_eq!(streak(client.get("/api/rewards").await.body), Some(2));
    app.state.clock.advance(DAY);
    assert_eq!(streak(client.get("/api/rewards").await.body), Some(3));
    app.state.clock.advance(DAY * 2);
    assert_eq!(streak(client.get("/api/rewards").await.body), Some(1));
}

#[tokio::test]
async fn twenty_parallel_first_calls_of_a_day_pay_the_bonus_once() {
    let app = spawn_app().await;
    let (client, _) = signed_in(&app).await;
    let (answers, _) = at_once(20, |_| {
        let client = Client { base: client.base.clone(), http: client.http.clone() };
        async move { client.get("/api/rewards").await }
    })
    .await;
    assert!(answers.iter().all(|a| a.status == StatusCode::OK));
    assert_eq!(answers.iter().filter(|a| a.body.get("dailyReward").is_some()).count(), 1);
    assert_eq!(balance(&client).await, (10, 10));
}

#[tokio::test]
async fn the_scratch_card_pays_10_to_100_once_per_24_hours() {
    let app = spawn_app().await;
    let (client, user_id) = signed_in(&app).await;
    let before = client.get("/api/rewards").await.body;
    assert_eq!(before["canScratchToday"], true);
    let coins_before = before["user"]["coins"].as_i64().unwrap();

    let scratched = client.post_empty("/api/rewards/scratch").await;
    assert_eq!(scratched.status, StatusCode::OK);
    let reward = scratched.body["reward"].as_i64().unwrap();
    assert!((10..=100).contains(&reward), "{reward}");
    // The card's amount alone: the "Try your luck" daily task waits for CLAIM.
    assert_eq!(scratched.body["newTotal"].as_i64().unwrap(), coins_before + reward);

    let again = client.post_empty("/api/rewards/scratch").await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(again.message().contains("already scratched"));
    let after = client.get("/api/rewards").await.body;
    assert_eq!(after["canScratchToday"], false);
    assert!(after["nextScratchAt"].is_string());
    assert!(after["user"]["lastScratchDate"].is_string());
    assert_eq!(after["user"]["coins"], scratched.body["newTotal"], "the refused scratch changed nothing");

    app.state.clock.advance(DAY - Duration::from_secs(60));
    assert_eq!(client.post_empty("/api/rewards/scratch").await.status, StatusCode::BAD_REQUEST);
    app.state.clock.advance(Duration::from_secs(61));
    assert_eq!(client.post_empty("/api/rewards/scratch").await.status, StatusCode::OK);
    let (sum, awards) = ledger_sums(&app, user_id).await;
    assert_eq!(balance(&client).await, (sum, awards));
}

#[tokio::test]
async fn twenty_parallel_scratches_pay_once() {
    let app = spawn_app().await;
    let (client, _) = signed_in(&app).await;
    let (answers, _) = at_once(20, |_| {
        let client = Client { base: client.base.clone(), http: client.http.clone() };
        async move { client.post_empty("/api/rewards/scratch").await.status }
    })
    .await;
    assert_eq!(answers.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{answers:?}");
    let scratches: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM coin_ledger WHERE reason = 'scratch'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(scratches, 1);
}

#[tokio::test]
async fn spending_refuses_unknown_rewards_wrong_amounts_and_short_balances_and_spends_nothing() {
    let app = spawn_app().await;
    let (client, user_id) = signed_in(&app).await;
    give(&app, user_id, 4_000, "gift:1").await;
    let cases = [
        (json!({ "rewardName": "A yacht", "amount": 100 }), "not a reward"),
        (json!({ "rewardName": "Notion Pro", "amount": 2_999 }), "cost of 3000"),
        (json!({ "rewardName": "Notion Pro", "amount": -3_000 }), "cost of 3000"),
        (json!({ "rewardName": "Figma Pro (1 month)", "amount": 5_000 }), "Not enough coins"),
        (json!({ "rewardName": "Notion Pro", "amount": "3000" }), "amount"),
        (json!({ "amount": 3000 }), "rewardName"),
    ];
    for (body, words) in cases {
        let answer = client.post("/api/user/spend-coins", &body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(answer.message().contains(words), "{} lacks {words}", answer.message());
        assert_eq!(balance(&client).await, (4_000, 4_000));
    }
    let bought = client.post("/api/user/spend-coins", &json!({ "rewardName": "Notion Pro", "amount": 3_000 })).await;
    assert_eq!(bought.status, StatusCode::OK);
    assert_eq!(bought.body, json!({ "newBalance": 1_000, "rewardName": "Notion Pro", "spentAmount": 3_000 }));
    assert_eq!(balance(&client).await, (1_000, 4_000));
    assert_eq!(ledger_sums(&app, user_id).await, (1_000, 4_000));
}

#[tokio::test]
async fn parallel_spends_never_take_a_balance_below_zero() {
    let app = spawn_app().await;
    let (client, user_id) = signed_in(&app).await;
    give(&app, user_id, 7_500, "gift:1").await;
    let (answers, _) = at_once(10, |_| {
        let client = Client { base: client.base.clone(), http: client.http.clone() };
        async move {
            client.post("/api/user/spend-coins", &json!({ "rewardName": "canva-pro", "amount": 2_500 })).await.status
        }
    })
    .await;
    assert_eq!(answers.iter().filter(|s| **s == StatusCode::OK).count(), 3, "{answers:?}");
    assert_eq!(balance(&client).await, (0, 7_500));
    assert_eq!(ledger_sums(&app, user_id).await, (0, 7_500));
}

#[tokio::test]
async fn an_act_pays_once_even_when_twenty_requests_race() {
    let app = spawn_app().await;
    let (client, user_id) = signed_in(&app).await;
    let (paid, _) = at_once(20, |_| {
        let state = app.state.clone();
        async move {
            let mut tx = state.db.begin().await.unwrap();
            let paid = ledger::award(&state, &mut tx, user_id, 25, Reason::Support, "support:1:99", &[]).await.unwrap();
            tx.commit().await.unwrap();
            paid.balance.is_some()
        }
    })
    .await;
    assert_eq!(paid.iter().filter(|p| **p).count(), 1);
    assert_eq!(balance(&client).await, (25, 25));
}

#[tokio::test]
async fn levels_follow_lifetime_coins_and_a_level_reached_is_announced() {
    let app = spawn_app().await;
    let (client, user_id) = signed_in(&app).await;
    let level = |body: &Value| body["level"].clone();
    let start = client.get("/api/rewards").await.body;
    assert_eq!(
        level(&start),
        json!({ "number": 1, "name": "Fresher I", "floor": 0, "nextFloor": 5000, "nextName": "Fresher II" })
    );
    give(&app, user_id, 5_000 - 10, "gift:1").await;
    let now = client.get("/api/rewards").await.body;
    assert_eq!(now["level"]["name"], "Fresher II");
    assert_eq!(now["level"]["floor"], 5000);
    let notes = client.get("/api/notifications").await.body;
    let level_up = notes.as_array().unwrap().iter().find(|n| n["title"] == "Level Up!").expect("announced");
    assert_eq!(level_up["type"], "reward");
    assert_eq!(level_up["message"], "Congratulations! You reached Fresher II");
    give(&app, user_id, 200_000, "gift:2").await;
    let top = client.get("/api/rewards").await.body;
    assert_eq!(top["level"]["name"], "Legend");
    assert_eq!(top["level"]["number"], 11);
    assert_eq!(top["level"]["nextFloor"], Value::Null);
}

#[tokio::test]
async fn achievements_unlock_from_real_events_and_pay_once_when_claimed() {
    let app = spawn_app().await;
    let (client, _) = signed_in(&app).await;
    let rewards = client.get("/api/rewards").await.body;
    let first_login = rewards["achievements"].as_array().unwrap().iter().find(|a| a["id"] == "first-login").unwrap();
    assert_eq!(first_login["isCompleted"], true);
    assert_eq!(first_login["claimed"], false);
    let week = rewards["achievements"].as_array().unwrap().iter().find(|a| a["id"] == "week-streak").unwrap();
    assert_eq!(week["progress"], 1);
    assert_eq!(week["condition"], json!({ "metric": "streakDays", "target": 7 }));

    let (coins, _) = balance(&client).await;
    let claimed = client.post_empty("/api/rewards/claim/first-login").await;
    assert_eq!(claimed.status, StatusCode::OK);
    assert_eq!(claimed.body["coinsEarned"], 10);
    assert_eq!(claimed.body["newBalance"], coins + 10);
    let again = client.post_empty("/api/rewards/claim/First%20Steps").await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(again.message().contains("already been claimed"));
    let early = client.post_empty("/api/rewards/claim/week-streak").await;
    assert_eq!(early.status, StatusCode::BAD_REQUEST);
    assert!(early.message().contains("Complete this achievement first"));
    assert_eq!(client.post_empty("/api/rewards/claim/nothing-like-it").await.status, StatusCode::NOT_FOUND);
    // Seven days in a row unlock the streak achievement.
    for _ in 0..6 {
        app.state.clock.advance(DAY);
        client.get("/api/rewards").await;
    }
    let rewards = client.get("/api/rewards").await.body;
    let week = rewards["achievements"].as_array().unwrap().iter().find(|a| a["id"] == "week-streak").unwrap();
    assert_eq!(week["isCompleted"], true);
    assert_eq!(client.post_empty("/api/rewards/claim/week-streak").await.body["coinsEarned"], 100);
}

fn achievement<'a>(rewards: &'a Value, id: &str) -> &'a Value {
    rewards["achievements"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap()
}

async fn unlocked_notice(client: &Client, name: &str) -> bool {
    let notes = client.get("/api/notifications").await.body;
    notes.as_array().unwrap().iter().any(|n| {
        n["title"] == "Achievement unlocked!"
            && n["message"].as_str().unwrap().starts_with(&format!("You unlocked {name}."))
    })
}

#[tokio::test]
async fn the_projects_achievements_unlock_from_a_first_project_collaborator_and_task_and_wait_for_claim() {
    let app = spawn_app().await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    let before = owner.get("/api/rewards").await.body;
    for id in ["first-project", "first-collaborator", "first-task"] {
        assert_eq!(achievement(&before, id)["category"], "projects");
        assert_eq!(achievement(&before, id)["isCompleted"], false, "{id}");
    }

    let made = owner
        .post(
            "/api/projects",
            &json!({ "title": "Tide clocks", "description": "Clocks for harbours", "isPublished": true }),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let project = made.body["id"].as_i64().unwrap();
    // The project paid what its answer said, and nothing more until the achievement is claimed.
    let told = made.body["coinsEarned"].as_i64().unwrap();
    let (coins_after_project, _) = balance(&owner).await;
    assert!(unlocked_notice(&owner, "Idea Launched").await);

    let (helper, _) = app.signed_in().await;
    let joined = helper.post(&format!("/api/projects/{project}/join"), &json!({ "role": "Collaborator" })).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.body);
    assert!(unlocked_notice(&owner, "Team Player").await);

    let task = owner.post(&format!("/api/projects/{project}/tasks"), &json!({ "title": "Cast the dials" })).await;
    let done = owner.patch(&format!("/api/projects/tasks/{}/complete", task.body["id"]), &json!({})).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    let task_coins = done.body["coinsEarned"].as_i64().unwrap();
    assert_eq!(task_coins, 25);
    assert!(unlocked_notice(&owner, "Done and Dusted").await);
    assert_eq!(balance(&owner).await.0, coins_after_project + task_coins);

    let rewards = owner.get("/api/rewards").await.body;
    for id in ["first-project", "first-collaborator", "first-task"] {
        assert_eq!(achievement(&rewards, id)["isCompleted"], true, "{id}");
        assert_eq!(achievement(&rewards, id)["claimed"], false, "{id}");
    }
    // The helper's own first task has not happened: theirs stays open.
    assert_eq!(achievement(&helper.get("/api/rewards").await.body, "first-task")["isCompleted"], false);

    let mut claimed_total = 0;
    for (id, reward) in [("first-project", 50), ("first-collaborator", 50), ("first-task", 25)] {
        let claimed = owner.post_empty(&format!("/api/rewards/claim/{id}")).await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.body);
        assert_eq!(claimed.body["coinsEarned"], reward);
        claimed_total += reward;
        assert_eq!(owner.post_empty(&format!("/api/rewards/claim/{id}")).await.status, StatusCode::BAD_REQUEST);
    }
    assert_eq!(balance(&owner).await.0, coins_after_project + task_coins + claimed_total);
    assert!(told > 0);
}

#[tokio::test]
async fn an_accepted_connection_names_its_coins_to_the_side_that_did_not_accept() {
    let app = spawn_app().await;
    let (ann, ann_user) = app.signed_in_as(json!({ "firstName": "Ann", "lastName": "Lee" })).await;
    let (bob, bob_user) = app.signed_in_as(json!({ "firstName": "Bob", "lastName": "Ray" })).await;
    let (ann_before, _) = balance(&ann).await;
    let (bob_before, _) = balance(&bob).await;
    let asked = ann.post("/api/connections", &json!({ "targetUserId": bob_user["id"], "type": "connection" })).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let accepted = bob.post_empty(&format!("/api/connections/{}/accept", asked.body["id"])).await;
    assert_eq!(accepted.body["coinsEarned"], 25);
    assert_eq!(balance(&bob).await.0, bob_before + 25);

    // Ann saw no answer of her own: a notification names her 25 coins, and her balance rose by exactly that.
    assert_eq!(balance(&ann).await.0, ann_before + 25);
    let notes = ann.get("/api/notifications").await.body;
    let told: Vec<&Value> = notes.as_array().unwrap().iter().filter(|n| n["title"] == "Coins earned").collect();
    assert_eq!(told.len(), 1, "{notes}");
    assert_eq!(told[0]["message"], "You and Bob Ray are now connected: +25 coins");
    assert_eq!(told[0]["type"], "reward");
    // Bob, who was told in his answer, gets no second telling.
    let bob_notes = bob.get("/api/notifications").await.body;
    assert!(!bob_notes.as_array().unwrap().iter().any(|n| n["title"] == "Coins earned"), "{bob_notes}");
    let _ = ann_user;

    // A scan names the scanned person's coins the same way.
    let (cy, _) = app.signed_in_as(json!({ "firstName": "Cy", "lastName": "Moss" })).await;
    let code = crate::helpers::connect_code_of(&ann).await;
    let scanned = cy.post("/api/connections/scan", &json!({ "code": code })).await;
    assert_eq!(scanned.body["coinsEarned"], 25, "{}", scanned.body);
    let notes = ann.get("/api/notifications").await.body;
    assert!(notes.as_array().unwrap().iter().any(|n| n["message"] == "You and Cy Moss are now connected: +25 coins"));
    assert_eq!(balance(&ann).await.0, ann_before + 50);
}

#[tokio::test]
async fn the_leaderboard_lists_top_earners_by_coins_in_pages() {
    let app = spawn_app().await;
    let (client, me) = signed_in(&app).await;
    let mut ids = vec![me];
    for _ in 0..3 {
        ids.push(signed_in(&app).await.1);
    }
    for (i, id) in ids.iter().enumerate() {
        give(&app, *id, 100 * (i as i64 + 1), &format!("gift:{id}")).await;
    }
    let page = client.get("/api/rewards/leaderboard?limit=3").await;
    let coins: Vec<i64> = page.body.as_array().unwrap().iter().map(|e| e["coins"].as_i64().unwrap()).collect();
    assert_eq!(coins, [400, 300, 200]);
    assert!(page.body[0].get("email").is_none());
    assert_eq!(page.body[0]["totalCoinsEarned"], 400);
    let next = page.headers["link"].to_str().unwrap().trim_start_matches('<').split('>').next().unwrap().to_string();
    let rest = client.get(&next).await.body;
    assert_eq!(rest.as_array().unwrap().len(), 1);
    assert_eq!(rest[0]["coins"], 100);
    let in_rewards = client.get("/api/rewards").await.body["leaderboard"].clone();
    assert_eq!(in_rewards[0]["coins"], 400);
}

/// The leaderboard's head is kept between looks (src/rewards/top.rs): every change it shows must show on
/// the very next look, with no wait.
#[tokio::test]
async fn the_leaderboard_shows_every_change_on_the_next_look() {
    let app = spawn_app().await;
    let (viewer, _) = signed_in(&app).await;
    let mut people = Vec::new();
    for i in 0..4 {
        let (client, id) = signed_in(&app).await;
        give(&app, id, 1000 * (i + 1), &format!("gift:{id}")).await;
        people.push((client, id));
    }
    let board = async || viewer.get("/api/rewards/leaderboard").await.body;
    let ids =
        |board: &Value| -> Vec<i64> { board.as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect() };
    let coins_of = |board: &Value, id: i64| {
        board.as_array().unwrap().iter().find(|e| e["id"] == id).map(|e| e["coins"].as_i64().unwrap())
    };
    let first = board().await;
    assert_eq!(ids(&first)[..4], [people[3].1, people[2].1, people[1].1, people[0].1]);

    // The last of them scratches: their new balance is there at once.
    let (last, last_id) = &people[0];
    let scratched = last.post_empty("/api/rewards/scratch").await.body;
    assert_eq!(coins_of(&board().await, *last_id), scratched["newTotal"].as_i64());

    // Someone new earns their first coins (the day's bonus) and is listed at once; so in the screen's top ten.
    let (newcomer, newcomer_id) = signed_in(&app).await;
    assert!(coins_of(&board().await, newcomer_id).is_none());
    newcomer.get("/api/rewards").await;
    assert_eq!(coins_of(&board().await, newcomer_id), Some(10));

    // The leader spends: they fall below the second at once.
    let (leader, leader_id) = &people[3];
    let spent = leader.post("/api/user/spend-coins", &json!({ "rewardName": "Notion Pro", "amount": 3000 })).await;
    assert_eq!(spent.status, StatusCode::OK, "{}", spent.body);
    let after = board().await;
    assert_eq!(ids(&after)[0], people[2].1, "{after}");
    assert_eq!(coins_of(&after, *leader_id), Some(1000));

    // A rename of someone listed shows at once, in the list and in the Rewards screen's top ten.
    let renamed = people[2].0.patch("/api/users/profile", &json!({ "firstName": "Quenby" })).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(board().await[0]["firstName"], "Quenby");
    assert_eq!(viewer.get("/api/rewards").await.body["leaderboard"][0]["firstName"], "Quenby");

    // Blocking is the asker's own: the blocked one is gone for both of them at once (though the blocker had
    // looked a moment before) and still there for the rest; unblocked, back at once.
    let (blocker, blocker_id) = &people[1];
    let (blocked_client, blocked) = &people[2];
    let theirs = async |client: &Client| ids(&client.get("/api/rewards/leaderboard").await.body);
    assert!(theirs(blocker).await.contains(blocked) && theirs(blocked_client).await.contains(blocker_id));
    assert!(blocker.post_empty(&format!("/api/users/{blocked}/block")).await.status.is_success());
    assert!(!theirs(blocker).await.contains(blocked));
    assert!(!theirs(blocked_client).await.contains(blocker_id));
    assert!(!ids(&blocker.get("/api/rewards").await.body["leaderboard"]).contains(blocked));
    assert!(ids(&board().await).contains(blocked));
    let unblocked = blocker.request(reqwest::Method::DELETE, &format!("/api/users/{blocked}/block"), None).await;
    assert_eq!(unblocked.status, StatusCode::NO_CONTENT);
    assert!(theirs(blocker).await.contains(blocked) && theirs(blocked_client).await.contains(blocker_id));
}

#[tokio::test]
async fn signed_out_every_rewards_call_is_401() {
    let app = spawn_app().await;
    let anon = app.client();
    for answer in [
        anon.get("/api/rewards").await,
        anon.post_empty("/api/rewards/scratch").await,
        anon.post("/api/user/spend-coins", &json!({ "rewardName": "Notion Pro", "amount": 3000 })).await,
        anon.post_empty("/api/rewards/claim/first-login").await,
        anon.get("/api/rewards/leaderboard").await,
    ] {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn a_project_deleted_within_a_day_gives_its_creation_coins_back_and_one_kept_longer_does_not() {
    let app = spawn_app().await;
    let (owner, _) = app.signed_in_as(json!({ "role": "innovator" })).await;
    async fn coins(client: &Client) -> i64 {
        client.get("/api/auth/user").await.body["coins"].as_i64().unwrap()
    }
    let body = json!({ "title": "Throwaway", "description": "A long enough description of what it does.",
                       "lookingFor": ["Collaborator"], "isPublished": true });
    let before = coins(&owner).await;
    let made = owner.post("/api/projects", &body).await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let paid = made.body["coinsEarned"].as_i64().unwrap();
    assert!(paid > 0, "{}", made.body);
    assert_eq!(coins(&owner).await, before + paid);
    let id = made.body["id"].as_i64().unwrap();
    assert_eq!(
        owner.request(reqwest::Method::DELETE, &format!("/api/projects/{id}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(coins(&owner).await, before, "the creation coins are taken back");

    // Kept past a day, a project's coins stay when it goes.
    let kept = owner.post("/api/projects", &body).await;
    let kept_paid = kept.body["coinsEarned"].as_i64().unwrap();
    let kept_id = kept.body["id"].as_i64().unwrap();
    app.state.clock.advance(DAY + Duration::from_secs(60));
    assert_eq!(
        owner.request(reqwest::Method::DELETE, &format!("/api/projects/{kept_id}"), None).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(coins(&owner).await, before + kept_paid);
}
