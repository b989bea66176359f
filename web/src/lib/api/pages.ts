import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { linkParam, type ApiPage } from '@/lib/api/client';
import type { ApiKey } from '@/lib/api/query-keys';

/** One page of a list that pages (shared/API.md "Lists, pages and live frames"): its rows, and where to go on. */
export interface Page<T> {
  items: T[];
  /** The cursor of the next page, from the answer's `Link: <…>; rel="next"`; null on the last page. */
  nextCursor: string | null;
}
export type Pages<T> = InfiniteData<Page<T>, unknown>;

/** How many rows a list loads at a time ("Load more" fetches the next page by the answer's Link header). */
export const PAGE_SIZE = 50;

/** An answer read by `unwrapPage`, as a page. */
export function toPage<T>({ data, next }: ApiPage<T[]>): Page<T> {
  return { items: data, nextCursor: next ? linkParam(next, 'cursor') : null };
}

/** The query parameters of a page: `limit`, and the cursor after the first. */
export function pageQuery(cursor: string | null, limit = PAGE_SIZE): { limit: number; cursor?: string } {
  return { limit, ...(cursor ? { cursor } : {}) };
}

/**
 * The options of a list read page by page, under `key`: `fetchPage` reads the page at a cursor (null for the
 * first) with `unwrapPage`, and "Load more" follows the cursor of each answer's Link header. Live unless said
 * otherwise (`meta.live`: a reconnect refreshes it, src/lib/live.ts).
 */
export function pagedQuery<T>(
  key: ApiKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<ApiPage<T[]>>,
  { live = true }: { live?: boolean } = {},
) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => toPage(await fetchPage(pageParam, signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...(live ? { meta: { live: true } } : {}),
  });
}

/** Every loaded row of a paged list, in order. */
export function allRows<T>(data: Pages<T> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}
