-- Connections between people (spec 000 §3): a request (pending) that the target accepts or rejects.
-- One row per pair and kind, whoever asked: the pair's smaller and larger ids are unique together
-- (with the type and project: 0 for a plain connection), so two people can never hold two
-- connections, however their requests race.
CREATE TABLE connections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    requester_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    low_id BIGINT NOT NULL,
    high_id BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    type TEXT NOT NULL DEFAULT 'connection',
    project_id BIGINT NOT NULL DEFAULT 0,
    message TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    CONSTRAINT connections_pair_unique UNIQUE (low_id, high_id, type, project_id),
    CONSTRAINT connections_not_self CHECK (requester_id <> target_id)
);
CREATE INDEX connections_requester_idx ON connections (requester_id, status);
CREATE INDEX connections_target_idx ON connections (target_id, status);
