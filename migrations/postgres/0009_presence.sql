-- Who has a live socket open, per instance (the chat header's ONLINE marker). An instance keeps its
-- rows fresh while it runs; a row not refreshed for a while belongs to an instance that died and counts
-- for nothing (the cleanup job removes it).
CREATE TABLE presence (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    instance_id BIGINT NOT NULL,
    seen_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, instance_id)
);
CREATE INDEX presence_instance_idx ON presence (instance_id);
