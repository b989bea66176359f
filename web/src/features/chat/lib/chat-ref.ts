import type { ChatRef } from '../api/types';

/**
 * Which chat is open, as the address says it (spec 000 §2: `/ideate?chat={userId}` opens a direct chat; a
 * project's chat and a community room are `?project={id}` and `?room={slug}`).
 */
export type OpenChat =
  | { kind: 'direct'; userId: number }
  | { kind: 'project'; projectId: number }
  | { kind: 'room'; slug: string };

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The chat named by a query string (`?chat=12`, `?project=5`, `?room=tech`), or null. */
export function chatFromSearch(search: string): OpenChat | null {
  const params = new URLSearchParams(search);
  const userId = positiveId(params.get('chat'));
  if (userId !== null) return { kind: 'direct', userId };
  const projectId = positiveId(params.get('project'));
  if (projectId !== null) return { kind: 'project', projectId };
  const slug = params.get('room');
  if (slug && /^[a-z0-9-]{1,40}$/.test(slug)) return { kind: 'room', slug };
  return null;
}

/** The address that opens a chat. */
export function chatHref(chat: OpenChat): string {
  switch (chat.kind) {
    case 'direct':
      return `/ideate?chat=${chat.userId}`;
    case 'project':
      return `/ideate?project=${chat.projectId}`;
    case 'room':
      return `/ideate?room=${encodeURIComponent(chat.slug)}`;
  }
}

/** The path of a chat's messages (GET reads them, POST sends; the query key of its history). */
export function messagesPath(chat: OpenChat): string {
  switch (chat.kind) {
    case 'direct':
      return `/api/messages/${chat.userId}`;
    case 'project':
      return `/api/projects/${chat.projectId}/messages`;
    case 'room':
      return `/api/communities/${encodeURIComponent(chat.slug)}/messages`;
  }
}

/** The chat whose messages a path reads (the inverse of `messagesPath`), or null for any other path. */
export function chatOfMessagesPath(path: string): OpenChat | null {
  const direct = /^\/api\/messages\/(\d+)$/.exec(path);
  if (direct) return { kind: 'direct', userId: Number(direct[1]) };
  const project = /^\/api\/projects\/(\d+)\/messages$/.exec(path);
  if (project) return { kind: 'project', projectId: Number(project[1]) };
  const room = /^\/api\/communities\/([^/]+)\/messages$/.exec(path);
  if (room) return { kind: 'room', slug: decodeURIComponent(room[1] ?? '') };
  return null;
}

/** A stable string for a chat (React keys, comparisons). */
export function chatKey(chat: OpenChat): string {
  return messagesPath(chat);
}

/** The chat as the live channel names it (client typing frames). */
export function toChatRef(chat: OpenChat): ChatRef {
  switch (chat.kind) {
    case 'direct':
      return { kind: 'direct', userId: chat.userId };
    case 'project':
      return { kind: 'project', projectId: chat.projectId };
    case 'room':
      return { kind: 'room', slug: chat.slug };
  }
}
