//! The SQL of the rewards area that is not the ledger's.

use super::model::LeaderboardEntry;
use crate::db::{page::Cursor, Conn};

/// Top earners by coins (ties by id), after `after` when paging; people with no coins are not listed,
/// nor suspended people, nor (for `viewer`) anyone with a block between them and the viewer.
pub async fn leaderboard(
    conn: &mut Conn,
    viewer: i64,
    limit: i64,
    after: Option<Cursor>,
) -> Result<Vec<LeaderboardEntry>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT u.id, u.first_name, u.last_name, u.username, u.profile_image_url, u.coins, \
         u.lifetime_coins AS total_coins_earned \
         FROM users u WHERE u.coins > 0 AND {} AND {} \
         ORDER BY u.coins DESC, u.id DESC LIMIT $1",
        crate::db::page::before("u.coins", "u.id", 2),
        crate::safety::blocks::listable_sql("$4", "u")
    ))
    .bind(limit)
    .bind(after.map(|c| c.key))
    .bind(after.map(|c| c.id))
    .bind(viewer)
    .fetch_all(&mut *conn)
    .await
}
