import type { QueryClient } from '@tanstack/react-query';
import { invalidatePath, keyIsUnder } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';
import { presenceKey, type MessagesData } from './api/chat';
import type { Presence } from './api/types';
import { refreshNewestPage } from './hooks/use-chat-messages';
import { chatOfMessagesPath, messagesPath, type OpenChat } from './lib/chat-ref';
import { noteTyping, stopTyping } from './lib/typing';

/**
 * The chat area's live frames (API.md "Live channel", "Messages beyond the spec"). A new message reads the newest
 * page of the chat it belongs to again (only an open chat's history is in use, so only that one is read; reading
 * it also marks the chat read), then the conversation list (the unread dots). An edit refetches the histories
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

/** The newest pages of these chats are read again, then the conversation list (reading them marked them read). */
function refreshChats(queryClient: QueryClient, chats: readonly OpenChat[]): void {
  void invalidatePath(queryClient, '/api/conversations');
  void Promise.all(chats.map((chat) => refreshNewestPage(queryClient, chat))).then(() =>
    invalidatePath(queryClient, '/api/conversations'),
  );
}

/** A message in a group chat (a project's, a room's): its sender stopped typing, the chat and the list refresh. */
function onGroupMessage(chat: OpenChat, senderId: number, queryClient: QueryClient): void {
  stopTyping(messagesPath(chat), senderId);
  refreshChats(queryClient, [chat]);
}

/**
 * The direct chats a message may belong to: the chat with its sender (for its receiver), and the histories holding
 * its conversation (the sender's other tabs: the frame does not name the receiver). When no open history holds
 * it (a first message, sent from another tab), every open direct chat.
 */
function directChatsOf(queryClient: QueryClient, senderId: number, conversationId: number): OpenChat[] {
  const open = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.isActive() && isHistoryKey(query.queryKey) })
    .flatMap((query) => {
      const chat = chatOfMessagesPath(String(query.queryKey[0]));
      return chat?.kind === 'direct'
        ? [{ chat, holds: holdsConversation(query.state.data, conversationId) }]
        : [];
    });
  const named = open.filter(
    ({ chat, holds }) => holds || (chat.kind === 'direct' && chat.userId === senderId),
  );
  return (named.length > 0 ? named : open).map(({ chat }) => chat);
}

export const chatLive = liveFeature('chat', {
  chat_message: (frame, { queryClient }) => {
    stopTyping(messagesPath({ kind: 'direct', userId: frame.senderId }), frame.senderId);
    refreshChats(queryClient, directChatsOf(queryClient, frame.senderId, frame.conversationId));
    // A history not on screen is read afresh when it is opened.
    void queryClient.invalidateQueries({
      predicate: (query) => !query.isActive() && keyIsUnder(query.queryKey, '/api/messages'),
      refetchType: 'none',
    });
  },
  project_message: (frame, { queryClient }) => {
    onGroupMessage({ kind: 'project', projectId: frame.projectId }, frame.senderId, queryClient);
  },
  community_message: (frame, { queryClient }) => {
    onGroupMessage({ kind: 'room', slug: frame.room }, frame.senderId, queryClient);
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
