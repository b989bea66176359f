-- A live event too large for a PostgreSQL NOTIFY (which refuses 8000 bytes or more, and a chat frame now
-- carries its message): it waits here and the notification names its row (src/realtime/bridge.rs). Every
-- instance reads it within moments; the clean-up job removes rows past their expiry.
CREATE TABLE live_spill (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payload TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
