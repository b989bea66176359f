use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
};

use tokio::sync::mpsc;

use super::{bridge, ServerFrame};
use crate::db::{Backend, Db};

/// Frames waiting for a slow socket; past this the socket is dropped rather than memory growing.
pub const SOCKET_QUEUE: usize = 64;

/// Who is connected to this instance: user id → that user's open sockets. On PostgreSQL, frames
/// published here also reach the user's sockets on every other instance (see `bridge`).
#[derive(Clone, Default)]
pub struct Hub {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    sockets: Mutex<HashMap<i64, HashMap<u64, mpsc::Sender<ServerFrame>>>>,
    next_id: AtomicU64,
    /// Set on PostgreSQL: where frames for other instances are published.
    shared: Option<Db>,
    /// Tells this instance's own notifications apart from the others'.
    instance: u64,
}

/// A socket's place in the hub; dropping it removes the socket, however the socket ended.
pub struct Registration {
    hub: Hub,
    user_id: i64,
    socket_id: u64,
}

impl Hub {
    /// A hub for an instance using `db`. On PostgreSQL, call [`bridge::listen`] as well so that
    /// frames published by other instances arrive here.
    pub fn new(db: &Db) -> Self {
        let shared = (db.backend() == Backend::Postgres).then(|| db.clone());
        Self { inner: Arc::new(Inner { shared, instance: rand::random(), ..Inner::default() }) }
    }

    pub fn instance(&self) -> u64 {
        self.inner.instance
    }

    /// Delivers a frame to every socket of a user, on this instance and (PostgreSQL) on the others.
    /// Call it after the change the frame announces has been committed.
    pub async fn publish(&self, user_id: i64, frame: ServerFrame) {
        self.send_to_user(user_id, &frame);
        if let Some(db) = &self.inner.shared {
            if let Err(err) = bridge::notify(db, self.inner.instance, user_id, &frame).await {
                // A lost live frame is not a lost write: clients fall back to polling.
                tracing::warn!(error = %err, "could not publish a live frame to other instances");
            }
        }
    }

    pub fn register(&self, user_id: i64) -> (Registration, mpsc::Receiver<ServerFrame>) {
        let (tx, rx) = mpsc::channel(SOCKET_QUEUE);
        let socket_id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        self.inner.sockets.lock().unwrap().entry(user_id).or_default().insert(socket_id, tx);
        (Registration { hub: self.clone(), user_id, socket_id }, rx)
    }

    /// Sends a frame to every open socket of a user on this instance. A socket whose queue is full
    /// is closed.
    pub fn send_to_user(&self, user_id: i64, frame: &ServerFrame) {
        let mut sockets = self.inner.sockets.lock().unwrap();
        if let Some(user_sockets) = sockets.get_mut(&user_id) {
            user_sockets.retain(|_, tx| tx.try_send(frame.clone()).is_ok());
            if user_sockets.is_empty() {
                sockets.remove(&user_id);
            }
        }
    }

    pub fn is_online(&self, user_id: i64) -> bool {
        self.inner.sockets.lock().unwrap().contains_key(&user_id)
    }

    pub fn socket_count(&self) -> usize {
        self.inner.sockets.lock().unwrap().values().map(HashMap::len).sum()
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut sockets = self.hub.inner.sockets.lock().unwrap();
        if let Some(user_sockets) = sockets.get_mut(&self.user_id) {
            user_sockets.remove(&self.socket_id);
            if user_sockets.is_empty() {
                sockets.remove(&self.user_id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn frames_reach_every_socket_of_the_user_and_registrations_clean_up() {
        let hub = Hub::default();
        let (a, mut rx_a) = hub.register(1);
        let (_b, mut rx_b) = hub.register(1);
        hub.send_to_user(1, &ServerFrame::Pong);
        assert_eq!(rx_a.recv().await, Some(ServerFrame::Pong));
        assert_eq!(rx_b.recv().await, Some(ServerFrame::Pong));
        drop(a);
        assert_eq!(hub.socket_count(), 1);
    }
}
