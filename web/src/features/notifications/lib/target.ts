import type { Notification } from '@/features/notifications/api/notifications';
import { appPath } from '@/lib/app-path';

/**
 * Where tapping a notification goes: `/project/{projectId}` when it is about a project, else the in-app path in
 * `data.url`, else nowhere (null). Only a same-origin path is followed, checked as a URL (src/lib/app-path.ts).
 */
export function notificationTarget(notification: Pick<Notification, 'data'>): string | null {
  const data: Partial<Notification['data']> = notification.data ?? {};
  const projectId: unknown = data.projectId;
  if (
    (typeof projectId === 'number' && Number.isFinite(projectId)) ||
    (typeof projectId === 'string' && projectId)
  )
    return `/project/${encodeURIComponent(String(projectId))}`;
  return appPath(data.url, location.origin);
}
