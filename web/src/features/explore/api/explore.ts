import { queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery, type Page } from '@/lib/api/pages';
import { apiKey } from '@/lib/api/query-keys';
import type { DeckFilters, PledgeResponse, Project, SupportResponse, Swipe } from './types';

/** How many cards a deck page brings; the next page is fetched while a few cards are still left. */
export const DECK_PAGE_SIZE = 20;
export type DeckData = InfiniteData<Page<Project>, string | null>;

/** The deck's query key: `/api/feed` with its filters (none set gives the bare path). */
export function deckKey(filters: DeckFilters) {
  return apiKey('/api/feed', {
    category: filters.category || undefined,
    lookingFor: filters.lookingFor || undefined,
  });
}

/**
 * `GET /api/feed` (API.md "The swipe deck"): published projects the caller neither owns nor swiped, newest first,
 * page by page. Not live: a deck that reshuffled itself under a thumb would lose the card being dragged. A swipe
 * takes its card out of every cached deck (../hooks/use-deck-actions.ts).
 */
export function deckQuery(filters: DeckFilters) {
  return pagedQuery(
    deckKey(filters),
    (cursor, signal) => {
      const query = {
        ...pageQuery(cursor, DECK_PAGE_SIZE),
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.lookingFor ? { lookingFor: filters.lookingFor } : {}),
      };
      return unwrapPage(api.GET('/api/feed', { params: { query }, signal }));
    },
    { live: false },
  );
}

/**
 * `GET /api/feed/swipes?limit=1`: whether the caller has swiped anything at all, which tells an empty deck
 * ('No projects to explore yet') from a finished one ("You've seen all projects!"). A swipe or a reset here
 * writes the answer straight into the cache.
 */
export function anySwipesQuery() {
  return queryOptions({
    queryKey: apiKey('/api/feed/swipes', { limit: 1 }),
    queryFn: ({ signal }): Promise<Swipe[]> =>
      unwrap(api.GET('/api/feed/swipes', { params: { query: { limit: 1 } }, signal })),
  });
}

export const ANY_SWIPES_KEY = anySwipesQuery().queryKey;

/** `POST /api/feed/swipes` (204; a repeat changes nothing). */
export async function recordSwipe(projectId: number, direction: 'pass' | 'support'): Promise<void> {
  await unwrap(api.POST('/api/feed/swipes', { body: { projectId, direction } }));
}

/** `DELETE /api/feed/swipes` (RESET SWIPED): every swiped project comes back into the deck. */
export async function resetSwipes(): Promise<void> {
  await unwrap(api.DELETE('/api/feed/swipes'));
}

/** `POST /api/projects/{id}/support`: 25 coins once; a repeat is a 400 whose message says 'already supported'. */
export function supportProject(projectId: number): Promise<SupportResponse> {
  return unwrap(api.POST('/api/projects/{id}/support', { params: { path: { id: String(projectId) } } }));
}

/** `POST /api/projects/{id}/pledge` `{amount (pence), message}`: investors only. */
export function createPledge(projectId: number, amount: number, message: string): Promise<PledgeResponse> {
  return unwrap(
    api.POST('/api/projects/{id}/pledge', {
      params: { path: { id: String(projectId) } },
      body: { amount, message },
    }),
  );
}
