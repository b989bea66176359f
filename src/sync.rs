//! Small helpers around std's locks.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks a mutex, carrying on through poisoning: every critical section in Grow leaves its data
/// consistent at each step, so a panic elsewhere is no reason to stop serving.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
