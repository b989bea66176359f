import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { invalidatePath } from '@/lib/api/query-keys';
import { liveChannel } from '@/lib/ws';
import { sendMessage } from '../api/chat';
import type { Message } from '../api/types';
import { chatKey, type OpenChat } from '../lib/chat-ref';
import { createOutboxSender, outbox, type PendingMessage } from '../lib/outbox';
import { upsertMessage } from './use-chat-messages';
import { sendFailed } from './use-send-message';

/**
 * Sends the signed-in person's queued messages (../lib/outbox.ts): at once when there is a network, else when it
 * comes back or the live channel opens again. Mount once for the signed-in app, keyed by the user.
 */
export function useOutboxSender(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    outbox.open(userId);
    const sender = createOutboxSender({
      outbox,
      send: (pending) => sendMessage(pending.chat, { content: pending.content, clientId: pending.clientId }),
      onDelivered: (pending, message) => {
        upsertMessage(queryClient, pending.chat, message);
        void invalidatePath(queryClient, '/api/conversations');
      },
      onRefused: (pending, error) => sendFailed(pending.chat, error),
      isOnline: () => onlineManager.isOnline(),
    });
    const flush = () => void sender.flush();
    const stopQueue = outbox.subscribe(() => {
      if (outbox.items().length > 0) flush();
    });
    const stopOnline = onlineManager.subscribe((online) => {
      if (online) flush();
    });
    const stopLive = liveChannel.subscribeStatus(() => {
      if (liveChannel.getStatus() === 'open') flush();
    });
    flush();
    return () => {
      sender.stop();
      stopQueue();
      stopOnline();
      stopLive();
      outbox.close();
    };
  }, [queryClient, userId]);
}

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
