-- A message may carry an id its sending client made (issue 31, offline queue): a message queued offline
-- and sent again after a lost answer is stored once per sender and client id. NULLs never collide.
ALTER TABLE messages ADD COLUMN client_id TEXT;
CREATE UNIQUE INDEX messages_sender_client_idx ON messages (sender_id, client_id);
