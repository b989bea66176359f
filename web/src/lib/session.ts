import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { components } from '@/lib/api/schema';
import { apiJson, apiRequest, errorStatus } from '@/lib/api/client';
import { useLiveStatus } from '@/lib/ws';

export type User = components['schemas']['User'];
export type Role = components['schemas']['Role'];

/** Query key of the signed-in user (spec 000 §7). Its data is `null` when signed out. */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;
const REFRESH_KEY = ['/api/auth/user-refresh'] as const;
export const USER_REFRESH_INTERVAL_MS = 2000;

/** GET a user path; a 401 means "not signed in" and gives null instead of an error. */
async function fetchUserOrNull(path: string): Promise<User | null> {
  try {
    return await apiJson<User>('GET', path);
  } catch (error) {
    if (errorStatus(error) === 401) return null;
    throw error;
  }
}

/**
 * The signed-in user, or null when signed out. While signed in and the live channel is not open,
 * /api/auth/user-refresh is polled every 2 s and its answer written into the ['/api/auth/user'] cache (coins, role,
 * plan stay fresh everywhere). While the channel is open the server pushes `user_updated` instead, so the poll
 * stops (shared/ARCHITECTURE.md: polling intervals are kept only while the socket is down).
 */
export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => fetchUserOrNull(CURRENT_USER_KEY[0]),
  });
  const user = data ?? null;
  const live = useLiveStatus();

  useQuery({
    queryKey: REFRESH_KEY,
    queryFn: async () => {
      const fresh = await fetchUserOrNull(REFRESH_KEY[0]);
      queryClient.setQueryData<User | null>(CURRENT_USER_KEY, fresh);
      return fresh;
    },
    enabled: user !== null,
    refetchInterval: live === 'open' ? false : USER_REFRESH_INTERVAL_MS,
    // The first poll comes after one interval: the user was just fetched.
    initialData: user,
    initialDataUpdatedAt: () => Date.now(),
  });

  return { user, isLoading };
}

/** Put a freshly signed-in user into the cache (after login), so the app switches to its signed-in routes. */
export function useSetCurrentUser(): (user: User | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User | null) => queryClient.setQueryData<User | null>(CURRENT_USER_KEY, user),
    [queryClient],
  );
}

/** Log out (spec 000 §7): POST /api/auth/logout (errors only logged), clear the cache, go to `/`. */
export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      await queryClient.cancelQueries();
      // Clear the cache. The current-user entry is kept but set to null rather than removed: components observing
      // it (the router) are told at once that nobody is signed in, with no "Loading..." flash and no refetch.
      queryClient.getMutationCache().clear();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData<User | null>(CURRENT_USER_KEY, null);
      setPending(false);
      navigate('/');
    }
  }, [queryClient, navigate]);

  return { logout, isPending };
}
