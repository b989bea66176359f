//! `grow seed --demo`: a believable community so a newcomer opens a living app. Demo accounts
//! cannot be logged into (their password hash is not a hash): there are no built-in credentials.

use anyhow::Context;
use serde::Deserialize;

use crate::{
    accounts::{rules, store},
    db::Db,
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
    lat: f64,
    lng: f64,
    bio: String,
    skills: Vec<String>,
}

/// Seeds only a database without users, so it never mixes demo people into real data.
pub async fn demo_if_empty(db: &Db) -> anyhow::Result<usize> {
    if store::count_users(db).await? > 0 {
        return Ok(0);
    }
    demo(db).await
}

pub async fn demo(db: &Db) -> anyhow::Result<usize> {
    let people: Vec<DemoPerson> = serde_json::from_str(PEOPLE).context("demo_people.json")?;
    let mut tx = db.begin().await?;
    for (i, person) in people.iter().enumerate() {
        let role = rules::Role::parse(&person.role).with_context(|| format!("demo role {}", person.role))?;
        // People of one city spread over a few streets rather than stacking on one point.
        let (lat, lng) = (person.lat + jitter(i, 0), person.lng + jitter(i, 1));
        let email = format!("{}@demo.grow.invalid", person.username);
        store::insert_user(
            &mut *tx,
            &store::NewUser {
                username: &person.username,
                username_key: &rules::username_key(&person.username),
                email: &email,
                email_key: &rules::email_key(&email),
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
    }
    tx.commit().await?;
    Ok(people.len())
}

/// A small deterministic offset (under ~2 km) so a seeded community looks the same every time.
fn jitter(i: usize, axis: usize) -> f64 {
    let n = ((i * 7919 + axis * 104_729) % 2000) as f64;
    (n - 1000.0) / 60_000.0
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
}
