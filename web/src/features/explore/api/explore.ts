import { queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '@/lib/api/client';
import { pagedQuery, pageQuery, toPage, type Page } from '@/lib/api/pages';
import { apiKey } from '@/lib/api/query-keys';
import type { DeckFilters, Pledge, PledgeResponse, Project, SupportResponse, Swipe } from './types';

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

/** The most pages of pledges the portfolio follows (200 each): its totals are over everything it has read. */
const MAX_PLEDGE_PAGES = 25;

/**
 * `GET /api/investments` (spec 001 §7): every pledge of the caller, newest first. All pages are read, since the
 * portfolio totals them. Live: `investments_changed` refreshes it (../live.ts); the 2 s poll runs only while the
 * socket is down (../hooks/use-investments.ts).
 */
export function investmentsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/investments'),
    queryFn: async ({ signal }): Promise<Pledge[]> => {
      const pledges: Pledge[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PLEDGE_PAGES; page += 1) {
        const { items, nextCursor }: Page<Pledge> = toPage(
          await unwrapPage(
            api.GET('/api/investments', { params: { query: pageQuery(cursor, 200) }, signal }),
          ),
        );
        pledges.push(...items);
        if (!nextCursor) break;
        cursor = nextCursor;
      }
      return pledges;
    },
    meta: { live: true },
  });
}
