import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';

/** The notifications area's live frames: each refreshes the list and the unread count (`/api/notifications/…`). */
export const notificationsLive = liveFeature('notifications', {
  // A new notification for this user (spec 001 §2.7): the bell's badge and the centre refresh at once.
  notification: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/notifications');
  },
  // Read or deleted in another tab or device.
  notifications_changed: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/notifications');
  },
});
