//! The one rule for reaching a person (API.md "Safety", "Limits and fair play"): nobody reaches
//! someone when a block stands between the two (either way) or when that someone is suspended.
//!
//! Every act aimed at another person gets that person from [`reach`], which answers a
//! [`Reachable`] only when the rule allows it; the act then takes its target from that value
//! (its id, its name), so a new path cannot aim at someone without asking. Acts on many people at
//! once (a typing signal to a project's chat, a notification) ask [`allows`] or filter with
//! the kept [`super::hidden::Hidden`]; lists of people filter in SQL with
//! [`super::blocks::listable_sql`].

use std::ops::Deref;

use super::blocks::{self, NOT_AVAILABLE, YOU_BLOCKED};
use crate::{
    accounts::{model::UserRow, store as accounts_store},
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
    let person = accounts_store::find_by_id(conn, other).await?.ok_or(AppError::NotFound("User"))?;
    if other == me {
        return Ok(Reachable(person));
    }
    match blocks::between(conn, me, other).await? {
        Some(true) => return Err(AppError::Forbidden(YOU_BLOCKED.into())),
        Some(false) => return Err(AppError::Forbidden(NOT_AVAILABLE.into())),
        None => {}
    }
    if accounts_store::is_suspended(conn, other).await? {
        return Err(AppError::Forbidden(NOT_AVAILABLE.into()));
    }
    Ok(Reachable(person))
}

/// True when no block stands between `actor` and `person`, either way: whether something `actor`
/// did may be passed on to `person` (a notification, a typing signal).
pub async fn allows(conn: &mut Conn, actor: i64, person: i64) -> Result<bool, sqlx::Error> {
    Ok(actor == person || blocks::between(conn, actor, person).await?.is_none())
}
