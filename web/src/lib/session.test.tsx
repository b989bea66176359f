import { act, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCurrentUser, useSessionRefresh } from '@/lib/session';
import { liveChannel } from '@/lib/ws';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

function WhoAmI() {
  const { user, isLoading, error, retry } = useCurrentUser();
  if (isLoading) return <p>resolving</p>;
  if (error)
    return (
      <button type="button" onClick={retry}>
        {`failed: ${error.message}`}
      </button>
    );
  return <p>{user ? `${user.firstName} has ${user.coins}` : 'signed out'}</p>;
}

/** The poll, mounted once as the app mounts it (src/app/session-refresh.tsx). */
function SessionRefresh() {
  useSessionRefresh();
  return null;
}

/** One poller and any number of readers of the user. */
function App({ readers = 1 }: { readers?: number }) {
  return (
    <>
      <SessionRefresh />
      {Array.from({ length: readers }, (_, i) => (
        <WhoAmI key={i} />
      ))}
    </>
  );
}

describe('useCurrentUser', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    liveChannel.stop();
    vi.useRealTimers();
  });

  it('treats a 401 as signed out, not as an error', async () => {
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
    );
    renderWithProviders(<App />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('polls /api/auth/user-refresh every 2 s while the live channel is down, writing it into the user cache', async () => {
    let refreshes = 0;
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json(makeUser({ coins: 10 }))),
      http.get('/api/auth/user-refresh', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser({ coins: 10 + refreshes }));
      }),
    );
    const { queryClient } = renderWithProviders(<App />);
    expect(await screen.findByText('Ada has 10')).toBeInTheDocument();
    expect(refreshes).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Ada has 11')).toBeInTheDocument();
    expect(queryClient.getQueryData(['/api/auth/user'])).toMatchObject({ coins: 11 });

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Ada has 12')).toBeInTheDocument();
  });

  it('stops polling while the live channel is open and polls again once it drops', async () => {
    let refreshes = 0;
    const live = liveServer();
    server.use(
      live.handler,
      http.get('/api/auth/user', () => HttpResponse.json(makeUser({ coins: 10 }))),
      http.get('/api/auth/user-refresh', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser({ coins: 10 + refreshes }));
      }),
    );
    renderWithProviders(<App />);
    expect(await screen.findByText('Ada has 10')).toBeInTheDocument();

    act(() => liveChannel.start());
    await vi.waitUntil(() => liveChannel.getStatus() === 'open');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(refreshes).toBe(0);
    expect(screen.getByText('Ada has 10')).toBeInTheDocument();

    // The socket drops and cannot come back yet: the 2 s poll resumes.
    live.setRefusing(true);
    act(() => live.dropAll());
    await vi.waitUntil(() => liveChannel.getStatus() !== 'open');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('Ada has 11')).toBeInTheDocument();

    // Back online: polling stops again.
    live.setRefusing(false);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitUntil(() => liveChannel.getStatus() === 'open');
    const polled = refreshes;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(refreshes).toBe(polled);
  });

  it('polls once per interval however many components read the user', async () => {
    let refreshes = 0;
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json(makeUser({ coins: 10 }))),
      http.get('/api/auth/user-refresh', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser({ coins: 10 + refreshes }));
      }),
    );
    renderWithProviders(<App readers={4} />);
    expect(await screen.findAllByText('Ada has 10')).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findAllByText('Ada has 11')).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(refreshes).toBe(3);
  });

  it('reading the user alone does not poll', async () => {
    let refreshes = 0;
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json(makeUser())),
      http.get('/api/auth/user-refresh', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser());
      }),
    );
    renderWithProviders(<WhoAmI />);
    await screen.findByText('Ada has 120');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(refreshes).toBe(0);
  });

  it('any other failure than a 401 is an error to retry, not a sign-out', async () => {
    let fail = true;
    server.use(
      http.get('/api/auth/user', () =>
        fail
          ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })
          : HttpResponse.json(makeUser()),
      ),
    );
    renderWithProviders(<App />);
    const retry = await screen.findByRole('button', {
      name: 'failed: 500: {"message":"Something went wrong"}',
    });
    expect(screen.queryByText('signed out')).toBeNull();
    fail = false;
    act(() => retry.click());
    expect(await screen.findByText('Ada has 120')).toBeInTheDocument();
  });

  it('a 401 from the refresh signs the user out', async () => {
    server.use(
      http.get('/api/auth/user', () => HttpResponse.json(makeUser())),
      http.get('/api/auth/user-refresh', () =>
        HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    renderWithProviders(<App />);
    expect(await screen.findByText('Ada has 120')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });
});
