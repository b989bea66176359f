import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiJson } from '@/lib/api/client';

/** spec 000 §7: the default reader GETs the first element of the key (a path) and parses JSON. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const path = queryKey[0];
  if (typeof path !== 'string') throw new Error('Query key must start with an API path');
  return apiJson<unknown>('GET', path);
};

/** A fresh client with the spec's defaults: no retry, never stale, no refetch on focus. Tests make their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

/** The app's single client (the providers render it). */
export const queryClient = createQueryClient();
