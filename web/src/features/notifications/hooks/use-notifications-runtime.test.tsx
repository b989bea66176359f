import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveChannel } from '@/lib/ws';
import { http } from '@/test/http';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import {
  FAKE_KEYS,
  fakePushBrowser,
  makeNotification,
  notificationsServer,
  removeFakePushBrowser,
} from '@/features/notifications/fixtures';
import {
  resetFirstInteractionAsk,
  useNotificationsRuntime,
} from '@/features/notifications/hooks/use-notifications-runtime';
import {
  NOTIFICATION_COUNT_KEY,
  PROMPT_DISMISSED_KEY,
  readStoredCount,
  resetPushState,
  writeStoredCount,
} from '@/features/notifications/lib/push';

setupMswServer();

function Runtime({ userId = 7 }: { userId?: number }) {
  const count = useNotificationsRuntime(userId);
  return (
    <>
      <p>{`unread ${count}`}</p>
      <button type="button">Somewhere in the app</button>
      <div data-push-prompt="">
        <button type="button">Not now</button>
      </div>
    </>
  );
}

/** Two unread (the newest first) and one read, as the server holds them. */
function arrange() {
  const fake = notificationsServer([
    makeNotification({
      id: 9,
      type: 'project_support',
      title: 'New supporter',
      message: 'Grace backed Solar Kiln.',
      data: { projectId: 12 },
    }),
    makeNotification({ id: 8, title: 'Level Up!' }),
    makeNotification({ id: 7, isRead: true }),
  ]);
  server.use(...fake.handlers);
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeFakePushBrowser();
  localStorage.clear();
  resetPushState();
  resetFirstInteractionAsk();
  liveChannel.stop();
});

describe('the browser notification when the unread count rises (spec 001 §4)', () => {
  it('shows the first unread one, tagged as its push is, when the count rises above the stored count', async () => {
    arrange();
    const browser = fakePushBrowser('granted');
    server.use(
      http.get('/api/push/public-key', () => HttpResponse.json({ publicKey: 'AQID' })),
      http.post('/api/push/subscribe', () => new HttpResponse(null, { status: 201 })),
    );
    writeStoredCount(7, 1);
    renderWithProviders(<Runtime />);
    expect(await screen.findByText('unread 2')).toBeInTheDocument();
    await waitFor(() => expect(browser.showNotification).toHaveBeenCalledTimes(1));
    expect(browser.showNotification).toHaveBeenCalledWith('New supporter', {
      body: 'Grace backed Solar Kiln.',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: 'notification-9',
      data: { url: '/project/12', id: 9 },
    });
    expect(readStoredCount(7)).toBe(2);
  });

  it('does not alert when the count is not above the stored one, and stores what it saw', async () => {
    const { state } = arrange();
    const browser = fakePushBrowser('granted');
    server.use(
      http.get('/api/push/public-key', () => HttpResponse.json({ publicKey: 'AQID' })),
      http.post('/api/push/subscribe', () => new HttpResponse(null, { status: 201 })),
    );
    writeStoredCount(7, 3);
    renderWithProviders(<Runtime />);
    expect(await screen.findByText('unread 2')).toBeInTheDocument();
    await waitFor(() => expect(readStoredCount(7)).toBe(2));
    expect(browser.showNotification).not.toHaveBeenCalled();
    expect(state.items).toHaveLength(3);
  });

  it('does not alert without permission, but keeps the stored count current', async () => {
    arrange();
    const browser = fakePushBrowser('default');
    renderWithProviders(<Runtime />);
    expect(await screen.findByText('unread 2')).toBeInTheDocument();
    await waitFor(() => expect(readStoredCount(7)).toBe(2));
    expect(browser.showNotification).not.toHaveBeenCalled();
  });

  it("compares with this user's stored count only", () => {
    writeStoredCount(7, 4);
    expect(readStoredCount(7)).toBe(4);
    expect(readStoredCount(8)).toBe(0);
    localStorage.setItem(NOTIFICATION_COUNT_KEY, 'not json');
    expect(readStoredCount(7)).toBe(0);
  });
});

describe('the unread count', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is polled every 30 s while the live channel is down, and not while it is open', async () => {
    const { calls } = arrange();
    const live = liveServer();
    server.use(live.handler);
    const counts = () => calls.filter((c) => c === 'GET /api/notifications/count').length;
    renderWithProviders(<Runtime />);
    expect(await screen.findByText('unread 2')).toBeInTheDocument();
    expect(counts()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(counts()).toBe(2));

    act(() => liveChannel.start());
    await vi.waitUntil(() => liveChannel.getStatus() === 'open');
    const polled = counts();
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    // `ready` refetched it once on connect; nothing polled after that.
    expect(counts()).toBeLessThanOrEqual(polled + 1);
  });
});

describe('asking for permission and subscribing (spec 001 §4)', () => {
  it('asks on the first tap after sign-in, once', async () => {
    arrange();
    const browser = fakePushBrowser('default');
    browser.answer('default');
    renderWithProviders(<Runtime />);
    await screen.findByText('unread 2');
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Somewhere in the app' }));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Somewhere in the app' }));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('leaves a tap on the card to the card', async () => {
    arrange();
    const browser = fakePushBrowser('default');
    renderWithProviders(<Runtime />);
    await screen.findByText('unread 2');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('never asks by itself once the card was dismissed', async () => {
    arrange();
    localStorage.setItem(PROMPT_DISMISSED_KEY, '1');
    const browser = fakePushBrowser('default');
    renderWithProviders(<Runtime />);
    await screen.findByText('unread 2');
    await userEvent.click(screen.getByRole('button', { name: 'Somewhere in the app' }));
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('once granted, subscribes with the server key and gives the subscription to the server', async () => {
    arrange();
    const browser = fakePushBrowser('default');
    const posted: unknown[] = [];
    server.use(
      http.get('/api/push/public-key', () => HttpResponse.json({ publicKey: 'AQID_w' })),
      http.post('/api/push/subscribe', async ({ request }) => {
        posted.push(await request.json());
        return new HttpResponse(null, { status: 201 });
      }),
    );
    renderWithProviders(<Runtime />);
    await screen.findByText('unread 2');
    await userEvent.click(screen.getByRole('button', { name: 'Somewhere in the app' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3, 255]),
    });
    expect(posted[0]).toEqual({ endpoint: 'http://127.0.0.1:9/push/abc', keys: FAKE_KEYS });
  });
});

describe('a tapped system notification', () => {
  it('takes the open app where it points', async () => {
    arrange();
    const browser = fakePushBrowser('denied');
    const { location } = renderWithProviders(<Runtime />, { path: '/search' });
    await screen.findByText('unread 2');
    act(() => browser.postFromWorker({ type: 'grow:navigate', url: '/project/12' }));
    expect(location()).toBe('/project/12');
    act(() => browser.postFromWorker({ type: 'grow:navigate', url: '//evil.example' }));
    expect(location()).toBe('/project/12');
    act(() => browser.postFromWorker({ type: 'grow:navigate', url: '/\\evil.example' }));
    expect(location()).toBe('/project/12');
  });
});
