import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { useCurrentUser } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { authLive } from './live';

setupMswServer();

/** The current user's bio, and a second, unrelated list on screen. */
function Screen() {
  const { user } = useCurrentUser();
  const unread = useQuery<{ count: number }>({ queryKey: ['/api/notifications/count'] });
  return (
    <>
      <p>{user ? `bio: ${user.bio ?? '-'}` : 'signed out'}</p>
      <p>{`unread: ${unread.data?.count ?? '…'}`}</p>
    </>
  );
}

function arrange() {
  const counts = { user: 0, unread: 0 };
  let bio = 'first';
  server.use(
    http.get('/api/auth/user', () => {
      counts.user += 1;
      return HttpResponse.json(makeUser({ bio }));
    }),
    http.get('/api/notifications/count', () => {
      counts.unread += 1;
      return HttpResponse.json({ count: 2 });
    }),
  );
  return { counts, setBio: (next: string) => (bio = next) };
}

const route = createFrameRouter([authLive]);

describe('the auth live handlers', () => {
  it('user_updated refetches the current user at once, although it never goes stale by itself', async () => {
    const { counts, setBio } = arrange();
    const { queryClient } = renderWithProviders(<Screen />);
    expect(await screen.findByText('bio: first')).toBeInTheDocument();
    expect(await screen.findByText('unread: 2')).toBeInTheDocument();

    setBio('changed in another tab');
    route({ type: 'user_updated' }, { queryClient });
    expect(await screen.findByText('bio: changed in another tab')).toBeInTheDocument();
    // Exactly the query it concerns.
    expect(counts).toEqual({ user: 2, unread: 1 });
  });

  it('ready catches up on the current user (changes before the socket opened were not pushed)', async () => {
    const { counts, setBio } = arrange();
    const { queryClient } = renderWithProviders(<Screen />);
    await screen.findByText('unread: 2');

    setBio('changed while offline');
    route({ type: 'ready', userId: 7 }, { queryClient });
    expect(await screen.findByText('bio: changed while offline')).toBeInTheDocument();
    expect(counts).toEqual({ user: 2, unread: 1 });
  });
});
