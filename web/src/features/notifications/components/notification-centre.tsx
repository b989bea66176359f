import { BellRing, CheckCheck, RefreshCw, TriangleAlert, X } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import type { Notification } from '@/features/notifications/api/notifications';
import { NotificationItem } from '@/features/notifications/components/notification-item';
import { useNotificationActions } from '@/features/notifications/hooks/use-notification-actions';
import { useNow } from '@/lib/hooks/use-now';
import { notificationTarget } from '@/features/notifications/lib/target';
import { useNotificationList, useUnreadTotal } from '@/features/notifications/hooks/use-notification-list';

export interface NotificationCentreProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The notification centre (spec 001 §2.7): every notification, newest first, unread ones highlighted; tap one to
 * mark it read and go where it points, mark all read, delete one. A full-screen sheet on phones.
 */
export default function NotificationCentre({ open, onOpenChange }: NotificationCentreProps) {
  const unread = useUnreadTotal();
  const { markAllRead } = useNotificationActions();

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close notifications">
              <X aria-hidden />
            </Button>
          </SheetClose>
          <div className="min-w-0 flex-1">
            <SheetTitle>Notifications</SheetTitle>
            <SheetDescription>{unread > 0 ? `${unread} unread` : 'You’re all caught up'}</SheetDescription>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="text-primary"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {!markAllRead.isPending && <CheckCheck aria-hidden />}
            Mark all read
          </Button>
        </SheetHeader>
        {open && <NotificationList onNavigate={() => onOpenChange(false)} />}
      </SheetContent>
    </Sheet>
  );
}

function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  // Opening the centre reads the list afresh (showing what it had meanwhile), see the hook.
  const list = useNotificationList();
  const { markRead, remove } = useNotificationActions();
  const [, navigate] = useLocation();
  const now = useNow(30_000);

  const openOne = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification);
    const target = notificationTarget(notification);
    if (target) {
      onNavigate();
      navigate(target);
    }
  };

  if (list.data === undefined) {
    if (list.isError) return <ListError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
    return <ListSkeleton />;
  }

  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0 && !list.hasNextPage) return <EmptyState />;

  return (
    <div className="flex-1 overflow-y-auto overscroll-contain px-3 pb-6 pt-3">
      <ul className="flex flex-col gap-1.5" aria-label="Notifications">
        {items.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            onOpen={openOne}
            onDelete={(n) => remove.mutate(n)}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-4 flex flex-col items-center gap-2">
          {list.isFetchNextPageError && (
            <p className="text-sm text-muted-foreground">Couldn’t load more. Try again?</p>
          )}
          <Button
            variant="outline"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex-1 overflow-hidden px-3 pt-3" aria-busy="true" aria-label="Loading notifications">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-start gap-3 p-3">
          <Skeleton className="size-11 shrink-0 rounded-2xl" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3.5 w-11/12" />
            <Skeleton className="h-3 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-8 pb-16 text-center">
      <div className="relative mb-6">
        <span aria-hidden className="absolute -left-4 -top-3 size-6 rotate-12 rounded-lg bg-coin/80" />
        <span
          aria-hidden
          className="absolute -bottom-2 -right-5 size-8 -rotate-12 rounded-full bg-phase-3/70"
        />
        <span className="relative flex size-24 items-center justify-center rounded-[1.75rem] bg-primary text-primary-foreground shadow-lift animate-pop">
          <BellRing className="size-11" strokeWidth={1.75} aria-hidden />
        </span>
      </div>
      <h3 className="font-display text-2xl font-extrabold">All quiet for now</h3>
      <p className="mt-2 max-w-xs text-muted-foreground">
        When someone supports your project, replies to you or hands you a task, you’ll hear it here first.
      </p>
    </div>
  );
}

function ListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-8 pb-16 text-center" role="alert">
      <span className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-destructive-soft text-destructive-soft-foreground">
        <TriangleAlert className="size-8" aria-hidden />
      </span>
      <h3 className="font-display text-xl font-bold">Couldn’t load your notifications</h3>
      <p className="mt-1.5 max-w-xs text-sm text-muted-foreground">Check your connection and try again.</p>
      <Button variant="outline" className="mt-5" loading={retrying} onClick={onRetry}>
        {!retrying && <RefreshCw aria-hidden />}
        Retry
      </Button>
    </div>
  );
}
