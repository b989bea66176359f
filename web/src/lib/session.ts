import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { components } from '@/lib/api/schema';
import { api, errorStatus, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import { dropSessionHint, hasSessionHint, keepLastUser, lastUser } from '@/lib/last-user';
import { clearPersistedCache } from '@/lib/persisted-cache';
import { useLiveStatus } from '@/lib/ws';

export type User = components['schemas']['User'];
export type Role = components['schemas']['Role'];

export const USER_REFRESH_INTERVAL_MS = 2000;

type UserPath = '/api/auth/user' | '/api/auth/user-refresh';

/**
 * GET a user path; a 401 means "not signed in" and gives null instead of an error (spec 000 §2). Without the
 * server's session hint nobody can be signed in, so nothing is asked (a signed-out visit logs no failed request).
 * With no network at all, the person last signed in here is shown as they were (src/lib/last-user.ts).
 */
async function fetchUserOrNull(path: UserPath, signal: AbortSignal): Promise<User | null> {
  if (!hasSessionHint()) return null;
  try {
    return await unwrap(api.GET(path, { signal }));
  } catch (error) {
    if (errorStatus(error) === 401) {
      dropSessionHint();
      return null;
    }
    const kept = errorStatus(error) === null && !navigator.onLine ? lastUser() : null;
    if (kept) return kept;
    throw error;
  }
}

/**
 * The signed-in user (spec 000 §7 `GET /api/auth/user`): null when signed out. Every part of the app reads the
 * user through this one query; the live channel keeps it fresh (`user_updated`, src/features/auth/live.ts).
 */
export function currentUserQuery() {
  return queryOptions({
    queryKey: apiKey('/api/auth/user'),
    queryFn: ({ signal }) => fetchUserOrNull('/api/auth/user', signal),
    // Asked even offline: with no network it answers with the person last signed in here (see fetchUserOrNull).
    networkMode: 'always',
    meta: { live: true },
  });
}

/** Query key of the signed-in user. Its data is `null` when signed out. */
export const CURRENT_USER_KEY = currentUserQuery().queryKey;

/**
 * `GET /api/auth/user-refresh` (spec 000 §7): the same answer, written into the current-user cache, so coins,
 * role and plan stay fresh everywhere while it is polled.
 */
export function userRefreshQuery(queryClient: QueryClient) {
  return queryOptions({
    queryKey: apiKey('/api/auth/user-refresh'),
    queryFn: async ({ signal }) => {
      const fresh = await fetchUserOrNull('/api/auth/user-refresh', signal);
      queryClient.setQueryData(CURRENT_USER_KEY, fresh);
      return fresh;
    },
  });
}

export interface CurrentUser {
  /** The signed-in user, or null when signed out (or not known yet). */
  user: User | null;
  /** The first answer has not come yet. */
  isLoading: boolean;
  /**
   * Asking who is signed in failed with something other than a 401 (a 500, a timeout, no network), and there
   * is no earlier answer to fall back on: the app shows a retryable error instead of the login form.
   */
  error: Error | null;
  /** Ask again. */
  retry: () => void;
}

/** The signed-in user. Reading it costs nothing: the poll lives in `useSessionRefresh`, mounted once. */
export function useCurrentUser(): CurrentUser {
  const { data, isLoading, error, refetch } = useQuery(currentUserQuery());
  const retry = useCallback(() => void refetch(), [refetch]);
  return { user: data ?? null, isLoading, error: data === undefined ? error : null, retry };
}

/**
 * The 2-second session poll (spec 000 §7, §9), to be mounted ONCE for the whole signed-in app: while a user is
 * signed in and the live channel is not open, /api/auth/user-refresh is polled every 2 s and its answer written
 * into the current-user cache. While the channel is open the server pushes `user_updated` instead, so the poll
 * stops (shared/ARCHITECTURE.md: polling intervals are kept only while the socket is down). A 401 signs out.
 */
export function useSessionRefresh(): void {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery());
  const live = useLiveStatus();
  useQuery({
    ...userRefreshQuery(queryClient),
    enabled: user != null,
    refetchInterval: live === 'open' ? false : USER_REFRESH_INTERVAL_MS,
    // The first poll comes after one interval: the user was just fetched.
    initialData: user ?? undefined,
    initialDataUpdatedAt: () => Date.now(),
  });
}

/** Put a freshly signed-in user into the cache (after login), so the app switches to its signed-in routes. */
export function useSetCurrentUser(): (user: User | null) => void {
  const queryClient = useQueryClient();
  return useCallback((user: User | null) => queryClient.setQueryData(CURRENT_USER_KEY, user), [queryClient]);
}

/**
 * Empties the cache of everything the signed-in user read, once they are signed out (logout, a deleted account).
 * The current-user entry is kept but set to null rather than removed: components observing it (the router) are
 * told at once that nobody is signed in, with no "Loading..." flash and no refetch.
 */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  clearPersistedCache();
}

/** Log out (spec 000 §7): POST /api/auth/logout (errors only logged), clear the cache, go to `/`. */
export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await api.POST('/api/auth/logout');
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      await forgetSignedInUser(queryClient);
      setPending(false);
      navigate('/');
    }
  }, [queryClient, navigate]);

  return { logout, isPending };
}

/**
 * Keeps the copy of the signed-in person for an offline reload in step with the current-user entry: written while
 * someone is signed in, removed the moment nobody is (any way out of a session sets the entry to null).
 */
export function keepLastUserInStep(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (event.type !== 'updated' || key[0] !== CURRENT_USER_KEY[0]) return;
    const data = event.query.state.data as User | null | undefined;
    if (data !== undefined) keepLastUser(data);
  });
}
