import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/lib/session';
import type { ServerFrame } from '@/lib/ws';

/**
 * The one place where live frames become query-cache updates (shared/ARCHITECTURE.md), so a pushed event refreshes
 * exactly the queries it concerns. The switch is exhaustive over `ServerFrame`: a new frame type in the generated
 * schema fails `tsc` here until it is handled.
 *
 * `invalidateQueries` marks the matching queries stale and refetches the active ones at once; the spec's
 * `staleTime: Infinity` does not prevent that (it only stops refetches on mount or focus).
 */
export function applyLiveFrame(queryClient: QueryClient, frame: ServerFrame): void {
  switch (frame.type) {
    case 'ready':
      // From now on changes are pushed. Whatever changed before (since the page loaded, or while the socket was
      // down and only polled) may have been missed: catch up once.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      return;
    case 'pong':
      return;
    case 'user_updated':
      // The signed-in user's own record changed elsewhere (another tab or device).
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
      return;
    default: {
      // Compile time: every frame type is handled. Run time: a type newer than this build is ignored.
      const unhandled: never = frame;
      return unhandled;
    }
  }
}
