import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiKey, invalidatePath } from '@/lib/api/query-keys';
import { messagesQuery, type MessagesData } from '../api/chat';
import type { Conversation, Message } from '../api/types';
import { messagesPath, type OpenChat } from '../lib/chat-ref';
import { timeOf } from '../lib/sort';

/**
 * Every message of the loaded pages in sending order, each once: pages may overlap while rows are added, and the
 * copy of the newer page (read later) wins.
 */
export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  const byId = new Map<number, Message>();
  for (const page of [...data.pages].reverse())
    for (const message of page.items) byId.set(message.id, message);
  return [...byId.values()];
}

/**
 * A history with `message` in it, each message once: it takes the place of the copy with its id, or of my own copy
 * with its client id (the server stores a client id once, so both name one message), else it joins the newest page
 * at its place in sending order (frames and answers may arrive in any order). The same data when nothing changed.
 */
export function placeMessage(data: MessagesData, message: Message): MessagesData {
  const same = (item: Message) =>
    item.id === message.id ||
    (message.clientId != null && item.clientId === message.clientId && item.senderId === message.senderId);
  if (data.pages.some((page) => page.items.some(same))) return replaceMessage(data, message, same);
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const at = newest.items.findIndex((item) => item.id > message.id);
  const items =
    at === -1
      ? [...newest.items, message]
      : [...newest.items.slice(0, at), message, ...newest.items.slice(at)];
  return { ...data, pages: [{ ...newest, items }, ...older] };
}

/** A history with the copy of `message` (by id, or as `same` says) replaced; the same data when it holds none. */
export function replaceMessage(
  data: MessagesData,
  message: Message,
  same: (item: Message) => boolean = (item) => item.id === message.id,
): MessagesData {
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some(same)) return page;
    found = true;
    return { ...page, items: page.items.map((item) => (same(item) ? message : item)) };
  });
  return found ? { ...data, pages } : data;
}

/** Put a message I just sent (or edited) into the open chat's cache, without waiting for its frame. */
export function upsertMessage(queryClient: QueryClient, chat: OpenChat, message: Message): void {
  queryClient.setQueryData<MessagesData>(apiKey(messagesPath(chat)), (data) =>
    data ? placeMessage(data, message) : data,
  );
}

/** The cached conversation lists (`/api/conversations`, whatever its query). */
export function isConversationList(key: readonly unknown[]): boolean {
  return key[0] === '/api/conversations';
}

/**
 * The conversation list with this message as its conversation's last (its text and time, `unread` as given), moved
 * to the top; false when no cached list holds its conversation (a first message: only the server knows the new
 * conversation's people). Both a frame (../live.ts) and my own send write the list this way, instead of reading
 * all of it again.
 */
export function noteInConversationList(queryClient: QueryClient, message: Message, unread: boolean): boolean {
  let listed = false;
  queryClient.setQueriesData<Conversation[]>(
    { predicate: (query) => isConversationList(query.queryKey) },
    (list) => {
      const at = list?.findIndex((conversation) => conversation.id === message.conversationId) ?? -1;
      const conversation = list?.[at];
      if (!list || !conversation) return list;
      listed = true;
      // Frames may come out of order: an older message changes only the unread mark, and the list's order stays.
      if (timeOf(message.createdAt) < timeOf(conversation.lastMessageAt))
        return list.map((c) =>
          c === conversation ? { ...c, hasUnreadMessages: c.hasUnreadMessages || unread } : c,
        );
      const latest: Conversation = {
        ...conversation,
        lastMessage: message.content,
        lastMessageAt: message.createdAt,
        hasUnreadMessages: unread,
      };
      return [latest, ...list.filter((c) => c !== conversation)];
    },
  );
  return listed;
}

/**
 * A message I sent is stored: it takes its place in the chat's history and, as the last message (read: I sent it),
 * at the top of the conversation list. The list is read again only for a conversation it does not hold yet.
 */
export function noteSentMessage(queryClient: QueryClient, chat: OpenChat, message: Message): void {
  upsertMessage(queryClient, chat, message);
  if (!noteInConversationList(queryClient, message, false))
    void invalidatePath(queryClient, '/api/conversations');
}

/** Take a message out of the open chat's cache. */
export function dropMessage(queryClient: QueryClient, chat: OpenChat, id: number): void {
  queryClient.setQueryData<MessagesData>(apiKey(messagesPath(chat)), (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((m) => m.id !== id) })) }
      : data,
  );
}

/**
 * A chat's history (newest page first, older pages as the reader scrolls up), read afresh whenever the chat is
 * opened: reading its first page marks it read, so the conversation list (the unread dots) is read again after.
 */
export function useChatMessages(chat: OpenChat, enabled = true) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...messagesQuery(chat, () => void invalidatePath(queryClient, '/api/conversations')),
    enabled,
    refetchOnMount: 'always',
  });
  const data = query.data as MessagesData | undefined;
  const messages = useMemo(() => flattenMessages(data), [data]);
  return { ...query, messages };
}
