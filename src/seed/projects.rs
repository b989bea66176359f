//! The demo community's projects (`demo_projects.json`): published across the phases, each with a
//! cover picture drawn here (no stock images to ship), tasks part done, collaborators, supporters,
//! updates and a feedback thread, so the feed, the projects screen and the join links look lived in.

use std::collections::HashMap;

use anyhow::Context;
use image::{Rgb, RgbImage};
use serde::Deserialize;

use crate::{db::Tx, files::FileStore, time::DAY_MS};

const PROJECTS: &str = include_str!("demo_projects.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoProject {
    owner_username: String,
    title: String,
    description: String,
    category: String,
    phase: String,
    looking_for: Vec<String>,
    tasks: Vec<String>,
}

/// Two colours per category for the cover's gradient.
fn palette(category: &str) -> ([u8; 3], [u8; 3]) {
    match category {
        "technology" => ([56, 97, 251], [0, 198, 174]),
        "business" => ([124, 58, 237], [236, 72, 153]),
        "healthcare" => ([14, 165, 233], [16, 185, 129]),
        "education" => ([245, 158, 11], [239, 68, 68]),
        "design" => ([217, 70, 239], [99, 102, 241]),
        "music" => ([139, 92, 246], [59, 130, 246]),
        "film" => ([30, 41, 59], [234, 88, 12]),
        "art" => ([236, 72, 153], [250, 204, 21]),
        _ => ([20, 184, 166], [132, 204, 22]),
    }
}

/// A cover: a diagonal gradient with soft rings, different for every project (`seed`).
fn cover(category: &str, seed: u32) -> RgbImage {
    let (w, h) = (960u32, 600u32);
    let (a, b) = palette(category);
    let rings: Vec<(f32, f32, f32)> = (0..4)
        .map(|k| {
            let s = seed.wrapping_mul(2_654_435_761).wrapping_add(k * 40_503);
            ((s % w) as f32, ((s / 7) % h) as f32, 90.0 + ((s / 13) % 160) as f32)
        })
        .collect();
    // Plain arithmetic, no `powi`/`max` calls: the demo is seeded by unoptimised test builds too, a few dozen
    // covers of 576,000 pixels each.
    RgbImage::from_fn(w, h, |x, y| {
        let (x, y) = (x as f32, y as f32);
        let t = (x / w as f32 * 0.6 + y / h as f32 * 0.4).clamp(0.0, 1.0);
        let mut light = 0.0f32;
        for &(cx, cy, r) in &rings {
            let (dx, dy) = (x - cx, y - cy);
            let d = (dx * dx + dy * dy).sqrt();
            let off_ring = if d > r { d - r } else { r - d };
            let edge = 1.0 - off_ring / 28.0;
            if edge > 0.0 {
                light += edge * 0.18;
            }
            if d < r {
                light += 0.05;
            }
        }
        let mix = |i: usize| {
            let base = f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t;
            (base + (255.0 - base) * light.min(0.6)) as u8
        };
        Rgb([mix(0), mix(1), mix(2)])
    })
}

/// Stores a project's cover and its card thumbnail; the cover's address.
async fn store_cover(files: &FileStore, category: &str, seed: u32) -> anyhow::Result<String> {
    let category = category.to_string();
    let (full, thumbnail) = tokio::task::spawn_blocking(move || -> anyhow::Result<(Vec<u8>, Vec<u8>)> {
        let picture = cover(&category, seed);
        let small = image::imageops::thumbnail(&picture, 256, 160);
        let encode = |img: &RgbImage| -> anyhow::Result<Vec<u8>> {
            let mut out = std::io::Cursor::new(Vec::new());
            img.write_to(&mut out, image::ImageFormat::Jpeg)?;
            Ok(out.into_inner())
        };
        Ok((encode(&picture)?, encode(&small)?))
    })
    .await??;
    let name = files.put_with_variant("jpg", full, "256", thumbnail).await?;
    Ok(format!("/api/files/{name}"))
}

/// What an owner might write at each phase: (title, content).
fn updates_for(phase: &str, title: &str) -> Vec<(String, String)> {
    let first = ("We're live on Grow".to_string(), format!("Thanks for finding {title}! We'll post progress here as it happens, and every supporter hears about it first."));
    let second = match phase {
        "idea" => ("Shaping the idea", "We've spoken to a dozen people who'd use this. The brief is sharper now: fewer features, one problem solved well."),
        "planning" => ("The plan is on paper", "Milestones are set for the next three months and the first tasks are up. If one of them is your kind of thing, ask to join."),
        "prototype" => ("Prototype two is in testers' hands", "The first round of feedback was brutal and useful. Version two fixes the three things everyone tripped over."),
        "development" => ("Beta builds are rolling", "Most of the core is done. We're now working through the feedback list from our first testers, one item a day."),
        _ => ("We launched!", "It's out in the world. Thank you to every supporter and collaborator who pushed this over the line."),
    };
    vec![first, (second.0.to_string(), second.1.to_string())]
}

/// Fills the projects of the demo people (`ids` by username).
pub async fn seed(
    tx: &mut Tx,
    files: Option<&FileStore>,
    ids: &HashMap<String, i64>,
    now: i64,
) -> anyhow::Result<usize> {
    let projects: Vec<DemoProject> = serde_json::from_str(PROJECTS).context("demo_projects.json")?;
    let everyone: Vec<i64> = {
        let mut all: Vec<i64> = ids.values().copied().collect();
        all.sort_unstable();
        all
    };
    for (i, project) in projects.iter().enumerate() {
        let owner = *ids.get(&project.owner_username).with_context(|| format!("owner {}", project.owner_username))?;
        let created = now - (3 + (i as i64 * 5) % 40) * DAY_MS - (i as i64) * 3_600_000;
        let image_urls = match files {
            Some(files) => vec![store_cover(files, &project.category, i as u32 + 1).await?],
            None => Vec::new(),
        };
        // The owner uploaded their cover, as they would have through the app.
        for url in &image_urls {
            let name = url.trim_start_matches("/api/files/");
            let thumbnail = crate::files::owners::thumbnail_of(name).unwrap_or_default();
            crate::files::owners::record(tx, Some(owner), &[name, &thumbnail], now).await?;
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO projects (owner_id, title, description, category, phase, image_urls, looking_for, \
               supporter_count, is_published, is_protected, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 1, $8, $9, $9) RETURNING id",
        )
        .bind(owner)
        .bind(&project.title)
        .bind(&project.description)
        .bind(&project.category)
        .bind(&project.phase)
        .bind(serde_json::to_string(&image_urls)?)
        .bind(serde_json::to_string(&project.looking_for)?)
        .bind(i64::from(i % 5 == 4))
        .bind(created)
        .fetch_one(&mut **tx)
        .await?;

        // Two collaborators and a handful of supporters, chosen the same way every time.
        let others: Vec<i64> = everyone.iter().copied().filter(|p| *p != owner).collect();
        let pick = |k: usize| others[(i * 7 + k * 11) % others.len()];
        let collaborators: Vec<i64> = (0..2).map(pick).collect();
        for (k, person) in collaborators.iter().enumerate() {
            sqlx::query(
                "INSERT INTO project_collaborators (project_id, user_id, role, added_at) VALUES ($1, $2, 'collaborator', $3) \
                 ON CONFLICT (project_id, user_id) DO NOTHING",
            )
            .bind(id)
            .bind(person)
            .bind(created + (k as i64 + 1) * DAY_MS)
            .execute(&mut **tx)
            .await?;
        }
        let mut supporters: Vec<i64> = (2..4 + i % 6).map(pick).filter(|p| !collaborators.contains(p)).collect();
        supporters.dedup();
        for person in &supporters {
            sqlx::query(
                "INSERT INTO project_supports (project_id, user_id, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (project_id, user_id) DO NOTHING",
            )
            .bind(id)
            .bind(person)
            .bind(created + DAY_MS)
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query("UPDATE projects SET supporter_count = (SELECT COUNT(*) FROM project_supports WHERE project_id = $1) WHERE id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;

        // Tasks, done in proportion to the phase.
        let position = crate::projects::rules::phase_progress(&project.phase) as usize;
        let done = project.tasks.len() * position / 100;
        for (j, title) in project.tasks.iter().enumerate() {
            let assignee = if j % 2 == 0 { collaborators[j / 2 % 2] } else { owner };
            let completed = j < done;
            sqlx::query(
                "INSERT INTO project_tasks (project_id, title, assigned_to, is_completed, completed_by, completed_at, \
                   created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
            )
            .bind(id)
            .bind(title)
            .bind(assignee)
            .bind(i64::from(completed))
            .bind(completed.then_some(assignee))
            .bind(completed.then_some(created + (j as i64 + 2) * DAY_MS))
            .bind(created + DAY_MS)
            .execute(&mut **tx)
            .await?;
        }

        for (k, (title, content)) in updates_for(&project.phase, &project.title).into_iter().enumerate() {
            sqlx::query(
                "INSERT INTO project_updates (project_id, author_id, title, content, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $5)",
            )
            .bind(id)
            .bind(owner)
            .bind(title)
            .bind(content)
            .bind(created + (k as i64 * 2 + 1) * DAY_MS)
            .execute(&mut **tx)
            .await?;
        }

        if let Some(&fan) = supporters.first() {
            let comment: i64 = sqlx::query_scalar(
                "INSERT INTO project_feedback (project_id, author_id, content, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $4) RETURNING id",
            )
            .bind(id)
            .bind(fan)
            .bind(format!(
                "Love where {} is going. What's the biggest thing standing in your way right now?",
                project.title
            ))
            .bind(created + 2 * DAY_MS)
            .fetch_one(&mut **tx)
            .await?;
            sqlx::query(
                "INSERT INTO project_feedback (project_id, author_id, content, parent_id, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $5)",
            )
            .bind(id)
            .bind(owner)
            .bind("Thank you! Honestly: time. That's why we're looking for people to join. Tap Request to Collaborate if you're curious.")
            .bind(comment)
            .bind(created + 2 * DAY_MS + 3_600_000)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(projects.len())
}

#[cfg(test)]
mod tests {
    #[test]
    fn demo_projects_parse_and_name_known_categories_and_phases() {
        let projects: Vec<super::DemoProject> = serde_json::from_str(super::PROJECTS).unwrap();
        for p in &projects {
            assert!(crate::projects::rules::category(&p.category).is_ok(), "{}", p.category);
            assert!(crate::projects::rules::phase(&p.phase).is_ok(), "{}", p.phase);
            assert!(crate::projects::rules::looking_for(&p.looking_for).is_ok());
        }
    }
}
