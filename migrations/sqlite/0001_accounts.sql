-- Accounts, sessions, remember tokens and password resets (spec 000 §3; API.md).
-- Portable conventions: integer ids, epoch-millisecond times, 0/1 flags, JSON text lists.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL,
    username_key TEXT NOT NULL,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'explorer',
    plan TEXT NOT NULL DEFAULT 'free',
    bio TEXT,
    location TEXT,
    lat DOUBLE PRECISION,
    lng DOUBLE PRECISION,
    skills TEXT NOT NULL DEFAULT '[]',
    profile_image_url TEXT,
    coins BIGINT NOT NULL DEFAULT 0 CHECK (coins >= 0),
    lifetime_coins BIGINT NOT NULL DEFAULT 0,
    scratch_card_streak BIGINT NOT NULL DEFAULT 0,
    last_scratch_at BIGINT,
    streak_days BIGINT NOT NULL DEFAULT 0,
    last_login_day BIGINT,
    connection_count BIGINT NOT NULL DEFAULT 0,
    is_discoverable SMALLINT NOT NULL DEFAULT 1,
    is_admin SMALLINT NOT NULL DEFAULT 0,
    email_verified SMALLINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CONSTRAINT users_username_key_unique UNIQUE (username_key),
    CONSTRAINT users_email_key_unique UNIQUE (email_key)
);
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE remember_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX remember_tokens_user_id_idx ON remember_tokens (user_id);
CREATE INDEX remember_tokens_expires_at_idx ON remember_tokens (expires_at);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at);
