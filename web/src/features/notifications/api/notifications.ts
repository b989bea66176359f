import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { api, linkParam, unwrap, unwrapPage } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';

/**
 * Where a notification points (spec 001 §3 `data`): an in-app `url`, a `projectId`, … depending on its type. The
 * server's document can only say "an object", so its known keys are named here.
 */
export interface NotificationData {
  url?: string;
  projectId?: number | string;
  [key: string]: unknown;
}

/** A notification as its recipient sees it (spec 001 §3). */
export type Notification = Omit<components['schemas']['Notification'], 'data'> & { data: NotificationData };
export type NotificationType = Notification['type'];

/** How many notifications the centre loads at a time ("Load more" fetches the next page by its Link header). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One page of the list: newest first, and the cursor of the next page (null on the last one). */
export interface NotificationsPage {
  items: Notification[];
  nextCursor: string | null;
}

export type NotificationsData = InfiniteData<NotificationsPage, string | null>;

/**
 * `GET /api/notifications/count` (spec 001 §7): the unread count behind the bell's badge and the Explore dot.
 * Live: `notification` and `notifications_changed` frames refresh it (../live.ts), and so does every reconnect.
 */
export function unreadCountQuery() {
  return queryOptions({
    queryKey: apiKey('/api/notifications/count'),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/notifications/count', { signal }))).count,
    meta: { live: true },
  });
}

/** `GET /api/notifications` (spec 001 §7), page by page: the notification centre's list. */
export function notificationsQuery() {
  return infiniteQueryOptions({
    queryKey: apiKey('/api/notifications'),
    queryFn: async ({ pageParam, signal }): Promise<NotificationsPage> => {
      const query = { limit: NOTIFICATIONS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) };
      const { data, next } = await unwrapPage(api.GET('/api/notifications', { params: { query }, signal }));
      return { items: data, nextCursor: next ? linkParam(next, 'cursor') : null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { live: true },
  });
}

/** `POST /api/notifications/{id}/read`: the notification, now read. */
export function markNotificationRead(id: number): Promise<Notification> {
  return unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id: String(id) } } }));
}

/** `POST /api/notifications/read-all`: how many were marked. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await unwrap(api.POST('/api/notifications/read-all'))).updated;
}

/** `DELETE /api/notifications/{id}` (204). */
export async function deleteNotification(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/notifications/{id}', { params: { path: { id: String(id) } } }));
}
