import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { User } from '@/lib/session';
import { BottomNav } from '@/app/shell/bottom-nav';
import { Header } from '@/app/shell/header';

/** Frame of every signed-in screen: header on top, content in a phone-width column, bottom navigation. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const [path] = useLocation();
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [path]);

  return (
    <div className="min-h-dvh bg-background">
      <Header user={user} />
      <main
        id="main"
        className="mx-auto w-full max-w-lg px-4 pb-[calc(6rem+env(safe-area-inset-bottom))] sm:pb-32 pt-4"
      >
        {children}
      </main>
      <BottomNav role={user.role} />
    </div>
  );
}
