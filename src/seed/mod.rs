//! `grow seed --demo`: a believable community so a newcomer opens a living app. Demo accounts
//! cannot be logged into (their password hash is not a hash): there are no built-in credentials.

use anyhow::Context;
use serde::Deserialize;

mod chat;
mod pledges;
mod projects;
mod safety;

use std::collections::HashMap;

use crate::{
    accounts::{rules, store},
    connections,
    db::{Db, Tx},
    files::FileStore,
    rewards::ledger::{self, Reason},
    time::{day_of, now_ms},
};

const PEOPLE: &str = include_str!("demo_people.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoPerson {
    first_name: String,
    last_name: String,
    username: String,
    role: String,
    location: String,
    bio: String,
    skills: Vec<String>,
}

/// Seeds only a database without users, so it never mixes demo people into real data. `files`
/// receives the projects' cover pictures (without it, projects have none).
pub async fn demo_if_empty(db: &Db, files: Option<&FileStore>) -> anyhow::Result<usize> {
    if store::count_users(&mut *db.conn().await?).await? > 0 {
        return Ok(0);
    }
    demo(db, files).await
}

pub async fn demo(db: &Db, files: Option<&FileStore>) -> anyhow::Result<usize> {
    let people: Vec<DemoPerson> = serde_json::from_str(PEOPLE).context("demo_people.json")?;
    // Placed as a person who signs up with that location text is (API.md "Nearby").
    let places = crate::people::geo::places().await?;
    let mut tx = db.begin().await?;
    let mut ids = Vec::with_capacity(people.len());
    let mut by_name = HashMap::new();
    for (i, person) in people.iter().enumerate() {
        let role = rules::Role::parse(&person.role).with_context(|| format!("demo role {}", person.role))?;
        let (lat, lng) = places
            .position_of(&person.location)
            .map(crate::discovery::geometry::snap)
            .with_context(|| format!("demo location {:?} is not in the place list", person.location))?;
        let email = format!("{}@demo.grow.invalid", person.username);
        let user = store::insert_user(
            &mut tx,
            &store::NewUser {
                username: &person.username,
                username_key: &rules::login_key(&person.username),
                email: &email,
                email_key: &rules::login_key(&email),
                password_hash: "!",
                first_name: &person.first_name,
                last_name: &person.last_name,
                role: role.as_str(),
                plan: "free",
                location: Some(&person.location),
                lat: Some(lat),
                lng: Some(lng),
                bio: Some(&person.bio),
                skills: &person.skills,
            },
        )
        .await
        .with_context(|| format!("inserting demo user {}", person.username))?;
        give_history(&mut tx, user.id, i).await.with_context(|| format!("coins of demo user {}", person.username))?;
        ids.push(user.id);
        by_name.insert(person.username.clone(), user.id);
    }
    connect_neighbours(&mut tx, &ids).await.context("demo connections")?;
    projects::seed(&mut tx, files, &by_name, now_ms()).await.context("demo projects")?;
    pledges::seed(&mut tx, now_ms()).await.context("demo pledges")?;
    let roles: Vec<(i64, String)> = people.iter().zip(&ids).map(|(person, id)| (*id, person.role.clone())).collect();
    chat::seed(&mut tx, &roles, now_ms()).await.context("demo conversations")?;
    safety::seed(&mut tx, now_ms()).await.context("demo reports")?;
    account_settings(&mut tx, &ids).await.context("demo account settings")?;
    tx.commit().await?;
    Ok(people.len())
}

/// Demo people have verified addresses and a mix of choices (API.md "Your account"): some take the digest daily, some
/// not at all, some keep the daily note off their phones. (All stay findable: the relevance set asks for them.)
async fn account_settings(tx: &mut Tx, ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET email_verified = 1 WHERE email_key LIKE '%@demo.grow.invalid'")
        .execute(&mut **tx)
        .await?;
    for (i, id) in ids.iter().enumerate() {
        let (push_off, digest) = match i % 4 {
            0 => ("[]", "daily"),
            1 => (r#"["daily_motivation"]"#, "weekly"),
            2 => (r#"["daily_motivation","reward"]"#, "off"),
            _ => continue,
        };
        sqlx::query("INSERT INTO notification_settings (user_id, push_off, email_digest) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(push_off)
            .bind(digest)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// In a demo community, a newcomer is greeted by two demo people asking to connect, so their
/// profile's Connect tab and the avatar's dot show what requests look like. Nothing outside demo mode.
pub async fn welcome(tx: &mut Tx, newcomer: i64, now: i64) -> Result<(), sqlx::Error> {
    let greeters: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM users WHERE email_key LIKE '%@demo.grow.invalid' AND id <> $1 ORDER BY id")
            .bind(newcomer)
            .fetch_all(&mut **tx)
            .await?;
    if greeters.is_empty() {
        return Ok(());
    }
    let n = greeters.len();
    let offset = usize::try_from(newcomer).unwrap_or(0);
    let mut chosen = vec![greeters[offset % n], greeters[(offset + n / 2) % n]];
    chosen.dedup();
    for greeter in chosen {
        sqlx::query(
            "INSERT INTO connections (requester_id, target_id, low_id, high_id, status, type, project_id, message, \
               created_at, updated_at) VALUES ($1, $2, $3, $4, 'pending', 'connection', 0, $5, $6, $6) \
             ON CONFLICT (low_id, high_id, type, project_id) DO NOTHING",
        )
        .bind(greeter)
        .bind(newcomer)
        .bind(greeter.min(newcomer))
        .bind(greeter.max(newcomer))
        .bind("Welcome to Grow! Happy to connect.")
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Each demo person is connected with a few others (and one request waits), so profiles and the
/// people list look lived in; counts are moved with the connections, as the connections area does.
async fn connect_neighbours(tx: &mut Tx, ids: &[i64]) -> anyhow::Result<()> {
    let now = now_ms();
    let n = ids.len();
    for (i, &a) in ids.iter().enumerate() {
        for step in [1, 3, 7] {
            let b = ids[(i + step) % n];
            if a == b {
                continue;
            }
            let status = if step == 7 && i % 3 == 0 { "pending" } else { "accepted" };
            let made: Option<i64> = sqlx::query_scalar(
                "INSERT INTO connections (requester_id, target_id, low_id, high_id, status, type, project_id, \
                   created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'connection', 0, $6, $6) \
                 ON CONFLICT (low_id, high_id, type, project_id) DO NOTHING RETURNING id",
            )
            .bind(a)
            .bind(b)
            .bind(a.min(b))
            .bind(a.max(b))
            .bind(status)
            .bind(now)
            .fetch_optional(&mut **tx)
            .await?;
            if made.is_some() && status == "accepted" {
                connections::store::count(tx, a, b, 1, now).await?;
            }
        }
    }
    Ok(())
}

/// Demo people arrive with a past: coins earned (through the ledger, so balances equal its sums),
/// some spent, and login streaks, so the leaderboard and levels look lived in.
async fn give_history(tx: &mut Tx, user_id: i64, i: usize) -> anyhow::Result<()> {
    let now = now_ms();
    let n = i64::try_from(i).unwrap_or(0);
    // A spread from a few hundred coins to a couple of levels up, the same every time.
    let earned = 300 + (n * 7_919 % 23) * 850 + if i.is_multiple_of(9) { 14_000 } else { 0 };
    ledger::credit(tx, user_id, earned, Reason::Demo, &format!("demo:{user_id}:earned"), now).await?;
    if i % 4 == 1 && earned > 3_000 {
        sqlx::query("UPDATE users SET coins = coins - 2500 WHERE id = $1").bind(user_id).execute(&mut **tx).await?;
        sqlx::query(
            "INSERT INTO coin_ledger (user_id, amount, reason, act_key, created_at) VALUES ($1, -2500, 'store', $2, $3)",
        )
        .bind(user_id)
        .bind(format!("demo:{user_id}:canva-pro"))
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    let streak = n * 13 % 17;
    sqlx::query("UPDATE users SET streak_days = $1, last_login_day = $2 WHERE id = $3")
        .bind(streak)
        .bind((streak > 0).then(|| day_of(now) - 1))
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn demo_people_parse_and_have_valid_usernames() {
        let people: Vec<super::DemoPerson> = serde_json::from_str(super::PEOPLE).unwrap();
        assert!(people.len() >= 30);
        for p in &people {
            assert!(crate::accounts::rules::Username::parse(&p.username).is_ok(), "{}", p.username);
            assert!(crate::accounts::rules::Role::parse(&p.role).is_some(), "{}", p.role);
        }
    }

    #[tokio::test]
    async fn every_demo_location_is_a_known_city() {
        let people: Vec<super::DemoPerson> = serde_json::from_str(super::PEOPLE).unwrap();
        let places = crate::people::geo::places().await.unwrap();
        for p in &people {
            assert!(places.position_of(&p.location).is_some(), "{}", p.location);
        }
    }
}
