import { describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER_KEY, currentUserQuery, keepLastUserInStep, type User } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { server, setupMswServer } from '@/test/server';
import { hasSessionHint, keepLastUser, lastUser } from './last-user';

setupMswServer();

function countUserCalls() {
  const calls: string[] = [];
  server.use(
    http.get('/api/auth/user', () => {
      calls.push('user');
      return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
    }),
  );
  return calls;
}

describe('who is signed in, without asking in vain', () => {
  it('without the session hint nothing is asked: a signed-out visit makes no request that fails', async () => {
    document.cookie = 'grow_signed_in=; Path=/; Max-Age=0';
    const calls = countUserCalls();
    const client = createQueryClient();
    expect(await client.fetchQuery(currentUserQuery())).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a 401 with the hint signs out and drops the hint, so the next visit does not ask again', async () => {
    const calls = countUserCalls();
    const client = createQueryClient();
    expect(await client.fetchQuery(currentUserQuery())).toBeNull();
    expect(calls).toEqual(['user']);
    expect(hasSessionHint()).toBe(false);
  });
});

describe('the last signed-in person, for an offline reload', () => {
  it('is kept without email or connect code while signed in, and forgotten the moment nobody is', () => {
    const client = createQueryClient();
    const stop = keepLastUserInStep(client);
    client.setQueryData<User | null>(
      CURRENT_USER_KEY,
      makeUser({ firstName: 'Ines', email: 'ines@example.com', connectCode: 'abc' }),
    );
    expect(lastUser()).toMatchObject({ firstName: 'Ines', email: null, connectCode: null });
    expect(JSON.stringify(localStorage)).not.toContain('ines@example.com');
    client.setQueryData<User | null>(CURRENT_USER_KEY, null);
    expect(lastUser()).toBeNull();
    stop();
  });

  it('answers for the app when the network is gone, and only then', async () => {
    const client = createQueryClient();
    const stop = keepLastUserInStep(client);
    client.setQueryData<User | null>(CURRENT_USER_KEY, makeUser({ firstName: 'Ines' }));
    server.use(http.get('/api/auth/user', () => HttpResponse.error()));
    const online = vi.spyOn(navigator, 'onLine', 'get');
    online.mockReturnValue(false);
    const offline = createQueryClient();
    expect(await offline.fetchQuery(currentUserQuery())).toMatchObject({ firstName: 'Ines' });
    // Online, a failure is a failure: the app shows its retryable error rather than a stale person.
    online.mockReturnValue(true);
    await expect(createQueryClient().fetchQuery(currentUserQuery())).rejects.toThrow();
    online.mockRestore();
    stop();
  });
});

describe('the person kept for an offline reload', () => {
  it('keeps their position no finer than about 1 km, and no email or connect code', () => {
    keepLastUser(makeUser({ id: 5, lat: 51.507412, lng: -0.127758 }));
    const kept = localStorage.getItem('grow.lastUser') ?? '';
    expect(lastUser()).toMatchObject({ id: 5, lat: 51.51, lng: -0.13, email: null, connectCode: null });
    expect(kept).not.toContain('51.5074');
    keepLastUser(null);
    expect(lastUser()).toBeNull();
  });
});
