//! Outgoing mail: the password-reset link (API.md "Forgot password"). With `GROW_SMTP_URL` set it
//! goes out by SMTP (`smtp://user:pass@host:587` upgrades with STARTTLS, `smtps://` is TLS from the
//! start), off the request path with retries; without it the link is written to the server log.
//! Either way the last few messages are kept in memory, where the process's own tests read them.

use std::{collections::VecDeque, sync::Mutex, time::Duration};

use anyhow::Context;
use lettre::{
    message::{header::ContentType, Mailbox, MultiPart, SinglePart},
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use crate::sync::lock;

const KEEP: usize = 32;
/// Pauses before the 2nd and 3rd try.
const RETRY_AFTER: [Duration; 2] = [Duration::from_secs(2), Duration::from_secs(20)];

/// No `Debug`: the link carries a secret token.
#[derive(Clone)]
pub struct Mail {
    pub user_id: i64,
    pub to: String,
    pub first_name: String,
    pub subject: String,
    pub link: String,
}

#[derive(Default)]
pub struct Mailer {
    recent: Mutex<VecDeque<Mail>>,
    smtp: Option<(AsyncSmtpTransport<Tokio1Executor>, Mailbox)>,
}

impl Mailer {
    /// A mailer for `GROW_SMTP_URL` (or the log when `None`), sending from `from`.
    pub fn new(smtp_url: Option<&str>, from: &str) -> anyhow::Result<Self> {
        let Some(url) = smtp_url else { return Ok(Self::default()) };
        let from: Mailbox = from.parse().with_context(|| format!("GROW_MAIL_FROM is not a mail address: {from:?}"))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&with_tls_mode(url))
            .context("GROW_SMTP_URL is not a valid smtp:// or smtps:// URL")?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Self { recent: Mutex::default(), smtp: Some((transport, from)) })
    }

    /// Hands a message over for delivery; never waits for it.
    pub fn send(&self, mail: Mail) {
        {
            let mut recent = lock(&self.recent);
            if recent.len() == KEEP {
                recent.pop_front();
            }
            recent.push_back(mail.clone());
        }
        let Some((transport, from)) = &self.smtp else {
            tracing::info!(user_id = mail.user_id, subject = %mail.subject, "mail (no mail server configured): {}", mail.link);
            metrics::counter!(crate::metrics::MAILS, "outcome" => "logged").increment(1);
            return;
        };
        let message = match compose(&mail, from.clone()) {
            Ok(message) => message,
            Err(err) => {
                tracing::error!(user_id = mail.user_id, error = %format!("{err:#}"), "could not write a mail");
                return;
            }
        };
        let transport = transport.clone();
        tokio::spawn(async move {
            for attempt in 0..=RETRY_AFTER.len() {
                match transport.send(message.clone()).await {
                    Ok(_) => {
                        metrics::counter!(crate::metrics::MAILS, "outcome" => "sent").increment(1);
                        tracing::info!(user_id = mail.user_id, "mail sent");
                        return;
                    }
                    Err(err) => {
                        tracing::warn!(user_id = mail.user_id, attempt = attempt + 1, error = %err, "mail not sent");
                        match RETRY_AFTER.get(attempt) {
                            Some(pause) => tokio::time::sleep(*pause).await,
                            None => metrics::counter!(crate::metrics::MAILS, "outcome" => "failed").increment(1),
                        }
                    }
                }
            }
        });
    }

    /// How many of the recent messages went to a user.
    pub fn recent_to(&self, user_id: i64) -> usize {
        lock(&self.recent).iter().filter(|m| m.user_id == user_id).count()
    }

    /// The newest message sent to a user.
    pub fn last_to(&self, user_id: i64) -> Option<Mail> {
        lock(&self.recent).iter().rev().find(|m| m.user_id == user_id).cloned()
    }
}

/// `smtp://` upgrades with STARTTLS: required when it carries a password (never sent in clear),
/// opportunistic for a local relay without one. An explicit `?tls=` is kept.
fn with_tls_mode(url: &str) -> String {
    if !url.starts_with("smtp://") || url.contains("tls=") {
        return url.to_string();
    }
    let has_password = url["smtp://".len()..].split('/').next().is_some_and(|authority| authority.contains('@'));
    let mode = if has_password { "required" } else { "opportunistic" };
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}tls={mode}")
}

/// The reset mail, in plain text and HTML.
fn compose(mail: &Mail, from: Mailbox) -> anyhow::Result<Message> {
    let to: Mailbox = mail.to.parse().context("the recipient's address")?;
    let name = if mail.first_name.is_empty() { "there" } else { mail.first_name.as_str() };
    let text = format!(
        "Hi {name},\n\nSomeone (hopefully you) asked to reset the password of your Grow account.\n\n\
         Open this link within an hour to choose a new one:\n{link}\n\n\
         If it wasn't you, ignore this mail: your password stays as it is.\n\nKeep growing,\nThe Grow team\n",
        link = mail.link
    );
    let html = format!(
        "<!doctype html><html><body style=\"font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:auto\">\
         <h1 style=\"font-size:22px\">Reset your Grow password</h1>\
         <p>Hi {name},</p><p>Someone (hopefully you) asked to reset the password of your Grow account. \
         The link works for one hour.</p>\
         <p><a href=\"{link}\" style=\"display:inline-block;padding:12px 20px;border-radius:10px;background:#16a34a;\
         color:#fff;text-decoration:none;font-weight:600\">Choose a new password</a></p>\
         <p style=\"font-size:13px;color:#555\">Or paste this into your browser: {link}</p>\
         <p style=\"font-size:13px;color:#555\">If it wasn't you, ignore this mail: your password stays as it is.</p>\
         </body></html>",
        name = html_escape(name),
        link = html_escape(&mail.link)
    );
    Message::builder()
        .from(from)
        .to(to)
        .subject(&mail.subject)
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(text))
                .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(html)),
        )
        .context("building the mail")
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_get_a_tls_mode() {
        assert_eq!(with_tls_mode("smtp://u:p@mail.example:587"), "smtp://u:p@mail.example:587?tls=required");
        assert_eq!(with_tls_mode("smtp://127.0.0.1:2525"), "smtp://127.0.0.1:2525?tls=opportunistic");
        assert_eq!(with_tls_mode("smtp://h:25?tls=none"), "smtp://h:25?tls=none");
        assert_eq!(with_tls_mode("smtps://u:p@h"), "smtps://u:p@h");
    }

    #[test]
    fn the_reset_mail_has_a_text_and_an_html_part_with_the_link() {
        let mail = Mail {
            user_id: 1,
            to: "ada@example.com".into(),
            first_name: "Ada <3".into(),
            subject: "Reset your Grow password".into(),
            link: "https://grow.example/?reset=abc".into(),
        };
        let message = compose(&mail, "Grow <no-reply@grow.example>".parse().unwrap()).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        assert!(raw.contains("text/plain") && raw.contains("text/html"));
        assert!(raw.contains("https://grow.example/?reset=abc"));
        assert!(raw.contains("Ada &lt;3"));
    }
}
