//! Outgoing mail (API.md "Your account": reset, verification, the email change notice, password changed, the
//! digest). With `GROW_SMTP_URL` set it goes out by SMTP (`smtp://user:pass@host:587` upgrades with STARTTLS,
//! `smtps://` is TLS from the start), off the request path with retries; without it each mail is written to the
//! server log on one line naming the recipient, its kind and its link. Either way the last few messages are kept in
//! memory, where the process's own tests read them. Every kind is written once, here, as plain text and HTML.

use std::{collections::VecDeque, sync::Mutex, time::Duration};

use anyhow::Context;
use lettre::{
    message::{header::ContentType, Mailbox, MultiPart, SinglePart},
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
};

use crate::sync::lock;

const KEEP: usize = 64;
/// Pauses before the 2nd and 3rd try.
const RETRY_AFTER: [Duration; 2] = [Duration::from_secs(2), Duration::from_secs(20)];

/// What a mail is for: each kind has its words here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Reset,
    Verify,
    /// To the old address when someone asks to move the account to a new one.
    EmailChangeNotice,
    PasswordChanged,
    Digest,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Reset => "reset",
            Kind::Verify => "verify",
            Kind::EmailChangeNotice => "email_change_notice",
            Kind::PasswordChanged => "password_changed",
            Kind::Digest => "digest",
        }
    }
}

/// No `Debug`: the link carries a secret token.
#[derive(Clone)]
pub struct Mail {
    pub user_id: i64,
    pub to: String,
    pub first_name: String,
    pub kind: Kind,
    pub subject: String,
    /// Where the mail's button leads (the one link it is about).
    pub link: String,
    /// The digest's lines (each a notification), and how many more there were.
    pub items: Vec<String>,
    pub more: usize,
    /// RFC 8058 one-click unsubscribe address (the digest).
    pub unsubscribe: Option<String>,
}

impl Mail {
    /// A mail of `kind` to a person, about `link`.
    pub fn new(kind: Kind, user_id: i64, to: &str, first_name: &str, link: String) -> Self {
        let subject = match kind {
            Kind::Reset => "Reset your Grow password",
            Kind::Verify => "Verify your email for Grow",
            Kind::EmailChangeNotice => "Your Grow email is being changed",
            Kind::PasswordChanged => "Your Grow password was changed",
            Kind::Digest => "What you missed on Grow",
        };
        Self {
            user_id,
            to: to.to_owned(),
            first_name: first_name.to_owned(),
            kind,
            subject: subject.into(),
            link,
            items: Vec::new(),
            more: 0,
            unsubscribe: None,
        }
    }
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
            tracing::info!(
                user_id = mail.user_id,
                kind = mail.kind.as_str(),
                "mail (no mail server configured): {}",
                mail.link
            );
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

    /// How many of the recent messages of a kind went to a user.
    pub fn recent_to(&self, user_id: i64, kind: Kind) -> usize {
        lock(&self.recent).iter().filter(|m| m.user_id == user_id && m.kind == kind).count()
    }

    /// The newest message sent to a user.
    pub fn last_to(&self, user_id: i64) -> Option<Mail> {
        lock(&self.recent).iter().rev().find(|m| m.user_id == user_id).cloned()
    }

    /// The newest message of a kind sent to a user.
    pub fn last_of(&self, user_id: i64, kind: Kind) -> Option<Mail> {
        lock(&self.recent).iter().rev().find(|m| m.user_id == user_id && m.kind == kind).cloned()
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

/// What a mail says: a heading, its paragraphs, the button (its words), and a closing note.
struct Words {
    heading: &'static str,
    paragraphs: Vec<String>,
    button: &'static str,
    note: &'static str,
}

fn words(mail: &Mail) -> Words {
    match mail.kind {
        Kind::Reset => Words {
            heading: "Reset your Grow password",
            paragraphs: vec!["Someone (hopefully you) asked to reset the password of your Grow account. The link works for one hour.".into()],
            button: "Choose a new password",
            note: "If it wasn't you, ignore this mail: your password stays as it is.",
        },
        Kind::Verify => Words {
            heading: "Verify your email",
            paragraphs: vec!["Confirm that this address is yours, so Grow can reach you here. The link works for 24 hours.".into()],
            button: "Verify my email",
            note: "If you did not ask for this, ignore this mail: nothing changes.",
        },
        Kind::EmailChangeNotice => Words {
            heading: "Your email is being changed",
            paragraphs: vec![
                "Someone signed in to your Grow account asked to move it to a new email address. Nothing changes until the link sent to that address is used.".into(),
            ],
            button: "Open Grow",
            note: "If it wasn't you, change your password now: your account keeps this address until the new one is confirmed.",
        },
        Kind::PasswordChanged => Words {
            heading: "Your password was changed",
            paragraphs: vec!["The password of your Grow account was just changed. Every other device was signed out.".into()],
            button: "Open Grow",
            note: "If it wasn't you, reset your password from the sign-in screen right away.",
        },
        Kind::Digest => {
            let mut paragraphs = vec!["Here is what happened while you were away:".to_string()];
            paragraphs.extend(mail.items.iter().map(|item| format!("• {item}")));
            if mail.more > 0 {
                paragraphs.push(format!("…and {} more", mail.more));
            }
            Words {
                heading: "What you missed on Grow",
                paragraphs,
                button: "See everything on Grow",
                note: "You get this digest because it is on in your notification settings.",
            }
        }
    }
}

/// A mail in plain text and HTML: one column, inline styles, no images, so it reads the same in every mail app.
fn compose(mail: &Mail, from: Mailbox) -> anyhow::Result<Message> {
    let to: Mailbox = mail.to.parse().context("the recipient's address")?;
    let name = if mail.first_name.is_empty() { "there" } else { mail.first_name.as_str() };
    let Words { heading, paragraphs, button, note } = words(mail);
    // The page a person opens to stop the digest (the app's `/unsubscribe`, which says it is done); mail apps post to
    // the `List-Unsubscribe` address itself.
    let unsubscribe_page = mail.unsubscribe.as_deref().map(|url| url.replace("/api/mail/unsubscribe", "/unsubscribe"));
    let unsubscribe_line = match &unsubscribe_page {
        Some(page) => format!("\nTo stop these mails, open:\n{page}\n"),
        None => String::new(),
    };
    let unsubscribe_html = match &unsubscribe_page {
        Some(page) => format!(
            "<p style=\"font-size:13px;color:#555\"><a href=\"{0}\" style=\"color:#555\">Unsubscribe</a> from these mails.</p>",
            html_escape(page)
        ),
        None => String::new(),
    };
    let text = format!(
        "Hi {name},\n\n{body}\n\n{button}:\n{link}\n\n{note}\n{unsubscribe_line}\nKeep growing,\nThe Grow team\n",
        body = paragraphs.iter().map(|p| wrapped(p)).collect::<Vec<_>>().join("\n"),
        note = wrapped(note),
        link = mail.link
    );
    let html_paragraphs: String =
        paragraphs.iter().map(|p| format!("<p style=\"margin:0 0 12px\">{}</p>", html_escape(p))).collect();
    let html = format!(
        "<!doctype html><html><body style=\"font-family:system-ui,sans-serif;color:#1d1d1f;max-width:520px;margin:auto;padding:16px\">\
         <h1 style=\"font-size:22px\">{heading}</h1><p>Hi {name},</p>{html_paragraphs}\
         <p><a href=\"{link}\" style=\"display:inline-block;padding:12px 20px;border-radius:10px;background:#16a34a;\
         color:#fff;text-decoration:none;font-weight:600\">{button}</a></p>\
         <p style=\"font-size:13px;color:#555\">Or paste this into your browser: {link}</p>\
         <p style=\"font-size:13px;color:#555\">{note}</p>{unsubscribe_html}</body></html>",
        name = html_escape(name),
        link = html_escape(&mail.link)
    );
    let mut builder = Message::builder().from(from).to(to).subject(&mail.subject);
    if let Some(url) = &mail.unsubscribe {
        builder = builder
            .header(ListUnsubscribe(format!("<{url}>")))
            .header(ListUnsubscribePost("List-Unsubscribe=One-Click".into()));
    }
    builder
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::builder().header(ContentType::TEXT_PLAIN).body(text))
                .singlepart(SinglePart::builder().header(ContentType::TEXT_HTML).body(html)),
        )
        .context("building the mail")
}

/// Plain text in lines of at most 72 characters (a mail's lines stay short: words are never split).
fn wrapped(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut line = 0;
    for word in text.split(' ') {
        if line > 0 && line + 1 + word.chars().count() > 72 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.chars().count();
    }
    out
}

/// `List-Unsubscribe` (RFC 2369) and `List-Unsubscribe-Post` (RFC 8058): a mail app's one-click unsubscribe.
#[derive(Clone)]
struct ListUnsubscribe(String);
#[derive(Clone)]
struct ListUnsubscribePost(String);

macro_rules! plain_header {
    ($type:ident, $name:literal) => {
        impl lettre::message::header::Header for $type {
            fn name() -> lettre::message::header::HeaderName {
                lettre::message::header::HeaderName::new_from_ascii_str($name)
            }
            fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
                Ok(Self(text.to_owned()))
            }
            fn display(&self) -> lettre::message::header::HeaderValue {
                lettre::message::header::HeaderValue::new(Self::name(), self.0.clone())
            }
        }
    };
}
plain_header!(ListUnsubscribe, "List-Unsubscribe");
plain_header!(ListUnsubscribePost, "List-Unsubscribe-Post");

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
        let mail = Mail::new(Kind::Reset, 1, "ada@example.com", "Ada <3", "https://grow.example/?reset=abc".into());
        let message = compose(&mail, "Grow <no-reply@grow.example>".parse().unwrap()).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        assert!(raw.contains("text/plain") && raw.contains("text/html"));
        assert!(raw.contains("https://grow.example/?reset=abc"));
        assert!(raw.contains("Ada &lt;3"));
        assert!(!raw.contains("List-Unsubscribe"));
    }

    #[test]
    fn the_digest_lists_its_items_and_offers_one_click_unsubscribe() {
        let mut mail = Mail::new(Kind::Digest, 1, "ada@example.com", "Ada", "https://grow.example/".into());
        mail.items = vec!["Kiln: a new update".into(), "Bo replied to your feedback".into()];
        mail.more = 3;
        mail.unsubscribe = Some("https://grow.example/api/mail/unsubscribe?token=t".into());
        let message = compose(&mail, "Grow <no-reply@grow.example>".parse().unwrap()).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        assert!(raw.contains("List-Unsubscribe: <https://grow.example/api/mail/unsubscribe?token=t>"), "{raw}");
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{raw}");
        assert!(raw.contains("Kiln: a new update") && raw.contains("and 3 more"), "{raw}");
    }
}
