import {
  MutationCache,
  onlineManager,
  QueryCache,
  QueryClient,
  type QueryFunction,
} from '@tanstack/react-query';
import { requestUntyped } from '@/lib/api/client';
import { persistQueryCache } from '@/lib/persisted-cache';
import {
  CURRENT_USER_KEY,
  endSessionOnSignedOutAnswer,
  keepLastUserInStep,
  watchSessionEnd,
} from '@/lib/session';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The live channel keeps this query fresh (a feature's frame handler invalidates it), so it is refetched
       * after every (re)connect: whatever changed while the socket was down was not pushed (src/lib/live.ts).
       */
      live?: boolean;
    };
  }
}

/**
 * spec 000 §7: the default reader GETs the first element of the key (a path) and parses JSON; a second element
 * holds the query parameters (src/lib/api/query-keys.ts). Features declare typed `queryOptions` of their own.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const [path, query] = queryKey;
  if (typeof path !== 'string') throw new Error('Query key must start with an API path');
  const params = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : undefined;
  return requestUntyped('GET', path, { query: params, signal });
};

/**
 * A fresh client with the spec's defaults: no retry, never stale, no refetch on focus. Tests make their own.
 * Whatever ends the session (a 401 on any call, the current user turning to nobody) empties it (src/lib/session.ts).
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => endSessionOnSignedOutAnswer(client, error);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  watchSessionEnd(client);
  return client;
}

// TanStack Query assumes a network until the browser says otherwise, which it only does on a change: a page loaded
// offline would try every query and show their errors instead of waiting (and showing what was kept).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/** The app's single client (the providers render it). */
export const queryClient = createQueryClient();
keepLastUserInStep(queryClient);
persistQueryCache(queryClient, { userKey: CURRENT_USER_KEY });
