//! The one rule for reaching a person (API.md "Safety", "Limits and fair play"): nobody reaches
//! someone when a block stands between the two (either way) or when that someone is suspended.
//!
//! Every act aimed at another person gets that person from [`reach`], which answers a
//! [`Reachable`] only when the rule allows it; the act then takes its target from that value
//! (its id, its name), so a new path cannot aim at someone without asking. Acts on many people at
//! once (a typing signal to a project's chat, a notification) ask [`allows`] or filter with
//! the kept [`super::hidden::Hidden`]; lists of people filter in SQL with
//! [`super::store::listable_sql`].

use std::ops::Deref;

use super::blocks::{self, NOT_AVAILABLE, YOU_BLOCKED};
use crate::{
    accounts::model::UserRow,
    db::Conn,
    error::{AppError, AppResult},
};

/// A person the caller may reach now: the only way to get one is [`reach`].
pub struct Reachable(UserRow);

impl Reachable {
    pub fn id(&self) -> i64 {
        self.0.id
    }
}

impl Deref for Reachable {
    type Target = UserRow;

    fn deref(&self) -> &UserRow {
        &self.0
    }
}

/// `other` as `me` may reach them: 404 when there is no such person; 403 "You have blocked this
/// person…" when `me` blocked them; 403 "This person is not available" when they blocked `me` or
/// are suspended. Reaching oneself is allowed (callers refuse it in their own words).
pub async fn reach(conn: &mut Conn, me: i64, other: i64) -> AppResult<Reachable> {
    let seen = super::store::seen_by(conn, me, other).await?.ok_or(AppError::NotFound("User"))?;
    if other == me {
        return Ok(Reachable(seen.person));
    }
    match seen.blocker {
        Some(blocker) if blocker == me => Err(AppError::Forbidden(YOU_BLOCKED.into())),
        Some(_) => Err(AppError::Forbidden(NOT_AVAILABLE.into())),
        None if seen.suspended_at.is_some() => Err(AppError::Forbidden(NOT_AVAILABLE.into())),
        None => Ok(Reachable(seen.person)),
    }
}

/// True when no block stands between `actor` and `person`, either way: whether something `actor`
/// did may be passed on to `person` (a notification, a typing signal).
pub async fn allows(conn: &mut Conn, actor: i64, person: i64) -> Result<bool, sqlx::Error> {
    Ok(actor == person || blocks::between(conn, actor, person).await?.is_none())
}
