import { Link, useLocation } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { GrowMark } from '@/components/ui/logo';
import type { User } from '@/lib/session';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { routeTitle } from '@/app/shell/route-title';

export interface HeaderProps {
  user: User;
  /** Unread notifications: the bell's badge (spec 001 §2.7). */
  unreadNotifications?: number;
  /** Red dot on the avatar: connection requests are pending (spec 001 §2.7). */
  hasPendingRequests?: boolean;
}

/** A red dot on a header control; `label` says what it means to people who cannot see it. */
function Dot({ label }: { label: string }) {
  return (
    <>
      <span
        aria-hidden
        className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-background"
      />
      <span className="sr-only">{`, ${label}`}</span>
    </>
  );
}

export function Header({ user, unreadNotifications = 0, hasPendingRequests = false }: HeaderProps) {
  const [path] = useLocation();
  const title = routeTitle(path, user.role);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;

  return (
    <header className="sticky top-[var(--offline-bar-height,0px)] z-40 border-b border-border/70 bg-background/85 pt-safe-flow backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-lg items-center gap-2 px-3">
        <GrowMark className="size-8" />
        <h1 className="flex-1 truncate font-display text-xl font-extrabold tracking-tight">{title}</h1>
        <NotificationBell unreadCount={unreadNotifications} />
        <Link
          href="/profile"
          className="relative inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Avatar name={fullName} src={user.profileImageUrl} role={user.role} size="sm" aria-hidden />
          {/* Named by its text, not aria-label: the avatar's initials are visible text the name must not contradict. */}
          <span className="sr-only">Profile</span>
          {hasPendingRequests && <Dot label="pending connection requests" />}
        </Link>
      </div>
    </header>
  );
}
