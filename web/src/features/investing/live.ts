import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';

/** The investing area's live frames. */
export const investingLive = liveFeature('investing', {
  // A pledge was made (here or in another tab): the portfolio refetches instead of polling every 2 s.
  investments_changed: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/investments');
  },
});
