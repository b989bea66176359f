-- Chat (spec 000 §3 Conversation, Message; API.md "Community rooms", "Messages beyond the spec").
-- One conversation per direct pair, per project and per community room, named by a unique key
-- (`direct:{low}:{high}`, `project:{id}`, `room:{slug}`) so two first messages can never open two.
CREATE TABLE conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    low_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    high_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    project_id BIGINT REFERENCES projects (id) ON DELETE CASCADE,
    room TEXT,
    last_message_at BIGINT,
    created_at BIGINT NOT NULL,
    CONSTRAINT conversations_key_unique UNIQUE (conversation_key)
);
CREATE INDEX conversations_low_idx ON conversations (low_id);
CREATE INDEX conversations_high_idx ON conversations (high_id);

CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    content TEXT NOT NULL,
    message_type TEXT NOT NULL DEFAULT 'text',
    attachment_url TEXT,
    attachment_type TEXT,
    attachment_name TEXT,
    created_at BIGINT NOT NULL,
    edited_at BIGINT
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);

-- How far each person has read each conversation (the last message id they saw).
CREATE TABLE conversation_reads (
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_read_id BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation_id, user_id)
);

CREATE TABLE community_members (
    room TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (room, user_id)
);
CREATE INDEX community_members_user_idx ON community_members (user_id);
