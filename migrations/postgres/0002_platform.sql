-- Platform tables: job leases (one instance runs each job per period) and login attempts
-- (counted in the database so every instance shares the budget).
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY,
    next_run_at BIGINT NOT NULL,
    locked_by TEXT,
    last_started_at BIGINT,
    last_finished_at BIGINT,
    last_outcome TEXT
);

CREATE TABLE login_attempts (
    attempt_key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    attempts BIGINT NOT NULL
);
CREATE INDEX login_attempts_window_start_idx ON login_attempts (window_start);
