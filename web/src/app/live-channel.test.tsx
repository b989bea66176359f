import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/routes';
import type { User } from '@/lib/session';
import { liveChannel } from '@/lib/ws';
import { makeRewards, makeUser } from '@/test/fixtures';
import { http, type ErrorBody } from '@/test/http';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

/** A signed-in server whose user record can change "elsewhere"; counts the 2 s polls. */
function arrange() {
  const live = liveServer({ userId: 7 });
  const state = { bio: 'Poetical science.', signedIn: true, refreshes: 0 };
  const current = () =>
    state.signedIn
      ? HttpResponse.json<User>(makeUser({ id: 7, bio: state.bio }))
      : HttpResponse.json<ErrorBody>({ message: 'Unauthorized' }, { status: 401 });
  server.use(
    live.handler,
    http.get('/api/auth/user', current),
    http.get('/api/auth/user-refresh', () => {
      state.refreshes += 1;
      return current();
    }),
    // The shell shows the unread count (the bell).
    http.get('/api/notifications/count', () => HttpResponse.json({ count: 0 })),
    // The shell's avatar dot and the profile's tabs read the pending requests (src/features/connections).
    http.get('/api/connections/requests', () => HttpResponse.json([])),
    http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
    // The Ideate tab's dot reads the conversations (src/features/chat).
    http.get('/api/conversations', () => HttpResponse.json([])),
    // The signed-in app asks once for the day's login bonus (src/features/rewards).
    http.get('/api/rewards', () => HttpResponse.json(makeRewards())),
    http.post('/api/auth/logout', () => {
      state.signedIn = false;
      return HttpResponse.json({ message: 'Logged out successfully' });
    }),
  );
  return { live, state };
}

describe('<LiveChannel /> in the signed-in app', () => {
  it('opens one socket for the signed-in user and refetches them on user_updated', async () => {
    const { live, state } = arrange();
    renderWithProviders(<AppRoutes />, { path: '/profile' });
    // The first test loads (and transforms) the profile's lazy chunk.
    expect(await screen.findByText('Poetical science.', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(liveChannel.getStatus()).toBe('open'));
    expect(live.connections()).toBe(1);

    // The profile changes in another tab; the server pushes user_updated.
    state.bio = 'Analytical engines.';
    live.push({ type: 'user_updated' });
    expect(await screen.findByText('Analytical engines.')).toBeInTheDocument();
    // Not by polling.
    expect(state.refreshes).toBe(0);
    expect(live.connections()).toBe(1);
  });

  it('closes the socket on log out, and does not reconnect', async () => {
    const { live } = arrange();
    const { location } = renderWithProviders(<AppRoutes />, { path: '/profile' });
    await screen.findByText('Poetical science.');
    await waitFor(() => expect(live.openCount()).toBe(1));

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(liveChannel.getStatus()).toBe('closed');
    await waitFor(() => expect(live.openCount()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(live.connections()).toBe(1);
  });

  it('opens no socket for a signed-out visitor', async () => {
    const { live, state } = arrange();
    state.signedIn = false;
    renderWithProviders(<AppRoutes />, { path: '/' });
    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(live.connections()).toBe(0);
    expect(liveChannel.getStatus()).toBe('closed');
  });

  it('after a reconnect, every live-backed query is refetched', async () => {
    const { live, state } = arrange();
    const { queryClient } = renderWithProviders(<AppRoutes />, { path: '/profile' });
    await screen.findByText('Poetical science.');
    await waitFor(() => expect(liveChannel.getStatus()).toBe('open'));
    // The profile changes while the socket is down: nothing is pushed.
    state.bio = 'Changed while away.';
    live.dropAll();
    await waitFor(() => expect(liveChannel.getStatus()).not.toBe('open'));
    // The socket comes back (after the first backoff step) and the server greets it with `ready`.
    await waitFor(() => expect(liveChannel.getStatus()).toBe('open'), { timeout: 3000 });
    expect(await screen.findByText('Changed while away.')).toBeInTheDocument();
    expect(queryClient.getQueryCache().find({ queryKey: ['/api/auth/user'] })?.meta).toEqual({ live: true });
  });
});
