import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, type DefaultBodyType } from 'msw';
import { http, type ErrorBody } from '@/test/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoutes } from '@/app/routes';
import type { components } from '@/lib/api/schema';
import { hasSessionHint } from '@/lib/last-user';
import { PERSIST_PREFIX, PERSIST_VERSION, writePersisted } from '@/lib/persisted-cache';
import { REMEMBERED_USERS_KEY } from '@/lib/remembered-users';
import { finishPendingLogout, hasPendingLogout } from '@/lib/pending-logout';
import { CURRENT_USER_KEY, currentUserQuery, UNCONFIRMED_LOGOUT, type User } from '@/lib/session';
import { currentToast } from '@/lib/toast';
import { liveChannel } from '@/lib/ws';
import { makeRewards, makeUser } from '@/test/fixtures';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';

// Every way out of a session, on a shared phone: whatever the first person's app held is gone before the next
// person signs in, and a session that ended without the person asking lands on the sign-in screen, says so, and
// returns them where they were.

setupMswServer();

const ENDED_LINE = 'Your session ended. Sign in again to continue.';
const ADA = makeUser({ id: 7, firstName: 'Ada', username: 'ada', bio: 'Ada’s private notes' });
const BOB = makeUser({ id: 8, firstName: 'Bob', username: 'bob', lastName: 'Builder', bio: null });

const unauthorized = () => HttpResponse.json<ErrorBody>({ message: 'Unauthorized' }, { status: 401 });

/**
 * A server with one session at a time: `signedIn` is whose it is (null: none). Each person has their own list of
 * blocked people, a query that never goes stale and that no live frame refreshes.
 */
function arrange() {
  const state: { signedIn: User | null } = { signedIn: ADA };
  const live = liveServer({ userId: ADA.id });
  const blockedBy: Record<number, components['schemas']['BlockedUser'][]> = {
    [ADA.id]: [
      {
        id: 99,
        firstName: 'Mallory',
        lastName: 'Stalker',
        username: 'mallory',
        role: 'explorer',
        profileImageUrl: null,
        blockedAt: '2025-01-02T00:00:00Z',
      },
    ],
    [BOB.id]: [],
  };
  const me = () => (state.signedIn ? HttpResponse.json<User>(state.signedIn) : unauthorized());
  const whenSignedIn =
    <B extends DefaultBodyType>(answer: () => HttpResponse<B>) =>
    () =>
      state.signedIn ? answer() : unauthorized();
  server.use(
    live.handler,
    http.get('/api/auth/user', me),
    http.get('/api/auth/user-refresh', me),
    http.post('/api/auth/login', async ({ request }) => {
      const { username } = (await request.json()) as { username: string };
      state.signedIn = username === 'bob' ? BOB : ADA;
      // The server sets its hint cookie beside the session (src/lib/last-user.ts).
      document.cookie = 'grow_signed_in=1; Path=/';
      return HttpResponse.json({ user: state.signedIn });
    }),
    http.get(
      '/api/notifications/count',
      whenSignedIn(() => HttpResponse.json({ count: 0 })),
    ),
    http.get(
      '/api/connections/requests',
      whenSignedIn(() => HttpResponse.json([])),
    ),
    http.get(
      '/api/connections/collaboration-requests',
      whenSignedIn(() => HttpResponse.json([])),
    ),
    http.get(
      '/api/conversations',
      whenSignedIn(() => HttpResponse.json([])),
    ),
    http.get(
      '/api/rewards',
      whenSignedIn(() => HttpResponse.json(makeRewards())),
    ),
    http.get(
      '/api/connections/with-users',
      whenSignedIn(() => HttpResponse.json([])),
    ),
    http.get(
      '/api/projects',
      whenSignedIn(() => HttpResponse.json([])),
    ),
    http.get(
      '/api/communities',
      whenSignedIn(() => HttpResponse.json([])),
    ),
    http.get('/api/users/blocked', () =>
      state.signedIn ? HttpResponse.json(blockedBy[state.signedIn.id]) : unauthorized(),
    ),
    http.get('/api/account/export', unauthorized),
    // Settings shows the notification choices.
    http.get(
      '/api/users/me/notification-settings',
      whenSignedIn(() => HttpResponse.json({ push: { reward: true }, emailDigest: 'weekly' as const })),
    ),
  );
  return { state, live };
}

/** Every query the cache holds but the current user's, which is null once nobody is signed in. */
function leftovers(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.queryKey[0] !== CURRENT_USER_KEY[0])
    .map((query) => query.queryKey[0]);
}

async function signIn(username: string) {
  const login = within(await screen.findByRole('tabpanel', { name: 'LOGIN' }));
  await userEvent.type(login.getByLabelText('Username'), username);
  await userEvent.type(login.getByLabelText('Password'), 'Sunflower42!');
  await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
}

/** What this browser keeps for an offline reload (src/lib/persisted-cache.ts). */
const keptForOffline = () => Object.keys(localStorage).filter((key) => key.startsWith(PERSIST_PREFIX));

/** Settings, with Ada's blocked people loaded, and her screens and a message typed offline kept here. */
async function onAdasProfile() {
  const arranged = arrange();
  const rendered = renderWithProviders(<AppRoutes />, { path: '/settings' });
  expect(await screen.findAllByText('Mallory Stalker', {}, { timeout: 5000 })).not.toHaveLength(0);
  await vi.waitUntil(() => liveChannel.getStatus() === 'open');
  writePersisted('queries', {
    version: PERSIST_VERSION,
    userId: ADA.id,
    savedAt: Date.now(),
    state: { queries: [] },
  });
  writePersisted('outbox', { userId: ADA.id, items: [{ clientId: 'c1', content: 'to Bob, typed offline' }] });
  expect(keptForOffline()).toHaveLength(2);
  return { ...arranged, ...rendered };
}

beforeEach(() => localStorage.clear());
afterEach(() => liveChannel.stop());

describe('a session that ends without the person asking', () => {
  it('the session_ended frame forgets every query and the live channel, and lands on sign-in saying so', async () => {
    const { state, live, queryClient, location } = await onAdasProfile();
    expect(leftovers(queryClient)).toContain('/api/users/blocked');

    state.signedIn = null;
    act(() => live.push({ type: 'session_ended' }));

    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(leftovers(queryClient)).toEqual([]);
    expect(keptForOffline()).toEqual([]);
    expect(screen.getByText(ENDED_LINE)).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(liveChannel.getStatus()).toBe('closed');
    await vi.waitUntil(() => live.openCount() === 0);
    expect(screen.queryAllByText('Mallory Stalker')).toEqual([]);
  });

  it('a sign-in in another tab of this browser, which ended this session, is still signed in after a reload', async () => {
    const { state, live, unmount } = await onAdasProfile();
    // The other tab's sign-in ends the session this tab held (the server never reuses one) and sets its own
    // cookies, the hint among them; this tab hears only the end.
    act(() => live.push({ type: 'session_ended' }));
    expect(await screen.findByText(ENDED_LINE)).toBeInTheDocument();
    unmount();
    liveChannel.stop();

    renderWithProviders(<AppRoutes />, { path: '/settings' });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(ENDED_LINE)).toBeNull();
    expect(state.signedIn).toBe(ADA);
  });

  it('a session that truly ended is found over at the next visit, which drops the hint', async () => {
    const { state, live, unmount } = await onAdasProfile();
    state.signedIn = null;
    act(() => live.push({ type: 'session_ended' }));
    expect(await screen.findByText(ENDED_LINE)).toBeInTheDocument();
    unmount();
    liveChannel.stop();

    renderWithProviders(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(hasSessionHint()).toBe(false);
  });

  it('a 401 on any call (here Download my data) does the same', async () => {
    const { state, queryClient, location } = await onAdasProfile();

    state.signedIn = null;
    await userEvent.click(screen.getByRole('button', { name: /Download my data/ }));

    expect(await screen.findByText(ENDED_LINE)).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(leftovers(queryClient)).toEqual([]);
    expect(keptForOffline()).toEqual([]);
    expect(liveChannel.getStatus()).toBe('closed');
  });

  it('an expired or suspended session, found by the poll while the socket is down, does the same', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { state, live, queryClient } = await onAdasProfile();
      live.setRefusing(true);
      act(() => live.dropAll());
      await vi.waitUntil(() => liveChannel.getStatus() !== 'open');

      state.signedIn = null;
      await act(() => vi.advanceTimersByTimeAsync(2000));

      expect(await screen.findByText(ENDED_LINE)).toBeInTheDocument();
      expect(leftovers(queryClient)).toEqual([]);
      expect(keptForOffline()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signing in again returns the same person to the screen they were on', async () => {
    const { state, live } = arrange();
    const { location } = renderWithProviders(<AppRoutes />, { path: '/ideate' });
    await vi.waitUntil(() => liveChannel.getStatus() === 'open');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Ideate');
    expect(
      await screen.findByText('Time to go connect with some exciting people!!', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    state.signedIn = null;
    act(() => live.push({ type: 'session_ended' }));
    expect(await screen.findByText(ENDED_LINE)).toBeInTheDocument();
    expect(location()).toBe('/');

    await signIn('ada');
    await vi.waitUntil(() => location() === '/ideate');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(ENDED_LINE)).toBeNull();
  });

  it('the next person signs in at home and sees nothing of the one before', async () => {
    const { state, live, location } = await onAdasProfile();
    state.signedIn = null;
    act(() => live.push({ type: 'session_ended' }));

    await signIn('bob');
    await vi.waitUntil(() => location() === '/');
    const header = await screen.findByRole('banner');

    await userEvent.click(within(header).getByRole('link', { name: /Profile/ }));
    await userEvent.click(await screen.findByRole('link', { name: /Settings/ }));
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(screen.queryAllByText('Mallory Stalker')).toEqual([]);
    expect(screen.queryByText('Ada’s private notes')).toBeNull();
  });

  it('a person signed in in another tab (the cookie is shared) replaces the one before, who is forgotten', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { state, live, queryClient } = await onAdasProfile();
      live.setRefusing(true);
      act(() => live.dropAll());
      await vi.waitUntil(() => liveChannel.getStatus() !== 'open');

      state.signedIn = BOB;
      await act(() => vi.advanceTimersByTimeAsync(2000));

      expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
      expect(screen.queryAllByText('Mallory Stalker')).toEqual([]);
      expect(queryClient.getQueryData(CURRENT_USER_KEY)).toMatchObject({ id: BOB.id });
      expect(keptForOffline()).toEqual([]);
      expect(screen.queryByText(ENDED_LINE)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ways out the person asked for', () => {
  it('Log Out forgets everything and says nothing about a session that ended', async () => {
    const { state, queryClient, location } = await onAdasProfile();
    server.use(
      http.post('/api/auth/logout', () => {
        state.signedIn = null;
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to Profile' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.queryByText(ENDED_LINE)).toBeNull();
    expect(leftovers(queryClient)).toEqual([]);
    expect(keptForOffline()).toEqual([]);
    expect(liveChannel.getStatus()).toBe('closed');
  });

  it('Log Out with no network signs out here, says so, and ends the session once the network is back', async () => {
    const { state, queryClient, location } = await onAdasProfile();
    let reachable = false;
    const asked: string[] = [];
    server.use(
      http.post('/api/auth/logout', () => {
        asked.push(reachable ? 'answered' : 'lost');
        if (!reachable) return HttpResponse.error();
        state.signedIn = null;
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to Profile' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(currentToast()).toMatchObject(UNCONFIRMED_LOGOUT);
    expect(hasPendingLogout()).toBe(true);
    expect(hasSessionHint()).toBe(false);
    expect(leftovers(queryClient)).toEqual([]);
    // Until the server hears it, nobody is taken for signed in, even were the hint back.
    document.cookie = 'grow_signed_in=1; path=/';
    expect(await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 })).toBeNull();

    reachable = true;
    expect(await finishPendingLogout()).toBe(true);
    expect(asked).toEqual(['lost', 'answered']);
    expect(state.signedIn).toBeNull();
    expect(hasPendingLogout()).toBe(false);
  });

  it('deleting the account forgets everything, its saved quick login too, and keeps the others', async () => {
    localStorage.setItem(
      REMEMBERED_USERS_KEY,
      JSON.stringify([
        { username: 'ada', firstName: 'Ada', rememberToken: 'ada-token' },
        { username: 'bob', firstName: 'Bob', rememberToken: 'bob-token' },
      ]),
    );
    const { state, live, queryClient, location } = await onAdasProfile();
    server.use(
      http.delete('/api/account', () => {
        state.signedIn = null;
        // The server ends the account's sessions: this tab hears it before the answer comes.
        live.push({ type: 'session_ended' });
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: /Delete my account/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Sunflower42!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.queryByText(ENDED_LINE)).toBeNull();
    expect(leftovers(queryClient)).toEqual([]);
    expect(keptForOffline()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_USERS_KEY) ?? '[]')).toEqual([
      { username: 'bob', firstName: 'Bob', rememberToken: 'bob-token' },
    ]);
  });
});
