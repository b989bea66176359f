import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { notificationsQuery, unreadCountQuery } from '@/features/notifications/api/notifications';
import { makeNotification, notificationsServer } from '@/features/notifications/fixtures';
import { notificationsLive } from '@/features/notifications/live';

setupMswServer();

function Screen() {
  const count = useQuery(unreadCountQuery());
  const list = useInfiniteQuery(notificationsQuery());
  return (
    <>
      <p>{`count: ${count.data ?? '…'}`}</p>
      <p>{`listed: ${list.data?.pages.flatMap((p) => p.items).length ?? '…'}`}</p>
    </>
  );
}

const route = createFrameRouter([notificationsLive]);

describe('the notifications live handlers', () => {
  it('a notification frame refreshes the count and the list at once', async () => {
    const fake = notificationsServer([makeNotification({ id: 1 })]);
    server.use(...fake.handlers);
    const { queryClient } = renderWithProviders(<Screen />);
    expect(await screen.findByText('count: 1')).toBeInTheDocument();
    expect(await screen.findByText('listed: 1')).toBeInTheDocument();

    fake.state.items.unshift(makeNotification({ id: 2 }));
    route({ type: 'notification', id: 2, notificationType: 'daily_motivation' }, { queryClient });
    expect(await screen.findByText('count: 2')).toBeInTheDocument();
    expect(await screen.findByText('listed: 2')).toBeInTheDocument();
  });

  it('notifications_changed (read or deleted in another tab) refreshes them too', async () => {
    const fake = notificationsServer([makeNotification({ id: 1 }), makeNotification({ id: 2 })]);
    server.use(...fake.handlers);
    const { queryClient } = renderWithProviders(<Screen />);
    expect(await screen.findByText('count: 2')).toBeInTheDocument();

    fake.state.items = [{ ...fake.state.items[0]!, isRead: true }];
    route({ type: 'notifications_changed' }, { queryClient });
    await waitFor(() => expect(screen.getByText('count: 0')).toBeInTheDocument());
    expect(await screen.findByText('listed: 1')).toBeInTheDocument();
  });

  it('both queries are live-backed, so a reconnect refetches them', () => {
    expect(unreadCountQuery().meta).toEqual({ live: true });
    expect(notificationsQuery().meta).toEqual({ live: true });
  });
});
