-- A project's card version (the deck's read model, src/projects/cards.rs): every change to what a
-- card shows (the row, its tasks, its collaborators, its owner's name and photo) moves it, in the same
-- transaction, so an instance's cached card is known stale by comparing one number.
ALTER TABLE projects ADD COLUMN card_version BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION projects_card_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.card_version := OLD.card_version + 1;
    RETURN NEW;
END $$;
CREATE TRIGGER projects_card_row BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION projects_card_row();

-- A task or collaborator row changed: touch its project (the row trigger above moves the version).
CREATE FUNCTION projects_card_child() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE projects SET card_version = card_version WHERE id = OLD.project_id;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.project_id <> OLD.project_id) THEN
        UPDATE projects SET card_version = card_version WHERE id = NEW.project_id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER projects_card_task AFTER INSERT OR DELETE OR UPDATE OF is_completed, project_id ON project_tasks
    FOR EACH ROW EXECUTE FUNCTION projects_card_child();
CREATE TRIGGER projects_card_member AFTER INSERT OR DELETE OR UPDATE ON project_collaborators
    FOR EACH ROW EXECUTE FUNCTION projects_card_child();

CREATE FUNCTION projects_card_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE projects SET card_version = card_version WHERE owner_id = NEW.id;
    RETURN NULL;
END $$;
CREATE TRIGGER projects_card_owner AFTER UPDATE OF first_name, last_name, profile_image_url ON users
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.profile_image_url IS DISTINCT FROM NEW.profile_image_url)
    EXECUTE FUNCTION projects_card_owner();
