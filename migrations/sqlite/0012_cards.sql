-- A project's card version (the deck's read model, src/projects/cards.rs): every change to what a
-- card shows (the row, its tasks, its collaborators, its owner's name and photo) moves it, in the same
-- transaction, so an instance's cached card is known stale by comparing one number.
ALTER TABLE projects ADD COLUMN card_version BIGINT NOT NULL DEFAULT 0;

-- Recursive triggers are off in SQLite, so the inner UPDATE does not fire this again.
CREATE TRIGGER projects_card_row AFTER UPDATE ON projects
WHEN NEW.card_version = OLD.card_version
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER projects_card_task_added AFTER INSERT ON project_tasks
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER projects_card_task_changed AFTER UPDATE OF is_completed, project_id ON project_tasks
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id IN (OLD.project_id, NEW.project_id);
END;
CREATE TRIGGER projects_card_task_removed AFTER DELETE ON project_tasks
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id = OLD.project_id;
END;

CREATE TRIGGER projects_card_member_added AFTER INSERT ON project_collaborators
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER projects_card_member_changed AFTER UPDATE ON project_collaborators
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id IN (OLD.project_id, NEW.project_id);
END;
CREATE TRIGGER projects_card_member_removed AFTER DELETE ON project_collaborators
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE id = OLD.project_id;
END;

CREATE TRIGGER projects_card_owner AFTER UPDATE OF first_name, last_name, profile_image_url ON users
WHEN OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name
    OR OLD.profile_image_url IS NOT NEW.profile_image_url
BEGIN
    UPDATE projects SET card_version = card_version + 1 WHERE owner_id = NEW.id;
END;
