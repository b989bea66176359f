//! Telling a project's people that it changed: a leaf the safety area calls too (a block ends shared membership).

use super::store;
use crate::{
    db::Tx,
    error::AppResult,
    realtime::{ServerFrame, Topic},
    state::AppState,
};

/// After commit, tells the project's members (and whoever else is named) that it changed.
pub(crate) async fn announce(state: &AppState, tx: &mut Tx, project_id: i64, also: &[i64]) -> AppResult<()> {
    let mut people = store::members(tx, project_id).await?;
    people.extend_from_slice(also);
    people.sort_unstable();
    people.dedup();
    for person in people {
        state.hub.publish_after(tx, Topic::User(person), ServerFrame::ProjectChanged { project_id });
    }
    Ok(())
}
