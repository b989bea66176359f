import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, linkParam, unwrap, unwrapPage, type ApiPage } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import { messagesPath, type OpenChat } from '../lib/chat-ref';
import type { Community, Conversation, Message, MessageBody, MessagePage, Presence } from './types';

/**
 * The chat area's calls (spec 000 §7; API.md "Community rooms", "Messages beyond the spec"). Reads are live: the
 * chat frames write them (../live.ts) and every reconnect reads them again (`meta.live`).
 */

/** How many messages a page brings; scrolling up loads the page before. */
export const MESSAGES_PAGE_SIZE = 30;
/** Conversations: one page of the largest size (a person has rarely more; the rest page in later). */
export const LIST_LIMIT = 200;

function toPage<T>({ data, next }: ApiPage<T[]>): { items: T[]; nextCursor: string | null } {
  return { items: data, nextCursor: next ? linkParam(next, 'cursor') : null };
}

/** `GET /api/conversations`: every conversation I am in, latest first, with `hasUnreadMessages` (the dots). */
export function conversationsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/conversations', { limit: LIST_LIMIT }),
    queryFn: ({ signal }): Promise<Conversation[]> =>
      unwrap(api.GET('/api/conversations', { params: { query: { limit: LIST_LIMIT } }, signal })),
    meta: { live: true },
  });
}

/** `GET /api/communities`: the four rooms with their real member counts and whether I joined. */
export function communitiesQuery() {
  return queryOptions({
    queryKey: apiKey('/api/communities'),
    queryFn: ({ signal }): Promise<Community[]> => unwrap(api.GET('/api/communities', { signal })),
    meta: { live: true },
  });
}

/** The presence query's key, written by the `presence` frame. */
export function presenceKey(userId: number) {
  return apiKey(`/api/users/${userId}/presence`);
}

/** `GET /api/users/{id}/presence`: the 'ONLINE' marker; the `presence` frame keeps it current. */
export function presenceQuery(userId: number) {
  return queryOptions({
    queryKey: presenceKey(userId),
    queryFn: ({ signal }): Promise<Presence> =>
      unwrap(api.GET('/api/users/{id}/presence', { params: { path: { id: String(userId) } }, signal })),
    meta: { live: true },
  });
}

export type MessagesData = InfiniteData<MessagePage, string | null>;

async function readMessages(
  chat: OpenChat,
  cursor: string | null,
  signal: AbortSignal,
): Promise<ApiPage<Message[]>> {
  const query = { limit: MESSAGES_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  switch (chat.kind) {
    case 'direct':
      return unwrapPage(
        api.GET('/api/messages/{id}', { params: { path: { id: String(chat.userId) }, query }, signal }),
      );
    case 'project':
      return unwrapPage(
        api.GET('/api/projects/{id}/messages', {
          params: { path: { id: String(chat.projectId) }, query },
          signal,
        }),
      );
    case 'room':
      return unwrapPage(
        api.GET('/api/communities/{slug}/messages', { params: { path: { slug: chat.slug }, query }, signal }),
      );
  }
}

/**
 * A chat's history, page by page: the first page is the newest (and reading it marks the chat read), each
 * further page goes back in time. Pages hold their messages in sending order.
 */
export function messagesQuery(chat: OpenChat, onFirstPage?: () => void) {
  return infiniteQueryOptions({
    queryKey: apiKey(messagesPath(chat)),
    queryFn: async ({ pageParam, signal }): Promise<MessagePage> => {
      const page = toPage(await readMessages(chat, pageParam, signal));
      if (pageParam === null) onFirstPage?.();
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { live: true },
  });
}

/**
 * `POST /api/conversations/{id}/read {messageId}` (204): I have seen the conversation up to this message (the
 * server never moves the mark backwards). A message pushed into an open chat is marked read by this, not by reading
 * the history again.
 */
export async function markConversationRead(conversationId: number, messageId: number): Promise<void> {
  await unwrap(
    api.POST('/api/conversations/{id}/read', {
      params: { path: { id: String(conversationId) } },
      body: { messageId },
    }),
  );
}

/** Sends a message to a chat: `POST /api/messages` (direct), the project's or the room's messages. */
export function sendMessage(chat: OpenChat, body: MessageBody): Promise<Message> {
  switch (chat.kind) {
    case 'direct':
      return unwrap(api.POST('/api/messages', { body: { ...body, receiverId: chat.userId } }));
    case 'project':
      return unwrap(
        api.POST('/api/projects/{id}/messages', { params: { path: { id: String(chat.projectId) } }, body }),
      );
    case 'room':
      return unwrap(
        api.POST('/api/communities/{slug}/messages', { params: { path: { slug: chat.slug } }, body }),
      );
  }
}

/** `PATCH /api/messages/{id}`: the sender edits their message. */
export function editMessage(id: number, content: string): Promise<Message> {
  return unwrap(api.PATCH('/api/messages/{id}', { params: { path: { id: String(id) } }, body: { content } }));
}

/** `DELETE /api/messages/{id}` (204): the sender removes their message for everyone. */
export async function deleteMessage(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/messages/{id}', { params: { path: { id: String(id) } } }));
}

/** `POST /api/communities/{slug}/join` (204, idempotent). */
export async function joinCommunity(slug: string): Promise<void> {
  await unwrap(api.POST('/api/communities/{slug}/join', { params: { path: { slug } } }));
}

/** `DELETE /api/communities/{slug}/join` (204, idempotent). */
export async function leaveCommunity(slug: string): Promise<void> {
  await unwrap(api.DELETE('/api/communities/{slug}/join', { params: { path: { slug } } }));
}
