import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiKey, invalidatePath } from '@/lib/api/query-keys';
import { messagesQuery, newestMessagesPage, type MessagesData } from '../api/chat';
import type { Message, MessagePage } from '../api/types';
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

/**
 * A history with its newest page read again: the new page takes the place of what it covers, older loaded pages
 * stay as they are. When more arrived than a page holds (the new page reaches no message already loaded), the
 * history starts again from the new page rather than leave a gap.
 */
export function mergeNewestPage(data: MessagesData, page: MessagePage): MessagesData {
  const first = data.pages[0];
  const fresh = new Set(page.items.map((message) => message.id));
  const oldestFresh = page.items[0]?.id;
  const reaches =
    first !== undefined && (first.items.length === 0 || first.items.some((m) => fresh.has(m.id)));
  if (page.nextCursor === null || !reaches || oldestFresh === undefined)
    return { pages: [page], pageParams: [null] };
  const older = first.items.filter((message) => message.id < oldestFresh);
  return {
    pages: [{ items: [...older, ...page.items], nextCursor: first.nextCursor }, ...data.pages.slice(1)],
    pageParams: data.pageParams,
  };
}

/** The newest read of each history that was applied (an answer that comes back after a newer one is dropped). */
const applied = new Map<string, number>();
let reads = 0;

/**
 * A new message in a chat: its newest page is read again, not every page loaded (a long-open chat would reread its
 * whole history for each message). Only a history on screen is read; one not in use is read afresh when opened.
 * Resolves once the page is in (the chat is then marked read).
 */
export async function refreshNewestPage(queryClient: QueryClient, chat: OpenChat): Promise<void> {
  const key = apiKey(messagesPath(chat));
  const query = queryClient.getQueryCache().find<MessagesData>({ queryKey: key, exact: true });
  if (!query) return;
  if (!query.isActive()) {
    await queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    return;
  }
  // Still loading (the first read, or older pages): let that read finish, then read the newest page after it.
  if (query.state.fetchStatus !== 'idle') await query.promise?.catch(() => undefined);
  if (query.state.data === undefined) {
    await queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const read = ++reads;
  let page: MessagePage;
  try {
    page = await newestMessagesPage(chat);
  } catch {
    // No network or a failing server: the reconnect that follows reads every live history again.
    return;
  }
  if ((applied.get(query.queryHash) ?? 0) > read) return;
  applied.set(query.queryHash, read);
  queryClient.setQueryData<MessagesData>(key, (data) => (data ? mergeNewestPage(data, page) : data));
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
