import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Message } from '../api/types';
import { chatKey, type OpenChat } from '../lib/chat-ref';
import { outbox, type PendingMessage } from '../lib/outbox';

/**
 * This chat's messages waiting to send, in the order they were typed. One the chat's history already holds (its
 * client id came back with it: stored before its answer was lost) is not shown twice, and leaves the queue.
 */
export function usePendingMessages(chat: OpenChat, messages: readonly Message[]): PendingMessage[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.items, outbox.items);
  const key = chatKey(chat);
  const stored = useMemo(
    () => new Set(messages.flatMap((message) => (message.clientId ? [message.clientId] : []))),
    [messages],
  );
  const mine = useMemo(() => all.filter((pending) => chatKey(pending.chat) === key), [all, key]);
  const arrived = useMemo(() => mine.filter((pending) => stored.has(pending.clientId)), [mine, stored]);
  useEffect(() => {
    for (const pending of arrived) outbox.remove(pending.clientId);
  }, [arrived]);
  return useMemo(() => mine.filter((pending) => !stored.has(pending.clientId)), [mine, stored]);
}
