import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';

/** The rewards area's live frames. */
export const rewardsLive = liveFeature('rewards', {
  // Every coin change (an award anywhere, a spend, a scratch in another tab) pushes this: the Progress screen's
  // balance, level, achievements and daily tasks follow. Refetched only while the screen shows them.
  user_updated: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/rewards');
  },
});
