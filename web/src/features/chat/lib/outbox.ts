import { errorStatus, isRequestTimeout } from '@/lib/api/client';
import {
  onPersistedCacheCleared,
  PERSIST_PREFIX,
  readPersisted,
  removePersisted,
  writePersisted,
} from '@/lib/persisted-cache';
import type { AttachmentKind, Message } from '../api/types';
import { chatKey, type OpenChat } from './chat-ref';

/**
 * Every message I send goes through this queue (issue 31 "Offline", issue 49 "Sends that survive a bad network"):
 * it shows in its chat at once, with the id this client gave it, and is sent from here, the oldest of each chat
 * first. The server stores a message once per sender and client id (a resend answers 200 with the stored one), so
 * a message whose answer was lost on the way back is never stored twice, however often it is sent again.
 *
 * - One queue per chat: a chat's messages go in the order they were typed, one after another; a message stuck or
 *   failed in one chat never holds another chat's.
 * - With no network a message waits ("Waiting to send") and goes when the network is back. A try that fails while
 *   online marks it failed ("Not sent", with Retry), and the rest of its chat waits behind it.
 * - The queue belongs to one person: it is kept across reloads (src/lib/persisted-cache.ts) under their id, another
 *   person's is never loaded, and it is cleared with everything else kept when a session ends. Tabs share it: every
 *   change is made to the kept copy as it is now (another tab's additions stay), a tab reads it again when another
 *   changes it (the `storage` event), and only one tab at a time sends a chat's messages (`lockAcrossTabs`).
 */

/** A file or voice message's bytes, and once uploaded, where they are. */
export interface PendingFile {
  blob: Blob;
  name: string;
  kind: AttachmentKind;
  /** Set once the upload is stored: a retry then sends the message without uploading the file again. */
  uploaded?: { attachmentUrl: string; attachmentType: AttachmentKind; attachmentName: string };
}

/**
 * Why the last try failed: `network` (no answer: no connection, a timeout, a dropped connection, or the server's own
 * trouble, a 5xx) is tried again when the network comes back; `refused` (the server said no: a block, a closed chat,
 * too many messages) only when the person asks (Retry).
 */
export type SendFailure = 'network' | 'refused';

export interface PendingMessage {
  /** The id this client made for the message (`clientId` of the POST); the stored message carries it back. */
  clientId: string;
  chat: OpenChat;
  /** The text ('' for a file, which says what it is by its name). */
  content: string;
  /** When it was typed (its place in the thread until it is sent). */
  createdAt: string;
  /** The last try failed (see SendFailure): it waits for Retry, and its chat's later messages wait behind it. */
  failed?: SendFailure;
  /**
   * A file or voice message. Its Blob is held in this tab's memory only: localStorage keeps text, and a file of up
   * to 10 MB would not fit beside everything else kept there (as base64 it grows by a third). So a file waiting or
   * failed is not kept across a reload, and other tabs do not see it.
   */
  file?: PendingFile;
}

/** How a message of the queue shows in its chat. */
export type OutgoingState = 'sending' | 'waiting' | 'failed';

interface Stored {
  userId: number;
  items: readonly PendingMessage[];
}

const RECORD = 'outbox';

/** A client id as the server takes them (1-64 letters, digits, '-' or '_'). */
export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * A failure to reach the server at all (no network, a dropped connection, no answer in time), as opposed to an
 * answer: nothing says whether the server stored the message, so it may be sent again under its client id.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (errorStatus(error) !== null) return false;
  return (
    error instanceof TypeError ||
    isRequestTimeout(error) ||
    (typeof navigator !== 'undefined' && !navigator.onLine)
  );
}

/**
 * Whether a failed try may go through by itself later: no answer, or the server's own trouble (408, 5xx). Anything
 * else is the server's refusal of this message (4xx, or a fault of ours), tried again only by the person.
 */
export function failureOf(error: unknown): SendFailure {
  if (isNetworkFailure(error)) return 'network';
  const status = errorStatus(error);
  return status !== null && (status === 408 || status >= 500) ? 'network' : 'refused';
}

/**
 * How each message of one chat's queue (oldest first) shows: failed; waiting (no network, or behind a failed one:
 * a chat's messages go in order); else sending.
 */
export function outgoingStates(items: readonly PendingMessage[], online: boolean): OutgoingState[] {
  let blocked = false;
  return items.map((item) => {
    if (item.failed) {
      blocked = true;
      return 'failed';
    }
    return blocked || !online ? 'waiting' : 'sending';
  });
}

export interface Outbox {
  /** Loads this person's queue (a queue kept for anyone else is dropped) and follows other tabs' changes to it. */
  open: (userId: number) => void;
  /** Forgets the queue in memory (what is kept stays for the same person's next visit). */
  close: () => void;
  /** Whose queue is open (null when none is). */
  userId: () => number | null;
  /** Queues a message at the end; its client id may be given (a send whose answer never came). */
  add: (
    chat: OpenChat,
    content: string,
    options?: { clientId?: string; file?: PendingFile },
  ) => PendingMessage;
  remove: (clientId: string) => void;
  /** Marks a message failed (see SendFailure). */
  fail: (clientId: string, failure: SendFailure) => void;
  /** Clears a failure so the message is sent again: one message (Retry), or every one of a kind (the network is back). */
  retry: (clientId: string) => void;
  retryAll: (failure: SendFailure) => void;
  /** Notes a file's upload (the message is still to be sent). */
  uploaded: (clientId: string, attachment: NonNullable<PendingFile['uploaded']>) => void;
  /** Reads the kept queue again (before sending: another tab may have sent or added some meanwhile). */
  sync: () => void;
  /** The queue, oldest first (the same array until it changes). */
  items: () => readonly PendingMessage[];
  subscribe: (listener: () => void) => () => void;
}

/** Oldest first; equal times keep their order (the order they were added). */
function byTime(a: PendingMessage, b: PendingMessage): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

function withoutFailure({ failed: _, ...item }: PendingMessage): PendingMessage {
  return item;
}

export function createOutbox(): Outbox {
  let userId: number | null = null;
  /** Text messages: what is kept, as this tab last read or wrote it. */
  let kept: readonly PendingMessage[] = [];
  /** Files, in this tab's memory only. */
  let local: readonly PendingMessage[] = [];
  let items: readonly PendingMessage[] = [];
  /** Storage took the last write: the kept copy is the truth every tab shares. Else this tab's own copy is. */
  let storageWorks = true;
  const listeners = new Set<() => void>();

  /** This person's kept messages as they are now. */
  function readKept(): readonly PendingMessage[] {
    const stored = readPersisted<Stored>(RECORD);
    const list: unknown = stored?.userId === userId ? stored.items : null;
    return Array.isArray(list) ? (list as PendingMessage[]) : [];
  }

  /**
   * Takes `next` as the queue, keeping the objects of messages that did not change (by client id), so a tab that
   * reads the kept copy again re-renders only what another tab changed.
   */
  function merge(next: readonly PendingMessage[], previous: readonly PendingMessage[]) {
    const before = new Map(previous.map((item) => [item.clientId, item]));
    return next.map((item) => {
      const same = before.get(item.clientId);
      return same && JSON.stringify(same) === JSON.stringify(item) ? same : item;
    });
  }

  function publish(): void {
    const next = [...kept, ...local].sort(byTime);
    if (next.length === items.length && next.every((item, index) => item === items[index])) return;
    items = next;
    for (const listener of [...listeners]) listener();
  }

  /**
   * Changes the queue. The change is made to the kept copy as it is now, not to this tab's (another tab may have
   * added to it since it was read), so two tabs never write over each other's messages.
   */
  function change(edit: (all: readonly PendingMessage[]) => readonly PendingMessage[]): void {
    const base = userId !== null && storageWorks ? merge(readKept(), kept) : kept;
    const all = [...base, ...local].sort(byTime);
    const next = edit(all);
    const same = next.length === all.length && next.every((item, index) => item === all[index]);
    kept = next.filter((item) => !item.file);
    local = next.filter((item) => item.file);
    if (userId !== null && !same) {
      if (kept.length === 0) removePersisted(RECORD);
      else storageWorks = writePersisted(RECORD, { userId, items: kept } satisfies Stored);
    }
    publish();
  }

  function patch(clientId: string, edit: (item: PendingMessage) => PendingMessage): void {
    change((all) =>
      all.some((item) => item.clientId === clientId)
        ? all.map((item) => (item.clientId === clientId ? edit(item) : item))
        : all,
    );
  }

  function sync(): void {
    if (userId === null || !storageWorks) return;
    kept = merge(readKept(), kept);
    publish();
  }

  /** Another tab changed what is kept (or cleared it all: `key` null). */
  function onStorage(event: StorageEvent): void {
    if (event.key === null || event.key === PERSIST_PREFIX + RECORD) sync();
  }

  onPersistedCacheCleared(() => {
    kept = [];
    local = [];
    publish();
  });

  return {
    open(id) {
      if (userId === id) return;
      if (userId === null && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      userId = id;
      storageWorks = true;
      const stored = readPersisted<Stored>(RECORD);
      if (stored && stored.userId !== id) removePersisted(RECORD);
      kept = readKept();
      local = [];
      publish();
    },
    close() {
      if (userId !== null && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      userId = null;
      kept = [];
      local = [];
      publish();
    },
    userId: () => userId,
    add(chat, content, { clientId = newClientId(), file } = {}) {
      const pending: PendingMessage = {
        clientId,
        chat,
        content,
        createdAt: new Date().toISOString(),
        ...(file ? { file } : {}),
      };
      change((all) => (all.some((item) => item.clientId === clientId) ? all : [...all, pending]));
      return pending;
    },
    remove(clientId) {
      change((all) => all.filter((item) => item.clientId !== clientId));
    },
    fail(clientId, failure) {
      patch(clientId, (item) => ({ ...item, failed: failure }));
    },
    retry(clientId) {
      patch(clientId, withoutFailure);
    },
    retryAll(failure) {
      if (!items.some((item) => item.failed === failure)) return;
      change((all) => all.map((item) => (item.failed === failure ? withoutFailure(item) : item)));
    },
    uploaded(clientId, attachment) {
      patch(clientId, (item) =>
        item.file ? { ...item, file: { ...item.file, uploaded: attachment } } : item,
      );
    },
    sync,
    items: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's queue. */
export const outbox = createOutbox();

/**
 * Runs `run` while holding the named lock, which one tab of this origin holds at a time (Web Locks): two tabs open
 * on Grow never send the same queue at once. Where the browser has no Web Locks, this tab just sends (the client
 * ids still keep each message stored once).
 */
export function lockAcrossTabs(name: string, run: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks)
    // (The lock's promise resolves with what `run` resolves with; its typing nests the promise.)
    return navigator.locks.request(name, run).then(() => undefined);
  return run();
}

export interface OutboxSenderOptions {
  outbox: Outbox;
  /** POSTs one message with its client id; resolves with the stored message (201, or 200 when sent before). */
  send: (pending: PendingMessage) => Promise<Message>;
  /** The stored message is in: it takes the pending one's place in its chat. */
  onDelivered: (pending: PendingMessage, message: Message) => void;
  /** A try failed while online: the message stays in its chat, marked failed, and the person is told. */
  onFailed: (pending: PendingMessage, error: unknown, failure: SendFailure) => void;
  isOnline: () => boolean;
  /** Runs one chat's sending under a lock shared by the tabs (default: `lockAcrossTabs`). */
  withLock?: (name: string, run: () => Promise<void>) => Promise<void>;
}

export interface OutboxSender {
  /**
   * Sends what can be sent: in each chat, the oldest message and those after it, one at a time. A chat already
   * sending takes what was added when it is done; resolves once the chats it started are done.
   */
  flush: () => Promise<void>;
  stop: () => void;
}

/**
 * Sends the queue, each chat on its own: oldest first, one message at a time, the next only after the one before
 * was stored, so a chat reads in the order it was typed, while another chat's stuck message (a request that waits
 * for its time-out) holds nothing here. A message leaves the queue only once stored, so one cut off mid-send goes
 * again with the same client id, and the server keeps it once.
 */
export function createOutboxSender({
  outbox: queue,
  send,
  onDelivered,
  onFailed,
  isOnline,
  withLock = lockAcrossTabs,
}: OutboxSenderOptions): OutboxSender {
  let stopped = false;
  /** Chats being sent, and those given more to send meanwhile. */
  const busy = new Set<string>();
  const loops = new Map<string, Promise<void>>();
  const again = new Set<string>();

  const headOf = (key: string) => queue.items().find((item) => chatKey(item.chat) === key);
  const isQueued = (clientId: string) => queue.items().some((item) => item.clientId === clientId);

  async function drainChat(key: string): Promise<void> {
    // Another tab may have sent (or added) some while this one waited for the lock.
    queue.sync();
    while (!stopped && isOnline()) {
      const pending = headOf(key);
      if (!pending || pending.failed) return;
      try {
        const message = await send(pending);
        if (stopped) return;
        onDelivered(pending, message);
        queue.remove(pending.clientId);
      } catch (error) {
        if (stopped || !isQueued(pending.clientId)) return;
        const failure = failureOf(error);
        // The network went: the message waits for it, as one typed offline does.
        if (failure === 'network' && !isOnline()) return;
        queue.fail(pending.clientId, failure);
        onFailed(queue.items().find((item) => item.clientId === pending.clientId) ?? pending, error, failure);
        return;
      }
    }
  }

  function sendChat(key: string): Promise<void> {
    if (busy.has(key)) {
      again.add(key);
      return loops.get(key) ?? Promise.resolve();
    }
    busy.add(key);
    const lock = `grow.outbox.${queue.userId() ?? 'nobody'}.${key}`;
    const loop = (async () => {
      try {
        do {
          again.delete(key);
          await withLock(lock, () => drainChat(key));
        } while (again.has(key) && !stopped);
      } finally {
        busy.delete(key);
        loops.delete(key);
      }
    })();
    loops.set(key, loop);
    return loop;
  }

  async function flush(): Promise<void> {
    if (stopped || !isOnline()) return;
    const chats = new Set(queue.items().map((item) => chatKey(item.chat)));
    await Promise.all(
      [...chats].filter((key) => busy.has(key) || !headOf(key)?.failed).map((key) => sendChat(key)),
    );
  }

  return {
    flush,
    stop() {
      stopped = true;
    },
  };
}
