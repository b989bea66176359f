-- Safety (API.md "Safety"): blocks between two people, reports for the administrators, suspension.

-- A block stands one way (who blocked whom) and works both ways (neither reaches the other).
CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);

-- A report names its target by type and id (the target may be gone by the time it is read) and the
-- person behind it (subject_id), so suspending and account deletion find it.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    target_type TEXT NOT NULL,
    target_id BIGINT NOT NULL,
    subject_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    reason TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    created_at BIGINT NOT NULL,
    resolved_at BIGINT,
    resolved_by BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX reports_status_idx ON reports (status, created_at, id);
CREATE INDEX reports_target_idx ON reports (target_type, target_id);
CREATE INDEX reports_subject_idx ON reports (subject_id);
-- One open report per person and target: reporting again while it is open changes nothing.
CREATE UNIQUE INDEX reports_open_once ON reports (reporter_id, target_type, target_id) WHERE status = 'open';

-- Set while an administrator has suspended the account: no session, no login.
ALTER TABLE users ADD COLUMN suspended_at BIGINT;
