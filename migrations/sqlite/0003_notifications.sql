-- Notifications (spec 001 §3), Web Push subscriptions and the push delivery queue (API.md "Push"),
-- and server-generated secrets such as the VAPID key (shared by every instance through the database).
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    is_read SMALLINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    read_at BIGINT,
    -- Set for notifications given at most once per user (the daily motivation of a day): see notification_once.
    once_key TEXT
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at, id);
CREATE INDEX notifications_user_unread_idx ON notifications (user_id, is_read);

-- The once-only notifications given, kept apart from the notifications themselves so that deleting one
-- does not let it be given again (the day's motivation stays once a day).
CREATE TABLE notification_once (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    once_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, once_key)
);

CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    -- The session that subscribed: its logout ends the device's pushes too.
    session_hash TEXT,
    created_at BIGINT NOT NULL,
    CONSTRAINT push_subscriptions_endpoint_unique UNIQUE (endpoint)
);
CREATE INDEX push_subscriptions_user_id_idx ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session_hash_idx ON push_subscriptions (session_hash);

CREATE TABLE push_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subscription_id BIGINT NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    -- The instance holding the claim, so a clean shutdown can hand its rows back at once.
    claimed_by TEXT
);
CREATE INDEX push_outbox_next_attempt_at_idx ON push_outbox (next_attempt_at);
CREATE INDEX push_outbox_subscription_id_idx ON push_outbox (subscription_id);
CREATE INDEX push_outbox_notification_id_idx ON push_outbox (notification_id);

CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
