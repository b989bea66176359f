import { errorStatus } from '@/lib/api/client';
import {
  onPersistedCacheCleared,
  readPersisted,
  removePersisted,
  writePersisted,
} from '@/lib/persisted-cache';
import type { Message } from '../api/types';
import type { OpenChat } from './chat-ref';

/**
 * Messages typed with no network (issue 31, "Offline"): kept in order, with the id this client gave each one, shown
 * in their chat as "Waiting to send", and sent one after another once the network is back. The server stores a
 * message once per sender and client id (a resend answers 200 with the stored one), so a message whose answer was
 * lost on the way back is never stored twice, however often it is sent again.
 *
 * The queue belongs to one person: it is kept across reloads (src/lib/persisted-cache.ts) under their id, another
 * person's is never loaded, and it is cleared with everything else kept when a session ends.
 */

export interface PendingMessage {
  /** The id this client made for the message (`clientId` of the POST); the stored message carries it back. */
  clientId: string;
  chat: OpenChat;
  content: string;
  /** When it was typed (its place in the thread until it is sent). */
  createdAt: string;
}

interface Stored {
  userId: number;
  items: readonly PendingMessage[];
}

const RECORD = 'outbox';

/** A client id as the server takes them (1-64 letters, digits, '-' or '_'). */
export function newClientId(): string {
  return crypto.randomUUID();
}

/** A failure to reach the server at all (no network, a dropped connection), as opposed to an answer. */
export function isNetworkFailure(error: unknown): boolean {
  if (errorStatus(error) !== null) return false;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && !navigator.onLine);
}

/** Answers after which the same message may go through later: the server's trouble, or too many at once. */
function isTransient(error: unknown): boolean {
  const status = errorStatus(error);
  return status === null || status === 401 || status === 408 || status === 429 || status >= 500;
}

export interface Outbox {
  /** Loads this person's queue (a queue kept for anyone else is dropped). */
  open: (userId: number) => void;
  /** Forgets the queue in memory (what is kept stays for the same person's next visit). */
  close: () => void;
  /** Queues a message at the end; its client id may be given (a send whose answer never came). */
  add: (chat: OpenChat, content: string, clientId?: string) => PendingMessage;
  remove: (clientId: string) => void;
  /** The queue, oldest first (the same array until it changes). */
  items: () => readonly PendingMessage[];
  subscribe: (listener: () => void) => () => void;
}

export function createOutbox(): Outbox {
  let userId: number | null = null;
  let items: readonly PendingMessage[] = [];
  const listeners = new Set<() => void>();

  function set(next: readonly PendingMessage[], keep = true): void {
    items = next;
    if (keep && userId !== null) {
      if (next.length === 0) removePersisted(RECORD);
      else writePersisted(RECORD, { userId, items: next } satisfies Stored);
    }
    for (const listener of [...listeners]) listener();
  }

  onPersistedCacheCleared(() => {
    if (items.length > 0) set([], false);
  });

  return {
    open(id) {
      if (userId === id) return;
      userId = id;
      const kept = readPersisted<Stored>(RECORD);
      if (kept && kept.userId !== id) removePersisted(RECORD);
      set(kept?.userId === id && Array.isArray(kept.items) ? kept.items : [], false);
    },
    close() {
      userId = null;
      set([], false);
    },
    add(chat, content, clientId = newClientId()) {
      const pending: PendingMessage = { clientId, chat, content, createdAt: new Date().toISOString() };
      set([...items, pending]);
      return pending;
    },
    remove(clientId) {
      if (items.some((item) => item.clientId === clientId))
        set(items.filter((item) => item.clientId !== clientId));
    },
    items: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's queue. */
export const outbox = createOutbox();

export interface OutboxSenderOptions {
  outbox: Outbox;
  /** POSTs one message with its client id; resolves with the stored message (201, or 200 when sent before). */
  send: (pending: PendingMessage) => Promise<Message>;
  /** The stored message is in: it takes the pending one's place in its chat. */
  onDelivered: (pending: PendingMessage, message: Message) => void;
  /** The server refused it for good (a block, a chat since closed): it leaves the queue and the sender is told. */
  onRefused: (pending: PendingMessage, error: unknown) => void;
  isOnline: () => boolean;
  /** Waits before another try after a transient failure (grows to 30 s). */
  retryDelayMs?: (attempt: number) => number;
}

export interface OutboxSender {
  /** Sends the queue in order, one at a time; a second call while sending sends what was added after. */
  flush: () => Promise<void>;
  stop: () => void;
}

/**
 * Sends the queue, oldest first, one message at a time: the next only after the one before was stored, so the
 * chat reads in the order it was typed. A message leaves the queue only once stored (or refused), so one cut off
 * mid-send goes again with the same client id, and the server keeps it once.
 */
export function createOutboxSender({
  outbox: queue,
  send,
  onDelivered,
  onRefused,
  isOnline,
  retryDelayMs = (attempt) => Math.min(30_000, 2_000 * 2 ** attempt),
}: OutboxSenderOptions): OutboxSender {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function retryLater(): void {
    if (stopped || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void flush();
    }, retryDelayMs(attempt));
    attempt += 1;
  }

  async function drain(): Promise<void> {
    while (!stopped && isOnline()) {
      const pending = queue.items()[0];
      if (!pending) return;
      try {
        const message = await send(pending);
        if (stopped) return;
        attempt = 0;
        onDelivered(pending, message);
        queue.remove(pending.clientId);
      } catch (error) {
        if (stopped) return;
        if (isTransient(error)) {
          retryLater();
          return;
        }
        queue.remove(pending.clientId);
        onRefused(pending, error);
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    flush,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
    },
  };
}
