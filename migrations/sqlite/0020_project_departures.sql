-- Who left a project (or was removed) and when: for 30 days the owner cannot add them back unless they ask to
-- join again (API.md "Safety": consent for membership).
CREATE TABLE project_departures (
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    left_at BIGINT NOT NULL,
    PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_departures_user_idx ON project_departures (user_id);
