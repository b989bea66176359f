//! Telling a project's people that it changed: a leaf the safety area calls too (a block ends shared membership).

use super::store;
use crate::{
    db::Tx,
    error::AppResult,
    events::{DomainEvent, Emit},
};

/// After commit, tells the project's members (and whoever else is named) that it changed.
pub(crate) async fn announce(tx: &mut Tx, project_id: i64, also: &[i64]) -> AppResult<()> {
    let mut people = store::members(tx, project_id).await?;
    people.extend_from_slice(also);
    people.sort_unstable();
    people.dedup();
    tx.emit(DomainEvent::ProjectChanged { project_id, people });
    Ok(())
}
