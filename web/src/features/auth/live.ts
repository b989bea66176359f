import { liveFeature } from '@/lib/live';
import { CURRENT_USER_KEY, forgetSession } from '@/lib/session';

/**
 * The auth area's live frames. `invalidateQueries` marks the query stale and refetches it at once while in use;
 * the spec's `staleTime: Infinity` does not prevent that (it only stops refetches on mount or focus).
 */
export const authLive = liveFeature('auth', {
  // The signed-in user's own record changed elsewhere (another tab or device).
  user_updated: (_frame, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
  },
  // This tab's session ended elsewhere (a logout on another device sharing it, a password reset, a suspension):
  // everything of the person goes at once, and the sign-in screen says so (src/lib/session.ts).
  session_ended: (_frame, { queryClient }) => forgetSession(queryClient, 'ended'),
});
