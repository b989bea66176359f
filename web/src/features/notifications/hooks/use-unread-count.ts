import { useQuery } from '@tanstack/react-query';
import { useLiveStatus } from '@/lib/ws';
import { unreadCountQuery } from '@/features/notifications/api/notifications';

/** spec 001 §9: the unread count is polled every 30 s, here only while the live channel is down. */
export const UNREAD_COUNT_POLL_MS = 30_000;

/**
 * The signed-in user's unread notification count (undefined until known). While the live channel is open, `notification`
 * and `notifications_changed` frames refresh it (../live.ts) and nothing polls; while it is down, it is polled.
 */
export function useUnreadCount(): number | undefined {
  const live = useLiveStatus();
  const { data } = useQuery({
    ...unreadCountQuery(),
    refetchInterval: live === 'open' ? false : UNREAD_COUNT_POLL_MS,
  });
  return data;
}
