//! The one dispatcher of domain events (`crate::events::DomainEvent`): what a committed write established (or a
//! passing signal announced) becomes live frames, kept reads let go, the search index woken and pushes sent. It runs
//! for each event on the instance where the change committed and, through the live bridge, which carries the same
//! events, on every other: a store says what changed; this is the only place that says who hears of it and which
//! kept reads go, so no handler publishes or evicts by hand.

use anyhow::Context;

use crate::{
    db::Backend,
    events::{self, DomainEvent},
    realtime::{bridge, outbound::Outbound, ServerFrame, Topic},
    state::AppState,
};

/// Hears every domain event of this instance (and, on PostgreSQL, of every other) from now on.
pub async fn start(state: &AppState) -> anyhow::Result<()> {
    let postgres = state.db.backend() == Backend::Postgres;
    let outbound = postgres.then(|| Outbound::start(state.db.clone(), state.hub.instance()));
    // Listeners hold the state weakly: the database they are registered with is part of it.
    let weak = state.downgrade();
    events::listen(&state.db, move |event| {
        let Some(state) = AppState::upgrade(&weak) else { return };
        apply(&state, &event);
        if matches!(event, DomainEvent::Notified { .. }) {
            // The pushes were queued with the notification; this instance's worker delivers them.
            state.pusher.wake();
        }
        if let Some(outbound) = &outbound {
            outbound.send(event);
        }
    });
    let (for_events, for_gaps) = (state.downgrade(), state.downgrade());
    let on_event = move |event: DomainEvent| {
        if let Some(state) = AppState::upgrade(&for_events) {
            apply(&state, &event);
        }
    };
    if postgres {
        let on_missed = move || {
            if let Some(state) = AppState::upgrade(&for_gaps) {
                state.kept.let_go_of_everything();
            }
        };
        bridge::listen(&state.config.database_url(), state.db.clone(), state.hub.instance(), on_event, on_missed)
            .await
            .context("listening for live events")?;
    } else {
        bridge::follow_commands(state.db.clone(), on_event).await.context("following grow commands")?;
    }
    Ok(())
}

/// What follows from one event on this instance.
fn apply(state: &AppState, event: &DomainEvent) {
    let (hub, kept) = (&state.hub, &state.kept);
    let tell = |user_id: i64, frame: ServerFrame| hub.send(&Topic::User(user_id), &frame);
    let changed = |user_id: i64| {
        kept.sessions.evict_user(user_id);
        kept.top.person_changed(user_id);
        tell(user_id, ServerFrame::UserUpdated);
    };
    match event {
        DomainEvent::CardsChanged => {
            kept.cards.everyone_changed();
            kept.top.everyone_changed();
            state.search.wake();
        }
        DomainEvent::CardChanged { project_id } => {
            kept.cards.card_changed(*project_id);
            state.search.wake();
        }
        DomainEvent::MarksChanged { user_id } => kept.cards.person_changed(*user_id),
        DomainEvent::ReaderJoined { user_id, topic } => hub.join(*user_id, topic),
        DomainEvent::ReaderLeft { user_id, topic } => hub.leave(*user_id, topic),
        DomainEvent::NotificationsChanged { user_id } => {
            kept.notifications.person_changed(*user_id);
            tell(*user_id, ServerFrame::NotificationsChanged);
        }
        DomainEvent::Requested { requester, target, request_id } => {
            tell(*target, ServerFrame::ConnectionRequest { id: *request_id });
            tell(*requester, ServerFrame::ConnectionsChanged);
        }
        DomainEvent::Blocked { blocker, blocked, connections_ended } => {
            kept.hidden.changed(&[*blocker, *blocked]);
            for user_id in [*blocker, *blocked] {
                // Their decks and feeds lose the other's projects; their connection lists lose the other.
                kept.cards.person_changed(user_id);
                tell(user_id, ServerFrame::ConnectionsChanged);
                if *connections_ended {
                    changed(user_id);
                }
            }
            state.search.wake();
        }
        DomainEvent::Unblocked { blocker, blocked } => {
            kept.hidden.changed(&[*blocker, *blocked]);
            kept.cards.person_changed(*blocker);
            kept.cards.person_changed(*blocked);
            state.search.wake();
        }
        DomainEvent::PledgeChanged { investor_id, owner_id, project_id } => {
            tell(*investor_id, ServerFrame::InvestmentsChanged);
            tell(*owner_id, ServerFrame::PledgesChanged { project_id: *project_id });
        }
        DomainEvent::Joined { .. } => state.search.wake(),
        DomainEvent::UserChanged { user_id } => {
            changed(*user_id);
            state.search.wake();
        }
        DomainEvent::BalanceMoved { user_id, coins } => {
            kept.sessions.evict_user(*user_id);
            kept.top.balance_moved(*user_id, *coins);
            tell(*user_id, ServerFrame::UserUpdated);
        }
        DomainEvent::SessionEnded { user_id, token_hash } => {
            kept.sessions.evict_session(token_hash);
            hub.end_session(*user_id, token_hash);
        }
        DomainEvent::SignedOut { user_id } => {
            kept.sessions.evict_user(*user_id);
            kept.top.person_changed(*user_id);
            hub.sign_out(*user_id);
            state.search.wake();
        }
        DomainEvent::ConnectionsChanged { people } => {
            for person in people {
                tell(*person, ServerFrame::ConnectionsChanged);
            }
        }
        DomainEvent::ProjectChanged { project_id, people } => {
            for person in people {
                tell(*person, ServerFrame::ProjectChanged { project_id: *project_id });
            }
            state.search.wake();
        }
        DomainEvent::Said { topic, frame } => hub.send(topic, frame),
        DomainEvent::Notified { user_id, id, kind } => {
            kept.notifications.person_changed(*user_id);
            tell(*user_id, ServerFrame::Notification { id: *id, notification_type: *kind });
        }
        DomainEvent::Typing { to, chat, typist } => {
            tell(*to, ServerFrame::Typing { chat: chat.clone(), user_id: *typist });
        }
        DomainEvent::Presence { user_id, online, watchers } => {
            for watcher in watchers {
                tell(*watcher, ServerFrame::Presence { user_id: *user_id, online: *online });
            }
        }
    }
}
