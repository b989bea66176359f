import { queryOptions } from '@tanstack/react-query';
import { api, unwrapPage } from '@/lib/api/client';
import { pageQuery, toPage, type Page } from '@/lib/api/pages';
import { apiKey } from '@/lib/api/query-keys';
import type { Pledge } from './types';

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
