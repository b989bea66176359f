-- Files that leave (API.md "Uploads"). An upload is settled once something was found naming it: the sweep of
-- uploads nothing used within 24 hours reads only the unsettled ones, each once. A chat's files are served only to
-- its people, so serving one looks up the messages naming it.
ALTER TABLE uploads ADD COLUMN settled_at BIGINT;
CREATE INDEX uploads_unsettled_idx ON uploads (created_at) WHERE settled_at IS NULL;
CREATE INDEX messages_attachment_url_idx ON messages (attachment_url) WHERE attachment_url IS NOT NULL;
