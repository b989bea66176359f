import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';

type Connection = components['schemas']['Connection'];
type ConnectionWithUser = components['schemas']['ConnectionWithUser'];

/**
 * Connection reads more than one area shows (connections, chat, search): one definition, so every area reads the
 * same cache entry, kept fresh by the connections area's live frames (`connection_request`, `connections_changed`)
 * and by every reconnect.
 */

/** `GET /api/connections/with-users`: my pending and accepted connections, newest first, with the other person. */
export function connectionsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/connections/with-users'),
    queryFn: ({ signal }): Promise<ConnectionWithUser[]> =>
      unwrap(api.GET('/api/connections/with-users', { signal })),
    meta: { live: true },
  });
}

/** `GET /api/connections/project-requests`: my own pending collaboration requests (search's SENT state). */
export function projectRequestsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/connections/project-requests'),
    queryFn: ({ signal }): Promise<Connection[]> =>
      unwrap(api.GET('/api/connections/project-requests', { signal })),
    meta: { live: true },
  });
}
