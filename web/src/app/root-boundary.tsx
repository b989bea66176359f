import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '@/app/route-boundary';
import { MessageScreen } from '@/components/message-screen';

/**
 * The last boundary, around the whole app (the shell, Block and Report, the live channel, every route): whatever
 * fails above a screen's own boundary (a Report dialog whose chunk cannot be loaded offline, a tab older than a
 * deploy) shows this page with a way back instead of a blank one. Retry renders the app again, loading failed
 * chunks afresh; Go to Home does the same from the home screen.
 */
export function RootBoundary({ children }: { children: ReactNode }) {
  const { reset } = useQueryErrorResetBoundary();
  const [, navigate] = useLocation();
  return (
    <ErrorBoundary
      what="The app"
      onRetry={reset}
      fallback={(retry) => (
        <MessageScreen
          icon={Sprout}
          title="Something went wrong"
          message="Grow hit a snag and couldn't show this. Check your connection, then try again."
          action="Retry"
          onAction={retry}
          secondary={{
            label: 'Go to Home',
            onAction: () => {
              navigate('/');
              retry();
            },
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
