import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { components } from '@/lib/api/schema';

type Connection = components['schemas']['Connection'];
type ConnectionWithUser = components['schemas']['ConnectionWithUser'];
/** The answer of a scan or an auto-connect: whether the connection is new, with whom, and what it paid. */
export type ScanResponse = components['schemas']['ScanResponse'];

/**
 * The connections resource, for every area that reads or makes connections (connections, chat, search, profile,
 * auth): one definition, so every area reads the same cache entry, kept fresh by the connections area's live frames
 * (`connection_request`, `connections_changed`) and by every reconnect.
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

/**
 * `POST /api/connections {targetUserId, type: 'connection'}` (spec 001 §7): a connection request to this person
 * (they answer it on their profile). A collaboration is asked through the project (./projects.ts).
 */
export function requestConnection(targetUserId: number): Promise<Connection> {
  return unwrap(api.POST('/api/connections', { body: { targetUserId, type: 'connection' } }));
}

/**
 * `POST /api/connections/scan {code}`: connects at once with the person whose connect code (from their link or QR
 * code) was scanned, pasted or shared; 404 when no one has that code.
 */
export function scanConnectCode(code: string): Promise<ScanResponse> {
  return unwrap(api.POST('/api/connections/scan', { body: { code } }));
}

/**
 * `POST /api/connections/auto-connect {code}`: connects me at once with the person whose connect code the
 * `?connect=` link carries (new or already; spec 000 §4 Login, §7); 404 when no one has that code.
 */
export function autoConnect(code: string): Promise<ScanResponse> {
  return unwrap(api.POST('/api/connections/auto-connect', { body: { code } }));
}
