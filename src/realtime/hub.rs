//! Who is connected to this instance and what each socket listens to: sockets, topics and nothing else. What a
//! change means for them is decided by the one dispatcher of domain events (`app::effects`), which calls the hub on
//! the instance where the change committed and, through the live bridge, on every other. Every call here is local
//! and never waits: a frame is put on each socket's own bounded queue.

use std::{
    collections::{HashMap, HashSet},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
};

use tokio::sync::mpsc;

use super::{ServerFrame, Topic};
use crate::sync::lock;

/// Frames waiting for a slow socket; past this the socket is closed rather than memory growing (its client
/// reconnects and reads everything again: the policy for a slow consumer).
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
    next_id: AtomicU64,
    /// Tells this instance's own notifications apart from the others'.
    instance: u64,
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
    /// While the socket reads which chats its user is in (`Hub::open`), the topics a `leave` named:
    /// what that read returns may predate the leave, so those are not subscribed. `None` once open.
    left_while_opening: Option<HashSet<Topic>>,
}

/// A socket's place in the hub; dropping it removes the socket, however the socket ended.
pub struct Registration {
    hub: Hub,
    socket_id: u64,
}

impl Default for Hub {
    fn default() -> Self {
        Self::new()
    }
}

impl Hub {
    pub fn new() -> Self {
        Self {
            inner: Arc::new(Inner {
                local: Mutex::default(),
                stopping: std::sync::atomic::AtomicBool::new(false),
                next_id: AtomicU64::new(0),
                instance: rand::random(),
            }),
        }
    }

    pub fn instance(&self) -> u64 {
        self.inner.instance
    }

    /// Puts a frame on the queue of every socket here subscribed to `topic`; a socket whose queue is full closes.
    pub fn send(&self, topic: &Topic, frame: &ServerFrame) {
        let mut local = lock(&self.inner.local);
        let Some(ids) = local.by_topic.get(topic) else { return };
        let overflowing: Vec<u64> = ids
            .iter()
            .copied()
            .filter(|id| local.sockets.get(id).is_some_and(|s| s.tx.try_send(frame.clone()).is_err()))
            .collect();
        for id in overflowing {
            local.remove(id);
        }
    }

    /// One session ended: its sockets are told and close; the person's other sockets read their record again (one
    /// of their tabs may have shared it).
    pub fn end_session(&self, user_id: i64, token_hash: &str) {
        let mut local = lock(&self.inner.local);
        let ending: Vec<u64> = local
            .of_user(user_id)
            .into_iter()
            .filter(|id| local.sockets.get(id).is_some_and(|s| s.token_hash == token_hash))
            .collect();
        for id in ending {
            local.end(id);
        }
        for id in local.of_user(user_id) {
            if let Some(socket) = local.sockets.get(&id) {
                let _ = socket.tx.try_send(ServerFrame::UserUpdated);
            }
        }
    }

    /// Every session of a person ended: all their sockets here are told and close.
    pub fn sign_out(&self, user_id: i64) {
        let mut local = lock(&self.inner.local);
        for id in local.of_user(user_id) {
            local.end(id);
        }
    }

    /// A person may now read a topic: their open sockets subscribe.
    pub fn join(&self, user_id: i64, topic: &Topic) {
        let mut local = lock(&self.inner.local);
        for id in local.of_user(user_id) {
            if let Some(left) = local.sockets.get_mut(&id).and_then(|s| s.left_while_opening.as_mut()) {
                left.remove(topic);
            }
            local.subscribe(id, topic.clone());
        }
    }

    /// A person may no longer read a topic: their open sockets unsubscribe.
    pub fn leave(&self, user_id: i64, topic: &Topic) {
        let mut local = lock(&self.inner.local);
        for id in local.of_user(user_id) {
            if let Some(left) = local.sockets.get_mut(&id).and_then(|s| s.left_while_opening.as_mut()) {
                left.insert(topic.clone());
            }
            local.unsubscribe(id, topic);
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

    fn room() -> Topic {
        Topic::Room("tech".into())
    }

    #[tokio::test]
    async fn frames_reach_the_topics_subscribers_only_and_registrations_clean_up() {
        let hub = Hub::new();
        let (a, mut rx_a) = hub.register(1, "s1".into());
        let (_b, mut rx_b) = hub.register(1, "s2".into());
        let (c, mut rx_c) = hub.register(2, "s3".into());
        hub.send(&Topic::User(1), &ServerFrame::Pong);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
        assert_eq!(rx_b.recv().await, Some(ServerFrame::Pong));
        hub.open(&c, [Topic::Project(7)]);
        hub.send(&Topic::Project(7), &ServerFrame::UserUpdated);
        assert_eq!(rx_c.recv().await, Some(ServerFrame::UserUpdated));
        assert!(rx_a.try_recv().is_err());
        drop(a);
        assert_eq!(hub.socket_count(), 2);
    }

    #[tokio::test]
    async fn leaving_a_topic_stops_its_frames_and_ending_a_session_closes_its_sockets() {
        let hub = Hub::new();
        let (_a, mut rx_a) = hub.register(1, "s1".into());
        let (_b, mut rx_b) = hub.register(1, "s2".into());
        hub.join(1, &room());
        hub.leave(1, &room());
        hub.send(&room(), &ServerFrame::Pong);
        hub.end_session(1, "s1");
        // s1 is told its session ended and closes, without the room frame; s2 is told to refetch.
        assert_eq!(rx_a.recv().await, Some(ServerFrame::SessionEnded));
        assert_eq!(rx_a.recv().await, None);
        assert_eq!(rx_b.recv().await, Some(ServerFrame::UserUpdated));
        hub.sign_out(1);
        assert_eq!(rx_b.recv().await, Some(ServerFrame::SessionEnded));
        assert_eq!(rx_b.recv().await, None);
        assert_eq!(hub.socket_count(), 0);
    }

    #[tokio::test]
    async fn a_leave_while_a_socket_opens_wins_over_the_membership_it_read_and_a_later_join_counts() {
        let hub = Hub::new();
        let (a, mut rx_a) = hub.register(1, "s1".into());
        // Read as a member, then left before the socket subscribed: no room frames.
        hub.leave(1, &room());
        hub.join(1, &Topic::Project(3));
        hub.leave(1, &Topic::Project(3));
        hub.join(1, &Topic::Project(3));
        hub.open(&a, [room(), Topic::Room("startups".into())]);
        hub.send(&room(), &ServerFrame::UserUpdated);
        hub.send(&Topic::Room("startups".into()), &ServerFrame::Pong);
        hub.send(&Topic::Project(3), &ServerFrame::NotificationsChanged);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
        assert_eq!(rx_a.recv().await, Some(ServerFrame::NotificationsChanged));
        // Once open, a leave and a join apply as they come.
        hub.leave(1, &Topic::Room("startups".into()));
        hub.send(&Topic::Room("startups".into()), &ServerFrame::UserUpdated);
        hub.join(1, &room());
        hub.send(&room(), &ServerFrame::Pong);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
    }

    #[tokio::test]
    async fn a_socket_whose_queue_overflows_is_dropped_and_the_others_still_get_every_frame() {
        let hub = Hub::new();
        let (_stalled, mut rx_stalled) = hub.register(1, "s1".into());
        let (_reading, mut rx_reading) = hub.register(1, "s2".into());
        for _ in 0..SOCKET_QUEUE + 10 {
            hub.send(&Topic::User(1), &ServerFrame::Pong);
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
