//! The rules of projects that need no database: allowed values (API.md "Categories", "Phases"),
//! what a create or edit may say (spec 001 §5), and what creating pays (API.md "Coins").

use crate::error::AppError;

/// API.md "Categories": one list for the create form and the feed filter.
pub const CATEGORIES: [&str; 9] =
    ["technology", "design", "business", "healthcare", "education", "art", "music", "film", "other"];
/// API.md "Phases", in their order (the phase progress is the position / 5).
pub const PHASES: [&str; 5] = ["idea", "planning", "prototype", "development", "launch"];
/// Spec 001 §3: the roles a project may look for (at most two).
pub const LOOKING_FOR: [&str; 3] = ["Innovator", "Collaborator", "Explorer"];
pub const MAX_LOOKING_FOR: usize = 2;
pub const MAX_IMAGES: usize = 5;
pub const MAX_TITLE: usize = 200;
pub const MAX_DESCRIPTION: usize = 5_000;
pub const MAX_TASK_TITLE: usize = 255;
pub const MAX_TEXT: usize = 5_000;
pub const MAX_ATTACHMENTS: usize = 10;

/// API.md "Coins".
pub const TASK_COINS: i64 = 25;
pub const JOIN_COINS: i64 = 35;
pub const SUPPORT_COINS: i64 = 25;

pub fn category(raw: &str) -> Result<String, AppError> {
    let value = raw.trim().to_lowercase();
    CATEGORIES
        .contains(&value.as_str())
        .then_some(value)
        .ok_or_else(|| AppError::bad_request(format!("category must be one of {}", CATEGORIES.join(", "))))
}

pub fn phase(raw: &str) -> Result<String, AppError> {
    let value = raw.trim().to_lowercase();
    PHASES
        .contains(&value.as_str())
        .then_some(value)
        .ok_or_else(|| AppError::bad_request(format!("phase must be one of {}", PHASES.join(", "))))
}

/// Looking-for values in their canonical spelling, without repeats; at most two.
pub fn looking_for(values: &[String]) -> Result<Vec<String>, AppError> {
    let mut chosen: Vec<String> = Vec::new();
    for value in values {
        let Some(known) = LOOKING_FOR.iter().find(|k| k.eq_ignore_ascii_case(value.trim())) else {
            return Err(AppError::bad_request(format!("lookingFor may hold only {}", LOOKING_FOR.join(", "))));
        };
        if !chosen.iter().any(|c| c == known) {
            chosen.push((*known).to_string());
        }
    }
    if chosen.len() > MAX_LOOKING_FOR {
        return Err(AppError::bad_request("Selection limit reached: You can only select up to 2 collaborator types"));
    }
    Ok(chosen)
}

pub fn title(raw: &str) -> Result<String, AppError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(AppError::bad_request("Title is required"));
    }
    if value.chars().count() > MAX_TITLE {
        return Err(AppError::bad_request(format!("Title must be at most {MAX_TITLE} characters")));
    }
    crate::text::name_without_controls(value, "Title")?;
    Ok(value.to_string())
}

pub fn description(raw: &str) -> Result<String, AppError> {
    let value = raw.trim();
    if value.chars().count() > MAX_DESCRIPTION {
        return Err(AppError::bad_request(format!("Description must be at most {MAX_DESCRIPTION} characters")));
    }
    Ok(value.to_string())
}

pub fn task_title(raw: &str) -> Result<String, AppError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(AppError::bad_request("Task title is required"));
    }
    if value.chars().count() > MAX_TASK_TITLE {
        return Err(AppError::bad_request(format!("Task title must be at most {MAX_TASK_TITLE} characters")));
    }
    crate::text::name_without_controls(value, "Task title")?;
    Ok(value.to_string())
}

/// A required text (update title and content, feedback): trimmed, not blank, not huge.
pub fn text(raw: &str, what: &str) -> Result<String, AppError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(AppError::bad_request(format!("{what} is required")));
    }
    if value.chars().count() > MAX_TEXT {
        return Err(AppError::bad_request(format!("{what} must be at most {MAX_TEXT} characters")));
    }
    Ok(value.to_string())
}

/// A stored file's address (`/api/files/{name}`) of the kinds `allowed` accepts; anything else
/// (another site, a path, a data URL where a stored file is expected) is refused.
pub fn stored_file(url: &str, allowed: fn(&str) -> bool, what: &str) -> Result<String, AppError> {
    match url.strip_prefix("/api/files/") {
        Some(name) if crate::files::is_stored_name(name) && allowed(name) => Ok(url.to_string()),
        _ => Err(AppError::bad_request(format!("{what} must be files uploaded with /api/upload"))),
    }
}

pub fn images(urls: &[String]) -> Result<Vec<String>, AppError> {
    if urls.len() > MAX_IMAGES {
        return Err(AppError::bad_request(format!("A project has at most {MAX_IMAGES} images")));
    }
    urls.iter().map(|u| stored_file(u, crate::files::is_image_name, "imageUrls")).collect()
}

pub fn attachments(urls: &[String]) -> Result<Vec<String>, AppError> {
    if urls.len() > MAX_ATTACHMENTS {
        return Err(AppError::bad_request(format!("A task has at most {MAX_ATTACHMENTS} attachments")));
    }
    urls.iter().map(|u| stored_file(u, |_| true, "attachments")).collect()
}

/// Creating pays 50 to 200 coins, more for a fuller project (API.md "Coins").
pub fn creation_coins(description: &str, images: usize, looking_for: usize) -> i64 {
    let mut coins = 50;
    if description.chars().count() >= 20 {
        coins += 50;
    }
    if description.chars().count() >= 120 {
        coins += 25;
    }
    if images > 0 {
        coins += 50;
    }
    if looking_for > 0 {
        coins += 25;
    }
    coins
}

/// The phase's progress in percent (spec 001 §4): its position in the five / 5.
pub fn phase_progress(phase: &str) -> i64 {
    PHASES.iter().position(|p| *p == phase).map_or(0, |i| (i as i64 + 1) * 20)
}

/// Maps the join screen's role (Innovator, Collaborator, Explorer) to a collaborator's role.
pub fn member_role(joined_as: Option<&str>) -> Result<&'static str, AppError> {
    match joined_as.map(|r| r.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") | Some("collaborator") | Some("innovator") => Ok("collaborator"),
        Some("explorer") | Some("viewer") => Ok("viewer"),
        Some(_) => Err(AppError::bad_request("role must be Innovator, Collaborator or Explorer")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn creating_pays_from_50_to_200_by_completeness() {
        assert_eq!(creation_coins("", 0, 0), 50);
        let long = "x".repeat(200);
        assert_eq!(creation_coins(&long, 3, 2), 200);
        assert!(creation_coins("A short but real pitch", 0, 0) > 50);
    }

    #[test]
    fn looking_for_is_canonical_unique_and_at_most_two() {
        let picked = looking_for(&["innovator".into(), "Innovator".into(), "EXPLORER".into()]).unwrap();
        assert_eq!(picked, ["Innovator", "Explorer"]);
        assert!(looking_for(&["Innovator".into(), "Explorer".into(), "Collaborator".into()]).is_err());
        assert!(looking_for(&["Investor".into()]).is_err());
    }

    #[test]
    fn phases_and_categories_are_the_known_ones() {
        assert_eq!(phase(" Launch ").unwrap(), "launch");
        assert!(phase("beta").is_err());
        assert_eq!(category("Design").unwrap(), "design");
        assert!(category("sports").is_err());
        assert_eq!(phase_progress("idea"), 20);
        assert_eq!(phase_progress("launch"), 100);
    }

    #[test]
    fn only_files_this_server_stored_are_accepted() {
        assert!(images(&["/api/files/abc.jpg".into()]).is_ok());
        for bad in
            ["https://evil.example/x.jpg", "/api/files/../grow.db", "data:image/png;base64,AA", "/api/files/a.pdf"]
        {
            assert!(images(&[bad.into()]).is_err(), "{bad}");
        }
        assert!(images(&vec!["/api/files/a.jpg".to_string(); 6]).is_err());
    }
}
