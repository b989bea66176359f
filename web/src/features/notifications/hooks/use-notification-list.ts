import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notificationsQuery, unreadCountQuery } from '../api/notifications';

/** The unread count as last read; the runtime (./use-notifications-runtime.ts) keeps it current. */
export function useUnreadTotal(): number {
  const { data = 0 } = useQuery(unreadCountQuery());
  return data;
}

/**
 * The notifications, page by page, read afresh whenever the centre opens: nothing else keeps the list current while
 * only the count was polled.
 */
export function useNotificationList() {
  return useInfiniteQuery({ ...notificationsQuery(), refetchOnMount: 'always' });
}

/** Reads the list ahead, so the centre opens on it (the bell pointed at, focused or tapped). */
export function usePrefetchNotifications(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.prefetchInfiniteQuery(notificationsQuery()), [queryClient]);
}
