import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER_KEY, forgetSession, type User } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import {
  clearPersistedCache,
  PERSIST_MAX_AGE_MS,
  PERSIST_MAX_CHARS,
  PERSIST_PREFIX,
  PERSIST_VERSION,
  persistQueryCache,
  queriesRecordName,
  writePersisted,
} from './persisted-cache';

/** The storage key of a person's kept screens. */
const recordOf = (userId: number) => PERSIST_PREFIX + queriesRecordName(userId);
const keptOf = (userId: number) => localStorage.getItem(recordOf(userId)) ?? '';
const stops: (() => void)[] = [];

/** A client as the app makes it, its cache kept as the app keeps it (writes throttled by 0 ms here). */
function keptClient(): QueryClient {
  const client = createQueryClient();
  stops.push(persistQueryCache(client, { userKey: CURRENT_USER_KEY, throttleMs: 0 }));
  return client;
}

function signIn(client: QueryClient, user: Partial<User>): void {
  client.setQueryData<User | null>(CURRENT_USER_KEY, makeUser(user));
}

/** An answer read from the server, as a screen reads it. */
function answer(client: QueryClient, queryKey: QueryKey, data: unknown): Promise<unknown> {
  return client.fetchQuery({ queryKey, queryFn: () => Promise.resolve(data), staleTime: 0 });
}

/**
 * The write asked for has happened: throttled by 0 ms, then put off until idle (a 0 ms timer where the browser cannot
 * say). Timers of one delay run in the order set, so three turns are past both.
 */
async function written(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The person leaves the page (another app, a closed tab): anything waiting is written at once. */
function leavePage(): void {
  window.dispatchEvent(new Event('pagehide'));
}

function goOffline(): void {
  onlineManager.setOnline(false);
}

/** A kept record of `userId`'s screens holding one notification, as an earlier visit wrote it. */
function keptNotification(
  userId: number,
  under = userId,
  { savedAt = Date.now(), version = PERSIST_VERSION } = {},
) {
  writePersisted(queriesRecordName(under), {
    version,
    userId,
    savedAt,
    state: {
      mutations: [],
      queries: [
        {
          queryKey: ['/api/notifications'],
          queryHash: '["/api/notifications"]',
          state: { data: [{ id: 1 }], status: 'success', dataUpdatedAt: Date.now(), fetchStatus: 'idle' },
        },
      ],
    },
  });
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  onlineManager.setOnline(true);
  clearPersistedCache();
  vi.restoreAllMocks();
});

describe('what is kept of the signed-in person for an offline reload', () => {
  it('comes back after a reload offline, for the same person, marked to be fetched again', async () => {
    const before = keptClient();
    signIn(before, { id: 7 });
    await answer(before, ['/api/projects', { owner: 'me' }], [{ id: 3, title: 'Solar bikes' }]);
    await written();

    goOffline();
    const after = keptClient();
    signIn(after, { id: 7 });
    expect(after.getQueryData(['/api/projects', { owner: 'me' }])).toEqual([{ id: 3, title: 'Solar bikes' }]);
    // The app's queries never go stale by time: a restored answer must be refetched once the network is back.
    expect(after.getQueryState(['/api/projects', { owner: 'me' }])?.isInvalidated).toBe(true);
  });

  it("is kept under the person's own id, never restored for someone else, and removed when someone else signs in", async () => {
    const ines = keptClient();
    signIn(ines, { id: 7 });
    await answer(ines, ['/api/notifications'], [{ id: 1, message: 'Ines was supported' }]);
    await written();
    expect(keptOf(7)).toContain('Ines was supported');

    goOffline();
    const next = keptClient();
    signIn(next, { id: 8, firstName: 'Omar' });
    expect(next.getQueryData(['/api/notifications'])).toBeUndefined();
    expect(localStorage.getItem(recordOf(7))).toBeNull();
  });

  it('is not restored from a record that names someone else, wherever it is kept', () => {
    goOffline();
    keptNotification(7, 8);
    const omar = keptClient();
    signIn(omar, { id: 8 });
    expect(omar.getQueryData(['/api/notifications'])).toBeUndefined();
  });

  it('drops what builds before the allow-list kept (one record for anyone, direct messages included)', () => {
    writePersisted('queries', {
      version: PERSIST_VERSION,
      userId: 7,
      savedAt: Date.now(),
      state: { queries: [] },
    });
    keptClient();
    expect(localStorage.getItem(`${PERSIST_PREFIX}queries`)).toBeNull();
  });

  it('is cleared when nobody is signed in any more (a sign-out of any kind) and by logout', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    await answer(client, ['/api/notifications'], [{ id: 1 }]);
    await written();
    expect(keptOf(7)).not.toBe('');
    client.setQueryData<User | null>(CURRENT_USER_KEY, null);
    expect(localStorage.getItem(recordOf(7))).toBeNull();

    // The logout path clears it even on a client nothing keeps in step.
    keptNotification(7);
    writePersisted('outbox', { userId: 7, items: [] });
    forgetSession(createQueryClient(), 'logout');
    expect(Object.keys(localStorage).filter((key) => key.startsWith(PERSIST_PREFIX))).toEqual([]);
  });

  it('holds no email, connect code or token, and not the sign-in answers at all', async () => {
    const client = keptClient();
    signIn(client, { id: 7, email: 'ines@example.com', connectCode: 'INES-CODE-1' });
    await answer(
      client,
      ['/api/connections/with-users'],
      [
        {
          id: 1,
          connectedUser: { id: 8, firstName: 'Omar', email: 'omar@example.com', connectCode: 'OTHER-CODE' },
        },
      ],
    );
    await answer(client, ['/api/auth/user-refresh'], makeUser({ email: 'ines@example.com' }));
    await written();

    const kept = keptOf(7);
    expect(kept).toContain('Omar');
    for (const secret of ['ines@example.com', 'omar@example.com', 'INES-CODE-1', 'OTHER-CODE'])
      expect(kept).not.toContain(secret);
    expect(kept).not.toContain('/api/auth/');
  });

  it('stays within its size bound, keeping the newest answers, and keeps only the first page of a long list', () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    const big = 'x'.repeat(150_000);
    const start = Date.now() - 60_000;
    for (let i = 0; i < 12; i += 1)
      client.setQueryData([`/api/projects/${i}`], { id: i, description: big }, { updatedAt: start + i });
    client.setQueryData(['/api/projects/3/updates'], {
      pages: [{ items: [{ id: 2, title: 'newest page' }] }, { items: [{ id: 1, title: 'older page' }] }],
      pageParams: [null, 'c1'],
    });
    leavePage();

    // (Booleans, not the text: a failure would print a megabyte.)
    const kept = keptOf(7);
    expect(kept.length).toBeLessThan(PERSIST_MAX_CHARS + 10_000);
    expect(kept.includes('newest page')).toBe(true);
    expect(kept.includes('older page')).toBe(false);
    expect(kept.includes('"/api/projects/11"')).toBe(true);
    expect(kept.includes('"/api/projects/0"')).toBe(false);
  });

  it('is not restored once older than its maximum age, nor from another version', () => {
    goOffline();
    keptNotification(7, 7, { savedAt: Date.now() - PERSIST_MAX_AGE_MS - 1 });
    const stale = keptClient();
    signIn(stale, { id: 7 });
    expect(stale.getQueryData(['/api/notifications'])).toBeUndefined();

    keptNotification(7, 7, { version: 'an older build' });
    const other = keptClient();
    signIn(other, { id: 7 });
    expect(other.getQueryData(['/api/notifications'])).toBeUndefined();

    keptNotification(7);
    const fine = keptClient();
    signIn(fine, { id: 7 });
    expect(fine.getQueryData(['/api/notifications'])).toEqual([{ id: 1 }]);
  });

  it('fills screens not read this visit when the network goes while the app is open', async () => {
    const before = keptClient();
    signIn(before, { id: 7 });
    await answer(before, ['/api/rewards'], { coins: 42 });
    await written();

    const open = keptClient();
    signIn(open, { id: 7 });
    expect(open.getQueryData(['/api/rewards'])).toBeUndefined();
    goOffline();
    expect(open.getQueryData(['/api/rewards'])).toEqual({ coins: 42 });
  });
});

describe('only the answers of the screens a person needs offline are kept (issue 49)', () => {
  it('keeps their screens: projects, the deck, the conversation list, notifications, rewards', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    await answer(client, ['/api/projects', { owner: 'me' }], [{ id: 3, title: 'Solar bikes' }]);
    await answer(client, ['/api/feed'], {
      pages: [{ items: [{ id: 4, title: 'Tide Clock' }] }],
      pageParams: [null],
    });
    await answer(
      client,
      ['/api/conversations', { limit: 200 }],
      [{ id: 100, kind: 'direct', participants: [] }],
    );
    await answer(client, ['/api/notifications'], [{ id: 1, message: 'Omar supported Solar bikes' }]);
    await answer(client, ['/api/rewards'], { coins: 42 });
    await written();

    const kept = keptOf(7);
    for (const path of [
      '/api/projects',
      '/api/feed',
      '/api/conversations',
      '/api/notifications',
      '/api/rewards',
    ])
      expect(kept).toContain(`"${path}"`);
  });

  it('never writes a direct message history, pledges, the blocked list, searches or anything asked by position', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    const never: [QueryKey, unknown][] = [
      [
        ['/api/messages/8'],
        { pages: [{ items: [{ id: 1, content: 'a direct message' }] }], pageParams: [null] },
      ],
      [
        ['/api/projects/3/messages'],
        { pages: [{ items: [{ id: 2, content: 'a team message' }] }], pageParams: [null] },
      ],
      [
        ['/api/communities/makers/messages'],
        { pages: [{ items: [{ content: 'a room message' }] }], pageParams: [null] },
      ],
      [['/api/projects/3/pledges'], { pages: [{ items: [{ id: 5, amount: 5000 }] }], pageParams: [null] }],
      [['/api/investments'], [{ id: 6, amount: 2500 }]],
      [['/api/users/blocked'], [{ id: 9, username: 'a-blocked-person' }]],
      [['/api/search', { q: 'solar', limit: 20 }], { people: [{ username: 'a-search-answer' }] }],
      [['/api/users/search', { q: 'om', limit: '20' }], [{ username: 'a-people-search' }]],
      [['/api/users/nearby', { lat: 51.50735, lng: -0.12776 }], [{ username: 'a-nearby-person' }]],
      [['/api/users/8/presence'], { userId: 8, online: true }],
    ];
    for (const [key, data] of never) await answer(client, key, data);
    await answer(client, ['/api/rewards'], { coins: 42 });
    await written();

    const kept = keptOf(7);
    expect(kept).toContain('"/api/rewards"');
    for (const [key] of never) expect(kept).not.toContain(JSON.stringify(key[0]));
    for (const words of [
      'message',
      'a-blocked-person',
      'a-search-answer',
      'a-people-search',
      'a-nearby-person',
    ])
      expect(kept).not.toContain(words);
  });

  it("keeps the conversation list without the last message's words, and positions to about 1 km", async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    await answer(
      client,
      ['/api/conversations', { limit: 200 }],
      [
        {
          id: 100,
          kind: 'direct',
          lastMessage: 'See you at the harbour',
          lastMessageAt: '2025-05-01T10:00:00Z',
        },
      ],
    );
    await answer(client, ['/api/projects/3'], { id: 3, title: 'Tide Clock', lat: 51.507351, lng: -0.127758 });
    await written();

    const kept = keptOf(7);
    expect(kept).toContain('2025-05-01T10:00:00Z');
    expect(kept).not.toContain('harbour');
    expect(kept).toContain('"lat":51.51');
    expect(kept).toContain('"lng":-0.13');
    expect(kept).not.toContain('51.507');
  });

  it('writes nothing for a change to an answer off the list: a busy chat causes no write at all', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    await answer(client, ['/api/rewards'], { coins: 42 });
    await written();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');

    for (let i = 0; i < 5; i += 1) {
      await answer(client, ['/api/messages/8'], { pages: [{ items: [{ id: i }] }], pageParams: [null] });
      client.setQueryData(['/api/projects/3/messages'], {
        pages: [{ items: [{ id: i }] }],
        pageParams: [null],
      });
    }
    await written();
    leavePage();
    expect(setItem).not.toHaveBeenCalled();
  });

  it('writes a change a frame makes to a kept answer when the page is left, not on its own', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    await answer(client, ['/api/conversations', { limit: 200 }], [{ id: 100, lastMessageAt: 'at first' }]);
    await written();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');

    client.setQueryData(
      ['/api/conversations', { limit: 200 }],
      [{ id: 100, lastMessageAt: 'a moment later' }],
    );
    await written();
    expect(setItem).not.toHaveBeenCalled();

    leavePage();
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(keptOf(7)).toContain('a moment later');
  });
});
