//! The job that places people who have a location text but no position (API.md "Nearby"): rows
//! written before positions came from location texts, or by hand. Sign-up and profile edits place
//! people themselves, so a round usually finds nothing; a text naming no known city stays unplaced
//! (and is read again next round, which costs a lookup in memory). Safe to repeat: a row is only
//! written while it still has that text and no position.

use std::time::Duration;

use crate::{
    accounts::store as accounts_store,
    events::{DomainEvent, Emit},
    state::AppState,
};

pub const NAME: &str = "positions";
pub const PERIOD: Duration = Duration::from_secs(60 * 60);

pub async fn run_once(state: &AppState) -> anyhow::Result<String> {
    let unplaced = accounts_store::unplaced(&mut *state.db.conn().await?).await?;
    if unplaced.is_empty() {
        return Ok("placed 0 people".into());
    }
    let places = super::geo::places().await?;
    let found: Vec<(i64, String, (f64, f64))> = unplaced
        .into_iter()
        .filter_map(|(id, text)| places.position_of(&text).map(|at| (id, text, crate::discovery::snap(at))))
        .collect();
    let mut placed = Vec::new();
    let mut tx = state.db.begin().await?;
    for (id, text, (lat, lng)) in &found {
        if accounts_store::place(&mut tx, *id, text, (*lat, *lng), crate::time::now_ms()).await? {
            tx.emit(DomainEvent::UserChanged { user_id: *id });
            placed.push(*id);
        }
    }
    tx.commit().await?;
    Ok(format!("placed {} people", placed.len()))
}
