//! The SQL of the explore area: swipes and pledges. Reads take `&mut Conn`, writes `&mut Tx`.

use super::deck::Swipe;
use crate::db::{
    page::{self, PageRequest},
    Conn, Tx,
};

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
    .await
    .map(|_| ())
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
    sqlx::query("DELETE FROM project_swipes WHERE user_id = $1").bind(user).execute(&mut **tx).await.map(|_| ())
}

/// A page of pledges, newest first: those whose `column` (`g.project_id` or `g.investor_id`) is
/// `value`, read with `select` (which names the pledges `g`) into the row type the list shows.
pub async fn pledges_newest_first<T>(
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
