-- Who stored each file (issue 28, API.md "Uploads"): an attachment, image or photo may name only a file
-- its caller uploaded, or one already on the same project. A file's thumbnail (`…_256.jpg`) has a row of
-- its own. The uploader's account going leaves the row (and the file, while something names it).
CREATE TABLE uploads (
    name TEXT PRIMARY KEY,
    uploader_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX uploads_uploader_id_idx ON uploads (uploader_id);
