//! CPU-heavy work (password hashing, search ranking) runs off the async threads, at most one piece a
//! core at once: the rest wait their turn in a fair line instead of all running at once, which on a
//! busy server makes every piece slow and some very slow (256 searches at once on one core left some
//! waiting past five seconds). Past a short wait in line the caller is told the server is busy (503).

use std::{sync::Arc, time::Duration};

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
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            work()
        })
        .await
        .map_err(|e| AppError::Internal(anyhow::Error::new(e).context("CPU work")))
    }
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
}
