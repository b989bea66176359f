import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Message } from '../api/types';
import { chatKey, type OpenChat } from '../lib/chat-ref';
import { outbox, outgoingStates, type OutgoingState, type PendingMessage } from '../lib/outbox';
import { startOutbox } from '../lib/outbox-runner';

const isOnline = () => onlineManager.isOnline();
const onOnlineChange = (listener: () => void) => onlineManager.subscribe(listener);

/** A message of mine not stored yet, and how it shows. */
export interface Outgoing {
  pending: PendingMessage;
  state: OutgoingState;
}

/**
 * This chat's messages not stored yet, in the order they were typed, each with how it shows (sending, waiting or
 * failed). One the chat's history already holds (its client id came back with it: stored before its answer was
 * lost) is not shown twice, and leaves the queue.
 */
export function usePendingMessages(chat: OpenChat, messages: readonly Message[]): Outgoing[] {
  const all = useSyncExternalStore(outbox.subscribe, outbox.items, outbox.items);
  // The sender's own idea of the network (TanStack's, which follows the browser's online and offline events).
  const online = useSyncExternalStore(onOnlineChange, isOnline, isOnline);
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
  return useMemo(() => {
    const waiting = mine.filter((pending) => !stored.has(pending.clientId));
    const states = outgoingStates(waiting, online);
    return waiting.map((pending, index) => ({ pending, state: states[index] ?? 'waiting' }));
  }, [mine, stored, online]);
}

/**
 * Keeps the person's queue sending while a chat is open (the app's own sender, ../outbox-sender.tsx, loads after the
 * first screen: a message typed before it has loaded still goes).
 */
export function useOutboxSending(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => startOutbox(queryClient, userId), [queryClient, userId]);
}
