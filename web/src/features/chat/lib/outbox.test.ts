import { delay, HttpResponse } from 'msw';
import { http } from '@/test/http';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, RequestTimeoutError } from '@/lib/api/client';
import { PERSIST_PREFIX, clearPersistedCache } from '@/lib/persisted-cache';
import { server, setupMswServer } from '@/test/server';
import { sendMessage } from '../api/chat';
import type { Message } from '../api/types';
import { makeMessage } from '../test-data';
import {
  createOutbox,
  createOutboxSender,
  failureOf,
  isNetworkFailure,
  outgoingStates,
  type Outbox,
  type PendingMessage,
  type SendFailure,
} from './outbox';
import type { OpenChat } from './chat-ref';

setupMswServer();
afterEach(() => clearPersistedCache());

const BOB: OpenChat = { kind: 'direct', userId: 8 };
const CLEO: OpenChat = { kind: 'direct', userId: 9 };
const RECORD = `${PERSIST_PREFIX}outbox`;

interface Body {
  content: string;
  clientId?: string;
  receiverId?: number;
}

/** A gate a handler waits at until the test opens it (a request the network holds). */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The server's part as API.md describes it: a message is stored once per client id; a resend of the same id
 * answers 200 with the stored one. `loseAnswers` drops that many answers after storing (the network cut on the
 * way back); `slowFirst` makes the first send take a while (a later one must not overtake it); `refuse` answers
 * 403 to these texts; `holdFor` keeps the sends to that person waiting until its gate opens.
 */
function serveMessages({
  loseAnswers = 0,
  slowFirst = false,
  refuse = [] as string[],
  holdFor = null as { receiverId: number; gate: ReturnType<typeof gate> } | null,
} = {}) {
  const stored: Message[] = [];
  const posts: Body[] = [];
  let lost = 0;
  server.use(
    http.post('/api/messages', async ({ request }) => {
      const body = (await request.json()) as Body;
      posts.push(body);
      if (slowFirst && posts.length === 1) await delay(80);
      if (holdFor && body.receiverId === holdFor.receiverId) await holdFor.gate.opened;
      if (refuse.includes(body.content))
        return HttpResponse.json({ message: 'You cannot message this person' }, { status: 403 });
      const earlier = stored.find((message) => message.clientId === body.clientId);
      if (earlier) return HttpResponse.json(earlier, { status: 200 });
      const message = makeMessage({
        id: 100 + stored.length,
        senderId: 7,
        receiverId: body.receiverId ?? null,
        content: body.content,
        clientId: body.clientId ?? null,
      });
      stored.push(message);
      if (lost < loseAnswers) {
        lost += 1;
        return HttpResponse.error();
      }
      return HttpResponse.json(message, { status: 201 });
    }),
  );
  return { stored, posts };
}

function sender(
  queue: Outbox,
  {
    online = () => true,
    withLock,
  }: {
    online?: () => boolean;
    withLock?: (name: string, run: () => Promise<void>) => Promise<void>;
  } = {},
) {
  const delivered: string[] = [];
  const failed: [string, SendFailure][] = [];
  const outboxSender = createOutboxSender({
    outbox: queue,
    send: (pending: PendingMessage) =>
      sendMessage(pending.chat, { content: pending.content, clientId: pending.clientId }),
    onDelivered: (_, message) => delivered.push(message.content),
    onFailed: (pending, _, failure) => failed.push([pending.content, failure]),
    isOnline: online,
    ...(withLock ? { withLock } : {}),
  });
  return { ...outboxSender, delivered, failed };
}

const contents = (queue: Outbox) => queue.items().map((item) => item.content);

describe('the outbox: every message goes through it', () => {
  it('waits while there is no network, then sends in the order typed, one after another', async () => {
    const { stored, posts } = serveMessages({ slowFirst: true });
    const queue = createOutbox();
    queue.open(7);
    let online = false;
    const out = sender(queue, { online: () => online });
    queue.add(BOB, 'first');
    queue.add(BOB, 'second');
    queue.add(BOB, 'third');
    await out.flush();
    expect(posts).toEqual([]);
    expect(contents(queue)).toEqual(['first', 'second', 'third']);
    expect(outgoingStates(queue.items(), online)).toEqual(['waiting', 'waiting', 'waiting']);

    online = true;
    // Two triggers at once (the network and the live channel come back together): still one send each.
    await Promise.all([out.flush(), out.flush()]);
    expect(posts.map((post) => post.content)).toEqual(['first', 'second', 'third']);
    expect(stored.map((message) => message.content)).toEqual(['first', 'second', 'third']);
    expect(out.delivered).toEqual(['first', 'second', 'third']);
    expect(queue.items()).toEqual([]);
  });

  it('a try cut off on the way back is marked failed (network); Retry sends it under the same id, stored once', async () => {
    const { stored, posts } = serveMessages({ loseAnswers: 1 });
    const queue = createOutbox();
    queue.open(7);
    const out = sender(queue);
    const pending = queue.add(BOB, 'on the train');
    queue.add(BOB, 'after it');
    await out.flush();

    // Failed, with its text; the chat's next message waits behind it and is not sent.
    expect(queue.items().map((item) => [item.content, item.failed])).toEqual([
      ['on the train', 'network'],
      ['after it', undefined],
    ]);
    expect(outgoingStates(queue.items(), true)).toEqual(['failed', 'waiting']);
    expect(out.failed).toEqual([['on the train', 'network']]);
    expect(posts).toHaveLength(1);

    queue.retry(pending.clientId);
    await out.flush();
    expect(posts.map((post) => [post.content, post.clientId])).toEqual([
      ['on the train', pending.clientId],
      ['on the train', pending.clientId],
      ['after it', expect.any(String)],
    ]);
    expect(stored.map((message) => message.content)).toEqual(['on the train', 'after it']);
    expect(out.delivered).toEqual(['on the train', 'after it']);
    expect(queue.items()).toEqual([]);
  });

  it('the network back retries what failed for want of it, and not what the server refused', async () => {
    serveMessages({ loseAnswers: 1, refuse: ['to a blocker'] });
    const queue = createOutbox();
    queue.open(7);
    const out = sender(queue);
    queue.add(BOB, 'lost on the way');
    queue.add(CLEO, 'to a blocker');
    await out.flush();
    expect(queue.items().map((item) => item.failed)).toEqual(['network', 'refused']);

    queue.retryAll('network');
    await out.flush();
    expect(out.delivered).toEqual(['lost on the way']);
    expect(queue.items().map((item) => [item.content, item.failed])).toEqual([['to a blocker', 'refused']]);
  });

  it('one the server refuses stays, failed with its text, and holds its own chat only', async () => {
    const { posts } = serveMessages({ refuse: ['to a blocker'] });
    const queue = createOutbox();
    queue.open(7);
    const out = sender(queue);
    queue.add(BOB, 'to a blocker');
    queue.add(BOB, 'behind it');
    queue.add(CLEO, 'to someone else');
    await out.flush();

    expect(out.failed).toEqual([['to a blocker', 'refused']]);
    expect(out.delivered).toEqual(['to someone else']);
    expect(queue.items().map((item) => [item.content, item.failed])).toEqual([
      ['to a blocker', 'refused'],
      ['behind it', undefined],
    ]);
    expect(posts.map((post) => post.content)).toEqual(['to a blocker', 'to someone else']);

    // Given up, the message behind it goes.
    queue.remove(queue.items()[0]!.clientId);
    await out.flush();
    expect(out.delivered).toEqual(['to someone else', 'behind it']);
    expect(queue.items()).toEqual([]);
  });

  it('a message stuck in one chat does not hold another chat’s', async () => {
    const held = gate();
    const { posts } = serveMessages({ holdFor: { receiverId: 8, gate: held } });
    const queue = createOutbox();
    queue.open(7);
    const out = sender(queue);
    queue.add(BOB, 'stuck in a tunnel');
    queue.add(BOB, 'after the stuck one');
    const sending = out.flush();
    queue.add(CLEO, 'meanwhile to Cleo');
    void out.flush();

    await waitUntil(() => out.delivered.includes('meanwhile to Cleo'));
    expect(contents(queue)).toEqual(['stuck in a tunnel', 'after the stuck one']);

    held.open();
    await sending;
    await waitUntil(() => queue.items().length === 0);
    expect(out.delivered).toEqual(['meanwhile to Cleo', 'stuck in a tunnel', 'after the stuck one']);
    expect(posts.filter((post) => post.receiverId === 8).map((post) => post.content)).toEqual([
      'stuck in a tunnel',
      'after the stuck one',
    ]);
  });

  it('is kept across a reload for the same person only (failed marks too), and forgotten with everything kept', () => {
    const before = createOutbox();
    before.open(7);
    before.add(BOB, 'kept for Ada');
    const refused = before.add(BOB, 'refused, kept to retry');
    before.fail(refused.clientId, 'refused');

    const reloaded = createOutbox();
    reloaded.open(7);
    expect(reloaded.items().map((item) => [item.content, item.failed])).toEqual([
      ['kept for Ada', undefined],
      ['refused, kept to retry', 'refused'],
    ]);

    const someoneElse = createOutbox();
    someoneElse.open(8);
    expect(someoneElse.items()).toEqual([]);
    const again = createOutbox();
    again.open(7);
    expect(again.items()).toEqual([]);

    again.add(BOB, 'then signed out');
    clearPersistedCache();
    expect(again.items()).toEqual([]);
    const afterSignOut = createOutbox();
    afterSignOut.open(7);
    expect(afterSignOut.items()).toEqual([]);
  });

  it('holds a file in memory only: shown and sent from this tab, never written to storage', () => {
    const queue = createOutbox();
    queue.open(7);
    queue.add(BOB, 'text first');
    const voice = queue.add(BOB, '', {
      file: { blob: new Blob(['ogg']), name: 'voice-message-3s.webm', kind: 'audio' },
    });
    expect(queue.items().map((item) => item.clientId)).toContain(voice.clientId);
    const kept = localStorage.getItem(RECORD) ?? '';
    expect(kept).toContain('text first');
    expect(kept).not.toContain(voice.clientId);

    const reloaded = createOutbox();
    reloaded.open(7);
    expect(contents(reloaded)).toEqual(['text first']);
  });
});

describe('what a failed try was', () => {
  it('no answer in time is a failure to reach the server, as a dropped connection is; an answer is not', () => {
    expect(isNetworkFailure(new RequestTimeoutError(20_000))).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiError(500, '', null))).toBe(false);
    expect(failureOf(new RequestTimeoutError(20_000))).toBe('network');
    expect(failureOf(new ApiError(503, '', null))).toBe('network');
    expect(failureOf(new ApiError(408, '', null))).toBe('network');
    expect(failureOf(new ApiError(403, '{"message":"Blocked"}', { message: 'Blocked' }))).toBe('refused');
    expect(failureOf(new ApiError(429, '', null))).toBe('refused');
  });

  it('a send that timed out is marked failed for want of a network (tried again when it is back)', async () => {
    const queue = createOutbox();
    queue.open(7);
    const failed: SendFailure[] = [];
    const out = createOutboxSender({
      outbox: queue,
      send: () => Promise.reject(new RequestTimeoutError(20_000)),
      onDelivered: () => {},
      onFailed: (_, __, failure) => failed.push(failure),
      isOnline: () => true,
    });
    queue.add(BOB, 'into the void');
    await out.flush();
    expect(failed).toEqual(['network']);
    expect(queue.items().map((item) => item.failed)).toEqual(['network']);
  });
});

describe('the outbox in two tabs', () => {
  /** Tells a tab that another changed the kept queue (a browser fires `storage` in every other tab). */
  function storageChanged() {
    window.dispatchEvent(new StorageEvent('storage', { key: RECORD }));
  }

  it('keeps both tabs’ messages: each change is made to what is kept now, and each tab reads the other’s', () => {
    const first = createOutbox();
    const second = createOutbox();
    first.open(7);
    second.open(7);
    const one = first.add(BOB, 'typed in the first tab');
    second.add(CLEO, 'typed in the second tab');
    // The second tab wrote after the first: the first tab's message is kept beside it, not written over.
    expect(contents(second)).toEqual(['typed in the first tab', 'typed in the second tab']);

    storageChanged();
    expect(contents(first)).toEqual(['typed in the first tab', 'typed in the second tab']);

    // A change in the first tab (its message sent) keeps the second tab's message.
    first.remove(one.clientId);
    storageChanged();
    expect(contents(first)).toEqual(['typed in the second tab']);
    expect(contents(second)).toEqual(['typed in the second tab']);
    first.close();
    second.close();
  });

  it('only one tab sends a chat at a time: each message is posted once', async () => {
    const { posts, stored } = serveMessages({ slowFirst: true });
    // Web Locks as a browser gives them: one holder per name, the others wait their turn.
    const held = new Map<string, Promise<void>>();
    const withLock = async (name: string, run: () => Promise<void>) => {
      const before = held.get(name) ?? Promise.resolve();
      const mine = before.then(run);
      held.set(
        name,
        mine.catch(() => undefined),
      );
      return mine;
    };
    const first = createOutbox();
    const second = createOutbox();
    first.open(7);
    second.open(7);
    first.add(BOB, 'one');
    first.add(BOB, 'two');
    storageChanged();
    expect(contents(second)).toEqual(['one', 'two']);

    const a = sender(first, { withLock });
    const b = sender(second, { withLock });
    await Promise.all([a.flush(), b.flush()]);
    expect(posts.map((post) => post.content)).toEqual(['one', 'two']);
    expect(stored).toHaveLength(2);
    expect(contents(second)).toEqual([]);
    first.close();
    second.close();
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) await delay(10);
  expect(done()).toBe(true);
}
