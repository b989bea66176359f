//! Who is connected to this instance and what each socket listens to, and the one way every change
//! is announced: an [`Event`] put on a queue. A task drains the queue, so announcing never waits on
//! sockets or the database: it delivers to local sockets and, on PostgreSQL, sends the event once
//! (not once per recipient) to the other instances, which deliver it to theirs (`bridge`).

use std::{
    collections::{HashMap, HashSet},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
};

use tokio::sync::mpsc;

pub use super::event::Event;
use super::{outbound, ServerFrame, Topic};
use crate::{
    auth::session_cache::SessionCache,
    db::{Backend, Db, Tx},
    notifications::kept::KeptNotifications,
    projects::cards::Cards,
    rewards::top::Top,
    safety::hidden::Hidden,
    sync::lock,
};

/// Frames waiting for a slow socket; past this the socket is closed rather than memory growing.
pub const SOCKET_QUEUE: usize = 64;
/// Open sockets a person may hold on one instance.
pub const MAX_SOCKETS_PER_USER: usize = 10;

#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    local: Mutex<Local>,
    /// Set when the server stops: sockets closed from now on are told to reconnect.
    stopping: std::sync::atomic::AtomicBool,
    queue: mpsc::UnboundedSender<Event>,
    next_id: AtomicU64,
    /// Tells this instance's own notifications apart from the others'.
    instance: u64,
    sessions: SessionCache,
    cards: Cards,
    top: Top,
    hidden: Hidden,
    notifications: KeptNotifications,
}

#[derive(Default)]
struct Local {
    sockets: HashMap<u64, Socket>,
    by_topic: HashMap<Topic, HashSet<u64>>,
    by_user: HashMap<i64, HashSet<u64>>,
}

struct Socket {
    user_id: i64,
    token_hash: String,
    tx: mpsc::Sender<ServerFrame>,
    topics: HashSet<Topic>,
    /// While the socket reads which chats its user is in (`Hub::open`), the topics a `Leave` named:
    /// what that read returns may predate the leave, so those are not subscribed. `None` once open.
    left_while_opening: Option<HashSet<Topic>>,
}

/// A socket's place in the hub; dropping it removes the socket, however the socket ended.
pub struct Registration {
    hub: Hub,
    socket_id: u64,
}

impl Hub {
    /// A hub for an instance using `db`, with its draining task and the caches its events keep fresh
    /// (sessions, deck and feed cards, the leaderboard's head, who is hidden from whom, unread counts and first
    /// pages of notifications). On PostgreSQL, call
    /// [`super::bridge::listen`] as well so that events from other instances arrive here.
    pub fn new(db: &Db) -> Self {
        let shared = (db.backend() == Backend::Postgres).then(|| db.clone());
        let (queue, mut events) = mpsc::unbounded_channel::<Event>();
        let hub = Self {
            inner: Arc::new(Inner {
                local: Mutex::default(),
                stopping: std::sync::atomic::AtomicBool::new(false),
                queue,
                next_id: AtomicU64::new(0),
                instance: rand::random(),
                sessions: SessionCache::default(),
                cards: Cards::default(),
                top: Top::default(),
                hidden: Hidden::default(),
                notifications: KeptNotifications::default(),
            }),
        };
        // What committed transactions recorded for the hub (`Hub::emit_after`) is announced from here: the one way
        // a write's frames and evictions go out. The listener holds a weak handle, so the database keeps no hub alive.
        let recorded_for = Arc::downgrade(&hub.inner);
        db.listen(move |recorded| {
            if let (Some(event), Some(inner)) = (recorded.downcast_ref::<Event>(), recorded_for.upgrade()) {
                Hub { inner }.emit(event.clone());
            }
        });
        // The task holds only a weak handle, so it ends with the last clone of the hub.
        let weak = Arc::downgrade(&hub.inner);
        tokio::spawn(async move {
            while let Some(event) = events.recv().await {
                let Some(inner) = weak.upgrade() else { break };
                let hub = Hub { inner };
                hub.deliver(&event);
                if let Some(db) = &shared {
                    if let Err(err) = outbound::notify(db, hub.instance(), &event).await {
                        // A lost frame is not a lost write: clients refetch when they reconnect.
                        tracing::warn!(error = %err, "could not send a live event to other instances");
                    }
                }
            }
        });
        hub
    }

    pub fn instance(&self) -> u64 {
        self.inner.instance
    }

    pub fn sessions(&self) -> &SessionCache {
        &self.inner.sessions
    }

    pub fn cards(&self) -> &Cards {
        &self.inner.cards
    }

    /// The leaderboard's kept head.
    pub fn top(&self) -> &Top {
        &self.inner.top
    }

    /// Who is hidden from whom by a block, as kept.
    pub fn hidden(&self) -> &Hidden {
        &self.inner.hidden
    }

    /// Each person's unread count and first page of notifications, as kept.
    pub fn notifications(&self) -> &KeptNotifications {
        &self.inner.notifications
    }

    /// Events may have been missed (the live bridge lost its connection): nothing kept is trusted.
    pub fn all_stale(&self) {
        let Inner { sessions, cards, top, hidden, notifications, .. } = &*self.inner;
        sessions.clear();
        cards.everyone_changed();
        top.everyone_changed();
        hidden.clear();
        notifications.clear();
    }

    /// Announces a frame to a topic's subscribers everywhere, now: for what no write holds (typing,
    /// presence). A frame about a write goes through [`Hub::publish_after`].
    pub fn publish(&self, topic: Topic, frame: ServerFrame) {
        self.emit(Event::Frame { topic, frame });
    }

    /// Announces a frame once `tx` commits, and never for a write that rolls back: the one way a
    /// write's frames go out.
    pub fn publish_after(&self, tx: &mut Tx, topic: Topic, frame: ServerFrame) {
        self.emit_after(tx, Event::Frame { topic, frame });
    }

    /// Records an event in `tx`, queued once it commits (see [`Hub::publish_after`]), once however often it was
    /// recorded: it travels with the transaction's domain events, heard by the listener [`Hub::new`] adds.
    pub fn emit_after(&self, tx: &mut Tx, event: Event) {
        if !tx.recorded().any(|kept| kept.downcast_ref::<Event>() == Some(&event)) {
            tx.record(Box::new(event));
        }
    }

    /// Queues an event. Cache evictions happen at once on this instance, so the very next request
    /// here sees the change; the rest follows from the queue.
    pub fn emit(&self, event: Event) {
        self.evict(&event);
        if self.inner.queue.send(event).is_err() {
            tracing::warn!("the live event queue is closed");
        }
    }

    /// An event from another instance.
    pub fn apply_remote(&self, event: &Event) {
        self.evict(event);
        self.deliver(event);
    }

    fn evict(&self, event: &Event) {
        let Inner { sessions, cards, top, hidden, notifications, .. } = &*self.inner;
        match event {
            Event::UserChanged { user_id, coins } => {
                sessions.evict_user(*user_id);
                match coins {
                    Some(coins) => top.balance_moved(*user_id, *coins),
                    None => top.person_changed(*user_id),
                }
            }
            Event::UserSignedOut { user_id } => {
                sessions.evict_user(*user_id);
                top.person_changed(*user_id);
            }
            Event::SessionEnded { token_hash, .. } => sessions.evict_session(token_hash),
            Event::BlockChanged { blocker, blocked } => hidden.changed(&[*blocker, *blocked]),
            Event::CardsChanged { user_id: Some(user_id) } => cards.person_changed(*user_id),
            Event::CardsChanged { user_id: None } => {
                cards.everyone_changed();
                top.everyone_changed();
            }
            Event::CardChanged { project_id } => cards.card_changed(*project_id),
            Event::Frame {
                topic: Topic::User(user_id),
                frame: ServerFrame::Notification { .. } | ServerFrame::NotificationsChanged,
            } => notifications.person_changed(*user_id),
            Event::Frame { .. } | Event::Join { .. } | Event::Leave { .. } => {}
        }
    }

    /// Applies an event to this instance's sockets.
    fn deliver(&self, event: &Event) {
        let mut local = lock(&self.inner.local);
        match event {
            Event::Frame { topic, frame } => {
                let ids: Vec<u64> =
                    local.by_topic.get(topic).map(|ids| ids.iter().copied().collect()).unwrap_or_default();
                let overflowing: Vec<u64> = ids
                    .into_iter()
                    .filter(|id| local.sockets.get(id).is_some_and(|s| s.tx.try_send(frame.clone()).is_err()))
                    .collect();
                for id in overflowing {
                    local.remove(id);
                }
            }
            Event::UserChanged { user_id, .. } => {
                for id in local.of_user(*user_id) {
                    if let Some(socket) = local.sockets.get(&id) {
                        if socket.tx.try_send(ServerFrame::UserUpdated).is_err() {
                            local.remove(id);
                        }
                    }
                }
            }
            Event::SessionEnded { user_id, token_hash } => {
                let ending: Vec<u64> = local
                    .of_user(*user_id)
                    .into_iter()
                    .filter(|id| local.sockets.get(id).is_some_and(|s| &s.token_hash == token_hash))
                    .collect();
                for id in ending {
                    local.end(id);
                }
                // The user's other sessions refetch: one of their tabs may have shared this one.
                for id in local.of_user(*user_id) {
                    if let Some(socket) = local.sockets.get(&id) {
                        let _ = socket.tx.try_send(ServerFrame::UserUpdated);
                    }
                }
            }
            Event::UserSignedOut { user_id } => {
                for id in local.of_user(*user_id) {
                    local.end(id);
                }
            }
            Event::Join { user_id, topic } => {
                for id in local.of_user(*user_id) {
                    if let Some(left) = local.sockets.get_mut(&id).and_then(|s| s.left_while_opening.as_mut()) {
                        left.remove(topic);
                    }
                    local.subscribe(id, topic.clone());
                }
            }
            Event::Leave { user_id, topic } => {
                for id in local.of_user(*user_id) {
                    if let Some(left) = local.sockets.get_mut(&id).and_then(|s| s.left_while_opening.as_mut()) {
                        left.insert(topic.clone());
                    }
                    local.unsubscribe(id, topic);
                }
            }
            Event::CardsChanged { .. } | Event::CardChanged { .. } | Event::BlockChanged { .. } => {}
        }
    }

    /// Registers an open socket of a session, subscribed to its user's topic; [`Hub::open`] adds
    /// the topics of the chats its user reads. A person holds at
    /// most `MAX_SOCKETS_PER_USER` on an instance (API.md "Limits and fair play"): the oldest of
    /// theirs closes to make room for the newest.
    pub fn register(&self, user_id: i64, token_hash: String) -> (Registration, mpsc::Receiver<ServerFrame>) {
        let (tx, rx) = mpsc::channel(SOCKET_QUEUE);
        let socket_id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let mut local = lock(&self.inner.local);
        while local.by_user.get(&user_id).is_some_and(|ids| ids.len() >= MAX_SOCKETS_PER_USER) {
            // Ids grow with each socket: the smallest is the oldest. Dropping its sender closes it.
            let Some(oldest) = local.by_user.get(&user_id).and_then(|ids| ids.iter().min().copied()) else { break };
            local.remove(oldest);
        }
        let socket =
            Socket { user_id, token_hash, tx, topics: HashSet::new(), left_while_opening: Some(HashSet::new()) };
        local.sockets.insert(socket_id, socket);
        local.by_user.entry(user_id).or_default().insert(socket_id);
        local.subscribe(socket_id, Topic::User(user_id));
        (Registration { hub: self.clone(), socket_id }, rx)
    }

    /// Subscribes a registered socket to the chat topics its user could read when they were looked
    /// up (after [`Hub::register`], so no membership change is missed): all but those a `Leave`
    /// named meanwhile. Joins and leaves from then on apply as they come.
    pub fn open(&self, registration: &Registration, topics: impl IntoIterator<Item = Topic>) {
        let mut local = lock(&self.inner.local);
        let Some(socket) = local.sockets.get_mut(&registration.socket_id) else { return };
        let left = socket.left_while_opening.take().unwrap_or_default();
        for topic in topics.into_iter().filter(|t| !left.contains(t)) {
            local.subscribe(registration.socket_id, topic);
        }
    }

    /// The server is stopping: every socket on this instance closes, telling its client to reconnect.
    pub fn shut_down(&self) {
        self.inner.stopping.store(true, Ordering::SeqCst);
        let mut local = lock(&self.inner.local);
        let ids: Vec<u64> = local.sockets.keys().copied().collect();
        for id in ids {
            local.remove(id);
        }
    }

    pub fn is_stopping(&self) -> bool {
        self.inner.stopping.load(Ordering::SeqCst)
    }

    pub fn is_online(&self, user_id: i64) -> bool {
        self.sockets_of(user_id) > 0
    }

    /// How many sockets the user has open on this instance.
    pub fn sockets_of(&self, user_id: i64) -> usize {
        lock(&self.inner.local).by_user.get(&user_id).map_or(0, HashSet::len)
    }

    pub fn socket_count(&self) -> usize {
        lock(&self.inner.local).sockets.len()
    }
}

impl Local {
    fn of_user(&self, user_id: i64) -> Vec<u64> {
        self.by_user.get(&user_id).map(|ids| ids.iter().copied().collect()).unwrap_or_default()
    }

    fn subscribe(&mut self, socket_id: u64, topic: Topic) {
        if let Some(socket) = self.sockets.get_mut(&socket_id) {
            if socket.topics.insert(topic.clone()) {
                self.by_topic.entry(topic).or_default().insert(socket_id);
            }
        }
    }

    fn unsubscribe(&mut self, socket_id: u64, topic: &Topic) {
        if let Some(socket) = self.sockets.get_mut(&socket_id) {
            socket.topics.remove(topic);
        }
        if let Some(ids) = self.by_topic.get_mut(topic) {
            ids.remove(&socket_id);
            if ids.is_empty() {
                self.by_topic.remove(topic);
            }
        }
    }

    /// Tells a socket its session ended, then forgets it (the frame is still read before the close).
    fn end(&mut self, socket_id: u64) {
        if let Some(socket) = self.sockets.get(&socket_id) {
            let _ = socket.tx.try_send(ServerFrame::SessionEnded);
        }
        self.remove(socket_id);
    }

    /// Forgets a socket; dropping its sender ends its connection.
    fn remove(&mut self, socket_id: u64) {
        let Some(socket) = self.sockets.remove(&socket_id) else { return };
        for topic in &socket.topics {
            if let Some(ids) = self.by_topic.get_mut(topic) {
                ids.remove(&socket_id);
                if ids.is_empty() {
                    self.by_topic.remove(topic);
                }
            }
        }
        if let Some(ids) = self.by_user.get_mut(&socket.user_id) {
            ids.remove(&socket_id);
            if ids.is_empty() {
                self.by_user.remove(&socket.user_id);
            }
        }
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        lock(&self.hub.inner.local).remove(self.socket_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn hub() -> (tempfile::TempDir, Hub) {
        let (dir, db) = crate::db::tests::temp_sqlite().await;
        (dir, Hub::new(&db))
    }

    #[tokio::test]
    async fn frames_reach_the_topics_subscribers_only_and_registrations_clean_up() {
        let (_dir, hub) = hub().await;
        let (a, mut rx_a) = hub.register(1, "s1".into());
        let (_b, mut rx_b) = hub.register(1, "s2".into());
        let (c, mut rx_c) = hub.register(2, "s3".into());
        hub.publish(Topic::User(1), ServerFrame::Pong);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
        assert_eq!(rx_b.recv().await, Some(ServerFrame::Pong));
        hub.open(&c, [Topic::Project(7)]);
        hub.publish(Topic::Project(7), ServerFrame::UserUpdated);
        assert_eq!(rx_c.recv().await, Some(ServerFrame::UserUpdated));
        assert!(rx_a.try_recv().is_err());
        drop(a);
        assert_eq!(hub.socket_count(), 2);
    }

    #[tokio::test]
    async fn leaving_a_topic_stops_its_frames_and_ending_a_session_closes_its_sockets() {
        let (_dir, hub) = hub().await;
        let (_a, mut rx_a) = hub.register(1, "s1".into());
        let (_b, mut rx_b) = hub.register(1, "s2".into());
        hub.emit(Event::Join { user_id: 1, topic: Topic::Room("tech".into()) });
        hub.emit(Event::Leave { user_id: 1, topic: Topic::Room("tech".into()) });
        hub.publish(Topic::Room("tech".into()), ServerFrame::Pong);
        hub.emit(Event::SessionEnded { user_id: 1, token_hash: "s1".into() });
        // s1 is told its session ended and closes, without the room frame; s2 is told to refetch.
        assert_eq!(rx_a.recv().await, Some(ServerFrame::SessionEnded));
        assert_eq!(rx_a.recv().await, None);
        assert_eq!(rx_b.recv().await, Some(ServerFrame::UserUpdated));
        hub.emit(Event::UserSignedOut { user_id: 1 });
        assert_eq!(rx_b.recv().await, Some(ServerFrame::SessionEnded));
        assert_eq!(rx_b.recv().await, None);
        assert_eq!(hub.socket_count(), 0);
    }

    #[tokio::test]
    async fn a_leave_while_a_socket_opens_wins_over_the_membership_it_read_and_a_later_join_counts() {
        let (_dir, hub) = hub().await;
        let (a, mut rx_a) = hub.register(1, "s1".into());
        // Read as a member, then left before the socket subscribed: no room frames.
        hub.emit(Event::Leave { user_id: 1, topic: Topic::Room("tech".into()) });
        hub.emit(Event::Join { user_id: 1, topic: Topic::Project(3) });
        hub.emit(Event::Leave { user_id: 1, topic: Topic::Project(3) });
        hub.emit(Event::Join { user_id: 1, topic: Topic::Project(3) });
        // Events apply in order on the hub's queue: wait for them through a frame of the user's own.
        hub.publish(Topic::User(1), ServerFrame::Pong);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
        hub.open(&a, [Topic::Room("tech".into()), Topic::Room("startups".into())]);
        hub.publish(Topic::Room("tech".into()), ServerFrame::UserUpdated);
        hub.publish(Topic::Room("startups".into()), ServerFrame::Pong);
        hub.publish(Topic::Project(3), ServerFrame::NotificationsChanged);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
        assert_eq!(rx_a.recv().await, Some(ServerFrame::NotificationsChanged));
        // Once open, a leave and a join apply as they come.
        hub.emit(Event::Leave { user_id: 1, topic: Topic::Room("startups".into()) });
        hub.publish(Topic::Room("startups".into()), ServerFrame::UserUpdated);
        hub.emit(Event::Join { user_id: 1, topic: Topic::Room("tech".into()) });
        hub.publish(Topic::Room("tech".into()), ServerFrame::Pong);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
    }

    #[tokio::test]
    async fn a_socket_whose_queue_overflows_is_dropped_and_the_others_still_get_every_frame() {
        let (_dir, hub) = hub().await;
        let (_stalled, mut rx_stalled) = hub.register(1, "s1".into());
        let (_reading, mut rx_reading) = hub.register(1, "s2".into());
        for _ in 0..SOCKET_QUEUE + 10 {
            hub.publish(Topic::User(1), ServerFrame::Pong);
            assert_eq!(rx_reading.recv().await, Some(ServerFrame::Pong));
        }
        // The stalled socket keeps what was queued, then its channel ends: the socket closes.
        let mut queued = 0;
        while rx_stalled.recv().await.is_some() {
            queued += 1;
        }
        assert_eq!(queued, SOCKET_QUEUE);
        assert_eq!(hub.socket_count(), 1);
    }
}
