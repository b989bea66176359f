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

/**
 * Shows a change in the centre's list at once and returns how to undo it. The badge is not guessed: it follows the
 * server's count, refetched when the call settles (and pushed by `notifications_changed`), so a failed call never
 * makes the count "rise" and alert (../hooks/use-rising-count-alert.ts).
 */
async function showNow(
  queryClient: QueryClient,
  change: (notification: Notification) => Notification | null,
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: LIST_KEY, exact: true });
  const before = queryClient.getQueryData<NotificationsData>(LIST_KEY);
  queryClient.setQueryData<NotificationsData>(LIST_KEY, (data) => mapItems(data, change));
  return () => queryClient.setQueryData(LIST_KEY, before);
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
