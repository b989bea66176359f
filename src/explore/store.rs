//! The SQL of the explore area: swipes and pledges. Reads take `&mut Conn`, writes `&mut Tx`.

use crate::{
    db::{
        page::{self, PageRequest},
        Conn, Tx,
    },
    events::{DomainEvent, Emit},
};
use serde::Serialize;
use utoipa::ToSchema;

/// Records a swipe once (a repeat changes nothing).
pub async fn record_swipe(tx: &mut Tx, user: i64, project: i64, direction: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO project_swipes (user_id, project_id, direction, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, project_id) DO NOTHING",
    )
    .bind(user)
    .bind(project)
    .bind(direction)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    // Their deck and feed leave out what they swiped: their kept pages are read again.
    tx.emit(DomainEvent::MarksChanged { user_id: user });
    Ok(())
}

/// A page of the user's swipes, newest first.
pub async fn swipes(conn: &mut Conn, user: i64, page: &PageRequest) -> Result<Vec<Swipe>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT project_id, direction, created_at FROM project_swipes WHERE user_id = $1 AND {} \
         ORDER BY created_at DESC, project_id DESC LIMIT $2",
        page::before("created_at", "project_id", 3),
    ))
    .bind(user)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .fetch_all(conn)
    .await
}

pub async fn forget_swipes(tx: &mut Tx, user: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM project_swipes WHERE user_id = $1").bind(user).execute(&mut **tx).await?;
    tx.emit(DomainEvent::MarksChanged { user_id: user });
    Ok(())
}

/// A pledge as its investor sees it.
pub struct PledgeRow {
    pub id: i64,
    pub project_id: i64,
    pub investor_id: i64,
    pub amount: i64,
    pub upfront_amount: i64,
    pub message: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub project_title: String,
}
crate::from_row!(PledgeRow {
    id,
    project_id,
    investor_id,
    amount,
    upfront_amount,
    message,
    status,
    created_at,
    updated_at,
    project_title
});

const PLEDGE_SELECT: &str =
    "SELECT g.id, g.project_id, g.investor_id, g.amount, g.upfront_amount, g.message, g.status, \
    g.created_at, g.updated_at, p.title AS project_title FROM pledges g JOIN projects p ON p.id = g.project_id";

/// A pledge as its project's owner sees it (the investor's name and photo, never their email).
pub struct ProjectPledgeRow {
    pub id: i64,
    pub project_id: i64,
    pub investor_id: i64,
    pub amount: i64,
    pub upfront_amount: i64,
    pub message: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub first_name: String,
    pub last_name: String,
    pub profile_image_url: Option<String>,
}
crate::from_row!(ProjectPledgeRow {
    id,
    project_id,
    investor_id,
    amount,
    upfront_amount,
    message,
    status,
    created_at,
    updated_at,
    first_name,
    last_name,
    profile_image_url
});

const BOOK_SELECT: &str = "SELECT g.id, g.project_id, g.investor_id, g.amount, g.upfront_amount, g.message, \
    g.status, g.created_at, g.updated_at, u.first_name, u.last_name, u.profile_image_url \
    FROM pledges g JOIN users u ON u.id = g.investor_id";

/// A page of pledges, newest first: those whose `column` (`g.project_id` or `g.investor_id`) is
/// `value`, read with `select` (which names the pledges `g`) into the row type the list shows.
async fn pledges_newest_first<T>(
    conn: &mut Conn,
    select: &str,
    column: &str,
    value: i64,
    page: &PageRequest,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as(&format!(
        "{select} WHERE {column} = $1 AND {} ORDER BY g.created_at DESC, g.id DESC LIMIT $2",
        page::before("g.created_at", "g.id", 3)
    ))
    .bind(value)
    .bind(page.fetch_limit())
    .bind(page.after_key())
    .bind(page.after_id())
    .fetch_all(conn)
    .await
}

/// The investor's pledges, newest first.
pub async fn portfolio(conn: &mut Conn, investor: i64, page: &PageRequest) -> Result<Vec<PledgeRow>, sqlx::Error> {
    pledges_newest_first(conn, PLEDGE_SELECT, "g.investor_id", investor, page).await
}

/// A project's pledges, newest first.
pub async fn book(conn: &mut Conn, project: i64, page: &PageRequest) -> Result<Vec<ProjectPledgeRow>, sqlx::Error> {
    pledges_newest_first(conn, BOOK_SELECT, "g.project_id", project, page).await
}

/// One pledge as its project's owner sees it.
pub async fn book_entry(conn: &mut Conn, id: i64) -> Result<ProjectPledgeRow, sqlx::Error> {
    sqlx::query_as(&format!("{BOOK_SELECT} WHERE g.id = $1")).bind(id).fetch_one(conn).await
}

pub struct NewPledge<'a> {
    pub project: i64,
    /// The project's owner, told of the pledge once it commits.
    pub owner: i64,
    pub investor: i64,
    pub amount: i64,
    pub upfront: i64,
    pub message: &'a str,
    pub now: i64,
}

/// Stores a pending pledge; as its investor sees it.
pub async fn insert_pledge(tx: &mut Tx, new: &NewPledge<'_>) -> Result<PledgeRow, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO pledges (project_id, investor_id, amount, upfront_amount, message, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6) RETURNING id",
    )
    .bind(new.project)
    .bind(new.investor)
    .bind(new.amount)
    .bind(new.upfront)
    .bind(new.message)
    .bind(new.now)
    .fetch_one(&mut **tx)
    .await?;
    tx.emit(DomainEvent::PledgeChanged { investor_id: new.investor, owner_id: new.owner, project_id: new.project });
    sqlx::query_as(&format!("{PLEDGE_SELECT} WHERE g.id = $1")).bind(id).fetch_one(&mut **tx).await
}

/// Moves a pledge of `owner`'s project from status `from` to `to` in one statement: under READ COMMITTED a
/// second decision waits for the first, then finds the status changed and moves nothing. Its project, if moved.
pub async fn move_pledge(
    tx: &mut Tx,
    id: i64,
    from: &str,
    to: &str,
    owner: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let moved: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE pledges SET status = $1, updated_at = $2 \
         WHERE id = $3 AND status = $4 AND project_id IN (SELECT id FROM projects WHERE owner_id = $5) \
         RETURNING project_id, investor_id",
    )
    .bind(to)
    .bind(now)
    .bind(id)
    .bind(from)
    .bind(owner)
    .fetch_optional(&mut **tx)
    .await?;
    if let Some((project_id, investor_id)) = moved {
        tx.emit(DomainEvent::PledgeChanged { investor_id, owner_id: owner, project_id });
    }
    Ok(moved.map(|(project_id, _)| project_id))
}

/// A pledge's status, investor and project owner.
pub async fn pledge_parties(conn: &mut Conn, id: i64) -> Result<Option<(String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT g.status, g.investor_id, p.owner_id FROM pledges g JOIN projects p ON p.id = g.project_id WHERE g.id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// A person's swipe on a project, as their list of swipes shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Swipe {
    pub project_id: i64,
    pub direction: String,
    #[serde(skip)]
    pub created_at: i64,
}
crate::from_row!(Swipe { project_id, direction, created_at });
