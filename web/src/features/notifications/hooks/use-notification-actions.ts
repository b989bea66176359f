import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { tooManyTries } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { toast } from '@/lib/toast';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsQuery,
  unreadCountQuery,
  type Notification,
  type NotificationsData,
} from '@/features/notifications/api/notifications';

const LIST_KEY = notificationsQuery().queryKey;
const COUNT_KEY = unreadCountQuery().queryKey;

/** Changes every loaded notification (or drops it, when `change` gives null). */
function mapItems(
  data: NotificationsData | undefined,
  change: (notification: Notification) => Notification | null,
): NotificationsData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((item) => {
        const next = change(item);
        return next ? [next] : [];
      }),
    })),
  };
}

/** A notification as it was before a change, and on which loaded page (for one that was taken out). */
interface Before {
  item: Notification;
  page: number;
  removed: boolean;
}

/** The list is newest first (ids break ties, as on the server). */
function isOlder(a: Notification, b: Notification): boolean {
  const at = Date.parse(a.createdAt);
  const bt = Date.parse(b.createdAt);
  return at < bt || (at === bt && a.id < b.id);
}

/**
 * Undoes one call's change and nothing else: what it changed goes back as it was and what it took out goes back in
 * its place, while whatever other calls did meanwhile (another deleted, all marked read) stays.
 */
function undoOnly(
  data: NotificationsData | undefined,
  changed: Map<number, Before>,
): NotificationsData | undefined {
  if (!data || changed.size === 0) return data;
  const present = new Set(data.pages.flatMap((page) => page.items.map((item) => item.id)));
  return {
    ...data,
    pages: data.pages.map((page, pageIndex) => {
      const items = page.items.map((item) => {
        const before = changed.get(item.id);
        return before && !before.removed ? before.item : item;
      });
      for (const before of changed.values()) {
        if (!before.removed || before.page !== pageIndex || present.has(before.item.id)) continue;
        const at = items.findIndex((item) => isOlder(item, before.item));
        items.splice(at < 0 ? items.length : at, 0, before.item);
      }
      return { ...page, items };
    }),
  };
}

/**
 * Shows a change in the centre's list at once and returns how to undo it (that change only: calls overlap, and
 * another one may have succeeded meanwhile). The badge is not guessed: it follows the server's count, refetched
 * when the call settles (and pushed by `notifications_changed`), so a failed call never makes the count "rise" and
 * alert (../hooks/use-rising-count-alert.ts).
 */
async function showNow(
  queryClient: QueryClient,
  change: (notification: Notification) => Notification | null,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: LIST_KEY, exact: true });
  const changed = new Map<number, Before>();
  queryClient.getQueryData<NotificationsData>(LIST_KEY)?.pages.forEach((page, pageIndex) =>
    page.items.forEach((item) => {
      const next = change(item);
      if (next !== item) changed.set(item.id, { item, page: pageIndex, removed: next === null });
    }),
  );
  queryClient.setQueryData<NotificationsData>(LIST_KEY, (data) => mapItems(data, change));
  return () => queryClient.setQueryData<NotificationsData>(LIST_KEY, (data) => undoOnly(data, changed));
}

/** The wait of a call refused for too many tries, as the toast's description; nothing for any other failure. */
function limited(error: unknown): { description?: string } {
  const text = tooManyTries(error);
  return text === null ? {} : { description: text };
}

function readNow(notification: Notification): Notification {
  return notification.isRead
    ? notification
    : { ...notification, isRead: true, readAt: new Date().toISOString() };
}

/**
 * The centre's actions (spec 001 §2.7, §7): mark one read, mark all read, delete one. Each shows at once, is undone
 * if the server refuses, and says so with the toast of spec 001 §8.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const settle = () => invalidatePath(queryClient, '/api/notifications');

  const markRead = useMutation({
    mutationKey: ['/api/notifications/{id}/read'],
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: (notification) =>
      showNow(queryClient, (item) => (item.id === notification.id ? readNow(item) : item)),
    onError: (error, _notification, undo) => {
      undo?.();
      toast({ title: 'Failed to mark as read', ...limited(error), variant: 'destructive' });
    },
    onSettled: settle,
  });

  const markAllRead = useMutation({
    mutationKey: ['/api/notifications/read-all'],
    mutationFn: markAllNotificationsRead,
    onMutate: () => showNow(queryClient, readNow),
    onSuccess: () => queryClient.setQueryData(COUNT_KEY, 0),
    onError: (error, _variables, undo) => {
      undo?.();
      toast({ title: 'Failed to mark all as read', ...limited(error), variant: 'destructive' });
    },
    onSettled: settle,
  });

  const remove = useMutation({
    mutationKey: ['/api/notifications/{id}'],
    mutationFn: (notification: Notification) => deleteNotification(notification.id),
    onMutate: (notification) => showNow(queryClient, (item) => (item.id === notification.id ? null : item)),
    onError: (error, _notification, undo) => {
      undo?.();
      toast({ title: 'Failed to delete notification', ...limited(error), variant: 'destructive' });
    },
    onSettled: settle,
  });

  return { markRead, markAllRead, remove };
}
