import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { applyLiveFrame } from '@/lib/live-cache';
import { useCurrentUser } from '@/lib/session';
import type { ServerFrame } from '@/lib/ws';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

/** The current user's bio, and a second, unrelated list on screen. */
function Screen() {
  const { user } = useCurrentUser();
  const projects = useQuery<string[]>({ queryKey: ['/api/projects'] });
  return (
    <>
      <p>{user ? `bio: ${user.bio ?? '-'}` : 'signed out'}</p>
      <p>{`projects: ${projects.data?.length ?? '…'}`}</p>
    </>
  );
}

/** The server's records, counting reads. */
function arrange() {
  const counts = { user: 0, projects: 0 };
  let bio = 'first';
  server.use(
    http.get('/api/auth/user', () => {
      counts.user += 1;
      return HttpResponse.json(makeUser({ bio }));
    }),
    // The socket is not open here, so useCurrentUser polls; its answers are not what these tests count.
    http.get('/api/auth/user-refresh', () => HttpResponse.json(makeUser({ bio }))),
    http.get('/api/projects', () => {
      counts.projects += 1;
      return HttpResponse.json(['a', 'b']);
    }),
  );
  return { counts, setBio: (next: string) => (bio = next) };
}

async function renderScreen() {
  const result = renderWithProviders(<Screen />);
  expect(await screen.findByText('bio: first')).toBeInTheDocument();
  expect(await screen.findByText('projects: 2')).toBeInTheDocument();
  return result;
}

describe('applyLiveFrame', () => {
  it('user_updated refetches the current user at once, although it never goes stale by itself', async () => {
    const { counts, setBio } = arrange();
    const { queryClient } = await renderScreen();
    expect(counts).toEqual({ user: 1, projects: 1 });

    setBio('changed in another tab');
    applyLiveFrame(queryClient, { type: 'user_updated' });
    expect(await screen.findByText('bio: changed in another tab')).toBeInTheDocument();
    // Exactly the query it concerns.
    expect(counts).toEqual({ user: 2, projects: 1 });
  });

  it('ready catches up on the current user once (changes before the socket opened were not pushed)', async () => {
    const { counts, setBio } = arrange();
    const { queryClient } = await renderScreen();

    setBio('changed while offline');
    applyLiveFrame(queryClient, { type: 'ready', userId: 7 });
    expect(await screen.findByText('bio: changed while offline')).toBeInTheDocument();
    expect(counts).toEqual({ user: 2, projects: 1 });
  });

  it('pong and frame types newer than this build change nothing', async () => {
    const { counts } = arrange();
    const { queryClient } = await renderScreen();

    applyLiveFrame(queryClient, { type: 'pong' });
    applyLiveFrame(queryClient, { type: 'from_the_future' } as unknown as ServerFrame);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toEqual({ user: 1, projects: 1 });
    expect(screen.getByText('bio: first')).toBeInTheDocument();
  });
});
