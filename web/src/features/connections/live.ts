import { invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';
import { CURRENT_USER_KEY } from '@/lib/session';

/**
 * The connections area's live frames: a request arrived, or a connection was accepted, rejected, made or
 * removed. The lists under `/api/connections` refresh, and so does the user (`connectionCount`, coins).
 */
export const connectionsLive = liveFeature('connections', {
  connection_request: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/connections');
  },
  connections_changed: (_frame, { queryClient }) => {
    void invalidatePath(queryClient, '/api/connections');
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
  },
});
