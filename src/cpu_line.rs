//! CPU-heavy work (password hashing, search ranking) runs off the async threads, at most one piece a
//! core at once: the rest wait their turn in a fair line instead of all running at once, which on a
//! busy server makes every piece slow and some very slow (256 searches at once on one core left some
//! waiting past five seconds). Past a short wait in line the caller is told the server is busy (503).
//!
//! Work a call started stops when the call is gone (API.md "Limits and fair play"): work run here can ask
//! [`caller_gone`] between its steps and give up, so a client that asks and hangs up frees the core at once.

use std::{
    cell::RefCell,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use tokio::sync::Semaphore;

use crate::error::AppError;

pub const BUSY: &str = "The server is busy right now. Please try again in a moment.";

pub struct CpuLine {
    turns: Arc<Semaphore>,
    wait: Duration,
}

impl CpuLine {
    /// As many turns at once as this process may use cores.
    pub fn per_core(wait: Duration) -> Self {
        Self::with_turns(std::thread::available_parallelism().map_or(2, |n| n.get()), wait)
    }

    fn with_turns(turns: usize, wait: Duration) -> Self {
        Self { turns: Arc::new(Semaphore::new(turns)), wait }
    }

    /// Runs `work` on a blocking thread once a turn is free. A caller gone while waiting starts nothing; work that
    /// started keeps its turn until it ends, even when its caller is gone (the core is busy until then: giving the
    /// turn back early would let more work run at once than there are cores).
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
        let turn = match tokio::time::timeout(self.wait, self.turns.clone().acquire_owned()).await {
            Ok(Ok(turn)) => turn,
            _ => return Err(AppError::ServiceUnavailable(BUSY.into())),
        };
        off_the_async_threads(move || {
            let _turn = turn;
            work()
        })
        .await
    }
}

thread_local! {
    /// Set on a blocking thread while it runs work for a caller: whether that caller has gone.
    static GONE: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Within work run by [`off_the_async_threads`] (and so by [`CpuLine::run`]): whether the call that asked for it has
/// gone (its client hung up, or it timed out). Work that asks between its steps stops early and frees its core.
pub fn caller_gone() -> bool {
    GONE.with(|gone| gone.borrow().as_ref().is_some_and(|gone| gone.load(Ordering::Relaxed)))
}

/// [`caller_gone`] as an early end for work that answers `Result` (the answer reaches no one).
pub fn stop_if_caller_gone() -> Result<(), AppError> {
    match caller_gone() {
        true => Err(AppError::ServiceUnavailable("The request that asked for this work has gone.".into())),
        false => Ok(()),
    }
}

/// Marks the work's caller gone when dropped before the work's answer was taken.
struct Watch(Arc<AtomicBool>);

impl Drop for Watch {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on a blocking thread, where it can ask [`caller_gone`].
pub async fn off_the_async_threads<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, AppError> {
    let gone = Arc::new(AtomicBool::new(false));
    let _watch = Watch(gone.clone());
    tokio::task::spawn_blocking(move || {
        GONE.with(|slot| *slot.borrow_mut() = Some(gone));
        let answer = work();
        GONE.with(|slot| *slot.borrow_mut() = None);
        answer
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("CPU work")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_waits_for_a_free_turn_and_past_the_wait_the_caller_hears_the_server_is_busy() {
        let line = Arc::new(CpuLine::with_turns(1, Duration::from_millis(200)));
        let (release, held) = std::sync::mpsc::channel::<()>();
        let holder = tokio::spawn({
            let line = line.clone();
            async move { line.run(move || held.recv().is_ok()).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let started = std::time::Instant::now();
        let err = line.run(|| 1).await.unwrap_err();
        assert!(matches!(err, AppError::ServiceUnavailable(_)), "{err}");
        assert!(started.elapsed() >= Duration::from_millis(200));
        // One waiting in line gets the turn as soon as it is free.
        let waiting = tokio::spawn({
            let line = line.clone();
            async move { line.run(|| 2).await }
        });
        release.send(()).unwrap();
        assert!(holder.await.unwrap().unwrap());
        assert_eq!(waiting.await.unwrap().unwrap(), 2);
    }

    #[tokio::test]
    async fn work_whose_caller_is_gone_keeps_its_turn_until_it_ends() {
        let line = Arc::new(CpuLine::with_turns(1, Duration::from_millis(100)));
        let (release, held) = std::sync::mpsc::channel::<()>();
        let (started, began) = tokio::sync::oneshot::channel();
        let caller = tokio::spawn({
            let line = line.clone();
            async move {
                line.run(move || {
                    let _ = started.send(());
                    held.recv().is_ok()
                })
                .await
            }
        });
        began.await.unwrap();
        caller.abort();
        let _ = caller.await;
        // The work still runs: its core is not free, so the next caller waits and hears the server is busy.
        assert!(matches!(line.run(|| 1).await, Err(AppError::ServiceUnavailable(_))));
        release.send(()).unwrap();
        let next = tokio::time::timeout(Duration::from_secs(5), async {
            loop {
                if let Ok(value) = line.run(|| 3).await {
                    return value;
                }
            }
        });
        assert_eq!(next.await.unwrap(), 3);
    }

    #[tokio::test]
    async fn work_that_asks_stops_once_its_caller_is_gone_and_frees_its_turn() {
        let line = Arc::new(CpuLine::with_turns(1, Duration::from_secs(2)));
        let (started, began) = tokio::sync::oneshot::channel();
        let (stopped, heard) = tokio::sync::oneshot::channel();
        let caller = tokio::spawn({
            let line = line.clone();
            async move {
                line.run(move || {
                    let _ = started.send(caller_gone());
                    while !caller_gone() {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    let _ = stopped.send(());
                })
                .await
            }
        });
        assert!(!began.await.unwrap(), "not gone while the caller waits");
        caller.abort();
        let _ = caller.await;
        tokio::time::timeout(Duration::from_secs(2), heard).await.unwrap().unwrap();
        assert!(!line.run(caller_gone).await.unwrap(), "the next caller's work runs, its caller here");
    }
}
