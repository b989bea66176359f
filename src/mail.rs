//! Outgoing mail. No mail server is configured yet, so a message is written to the server log
//! (API.md "Forgot password"); the last few are also kept in memory, where the process's own
//! tests read them instead of scraping the log.

use std::{collections::VecDeque, sync::Mutex};

const KEEP: usize = 32;

#[derive(Clone, Debug)]
pub struct Mail {
    pub user_id: i64,
    pub subject: String,
    pub link: String,
}

#[derive(Default)]
pub struct Mailer {
    recent: Mutex<VecDeque<Mail>>,
}

impl Mailer {
    pub fn send(&self, mail: Mail) {
        tracing::info!(user_id = mail.user_id, subject = %mail.subject, "mail (no mail server configured): {}", mail.link);
        let mut recent = self.recent.lock().unwrap();
        if recent.len() == KEEP {
            recent.pop_front();
        }
        recent.push_back(mail);
    }

    /// The newest message sent to a user.
    pub fn last_to(&self, user_id: i64) -> Option<Mail> {
        self.recent.lock().unwrap().iter().rev().find(|m| m.user_id == user_id).cloned()
    }
}
