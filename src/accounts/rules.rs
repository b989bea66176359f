//! What a valid account looks like (spec 000 §5, §9). Values are parsed once at the edge into types
//! that can only hold valid data.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

pub const PASSWORD_MIN_LEN: usize = 8;
pub const PASSWORD_MAX_LEN: usize = 128;
pub const PASSWORD_MIN_SCORE: u8 = 3;
pub const USERNAME_MIN_LEN: usize = 3;
pub const USERNAME_MAX_LEN: usize = 50;
pub const NAME_MAX_LEN: usize = 50;
pub const EMAIL_MAX_LEN: usize = 254;
pub const LOCATION_MAX_LEN: usize = 100;
pub const BIO_MAX_LEN: usize = 500;
pub const SKILL_MAX_LEN: usize = 40;
pub const SKILLS_MAX: usize = 30;

pub const USERNAME_TAKEN: &str = "Username already taken. Please choose a different username.";
pub const EMAIL_TAKEN: &str = "Email already exists. Please use a different email or try logging in.";

/// The four roles (API.md "Roles"); read case-insensitively, stored and sent lowercase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    #[default]
    Explorer,
    Collaborator,
    Innovator,
    Investor,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Explorer, Role::Collaborator, Role::Innovator, Role::Investor];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Explorer => "explorer",
            Role::Collaborator => "collaborator",
            Role::Innovator => "innovator",
            Role::Investor => "investor",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        Self::ALL.into_iter().find(|r| r.as_str().eq_ignore_ascii_case(value.trim()))
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Role::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown role {text:?}; expected one of explorer, collaborator, innovator, investor"
            ))
        })
    }
}

pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(AppError::bad_request("Username is required"));
        }
        if value.chars().count() < USERNAME_MIN_LEN || value.chars().count() > USERNAME_MAX_LEN {
            return Err(AppError::BadRequest(format!(
                "Username must be {USERNAME_MIN_LEN} to {USERNAME_MAX_LEN} characters long"
            )));
        }
        if !value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')) {
            return Err(AppError::bad_request("Username may use only letters, numbers, dots, dashes and underscores"));
        }
        Ok(Self(value.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// The case-insensitive uniqueness key.
    pub fn key(&self) -> String {
        login_key(&self.0)
    }
}

/// The one case folding of names people log in with, usernames and emails alike (full Unicode
/// lowercase, so a non-ASCII address found at sign-up is found again at login).
pub fn login_key(login: &str) -> String {
    login.trim().to_lowercase()
}

pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(AppError::bad_request("Email is required"));
        }
        let valid = value.len() <= EMAIL_MAX_LEN
            && !value.chars().any(char::is_whitespace)
            && matches!(value.split_once('@'), Some((local, domain))
                if !local.is_empty() && !domain.contains('@') && domain.contains('.')
                    && !domain.starts_with('.') && !domain.ends_with('.'));
        if !valid {
            return Err(AppError::bad_request("Email must be a valid email address"));
        }
        Ok(Self(value.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn key(&self) -> String {
        login_key(&self.0)
    }
}

/// spec 000 §4: one point each for length ≥ 8, a lowercase letter, an uppercase letter, a digit
/// and one of the symbols @$!%*?&.
pub fn password_score(password: &str) -> u8 {
    [
        password.chars().count() >= PASSWORD_MIN_LEN,
        password.chars().any(|c| c.is_ascii_lowercase()),
        password.chars().any(|c| c.is_ascii_uppercase()),
        password.chars().any(|c| c.is_ascii_digit()),
        password.chars().any(|c| "@$!%*?&".contains(c)),
    ]
    .into_iter()
    .filter(|&point| point)
    .count() as u8
}

pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, AppError> {
        if raw.trim().is_empty() {
            return Err(AppError::bad_request("Password is required"));
        }
        if raw.chars().count() > PASSWORD_MAX_LEN {
            return Err(AppError::BadRequest(format!("Password must be at most {PASSWORD_MAX_LEN} characters")));
        }
        if raw.chars().count() < PASSWORD_MIN_LEN || password_score(raw) < PASSWORD_MIN_SCORE {
            return Err(AppError::bad_request(
                "Password is too weak: use at least 8 characters and mix lowercase, uppercase, numbers and symbols (@$!%*?&)",
            ));
        }
        Ok(Self(raw.to_string()))
    }
    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A required display name (first or last name).
pub fn person_name(raw: &str, field: &str) -> Result<String, AppError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(AppError::BadRequest(format!("{field} is required")));
    }
    if value.chars().count() > NAME_MAX_LEN {
        return Err(AppError::BadRequest(format!("{field} must be at most {NAME_MAX_LEN} characters")));
    }
    crate::text::name_without_controls(value, field)?;
    Ok(value.to_string())
}

/// Optional free text: trimmed, blank becomes none, bounded in length.
pub fn optional_text(raw: Option<&str>, field: &str, max: usize) -> Result<Option<String>, AppError> {
    let value = raw.map(str::trim).filter(|v| !v.is_empty());
    match value {
        Some(v) if v.chars().count() > max => {
            Err(AppError::BadRequest(format!("{field} must be at most {max} characters")))
        }
        other => Ok(other.map(str::to_string)),
    }
}

/// Skills are trimmed; blanks and duplicates (ignoring case) are dropped (spec 000 §5).
pub fn skills(raw: &[String]) -> Result<Vec<String>, AppError> {
    // Counted before the (quadratic) de-duplication, so a huge list costs nothing.
    if raw.len() > SKILLS_MAX {
        return Err(AppError::BadRequest(format!("At most {SKILLS_MAX} skills")));
    }
    let mut out: Vec<String> = Vec::new();
    for skill in raw.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        if skill.chars().count() > SKILL_MAX_LEN {
            return Err(AppError::BadRequest(format!("Each skill must be at most {SKILL_MAX_LEN} characters")));
        }
        if !out.iter().any(|s| s.eq_ignore_ascii_case(skill)) {
            out.push(skill.to_string());
        }
    }
    Ok(out)
}

/// Plans shown are all free (spec 000 §9); only `free` is accepted.
pub fn plan(raw: Option<&str>) -> Result<String, AppError> {
    match raw.map(str::trim).filter(|p| !p.is_empty()) {
        None => Ok("free".into()),
        Some(p) if p.eq_ignore_ascii_case("free") => Ok("free".into()),
        Some(_) => Err(AppError::bad_request("Plan must be free")),
    }
}

/// A profile's position change: both of `lat` and `lng` or neither; both null forget it.
pub fn position(lat: Option<Option<f64>>, lng: Option<Option<f64>>) -> Result<Option<Option<(f64, f64)>>, AppError> {
    match (lat, lng) {
        (None, None) => Ok(None),
        (Some(None), Some(None)) => Ok(Some(None)),
        (Some(Some(lat)), Some(Some(lng))) if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) => {
            // Kept only to about a kilometre (API.md "Nearby").
            Ok(Some(Some(crate::discovery::geometry::snap((lat, lng)))))
        }
        (Some(Some(_)), Some(Some(_))) => {
            Err(AppError::bad_request("lat must be from -90 to 90 and lng from -180 to 180"))
        }
        _ => Err(AppError::bad_request("lat and lng are set together")),
    }
}

/// What a profile change does to the person's position (API.md "Nearby"): a position the device
/// gave (`lat`/`lng` sent) is kept until the location text changes; a changed text, or a device
/// position forgotten (`lat`/`lng` null), puts them at the centre of the city their text names, or
/// nowhere when the place list has no such city. `from_text` is that city's position, asked for
/// only when it is needed. `None`: the position stays as it is.
pub fn position_after(
    sent: Option<Option<(f64, f64)>>,
    location_changed: bool,
    from_text: impl FnOnce() -> Option<(f64, f64)>,
) -> Option<Option<(f64, f64)>> {
    match sent {
        Some(Some(device)) => Some(Some(device)),
        Some(None) => Some(from_text().map(crate::discovery::geometry::snap)),
        None if location_changed => Some(from_text().map(crate::discovery::geometry::snap)),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_score_counts_each_kind_once() {
        assert_eq!(password_score(""), 0);
        assert_eq!(password_score("abc"), 1);
        assert_eq!(password_score("abcdefgh"), 2);
        assert_eq!(password_score("abcdefg1"), 3);
        assert_eq!(password_score("Abcdefg1"), 4);
        assert_eq!(password_score("Abcdefg1!"), 5);
        assert_eq!(password_score("#Abc"), 2, "# is not one of the counted symbols");
    }

    #[test]
    fn weak_and_short_passwords_are_refused() {
        assert!(Password::parse("password").is_err());
        assert!(Password::parse("Ab1!").is_err());
        assert!(Password::parse("password1").is_ok());
    }

    #[test]
    fn usernames_are_checked_and_keyed_case_insensitively() {
        assert!(Username::parse("ab").is_err());
        assert!(Username::parse("has space").is_err());
        assert_eq!(Username::parse(" Ada_L ").unwrap().key(), "ada_l");
    }

    #[test]
    fn emails_need_an_at_and_a_dotted_domain() {
        assert!(Email::parse("a@b.co").is_ok());
        for bad in ["ab.co", "a@b", "@b.co", "a@b.co.", "a b@c.de", "a@@b.co"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Email::parse("Ada@Example.COM").unwrap().key(), "ada@example.com");
    }

    #[test]
    fn skills_are_trimmed_and_deduplicated() {
        let got = skills(&[" React ".into(), "".into(), "react".into(), "Rust".into()]).unwrap();
        assert_eq!(got, vec!["React", "Rust"]);
    }

    #[test]
    fn roles_read_any_case() {
        assert_eq!(Role::parse("Innovator"), Some(Role::Innovator));
        assert_eq!(Role::parse("admin"), None);
    }

    #[test]
    fn a_device_position_stands_until_the_location_text_changes() {
        let device = (51.5, -0.13);
        let city = || Some((51.50853, -0.12574));
        assert_eq!(position_after(Some(Some(device)), true, || unreachable!()), Some(Some(device)));
        assert_eq!(position_after(None, false, || unreachable!()), None, "unchanged text keeps the device position");
        assert_eq!(
            position_after(None, true, city),
            Some(Some(crate::discovery::geometry::snap((51.50853, -0.12574))))
        );
        assert_eq!(position_after(None, true, || None), Some(None), "an unknown city: no position");
        assert_eq!(position_after(Some(None), false, city), Some(city().map(crate::discovery::geometry::snap)));
    }
}
