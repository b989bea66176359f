//! The read model of the deck and the feed: each instance keeps the cards it has served, as they
//! look to anyone, with the card version they were read at. A page asks the database only for its
//! ids, their card versions and the caller's own marks (one index scan), then loads just the cards
//! that are new or whose version moved. Every change to what a card shows moves its version in the
//! same transaction (migration 0012's triggers), so a stale card is never served, on any instance,
//! without any message between instances.

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
};

use super::{
    model::Project,
    store::{self, CardEntry},
};
use crate::db::{page::Page, Conn};

/// More cards than this and the cache starts again (a community's published projects fit many times).
const MAX_CARDS: usize = 100_000;

struct Card {
    version: i64,
    /// As anyone sees it: `is_supported` false and `my_role` none.
    project: Project,
}

#[derive(Clone, Default)]
pub struct Cards {
    cached: Arc<RwLock<HashMap<i64, Arc<Card>>>>,
}

impl Cards {
    /// The projects of a page of entries, in their order, each with the caller's marks. An entry
    /// whose project went between the two reads (deleted meanwhile) is left out.
    pub async fn page(&self, conn: &mut Conn, page: Page<CardEntry>) -> Result<Page<Project>, sqlx::Error> {
        let items = self.projects(conn, &page.items).await?;
        Ok(Page { items, next: page.next })
    }

    async fn projects(&self, conn: &mut Conn, entries: &[CardEntry]) -> Result<Vec<Project>, sqlx::Error> {
        let mut found: Vec<Option<Arc<Card>>> = {
            let cached = self.cached.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            entries
                .iter()
                .map(|entry| cached.get(&entry.id).filter(|card| card.version >= entry.card_version).cloned())
                .collect()
        };
        let missing: Vec<i64> =
            entries.iter().zip(&found).filter(|(_, card)| card.is_none()).map(|(e, _)| e.id).collect();
        if !missing.is_empty() {
            let loaded = self.load(conn, &missing).await?;
            for (entry, slot) in entries.iter().zip(found.iter_mut()) {
                if slot.is_none() {
                    *slot = loaded.get(&entry.id).cloned();
                }
            }
        }
        Ok(entries
            .iter()
            .zip(found)
            .filter_map(|(entry, card)| {
                let mut project = card?.project.clone();
                project.is_supported = entry.supported_by_me == 1;
                project.my_role = (!entry.my_role.is_empty()).then(|| entry.my_role.clone());
                Some(project)
            })
            .collect())
    }

    /// Reads these cards (rows, then collaborators: those are at least as new as the version kept,
    /// so a change between the two reads only makes the next page read the card again).
    async fn load(&self, conn: &mut Conn, ids: &[i64]) -> Result<HashMap<i64, Arc<Card>>, sqlx::Error> {
        let rows = store::cards(conn, ids).await?;
        let mut collaborators = store::collaborator_ids(conn, ids).await?;
        let loaded: HashMap<i64, Arc<Card>> = rows
            .iter()
            .map(|row| {
                let project = row.to_wire(collaborators.remove(&row.id).unwrap_or_default());
                (row.id, Arc::new(Card { version: row.card_version, project }))
            })
            .collect();
        let mut cached = self.cached.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if cached.len() + loaded.len() > MAX_CARDS {
            cached.clear();
        }
        for (id, card) in &loaded {
            // Two pages may load the same card at once: the newer read wins.
            if cached.get(id).is_none_or(|old| old.version <= card.version) {
                cached.insert(*id, card.clone());
            }
        }
        Ok(loaded)
    }
}
