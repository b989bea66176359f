import { delay, HttpResponse } from 'msw';
import { http } from '@/test/http';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPersistedCache } from '@/lib/persisted-cache';
import { server, setupMswServer } from '@/test/server';
import { sendMessage } from '../api/chat';
import type { Message } from '../api/types';
import { makeMessage } from '../test-data';
import { createOutbox, createOutboxSender, type Outbox, type PendingMessage } from './outbox';
import type { OpenChat } from './chat-ref';

setupMswServer();
afterEach(() => clearPersistedCache());

const BOB: OpenChat = { kind: 'direct', userId: 8 };

interface Body {
  content: string;
  clientId?: string;
}

/**
 * The server's part as API.md describes it: a message is stored once per client id; a resend of the same id
 * answers 200 with the stored one. `loseAnswers` drops that many answers after storing (the network cut on the
 * way back); `slowFirst` makes the first send take a while (a later one must not overtake it).
 */
function serveMessages({ loseAnswers = 0, slowFirst = false, refuse = [] as string[] } = {}) {
  const stored: Message[] = [];
  const posts: Body[] = [];
  let lost = 0;
  server.use(
    http.post('/api/messages', async ({ request }) => {
      const body = (await request.json()) as Body;
      posts.push(body);
      if (slowFirst && posts.length === 1) await delay(80);
      if (refuse.includes(body.content))
        return HttpResponse.json({ message: 'You cannot message this person' }, { status: 403 });
      const earlier = stored.find((message) => message.clientId === body.clientId);
      if (earlier) return HttpResponse.json(earlier, { status: 200 });
      const message = makeMessage({
        id: 100 + stored.length,
        senderId: 7,
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

function sender(queue: Outbox, online = () => true) {
  const delivered: string[] = [];
  const refused: string[] = [];
  const outboxSender = createOutboxSender({
    outbox: queue,
    send: (pending: PendingMessage) =>
      sendMessage(pending.chat, { content: pending.content, clientId: pending.clientId }),
    onDelivered: (_, message) => delivered.push(message.content),
    onRefused: (pending) => refused.push(pending.content),
    isOnline: online,
    retryDelayMs: () => 0,
  });
  return { ...outboxSender, delivered, refused };
}

describe('messages typed offline', () => {
  it('wait while there is no network, then go out in the order typed, one after another', async () => {
    const { stored, posts } = serveMessages({ slowFirst: true });
    const queue = createOutbox();
    queue.open(7);
    let online = false;
    const out = sender(queue, () => online);
    queue.add(BOB, 'first');
    queue.add(BOB, 'second');
    queue.add(BOB, 'third');
    await out.flush();
    expect(posts).toEqual([]);
    expect(queue.items().map((item) => item.content)).toEqual(['first', 'second', 'third']);

    online = true;
    // Two triggers at once (the network and the live channel come back together): still one send each.
    await Promise.all([out.flush(), out.flush()]);
    expect(posts.map((post) => post.content)).toEqual(['first', 'second', 'third']);
    expect(stored.map((message) => message.content)).toEqual(['first', 'second', 'third']);
    expect(out.delivered).toEqual(['first', 'second', 'third']);
    expect(queue.items()).toEqual([]);
  });

  it('one whose answer was lost goes again with the same client id and is stored once (the 200 replay)', async () => {
    const { stored, posts } = serveMessages({ loseAnswers: 1 });
    const queue = createOutbox();
    queue.open(7);
    const out = sender(queue);
    const pending = queue.add(BOB, 'on the train');
    queue.add(BOB, 'after it');
    await out.flush();
    await waitUntil(() => queue.items().length === 0);

    expect(posts.map((post) => [post.content, post.clientId])).toEqual([
      ['on the train', pending.clientId],
      ['on the train', pending.clientId],
      ['after it', expect.any(String)],
    ]);
    expect(stored.map((message) => message.content)).toEqual(['on the train', 'after it']);
    expect(out.delivered).toEqual(['on the train', 'after it']);
  });

  it('one refused for good leaves the queue, is reported, and does not hold up the rest', async () => {
    serveMessages({ refuse: ['to a blocker'] });
    const queue = createOutbox();
    queue.open(7);
    const out = sender(queue);
    queue.add(BOB, 'to a blocker');
    queue.add(BOB, 'next');
    await out.flush();
    expect(out.refused).toEqual(['to a blocker']);
    expect(out.delivered).toEqual(['next']);
    expect(queue.items()).toEqual([]);
  });

  it('are kept across a reload for the same person only, and forgotten with everything kept', () => {
    const before = createOutbox();
    before.open(7);
    before.add(BOB, 'kept for Ada');

    const reloaded = createOutbox();
    reloaded.open(7);
    expect(reloaded.items().map((item) => item.content)).toEqual(['kept for Ada']);

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
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) await delay(10);
  expect(done()).toBe(true);
}
