import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { http } from '@/test/http';
import { describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { Notification } from '@/features/notifications/api/notifications';
import NotificationCentre from '@/features/notifications/components/notification-centre';
import {
  makeNotification,
  notificationsServer,
  type NotificationsServerOptions,
} from '@/features/notifications/fixtures';

setupMswServer();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function three(): Notification[] {
  return [
    makeNotification({
      id: 3,
      type: 'project_support',
      title: 'New supporter',
      message: 'Grace backed Solar Kiln.',
      data: { projectId: 12 },
      createdAt: minutesAgo(0.2),
    }),
    makeNotification({
      id: 2,
      type: 'reward',
      title: 'Level Up!',
      message: 'Congratulations! You reached Fresher II',
      data: { url: '/rewards' },
      createdAt: minutesAgo(3 * 60),
    }),
    makeNotification({
      id: 1,
      title: 'Your daily spark',
      isRead: true,
      data: {},
      createdAt: minutesAgo(2 * 24 * 60),
    }),
  ];
}

function open(items: Notification[] = three(), options: NotificationsServerOptions = {}) {
  const fake = notificationsServer(items, options);
  server.use(...fake.handlers);
  const onOpenChange = vi.fn();
  const rendered = renderWithProviders(<NotificationCentre open onOpenChange={onOpenChange} />, {
    path: '/search',
  });
  return { ...rendered, ...fake, onOpenChange };
}

const list = () => screen.getByRole('list', { name: 'Notifications' });
const item = (title: string) => within(list()).getByText(title).closest('li')!;

describe('the notification centre', () => {
  it('shows a skeleton while loading, then the list, newest first, with relative times', async () => {
    open();
    expect(screen.getByLabelText('Loading notifications')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    const rows = within(list()).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('time')?.textContent)).toEqual([
      'Just now',
      '3h ago',
      '2d ago',
    ]);
    expect(screen.queryByLabelText('Loading notifications')).not.toBeInTheDocument();
  });

  it('highlights the unread ones and says how many there are', async () => {
    open();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(within(item('New supporter')).getByText('Unread')).toHaveClass('sr-only');
    expect(within(item('Level Up!')).getByText('Unread')).toBeInTheDocument();
    expect(within(item('Your daily spark')).queryByText('Unread')).not.toBeInTheDocument();
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
  });

  it('has a friendly empty state', async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'All quiet for now' })).toBeInTheDocument();
    expect(await screen.findByText('You’re all caught up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    const { state } = open(three(), { fail: { list: true } });
    expect(
      await screen.findByRole('heading', { name: 'Couldn’t load your notifications' }),
    ).toBeInTheDocument();
    state.fail.list = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('loads more by the Link header until there is no next page', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      makeNotification({ id: 100 - i, title: `Note ${i + 1}`, createdAt: minutesAgo(i) }),
    );
    const { calls } = open(many);
    await screen.findByText('Note 1');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Note 25')).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('GET /api/notifications?'))).toEqual([
      'GET /api/notifications?limit=20',
      'GET /api/notifications?limit=20&cursor=20',
    ]);
  });

  it('tapping an unread one marks it read and goes to its project', async () => {
    const { calls, location, onOpenChange } = open();
    await userEvent.click(await screen.findByText('New supporter'));
    await waitFor(() => expect(calls).toContain('POST /api/notifications/3/read'));
    expect(location()).toBe('/project/12');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('tapping one goes to data.url when it names no project', async () => {
    const { location } = open();
    await userEvent.click(await screen.findByText('Level Up!'));
    expect(location()).toBe('/rewards');
  });

  it('tapping a read one that points nowhere calls nothing and stays open', async () => {
    const { calls, location, onOpenChange } = open();
    await userEvent.click(await screen.findByText('Your daily spark'));
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    expect(location()).toBe('/search');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('marks all read', async () => {
    const { calls } = open();
    await screen.findByText('2 unread');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(calls).toContain('POST /api/notifications/read-all');
    expect(await screen.findByText('You’re all caught up')).toBeInTheDocument();
    expect(within(list()).queryByText('Unread')).not.toBeInTheDocument();
  });

  it('deletes one with its own labelled button', async () => {
    const { calls } = open();
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: Level Up!' }));
    await waitFor(() => expect(screen.queryByText('Level Up!')).not.toBeInTheDocument());
    expect(calls).toContain('DELETE /api/notifications/2');
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  it("says 'Failed to mark as read' and keeps it unread when marking fails", async () => {
    open(three(), { fail: { read: true } });
    await userEvent.click(await screen.findByText('New supporter'));
    await waitFor(() => expect(currentToast()?.title).toBe('Failed to mark as read'));
    expect(currentToast()?.variant).toBe('destructive');
    expect(within(item('New supporter')).getByText('Unread')).toBeInTheDocument();
  });

  it("says 'Failed to mark all as read' and shows them unread again", async () => {
    open(three(), { fail: { readAll: true } });
    await screen.findByText('2 unread');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Failed to mark all as read')).toBeInTheDocument();
    expect(within(item('New supporter')).getByText('Unread')).toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });

  it("says 'Failed to delete notification' and puts it back", async () => {
    open(three(), { fail: { delete: true } });
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: Level Up!' }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
    expect(within(list()).getByText('Level Up!')).toBeInTheDocument();
  });

  /** The list, once loaded, answers slowly: what the screen shows meanwhile is its own doing. */
  const slowReloads = () => {
    let loads = 0;
    return http.get('/api/notifications', async () => {
      loads += 1;
      if (loads > 1) await delay(800);
      // Falls through to the fake server's answer.
    });
  };

  it('a failed delete puts back only that one: another deleted meanwhile stays deleted', async () => {
    const fake = notificationsServer(three());
    server.use(
      slowReloads(),
      http.delete('/api/notifications/2', async () => {
        await delay(150);
        return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
      }),
      ...fake.handlers,
    );
    renderWithProviders(<NotificationCentre open onOpenChange={() => {}} />, { path: '/search' });
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: Level Up!' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete notification: New supporter' }));
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument();
    expect(within(list()).getByText('Level Up!')).toBeInTheDocument();
    expect(within(list()).queryByText('New supporter')).toBeNull();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list()).getAllByRole('listitem')[0]).toHaveTextContent('Level Up!');
  });

  it('a failed mark read undoes only that one: the rest, marked all read meanwhile, stay read', async () => {
    const fake = notificationsServer(three());
    server.use(
      slowReloads(),
      http.post('/api/notifications/3/read', async () => {
        await delay(150);
        return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
      }),
      ...fake.handlers,
    );
    renderWithProviders(<NotificationCentre open onOpenChange={() => {}} />, { path: '/search' });
    await screen.findByText('2 unread');
    await userEvent.click(screen.getByText('New supporter'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Failed to mark as read')).toBeInTheDocument();
    expect(within(item('Level Up!')).queryByText('Unread')).toBeNull();
    expect(within(item('New supporter')).getByText('Unread')).toBeInTheDocument();
  });
});
