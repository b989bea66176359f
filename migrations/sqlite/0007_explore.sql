-- The swipe deck's memory (API.md "The swipe deck": it follows the person to every device) and
-- investors' pledges (money in integer pence, API.md "Wire format").
CREATE TABLE project_swipes (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    direction TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, project_id)
);
CREATE INDEX project_swipes_user_created_idx ON project_swipes (user_id, created_at);

CREATE TABLE pledges (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    investor_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount BIGINT NOT NULL,
    upfront_amount BIGINT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX pledges_investor_idx ON pledges (investor_id, created_at, id);
CREATE INDEX pledges_project_idx ON pledges (project_id);
