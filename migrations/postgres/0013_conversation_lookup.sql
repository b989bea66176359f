-- A person's conversations are found from their side (their direct pairs, their projects, their rooms)
-- rather than by scanning every conversation: these find a project's and a room's conversation.
CREATE INDEX conversations_project_idx ON conversations (project_id);
CREATE INDEX conversations_room_idx ON conversations (room);
