//! The SQL of the rewards area that is not the ledger's.

use super::model::LeaderboardEntry;
use crate::db::{page::Cursor, Conn};

/// Top earners by coins (ties by id), after `after` when paging; people with no coins are not listed.
pub async fn leaderboard(
    conn: &mut Conn,
    limit: i64,
    after: Option<Cursor>,
) -> Result<Vec<LeaderboardEntry>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, first_name, last_name, username, profile_image_url, coins, lifetime_coins AS total_coins_earned \
         FROM users WHERE coins > 0 AND ($2 IS NULL OR coins < $2 OR (coins = $2 AND id < $3)) \
         ORDER BY coins DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .bind(after.map(|c| c.key))
    .bind(after.map(|c| c.id))
    .fetch_all(&mut *conn)
    .await
}
