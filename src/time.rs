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
