import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiKey, invalidatePath } from '@/lib/api/query-keys';
import { messagesQuery, type MessagesData } from '../api/chat';
import type { Message } from '../api/types';
import { messagesPath, type OpenChat } from '../lib/chat-ref';

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

/** Put a message I just sent (or edited) into the open chat's cache, without waiting for the frame's refetch. */
export function upsertMessage(queryClient: QueryClient, chat: OpenChat, message: Message): void {
  queryClient.setQueryData<MessagesData>(apiKey(messagesPath(chat)), (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        if (item.id !== message.id) return item;
        found = true;
        return message;
      }),
    }));
    if (!found && pages[0]) pages[0] = { ...pages[0], items: [...pages[0].items, message] };
    return { ...data, pages };
  });
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
