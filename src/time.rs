//! Time is stored as integer milliseconds since the Unix epoch (portable across both databases)
//! and sent as RFC 3339 UTC strings.

use chrono::{DateTime, SecondsFormat, Utc};

pub const MINUTE_MS: i64 = 60_000;
pub const HOUR_MS: i64 = 60 * MINUTE_MS;
pub const DAY_MS: i64 = 24 * HOUR_MS;

pub fn now_ms() -> i64 {
    Utc::now().timestamp_millis()
}

pub fn rfc3339(ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(ms).unwrap_or_default().to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    #[test]
    fn formats_utc_with_millis() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(super::rfc3339(1_700_000_000_123), "2023-11-14T22:13:20.123Z");
    }
}

/// The time the rules of days and cool-downs read (rewards' daily bonus, scratch card, daily
/// tasks). The real clock, moved forward by an offset that only tests set, so days can pass
/// without waiting.
#[derive(Clone, Default)]
pub struct Clock {
    offset_ms: std::sync::Arc<std::sync::atomic::AtomicI64>,
}

impl Clock {
    pub fn now_ms(&self) -> i64 {
        now_ms() + self.offset_ms.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The UTC day number (days since 1970-01-01) now.
    pub fn today(&self) -> i64 {
        day_of(self.now_ms())
    }

    /// Moves this clock forward (tests).
    pub fn advance(&self, by: std::time::Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX / 2);
        self.offset_ms.fetch_add(ms, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The UTC day number of a time in ms.
pub fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}
