import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsQuery, type Notification } from '@/features/notifications/api/notifications';
import {
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  readStoredCount,
  serviceWorkerRegistration,
  writeStoredCount,
} from '@/features/notifications/lib/push';
import { notificationTarget } from '@/features/notifications/lib/target';

/**
 * Shows a notification as the system does (through the service worker, which handles its tap: public/sw.js).
 * Its tag is the one a Web Push of the same notification carries, so the two never show twice.
 */
export async function showBrowserNotification(notification: Notification): Promise<void> {
  const registration = await serviceWorkerRegistration();
  await registration.showNotification(notification.title, {
    body: notification.message,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    tag: `notification-${notification.id}`,
    data: { url: notificationTarget(notification) ?? '/', id: notification.id },
  });
}

/** The newest unread notification, read fresh from the server (the cached list may predate the rise). */
async function firstUnread(queryClient: QueryClient): Promise<Notification | undefined> {
  const data = await queryClient.fetchInfiniteQuery({ ...notificationsQuery(), staleTime: 0 });
  return data.pages.flatMap((page) => page.items).find((item) => !item.isRead);
}

/**
 * spec 001 §4: "A browser notification appears when the unread count rises above the count stored locally and the
 * first unread item exists." Every count this app learns is stored (per user), so the comparison is with the last
 * count any tab of this device saw: two open tabs do not both alert, and a reload does not alert again.
 */
export function useRisingCountAlert(userId: number, count: number | undefined, granted: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (count === undefined) return;
    const previous = readStoredCount(userId);
    writeStoredCount(userId, count);
    if (count <= previous || !granted) return;
    void firstUnread(queryClient)
      .then((notification) => (notification ? showBrowserNotification(notification) : undefined))
      .catch((error: unknown) => console.error('Could not show the notification', error));
  }, [count, userId, granted, queryClient]);
}
