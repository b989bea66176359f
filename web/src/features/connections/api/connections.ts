import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { AnsweredConnection, Connection, ConnectionRequest } from './types';

/**
 * The connections area's reads (spec 000 §7). All live: `connection_request` and `connections_changed` frames
 * refresh everything under `/api/connections` (../live.ts), and so does every reconnect.
 */

/** `GET /api/connections/requests`: connection requests waiting for my answer (the Connect tab, the header dot). */
export function connectionRequestsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/connections/requests'),
    queryFn: ({ signal }): Promise<ConnectionRequest[]> =>
      unwrap(api.GET('/api/connections/requests', { signal })),
    meta: { live: true },
  });
}

/** `GET /api/connections/collaboration-requests`: requests to collaborate on my projects (the Collab tab). */
export function collaborationRequestsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/connections/collaboration-requests'),
    queryFn: ({ signal }): Promise<ConnectionRequest[]> =>
      unwrap(api.GET('/api/connections/collaboration-requests', { signal })),
    meta: { live: true },
  });
}

const byId = (id: number) => ({ params: { path: { id: String(id) } } });

/** `POST /api/connections/{id}/accept`: pays both sides 25 coins, once (within the day's cap); says what it paid. */
export function acceptRequest(id: number): Promise<AnsweredConnection> {
  return unwrap(api.POST('/api/connections/{id}/accept', byId(id)));
}

/** `POST /api/connections/{id}/reject`. */
export function rejectRequest(id: number): Promise<Connection> {
  return unwrap(api.POST('/api/connections/{id}/reject', byId(id)));
}

/** `DELETE /api/connections/{id}` (204): removes it for both people. */
export async function removeConnection(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/connections/{id}', byId(id)));
}
