import { Bell } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { GrowMark } from '@/components/ui/logo';
import type { User } from '@/lib/session';
import { routeTitle } from '@/app/shell/route-title';

export interface HeaderProps {
  user: User;
  /** Red dot on the bell (unread notifications; filled by a later issue). */
  hasUnreadNotifications?: boolean;
  /** Red dot on the avatar (pending connection requests; filled by a later issue). */
  hasPendingRequests?: boolean;
  onNotificationsClick?: () => void;
}

function Dot() {
  return (
    <span
      aria-hidden
      className="absolute right-1.5 top-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-card"
    />
  );
}

export function Header({
  user,
  hasUnreadNotifications = false,
  hasPendingRequests = false,
  onNotificationsClick,
}: HeaderProps) {
  const [path] = useLocation();
  const title = routeTitle(path, user.role);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 pt-safe backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-lg items-center gap-2 px-3">
        <GrowMark className="size-8" />
        <h1 className="flex-1 truncate font-display text-xl font-extrabold tracking-tight">{title}</h1>
        <button
          type="button"
          aria-label="Notifications"
          onClick={onNotificationsClick}
          className="relative inline-flex size-11 items-center justify-center rounded-full text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Bell className="size-6" aria-hidden />
          {hasUnreadNotifications && <Dot />}
        </button>
        <Link
          href="/profile"
          aria-label="Profile"
          className="relative inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Avatar name={fullName} src={user.profileImageUrl} role={user.role} size="sm" aria-hidden />
          {hasPendingRequests && <Dot />}
        </Link>
      </div>
    </header>
  );
}
