-- User search reads an index instead of scanning names (API.md "Limits and fair play"): each word of a person's
-- name, username and skills, folded (accounts::store::words). A question's word is the range of stored words it
-- begins. People already here are indexed at start.
CREATE TABLE user_words (
    word TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (word, user_id)
);
CREATE INDEX user_words_user_idx ON user_words (user_id);
-- A blank question lists people in name order: read from this index, it stops at the page.
CREATE INDEX users_by_name_idx ON users (first_name, last_name, id);
-- "Who's near you" reads a box around the asker from these, not every placed person and project.
CREATE INDEX users_by_position_idx ON users (lat, lng);
CREATE INDEX projects_by_position_idx ON projects (lat, lng);
