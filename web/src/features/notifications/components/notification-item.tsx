import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Notification } from '@/features/notifications/api/notifications';
import { NotificationIcon } from '@/features/notifications/components/notification-icon';
import { relativeTime } from '@/features/notifications/lib/relative-time';

export interface NotificationItemProps {
  notification: Notification;
  now: number;
  /** Tapped: mark it read, and go where it points. */
  onOpen: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
}

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatFull(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? fullDate.format(time) : '';
}

/** One notification: unread ones stand out (tinted, bold, a dot); the row opens it, the bin deletes it. */
export function NotificationItem({ notification, now, onOpen, onDelete }: NotificationItemProps) {
  const unread = !notification.isRead;
  return (
    <li
      className={cn(
        'relative flex items-start gap-1 rounded-2xl transition-colors duration-150',
        unread ? 'bg-primary-soft/55' : 'hover:bg-muted/60',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-h-11 min-w-0 flex-1 items-start gap-3 rounded-2xl py-3 pl-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <NotificationIcon type={notification.type} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span
              className={cn(
                'truncate font-display text-[15px] leading-snug',
                unread ? 'font-bold text-foreground' : 'font-semibold text-foreground/85',
              )}
            >
              {notification.title}
            </span>
            {unread && (
              <span className="shrink-0">
                <span aria-hidden className="block size-2 rounded-full bg-primary" />
                <span className="sr-only">Unread</span>
              </span>
            )}
          </span>
          <span
            className={cn(
              'mt-0.5 line-clamp-2 text-sm leading-snug',
              unread ? 'text-foreground/80' : 'text-muted-foreground',
            )}
          >
            {notification.message}
          </span>
          <time
            dateTime={notification.createdAt}
            title={formatFull(notification.createdAt)}
            className="mt-1 block text-xs font-medium text-muted-foreground"
          >
            {relativeTime(notification.createdAt, now)}
          </time>
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete notification: ${notification.title}`}
        onClick={() => onDelete(notification)}
        className="mt-2 mr-1 shrink-0 text-muted-foreground hover:bg-destructive-soft hover:text-destructive-soft-foreground"
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
