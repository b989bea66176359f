-- Projects and what hangs off them (spec 001 §3). Lists of strings (images, looking-for, task
-- attachments) are JSON text, as `users.skills`. Everything of a project goes with it (ON DELETE
-- CASCADE); people's rows stay when a task's assignee or completer leaves (SET NULL).
CREATE TABLE projects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT 'other',
    phase TEXT NOT NULL DEFAULT 'idea',
    image_urls TEXT NOT NULL DEFAULT '[]',
    looking_for TEXT NOT NULL DEFAULT '[]',
    supporter_count BIGINT NOT NULL DEFAULT 0,
    is_active SMALLINT NOT NULL DEFAULT 1,
    is_published SMALLINT NOT NULL DEFAULT 0,
    is_protected SMALLINT NOT NULL DEFAULT 0,
    lat DOUBLE PRECISION,
    lng DOUBLE PRECISION,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX projects_feed_idx ON projects (is_published, is_active, created_at, id);
CREATE INDEX projects_owner_idx ON projects (owner_id, created_at, id);

CREATE TABLE project_supports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    CONSTRAINT project_supports_unique UNIQUE (project_id, user_id)
);
CREATE INDEX project_supports_user_idx ON project_supports (user_id, created_at, id);

CREATE TABLE project_collaborators (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL DEFAULT 'collaborator',
    added_at BIGINT NOT NULL,
    CONSTRAINT project_collaborators_unique UNIQUE (project_id, user_id)
);
CREATE INDEX project_collaborators_user_idx ON project_collaborators (user_id, added_at, id);

CREATE TABLE project_tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT,
    assigned_to BIGINT REFERENCES users (id) ON DELETE SET NULL,
    is_completed SMALLINT NOT NULL DEFAULT 0,
    completed_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    completed_at BIGINT,
    attachments TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX project_tasks_project_idx ON project_tasks (project_id, id);

CREATE TABLE project_updates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    image_url TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX project_updates_project_idx ON project_updates (project_id, created_at, id);

CREATE TABLE project_feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content TEXT NOT NULL,
    image_url TEXT,
    parent_id BIGINT REFERENCES project_feedback (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX project_feedback_project_idx ON project_feedback (project_id, created_at, id);
