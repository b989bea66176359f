import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';

/** The explore area's live frames. */
export const exploreLive = liveFeature('explore', {
  // A pledge was made (here or in another tab): the portfolio refetches instead of polling every 2 s.
  investments_changed: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/investments');
  },
});
