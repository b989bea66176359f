import { Bell } from 'lucide-react';
import { useCallback, useState, type ComponentType } from 'react';
import { toast } from '@/lib/toast';
import { usePrefetchNotifications } from '@/features/notifications/hooks/use-notification-list';
import type { NotificationCentreProps } from '@/features/notifications/components/notification-centre';

/** The centre is its own chunk, fetched when the bell is first pointed at, focused or tapped. */
const loadCentre = () => import('@/features/notifications/components/notification-centre');

/** The badge's text: the count, capped at 9+. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The header's bell: a badge with the unread count, and the notification centre it opens. */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const prefetchList = usePrefetchNotifications();
  const [open, setOpen] = useState(false);
  const [Centre, setCentre] = useState<ComponentType<NotificationCentreProps> | null>(null);

  const preload = useCallback(() => {
    void loadCentre().catch(() => undefined);
    prefetchList();
  }, [prefetchList]);

  const openCentre = () => {
    setOpen(true);
    if (Centre) return;
    loadCentre().then(
      (module) => setCentre(() => module.default),
      (error: unknown) => {
        console.error('The notification centre could not be loaded', error);
        setOpen(false);
        toast({
          title: 'Error',
          description: 'Couldn’t open your notifications. Please try again.',
          variant: 'destructive',
        });
      },
    );
  };

  return (
    <>
      <button
        type="button"
        aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openCentre}
        onPointerEnter={preload}
        onFocus={preload}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Bell className="size-6" aria-hidden />
        {unreadCount > 0 && (
          <span
            // A new count pops in.
            key={unreadCount}
            aria-hidden
            className="absolute right-0.5 top-0.5 flex h-5 min-w-5 animate-pop items-center justify-center rounded-full bg-destructive px-1 font-display text-[11px] font-bold leading-none text-destructive-foreground ring-2 ring-background tabular-nums"
          >
            {badgeText(unreadCount)}
          </span>
        )}
      </button>
      {Centre && <Centre open={open} onOpenChange={setOpen} />}
    </>
  );
}
