//! Rules about text people write that every area shares.

use crate::error::AppError;

/// Whether `c` may not appear in a name: control characters, and the bidirectional overrides and isolates that
/// make a name read differently from what it holds ("\u{202e}nimda" shows as "admin"; API.md "Safety").
fn hidden_in_names(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A name (a person's first or last name, the title of a project, task or update) as written: 400 when it holds a
/// character of [`hidden_in_names`].
pub fn name_without_controls(value: &str, field: &str) -> Result<(), AppError> {
    if value.chars().any(hidden_in_names) {
        return Err(AppError::BadRequest(format!("{field} may not contain control or text-direction characters")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_controls_and_direction_overrides_but_keep_every_script() {
        for bad in ["\u{202e}nimda", "Ann\u{2066}", "Tab\there", "Bell\u{7}"] {
            assert!(name_without_controls(bad, "First name").is_err(), "{bad:?}");
        }
        for good in ["Zoë", "אורי", "محمد", "東京", "Anne-Marie O'Neil"] {
            assert!(name_without_controls(good, "First name").is_ok(), "{good}");
        }
    }
}
