import { queryOptions } from '@tanstack/react-query';
import { api, errorStatus, tooManyTries, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import { requestConnection } from '@/resources/connections';
import { requestCollaboration } from '@/resources/projects';
import type { Connection, NearbyUser, Position, SearchResponse } from './types';

/** How many people and how many projects one search brings (API.md: `limit` caps each list). */
export const SEARCH_LIMIT = 24;
/** spec 001 §9: a search is retried once and stays fresh for 5 s. */
export const SEARCH_RETRIES = 1;
export const SEARCH_STALE_MS = 5_000;

/** Positions go into keys and calls to about 100 m, so a jittery fix does not refetch. */
function rounded(position: Position | null): Position | null {
  if (!position) return null;
  return { lat: Math.round(position.lat * 1000) / 1000, lng: Math.round(position.lng * 1000) / 1000 };
}

/**
 * Which call failed, with the spec's words (spec 001 §8): 'AI search failed: 503'; refused for too many tries (429),
 * the wait ('Too many tries. Wait 42 s and try again.').
 */
export class SearchFailed extends Error {
  override readonly name = 'SearchFailed';

  constructor(
    readonly stage: 'smart' | 'simple',
    readonly status: number | null,
    override readonly cause: unknown,
  ) {
    super(
      tooManyTries(cause) ??
        `${stage === 'smart' ? 'AI search failed' : 'Simple search failed'}: ${status ?? 'no answer'}`,
    );
  }
}

/** A search answer and which search gave it. */
export interface SearchAnswer extends SearchResponse {
  source: 'smart' | 'simple';
}

type SearchPath = '/api/search' | '/api/simple-search';

async function callSearch(
  path: SearchPath,
  q: string,
  position: Position | null,
  signal: AbortSignal,
): Promise<SearchResponse> {
  const query = { q, limit: String(SEARCH_LIMIT), ...(position ?? {}) };
  try {
    return await unwrap(api.GET(path, { params: { query }, signal }));
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SearchFailed(path === '/api/search' ? 'smart' : 'simple', errorStatus(error), error);
  }
}

/**
 * A discovery search (spec 001 §4): the smart search first; the simple search only when the smart one found no
 * people and no projects. The device position (when known) goes along for "near me" and distances. Only for a
 * trimmed, non-empty query (spec 001 §5): the caller enables it.
 */
export function searchQuery(q: string, position: Position | null) {
  const at = rounded(position);
  return queryOptions({
    queryKey: apiKey('/api/search', { q, limit: SEARCH_LIMIT, lat: at?.lat, lng: at?.lng }),
    queryFn: async ({ signal }): Promise<SearchAnswer> => {
      const smart = await callSearch('/api/search', q, at, signal);
      // Suggestions are the smart search's own answer ("No React developers in London yet. React developers
      // elsewhere:"): the simple search is asked only when it found nothing at all.
      const found = [smart.results, smart.suggestions].some(
        (r) => r && r.users.length + r.projects.length > 0,
      );
      if (found) return { ...smart, source: 'smart' };
      const simple = await callSearch('/api/simple-search', q, at, signal);
      return { ...simple, source: 'simple' };
    },
    // Once, but never after a 429: the person tries again when the wait is over.
    retry: (failures, error) =>
      failures < SEARCH_RETRIES && !(error instanceof SearchFailed && error.status === 429),
    retryDelay: 500,
    staleTime: SEARCH_STALE_MS,
  });
}

/** `GET /api/users/nearby?lat=&lng=` (API.md "Nearby"): people near a position, nearest first, with `distanceKm`. */
export function nearbyPeopleQuery(position: Position) {
  const at = rounded(position)!;
  return queryOptions({
    queryKey: apiKey('/api/users/nearby', { lat: at.lat, lng: at.lng }),
    queryFn: ({ signal }): Promise<NearbyUser[]> =>
      unwrap(api.GET('/api/users/nearby', { params: { query: at }, signal })),
    staleTime: 60_000,
  });
}

/** What a CONNECT or COLLABORATE asks for: a connection with a person, or to collaborate on a project. */
export type ConnectTarget = { kind: 'person'; userId: number } | { kind: 'project'; projectId: number };

/** A CONNECT (`POST /api/connections`) or a COLLABORATE (the project's `request-collaboration`, spec 001 §7). */
export function sendConnectionRequest(target: ConnectTarget): Promise<Connection> {
  return target.kind === 'person' ? requestConnection(target.userId) : requestCollaboration(target.projectId);
}
