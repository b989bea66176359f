-- The search index of every instance reads what changed since its last look, a few times a second.
CREATE INDEX users_updated_at_idx ON users (updated_at);
CREATE INDEX projects_updated_at_idx ON projects (updated_at);
