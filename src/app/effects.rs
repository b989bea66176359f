//! The one dispatcher of what committed writes established: each domain event a store recorded
//! (`crate::events::DomainEvent`) becomes the hub's events, which evict this instance's kept reads at once and reach
//! sockets here and, through the live bridge, on every other instance. A store says what changed; this says who hears
//! of it and which kept reads go, so no handler publishes or evicts by hand.

use crate::{
    db::Db,
    events::DomainEvent,
    realtime::{Event, Hub, ServerFrame, Topic},
};

/// Hears every committed domain event of `db` and announces what follows from it on `hub`.
pub fn dispatch(db: &Db, hub: &Hub) {
    let live = hub.clone();
    crate::events::listen(db, move |event| match event {
        DomainEvent::CardsChanged => live.emit(Event::CardsChanged { user_id: None }),
        DomainEvent::CardChanged { project_id } => live.emit(Event::CardChanged { project_id }),
        DomainEvent::MarksChanged { user_id } => live.emit(Event::CardsChanged { user_id: Some(user_id) }),
        DomainEvent::ReaderJoined { user_id, topic } => live.emit(Event::Join { user_id, topic }),
        DomainEvent::ReaderLeft { user_id, topic } => live.emit(Event::Leave { user_id, topic }),
        DomainEvent::NotificationsChanged { user_id } => {
            live.emit(Event::Frame { topic: Topic::User(user_id), frame: ServerFrame::NotificationsChanged })
        }
        DomainEvent::Requested { requester, target, request_id } => {
            live.emit(Event::Frame {
                topic: Topic::User(target),
                frame: ServerFrame::ConnectionRequest { id: request_id },
            });
            live.emit(Event::Frame { topic: Topic::User(requester), frame: ServerFrame::ConnectionsChanged });
        }
        DomainEvent::Blocked { blocker, blocked, connections_ended } => {
            live.emit(Event::BlockChanged { blocker, blocked });
            for user_id in [blocker, blocked] {
                // Their decks and feeds lose the other's projects; their connection lists lose the other.
                live.emit(Event::CardsChanged { user_id: Some(user_id) });
                live.emit(Event::Frame { topic: Topic::User(user_id), frame: ServerFrame::ConnectionsChanged });
                if connections_ended {
                    live.emit(Event::UserChanged { user_id, coins: None });
                }
            }
        }
        DomainEvent::Unblocked { blocker, blocked } => {
            live.emit(Event::BlockChanged { blocker, blocked });
            for user_id in [blocker, blocked] {
                live.emit(Event::CardsChanged { user_id: Some(user_id) });
            }
        }
        DomainEvent::PledgeChanged { investor_id, owner_id, project_id } => {
            live.emit(Event::Frame { topic: Topic::User(investor_id), frame: ServerFrame::InvestmentsChanged });
            live.emit(Event::Frame { topic: Topic::User(owner_id), frame: ServerFrame::PledgesChanged { project_id } });
        }
    });
}
