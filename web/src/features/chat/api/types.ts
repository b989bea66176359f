// Wire types of the chat area, named after the server's OpenAPI schemas (spec 000 §3 Conversation, Message;
// API.md "Community rooms").
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type Message = Schemas['Message'];
export type MessageBody = Schemas['MessageBody'];
export type Conversation = Schemas['Conversation'];
export type Participant = Schemas['Participant'];
export type Community = Schemas['Community'];
export type ChatRef = Schemas['ChatRef'];
export type Project = Schemas['Project'];
export type Collaborator = Schemas['Collaborator'];
export type ConnectionWithUser = Schemas['ConnectionWithUser'];
export type ConnectedUser = Schemas['ConnectedUser'];
export type ScanResponse = Schemas['ScanResponse'];
export type UploadResponse = Schemas['UploadResponse'];

/** `GET /api/users/{id}/presence`: whether a person is online now (the header's 'ONLINE' marker). */
export type Presence = Schemas['Presence'];

/** What kind of file a message carries. */
export type AttachmentKind = 'image' | 'audio' | 'document';

/** One page of a message list: in sending order (oldest first); the cursor of the page before it, if any. */
export interface MessagePage {
  items: Message[];
  nextCursor: string | null;
}
