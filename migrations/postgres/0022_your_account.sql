-- Your account (API.md "Your account"). A link mailed to prove an address (at sign-up, or the new one of an email
-- change): stored hashed, single-use, 24 hours; `email` is the address it proves.
CREATE TABLE email_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id);
-- What a person chose: the push types they turned off (a JSON list; every type is on by default), the digest
-- (off, daily or weekly) and when the last one was mailed (the claim that mails it once across instances).
CREATE TABLE notification_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    push_off TEXT NOT NULL DEFAULT '[]',
    email_digest TEXT NOT NULL DEFAULT 'weekly',
    digest_sent_at BIGINT
);
-- A notification is mailed in a digest at most once.
ALTER TABLE notifications ADD COLUMN mailed_at BIGINT;
