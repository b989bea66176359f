import type { QueryClient } from '@tanstack/react-query';
import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';
import { presenceKey, type MessagesData } from './api/chat';
import type { Presence } from './api/types';
import { messagesPath } from './lib/chat-ref';
import { noteTyping, stopTyping } from './lib/typing';

/**
 * The chat area's live frames (API.md "Live channel", "Messages beyond the spec"). A new message refetches the
 * chat it belongs to (only an open chat's history is in use, so only that one is read again; the first page of a
 * refetch also marks the chat read) and the conversation list (the unread dots). An edit refetches the histories
 * holding that conversation; a removal takes the message out of them at once. Typing is noted for a few seconds.
 * After a reconnect every live query is read again (src/lib/live.ts), so nothing sent meanwhile is lost.
 */

/** The query keys of message histories: direct (`/api/messages/{id}`), project and room chats. */
const HISTORY = /^\/api\/(messages\/\d+|projects\/\d+\/messages|communities\/[^/]+\/messages)$/;

function isHistoryKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && HISTORY.test(key[0]);
}

function holdsConversation(data: unknown, conversationId: number): boolean {
  const pages = (data as MessagesData | undefined)?.pages ?? [];
  return pages.some((page) => page.items.some((message) => message.conversationId === conversationId));
}

/** Refetch the histories (in use) that show this conversation. */
function refreshConversation(queryClient: QueryClient, conversationId: number): void {
  void queryClient.invalidateQueries({
    predicate: (query) => isHistoryKey(query.queryKey) && holdsConversation(query.state.data, conversationId),
  });
}

/** Take a removed message out of every cached history. */
function removeMessage(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<MessagesData>(
    { predicate: (query) => isHistoryKey(query.queryKey) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: page.items.filter((m) => m.id !== id) })),
      },
  );
}

/** A message in a group chat (a project's, a room's): its sender stopped typing, the chat and the list refresh. */
function onGroupMessage(path: string, senderId: number, queryClient: QueryClient): void {
  stopTyping(path, senderId);
  void invalidatePath(queryClient, path);
  void invalidatePath(queryClient, '/api/conversations');
}

export const chatLive = liveFeature('chat', {
  // A direct message: for its receiver the chat with the sender; for the sender's other tabs the chat with the
  // receiver, whom the frame does not name, so every direct history in use is read again (only an open one is).
  chat_message: (frame, { queryClient }) => {
    stopTyping(messagesPath({ kind: 'direct', userId: frame.senderId }), frame.senderId);
    void invalidatePath(queryClient, '/api/messages');
    void invalidatePath(queryClient, '/api/conversations');
  },
  project_message: (frame, { queryClient }) => {
    onGroupMessage(
      messagesPath({ kind: 'project', projectId: frame.projectId }),
      frame.senderId,
      queryClient,
    );
  },
  community_message: (frame, { queryClient }) => {
    onGroupMessage(messagesPath({ kind: 'room', slug: frame.room }), frame.senderId, queryClient);
  },
  message_updated: (frame, { queryClient }) => {
    refreshConversation(queryClient, frame.conversationId);
    void invalidatePath(queryClient, '/api/conversations');
  },
  message_deleted: (frame, { queryClient }) => {
    removeMessage(queryClient, frame.id);
    void invalidatePath(queryClient, '/api/conversations');
  },
  // Someone is typing in one of my chats: 'typing…' for a few seconds (./lib/typing.ts). A direct chat is named by
  // the other person, who is the one typing.
  typing: (frame) => noteTyping(messagesPath(frame.chat), frame.userId),
  // A connection or chat partner came online or went offline: the 'ONLINE' marker, without a refetch.
  presence: (frame, { queryClient }) => {
    queryClient.setQueryData<Presence>(presenceKey(frame.userId), {
      userId: frame.userId,
      online: frame.online,
    });
  },
});
