import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, linkParam, unwrap, unwrapPage, type ApiPage } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type {
  DeckFilters,
  Feedback,
  NewFeedback,
  Page,
  Pledge,
  PledgeResponse,
  Project,
  ProjectUpdate,
  SupportResponse,
  Swipe,
} from './types';

/** How many cards a deck page brings; the next page is fetched while a few cards are still left. */
export const DECK_PAGE_SIZE = 20;
/** Lists in the dialogs (supported projects, updates, feedback) load this many at a time. */
export const LIST_PAGE_SIZE = 50;

function toPage<T>({ data, next }: ApiPage<T[]>): Page<T> {
  return { items: data, nextCursor: next ? linkParam(next, 'cursor') : null };
}

const pageQuery = (limit: number, cursor: string | null) => ({ limit, ...(cursor ? { cursor } : {}) });

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
  return infiniteQueryOptions({
    queryKey: deckKey(filters),
    queryFn: async ({ pageParam, signal }): Promise<Page<Project>> => {
      const query = {
        ...pageQuery(DECK_PAGE_SIZE, pageParam),
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.lookingFor ? { lookingFor: filters.lookingFor } : {}),
      };
      return toPage(await unwrapPage(api.GET('/api/feed', { params: { query }, signal })));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
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

/** `GET /api/projects/supported`, page by page: the 'projects you follow' dialog. Live through `project_changed`. */
export function supportedProjectsQuery() {
  return infiniteQueryOptions({
    queryKey: apiKey('/api/projects/supported'),
    queryFn: async ({ pageParam, signal }): Promise<Page<Project>> =>
      toPage(
        await unwrapPage(
          api.GET('/api/projects/supported', {
            params: { query: pageQuery(LIST_PAGE_SIZE, pageParam) },
            signal,
          }),
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { live: true },
  });
}

/** `GET /api/projects/{id}`: the detail dialog's project. */
export function projectQuery(projectId: number) {
  return queryOptions({
    queryKey: apiKey(`/api/projects/${projectId}`),
    queryFn: ({ signal }): Promise<Project> =>
      unwrap(api.GET('/api/projects/{id}', { params: { path: { id: String(projectId) } }, signal })),
    meta: { live: true },
  });
}

/** `GET /api/projects/{id}/updates`, newest first. */
export function updatesQuery(projectId: number) {
  return infiniteQueryOptions({
    queryKey: apiKey(`/api/projects/${projectId}/updates`),
    queryFn: async ({ pageParam, signal }): Promise<Page<ProjectUpdate>> =>
      toPage(
        await unwrapPage(
          api.GET('/api/projects/{id}/updates', {
            params: { path: { id: String(projectId) }, query: pageQuery(LIST_PAGE_SIZE, pageParam) },
            signal,
          }),
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { live: true },
  });
}

/** `GET /api/projects/{id}/feedback`: comments and replies, newest first (a reply names its parent). */
export function feedbackQuery(projectId: number) {
  return infiniteQueryOptions({
    queryKey: apiKey(`/api/projects/${projectId}/feedback`),
    queryFn: async ({ pageParam, signal }): Promise<Page<Feedback>> =>
      toPage(
        await unwrapPage(
          api.GET('/api/projects/{id}/feedback', {
            params: { path: { id: String(projectId) }, query: pageQuery(LIST_PAGE_SIZE, pageParam) },
            signal,
          }),
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { live: true },
  });
}

/** `POST /api/projects/{id}/feedback` `{content, imageUrl?, parentId?}` (the image as a data URL). */
export function postFeedback(projectId: number, body: NewFeedback): Promise<Feedback> {
  return unwrap(
    api.POST('/api/projects/{id}/feedback', { params: { path: { id: String(projectId) } }, body }),
  );
}

/** The fixed message a collaboration request carries (spec 001 §7). */
export const COLLABORATION_MESSAGE = "I'd love to collaborate on this project!";

/** `POST /api/projects/{id}/request-collaboration`: the owner is asked (400 when asked already). */
export async function requestCollaboration(projectId: number): Promise<void> {
  await unwrap(
    api.POST('/api/projects/{id}/request-collaboration', {
      params: { path: { id: String(projectId) } },
      body: { message: COLLABORATION_MESSAGE },
    }),
  );
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
            api.GET('/api/investments', { params: { query: pageQuery(200, cursor) }, signal }),
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

/** `POST /api/upload` with one `file` (an image for feedback, judged and re-encoded by the server): its address. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await unwrap(
    // openapi-fetch sends a FormData body as it is (the browser sets the multipart boundary).
    api.POST('/api/upload', { body: form as unknown as { file: string } }),
  );
  const url = answer.fileUrl ?? answer.fileUrls[0];
  if (!url) throw new Error('The upload gave no address');
  return url;
}
