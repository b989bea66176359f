import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import type { components } from '@/lib/api/schema';
import { api, ApiError, errorStatus, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import { dropSessionHint, hasSessionHint, keepLastUser, lastUser } from '@/lib/last-user';
import { hasPendingLogout, notePendingLogout } from '@/lib/pending-logout';
import { clearPersistedCache } from '@/lib/persisted-cache';
import { dismissToast, toast } from '@/lib/toast';
import { liveChannel, useLiveStatus } from '@/lib/ws';

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
  // A logout the server has not confirmed yet: nobody is signed in here (src/lib/pending-logout.ts sends it again).
  if (!hasSessionHint() || hasPendingLogout()) return null;
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

// ---- Ending a session ----
// Every way out of a session ends in `forgetSession`: a logout, an account deletion, and every way it ends without
// the person asking (the `session_ended` frame after a password reset or a logout elsewhere, an administrator's
// suspension, an expired session, a 401 on any call). On a shared phone the next person must find nothing of the
// one before: not in the query cache, not in the live channel, not in anything a feature keeps beside them.

/**
 * Why a session ends here: the person logged out, deleted their account, it ended without their asking, or
 * another person signed in (in another tab of this browser, which shares the session cookie).
 */
export type SessionEndReason = 'logout' | 'deleted' | 'ended' | 'replaced';

export interface SessionEnd {
  reason: SessionEndReason;
  /** Who was signed in (null when nobody was known, e.g. the page had not learnt it yet). */
  user: User | null;
}

const endListeners = new Set<(end: SessionEnd) => void>();

/**
 * Runs `forget` at every end of a session, after the cache is emptied: for what a feature keeps outside the query
 * cache (who is typing, drafts, a persisted copy of the cache). Returns the function that stops it.
 */
export function onSessionEnd(forget: (end: SessionEnd) => void): () => void {
  endListeners.add(forget);
  return () => endListeners.delete(forget);
}

/** How many sessions have ended in this page: the router re-renders at once when it grows (see `forgetSession`). */
let endCount = 0;
const endCountListeners = new Set<() => void>();

function subscribeEndCount(listener: () => void): () => void {
  endCountListeners.add(listener);
  return () => endCountListeners.delete(listener);
}

const readEndCount = () => endCount;

/**
 * How many sessions have ended in this page. The router reads it so that it re-renders in the same pass as
 * anything else the end of a session changes (the live channel's status, who is typing): a screen of the session
 * that re-rendered before the router took it away would ask again for the queries just dropped.
 */
export function useSessionEndCount(): number {
  return useSyncExternalStore(subscribeEndCount, readEndCount, readEndCount);
}

/**
 * A session that ended without the person asking, kept in this page's memory (never in storage) until someone
 * signs in: whose it was, and the screen they were on (noted as the signed-out routes take over, null until then).
 */
export interface EndedSession {
  userId: number;
  returnTo: string | null;
}

let ended: EndedSession | null = null;
const endedListeners = new Set<() => void>();

function setEnded(next: EndedSession | null): void {
  if (ended === next) return;
  ended = next;
  for (const listener of [...endedListeners]) listener();
}

function subscribeEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

const readEnded = () => ended;

/** The session that ended without the person asking, while nobody has signed in since; null otherwise. */
export function useEndedSession(): EndedSession | null {
  return useSyncExternalStore(subscribeEnded, readEnded, readEnded);
}

/** Notes the screen the person was on when their session ended (`path` with its query), to return to it. */
export function noteWhereSessionEnded(path: string): void {
  if (ended && ended.returnTo === null) setEnded({ ...ended, returnTo: path });
}

/**
 * Where to go once `user` has signed in: back to the screen their session ended on, when it is the same person
 * signing in again; else to `next`, the page whose link led to the sign-in (a shared project, say); home otherwise
 * (spec 000 §4), so nobody lands where the person before them was.
 */
export function pathAfterSignIn(user: User, next: string | null = null): string {
  const back = ended?.userId === user.id ? ended.returnTo : null;
  setEnded(null);
  return back ?? next ?? '/';
}

/** For tests: no session has ended here. */
export function resetEndedSession(): void {
  setEnded(null);
}

/** Set while a logout or an account deletion is asked for: the end of the session it causes is expected. */
let leaving: 'logout' | 'deleted' | null = null;
/** Set while `forgetSession` itself signs the user out, so the watch below does not take it for another end. */
let forgetting = false;

/**
 * Runs `request` (the logout or account deletion call) as the person's own way out: the `session_ended` frame
 * the server sends this tab meanwhile is not told as a session that "ended".
 */
export async function leaveSession<T>(reason: 'logout' | 'deleted', request: () => Promise<T>): Promise<T> {
  leaving = reason;
  try {
    return await request();
  } finally {
    leaving = null;
  }
}

/**
 * Ends the session in this page: closes the live channel, cancels and drops every cached query and mutation of
 * the user, sets the current user to null (the current-user entry is kept, set to null rather than removed, so
 * the router is told at once that nobody is signed in, with no "Loading..." flash and no refetch), wipes what was
 * kept for an offline reload (src/lib/persisted-cache.ts), hides the toast on screen, and lets every `onSessionEnd` listener forget its part. A session that `ended` without the person
 * asking is remembered (in memory) for the sign-in screen, which says so and returns them where they were.
 */
export function forgetSession(
  queryClient: QueryClient,
  reason: SessionEndReason,
  user: User | null = queryClient.getQueryData<User | null>(CURRENT_USER_KEY) ?? null,
): void {
  const why: SessionEndReason = reason === 'ended' && leaving ? leaving : reason;
  endCount += 1;
  for (const listener of [...endCountListeners]) listener();
  liveChannel.stop();
  forgetting = true;
  try {
    void queryClient.cancelQueries();
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
  } finally {
    forgetting = false;
  }
  // What was kept for an offline reload (the screens' data, messages waiting to send) is the person's too. Called
  // here rather than left to the persister's watch of the user entry: that watch runs on the app's one client only.
  clearPersistedCache();
  // The person left: a reload need not ask who is signed in (the server clears the hint too, when it is reached).
  // Not so when the session ended or was replaced by another: this page cannot see the session cookie, and the
  // browser may already hold a newer session, whose hint this is (a sign-in in another tab ends the session the
  // tab held, and this page hears only the end). The next visit asks once; a 401 then drops the hint.
  if (why === 'logout' || why === 'deleted') dropSessionHint();
  dismissToast();
  setEnded(why === 'ended' && user ? { userId: user.id, returnTo: null } : null);
  for (const forget of [...endListeners]) {
    try {
      forget({ reason: why, user });
    } catch (error) {
      console.error('Forgetting a session failed', error);
    }
  }
}

/**
 * A 401 that says nobody is signed in (shared/API.md: `{"message":"Unauthorized"}`, or a body that is not ours),
 * as opposed to one that refuses a password or a saved login (`Wrong password`, …), which the caller shows.
 */
export function isSignedOutAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return (error.body?.message ?? 'Unauthorized') === 'Unauthorized';
}

/** A call failed: a 401 that says the session is over, while someone is signed in, ends it (src/lib/query-client.ts). */
export function endSessionOnSignedOutAnswer(queryClient: QueryClient, error: unknown): void {
  if (!isSignedOutAnswer(error)) return;
  const user = queryClient.getQueryData<User | null>(CURRENT_USER_KEY);
  if (user) forgetSession(queryClient, 'ended', user);
}

/**
 * Watches the current-user entry: whenever it turns from a person to nobody by any other road than
 * `forgetSession` (the poll or a refetch answered 401), or to another person (signed in in another tab), the
 * session is forgotten all the same. Returns the function that stops watching.
 */
export function watchSessionEnd(queryClient: QueryClient): () => void {
  let signedIn = queryClient.getQueryData<User | null>(CURRENT_USER_KEY) ?? null;
  return queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (event.type !== 'updated' || key[0] !== CURRENT_USER_KEY[0]) return;
    const data = event.query.state.data as User | null | undefined;
    if (data === undefined) return;
    const was = signedIn;
    signedIn = data;
    if (forgetting || was === null || data?.id === was.id) return;
    if (data === null) {
      forgetSession(queryClient, 'ended', was);
      return;
    }
    forgetSession(queryClient, 'replaced', was);
    signedIn = data;
    queryClient.setQueryData(CURRENT_USER_KEY, data);
  });
}

/** Log out (spec 000 §7): POST /api/auth/logout (errors only logged), clear the cache, go to `/`. */
/** Said when a logout could not reach the server (offline, or the server failed). */
export const UNCONFIRMED_LOGOUT = {
  title: 'Signed out on this device',
  description: "Grow couldn't be reached to end your session. It will end as soon as you're back online.",
} as const;

export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    let confirmed = false;
    try {
      const { response } = await leaveSession('logout', () => api.POST('/api/auth/logout'));
      confirmed = response.status < 500;
    } catch (error) {
      console.error('Logout failed', error);
    } finally {
      if (!confirmed) {
        // The server did not hear it: noted, and sent again until it does; nobody is signed in here meanwhile.
        notePendingLogout();
        dropSessionHint();
      }
      forgetSession(queryClient, 'logout');
      setPending(false);
      navigate('/');
      if (!confirmed) toast(UNCONFIRMED_LOGOUT);
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
