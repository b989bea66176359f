import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
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
  writePersisted,
} from './persisted-cache';

const RECORD = `${PERSIST_PREFIX}queries`;
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

/** The throttled write has happened. */
const written = () => new Promise((resolve) => setTimeout(resolve, 5));

function goOffline(): void {
  onlineManager.setOnline(false);
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  onlineManager.setOnline(true);
  clearPersistedCache();
});

describe('what is kept of the signed-in person for an offline reload', () => {
  it('comes back after a reload offline, for the same person, marked to be fetched again', async () => {
    const before = keptClient();
    signIn(before, { id: 7 });
    before.setQueryData(['/api/projects', { owner: 'me' }], [{ id: 3, title: 'Solar bikes' }]);
    await written();

    goOffline();
    const after = keptClient();
    signIn(after, { id: 7 });
    expect(after.getQueryData(['/api/projects', { owner: 'me' }])).toEqual([{ id: 3, title: 'Solar bikes' }]);
    // The app's queries never go stale by time: a restored answer must be refetched once the network is back.
    expect(after.getQueryState(['/api/projects', { owner: 'me' }])?.isInvalidated).toBe(true);
  });

  it('is never restored for someone else, and is cleared the moment someone else signs in', async () => {
    const ines = keptClient();
    signIn(ines, { id: 7 });
    ines.setQueryData(['/api/notifications'], [{ id: 1, message: 'Ines was supported' }]);
    await written();
    expect(localStorage.getItem(RECORD)).toContain('Ines was supported');

    goOffline();
    const next = keptClient();
    signIn(next, { id: 8, firstName: 'Omar' });
    expect(next.getQueryData(['/api/notifications'])).toBeUndefined();
    expect(localStorage.getItem(RECORD)).toBeNull();
  });

  it('is cleared when nobody is signed in any more (a sign-out of any kind) and by logout', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    client.setQueryData(['/api/notifications'], [{ id: 1 }]);
    await written();
    client.setQueryData<User | null>(CURRENT_USER_KEY, null);
    expect(localStorage.getItem(RECORD)).toBeNull();

    // The logout path clears it even on a client nothing keeps in step.
    writePersisted('queries', {
      version: PERSIST_VERSION,
      userId: 7,
      savedAt: Date.now(),
      state: { queries: [] },
    });
    writePersisted('outbox', { userId: 7, items: [] });
    forgetSession(createQueryClient(), 'logout');
    expect(Object.keys(localStorage).filter((key) => key.startsWith(PERSIST_PREFIX))).toEqual([]);
  });

  it('holds no email, connect code or token, and not the sign-in answers at all', async () => {
    const client = keptClient();
    signIn(client, { id: 7, email: 'ines@example.com', connectCode: 'INES-CODE-1' });
    client.setQueryData(
      ['/api/connections/with-users'],
      [{ id: 1, connectedUser: { id: 8, firstName: 'Omar', email: 'omar@example.com' } }],
    );
    client.setQueryData(['/api/users/9'], { id: 9, connectCode: 'OTHER-CODE', rememberToken: 'tok-secret' });
    client.setQueryData(['/api/auth/user-refresh'], makeUser({ email: 'ines@example.com' }));
    await written();

    const kept = localStorage.getItem(RECORD) ?? '';
    expect(kept).toContain('Omar');
    for (const secret of ['ines@example.com', 'omar@example.com', 'INES-CODE-1', 'OTHER-CODE', 'tok-secret'])
      expect(kept).not.toContain(secret);
    expect(kept).not.toContain('/api/auth/');
  });

  it('stays within its size bound, keeping the newest answers, and keeps only the first page of a long list', async () => {
    const client = keptClient();
    signIn(client, { id: 7 });
    const big = 'x'.repeat(150_000);
    const start = Date.now() - 60_000;
    for (let i = 0; i < 12; i += 1)
      client.setQueryData([`/api/projects/${i}`], { id: i, description: big }, { updatedAt: start + i });
    client.setQueryData(['/api/messages/8'], {
      pages: [{ items: [{ id: 2, content: 'newest page' }] }, { items: [{ id: 1, content: 'older page' }] }],
      pageParams: [null, 'c1'],
    });
    await written();

    // (Booleans, not the text: a failure would print a megabyte.)
    const kept = localStorage.getItem(RECORD) ?? '';
    expect(kept.length).toBeLessThan(PERSIST_MAX_CHARS + 10_000);
    expect(kept.includes('newest page')).toBe(true);
    expect(kept.includes('older page')).toBe(false);
    expect(kept.includes('"/api/projects/11"')).toBe(true);
    expect(kept.includes('"/api/projects/0"')).toBe(false);
  });

  it('is not restored once older than its maximum age, nor from another version', () => {
    const state = {
      mutations: [],
      queries: [
        {
          queryKey: ['/api/notifications'],
          queryHash: '["/api/notifications"]',
          state: { data: [{ id: 1 }], status: 'success', dataUpdatedAt: Date.now(), fetchStatus: 'idle' },
        },
      ],
    };
    goOffline();
    writePersisted('queries', {
      version: PERSIST_VERSION,
      userId: 7,
      savedAt: Date.now() - PERSIST_MAX_AGE_MS - 1,
      state,
    });
    const stale = keptClient();
    signIn(stale, { id: 7 });
    expect(stale.getQueryData(['/api/notifications'])).toBeUndefined();

    writePersisted('queries', { version: 'an older build', userId: 7, savedAt: Date.now(), state });
    const other = keptClient();
    signIn(other, { id: 7 });
    expect(other.getQueryData(['/api/notifications'])).toBeUndefined();

    writePersisted('queries', { version: PERSIST_VERSION, userId: 7, savedAt: Date.now(), state });
    const fine = keptClient();
    signIn(fine, { id: 7 });
    expect(fine.getQueryData(['/api/notifications'])).toEqual([{ id: 1 }]);
  });

  it('fills screens not read this visit when the network goes while the app is open', async () => {
    const before = keptClient();
    signIn(before, { id: 7 });
    before.setQueryData(['/api/rewards'], { coins: 42 });
    await written();

    const open = keptClient();
    signIn(open, { id: 7 });
    expect(open.getQueryData(['/api/rewards'])).toBeUndefined();
    goOffline();
    expect(open.getQueryData(['/api/rewards'])).toEqual({ coins: 42 });
  });
});
