-- Fair play (API.md "Limits and fair play", "Coins").

-- One counter per budget and window (a person's messages, an address's sign-ups, an account's failed
-- logins, ...): counted in the database so every instance shares the budget.
CREATE TABLE rate_counters (
    counter_key TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used BIGINT NOT NULL
);
CREATE INDEX rate_counters_expires_at_idx ON rate_counters (expires_at);

-- Coins paid per person, kind of act and UTC day, so earning stops at the day's cap.
CREATE TABLE coin_caps (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    day BIGINT NOT NULL,
    paid BIGINT NOT NULL,
    PRIMARY KEY (user_id, reason, day)
);

-- Daily tasks pay when claimed: completions beyond the claimed ones wait for CLAIM.
ALTER TABLE user_daily_tasks ADD COLUMN claimed_count BIGINT NOT NULL DEFAULT 0;

-- Connect links and QR codes name a person by an unguessable code, never by their id.
ALTER TABLE users ADD COLUMN connect_code TEXT;
UPDATE users SET connect_code = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX users_connect_code_idx ON users (connect_code);
