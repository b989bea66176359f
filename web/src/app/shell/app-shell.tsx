import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useScrollMemory } from '@/lib/hooks/use-scroll-memory';
import type { User } from '@/lib/session';
import { useHasUnreadConversations } from '@/features/chat/hooks/use-unread';
import { usePendingRequestCount } from '@/features/connections/hooks/use-pending-requests';
import { EnableNotificationsCard } from '@/features/notifications/components/enable-notifications-card';
import { useNotificationsRuntime } from '@/features/notifications/hooks/use-notifications-runtime';
import { BottomNav } from '@/app/shell/bottom-nav';
import { Header } from '@/app/shell/header';

/** Frame of every signed-in screen: header on top, content in a phone-width column, bottom navigation. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const [path] = useLocation();
  // Unread count (bell badge, Explore dot), browser alerts and push: spec 001 §2.7, §4.
  const unreadNotifications = useNotificationsRuntime(user.id);
  // Connection requests waiting for an answer: the avatar's red dot (spec 000 §2), live.
  const pendingRequests = usePendingRequestCount();
  // Any conversation with unread messages: the Ideate tab's red dot (spec 001 §2.7), live.
  const unreadChats = useHasUnreadConversations();
  // A screen opened by a link starts at the top; one returned to with Back opens where it was left.
  const search = useSearch();
  useScrollMemory(search ? `${path}?${search}` : path);

  return (
    <div className="min-h-dvh bg-background">
      <Header
        user={user}
        unreadNotifications={unreadNotifications}
        hasPendingRequests={pendingRequests > 0}
      />
      {/* The bottom padding clears the navigation and, while it shows, the Enable Notifications card above it
          (its height is --push-prompt-space), so the last controls of every screen can be scrolled clear. */}
      <main
        id="main"
        className="mx-auto w-full max-w-lg px-4 pb-[calc(6rem+env(safe-area-inset-bottom)+var(--push-prompt-space,0px))] pt-4 sm:pb-[calc(8rem+var(--push-prompt-space,0px))]"
      >
        {children}
      </main>
      <EnableNotificationsCard />
      <BottomNav role={user.role} indicators={{ explore: unreadNotifications > 0, ideate: unreadChats }} />
    </div>
  );
}
