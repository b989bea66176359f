// What the app keeps of its signed-in person's data between visits, so that a reload with no network shows each
// screen as they last saw it (issue 31, "Offline"). It lives in localStorage under one prefix, belongs to one
// person (their id is written beside it and checked before anything is restored), and holds nothing secret:
// no sign-in answers, no connect codes, no emails (even their own), no tokens.
import {
  dehydrate,
  hashKey,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/** Every record kept for offline use starts with this; `clearPersistedCache()` removes them all. */
export const PERSIST_PREFIX = 'grow.offline.';
const QUERIES = 'queries';

/**
 * The shape of kept data: the API types' digest (vite.config.ts), so a build whose answers have another shape drops
 * what an older one kept instead of restoring it.
 */
export const PERSIST_VERSION: string = __API_SHAPE__;
/** Older data is not shown as "what you last saw": a week-old list misleads more than an empty screen. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The whole record stays well inside a browser's ~5 MB localStorage quota (characters of JSON). */
export const PERSIST_MAX_CHARS = 1_000_000;
/** One answer larger than this (a huge list) is left out rather than crowding out every other screen. */
export const PERSIST_MAX_QUERY_CHARS = 200_000;
/** Writes come at most this often: a burst of answers (a screen loading) is written once. */
export const PERSIST_THROTTLE_MS = 1_000;

/** Paths whose answers are never kept: sign-in answers (the user, with their email), moderation, presence. */
const NEVER_KEPT = ['/api/auth', '/api/admin', '/api/users/me/connect-code'];
/** `/api/users/12/presence`: 'ONLINE' from a past visit would be a lie offline. */
const PRESENCE = /^\/api\/users\/\d+\/presence$/;
/** Field names whose values are never written, at any depth of an answer. */
const SECRET_FIELDS = new Set([
  'email',
  'connectCode',
  'rememberToken',
  'token',
  'password',
  'auth',
  'p256dh',
]);

interface PersistedQueries {
  version: string;
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

// ---- Records under the prefix ----

/** A record kept for offline use (`name` under the prefix), or null when there is none or it cannot be read. */
export function readPersisted<T>(name: string): T | null {
  try {
    const text = localStorage.getItem(PERSIST_PREFIX + name);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps a record for offline use; false when the browser refuses (full, private mode): nothing is kept then. */
export function writePersisted(name: string, value: unknown): boolean {
  try {
    localStorage.setItem(PERSIST_PREFIX + name, JSON.stringify(value));
    return true;
  } catch {
    removePersisted(name);
    return false;
  }
}

export function removePersisted(name: string): void {
  try {
    localStorage.removeItem(PERSIST_PREFIX + name);
  } catch {
    // Storage refused: there is nothing to remove.
  }
}

const clearListeners = new Set<() => void>();

/** Be told when everything kept is cleared (a module holding a copy in memory drops it too). */
export function onPersistedCacheCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

/**
 * Forgets everything kept for offline use: the screens' data and the messages waiting to send. Every way out of a
 * session calls it, before anyone else signs in on this device.
 */
export function clearPersistedCache(): void {
  try {
    const names: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(PERSIST_PREFIX)) names.push(key);
    }
    for (const key of names) localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
  for (const listener of [...clearListeners]) listener();
}

// ---- The query cache ----

function pathOf(key: QueryKey): string | null {
  return typeof key[0] === 'string' ? key[0] : null;
}

/** Whether an answer may be kept at all (by its path: only the API's, and not the ones above). */
export function isKeptPath(key: QueryKey): boolean {
  const path = pathOf(key);
  if (!path?.startsWith('/api/') || PRESENCE.test(path)) return false;
  return !NEVER_KEPT.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A copy of an answer without any secret field (at any depth). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    if (!SECRET_FIELDS.has(field)) copy[field] = withoutSecrets(inner);
  }
  return copy;
}

/** Of a list read page by page, only the first (newest) page is kept: that is what a screen opens on. */
function firstPageOnly(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  const { pages, pageParams } = data as { pages?: unknown; pageParams?: unknown };
  if (!Array.isArray(pages) || !Array.isArray(pageParams)) return data;
  return { ...data, pages: pages.slice(0, 1), pageParams: pageParams.slice(0, 1) };
}

type KeptQuery = DehydratedState['queries'][number];

/**
 * The signed-in person's cache as it may be kept: their API answers only, without secrets, newest first within
 * the size bounds. `earlier` is what was kept before: answers no longer in memory (dropped from it after a few
 * unused minutes) stay kept until they are too old or crowded out. Each comes back marked as needing a refetch
 * (the app's queries never go stale by time, so a restored answer would be taken for a fresh one once the
 * network is back).
 */
export function dehydrateForStorage(
  queryClient: QueryClient,
  now: number,
  { since = 0, earlier = [] }: { since?: number; earlier?: readonly KeptQuery[] } = {},
): DehydratedState {
  const kept = (query: Query) =>
    query.state.status === 'success' &&
    query.state.data !== undefined &&
    query.state.dataUpdatedAt >= since &&
    now - query.state.dataUpdatedAt < PERSIST_MAX_AGE_MS &&
    isKeptPath(query.queryKey);
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: kept,
    shouldDehydrateMutation: () => false,
    serializeData: (data: unknown) => withoutSecrets(firstPageOnly(data)),
  });
  const inMemory = new Set(state.queries.map((query) => query.queryHash));
  const stillKept = earlier.filter(
    (query) =>
      !inMemory.has(query.queryHash) &&
      isKeptPath(query.queryKey) &&
      now - query.state.dataUpdatedAt < PERSIST_MAX_AGE_MS,
  );
  const newestFirst = [...state.queries, ...stillKept].sort(
    (a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt,
  );
  const queries: KeptQuery[] = [];
  let total = 0;
  for (const query of newestFirst) {
    const entry = {
      queryKey: query.queryKey,
      queryHash: query.queryHash,
      dehydratedAt: query.dehydratedAt,
      ...(query.meta && { meta: query.meta }),
      ...(query.queryType && { queryType: query.queryType }),
      state: {
        ...query.state,
        error: null,
        fetchFailureReason: null,
        fetchStatus: 'idle' as const,
        isInvalidated: true,
      },
    };
    const size = JSON.stringify(entry).length;
    if (size > PERSIST_MAX_QUERY_CHARS || total + size > PERSIST_MAX_CHARS) continue;
    total += size;
    queries.push(entry);
  }
  return { mutations: [], queries };
}

/** The kept record of this person's data, if it is theirs, of this version and young enough; else null. */
function recordFor(userId: number, now: number): PersistedQueries | null {
  const record = readPersisted<PersistedQueries>(QUERIES);
  if (
    !record ||
    record.version !== PERSIST_VERSION ||
    record.userId !== userId ||
    typeof record.savedAt !== 'number' ||
    now - record.savedAt > PERSIST_MAX_AGE_MS ||
    !Array.isArray(record.state?.queries)
  )
    return null;
  return record;
}

/**
 * Puts what was kept for this person back into the cache (answers already newer in memory win, as `hydrate`
 * does). Returns whether anything was restored. Another person's record, an old one or another version's is never
 * restored.
 */
export function restorePersistedCache(queryClient: QueryClient, userId: number, now = Date.now()): boolean {
  const record = recordFor(userId, now);
  if (!record) return false;
  hydrate(queryClient, {
    mutations: [],
    queries: record.state.queries.filter(
      (query) => isKeptPath(query.queryKey) && now - query.state.dataUpdatedAt < PERSIST_MAX_AGE_MS,
    ),
  });
  return record.state.queries.length > 0;
}

/** The id of a signed-in user's record, or null/undefined (signed out / not known yet). */
function userIdOf(data: unknown): number | null | undefined {
  if (data === undefined) return undefined;
  if (data === null || typeof data !== 'object') return null;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'number' ? id : null;
}

export interface PersistOptions {
  /** The key of the signed-in user's query (its data is the user, null when signed out). */
  userKey: QueryKey;
  throttleMs?: number;
}

/**
 * Keeps the signed-in person's cache in localStorage (throttled, and at once when the page is hidden), and puts
 * it back when they are seen again with no network: at a reload offline (the app then knows them only as the
 * last user, src/lib/last-user.ts) or when the network goes while the app is open (filling screens not read this
 * visit). Signed out, or someone else signed in, the kept record is cleared. Returns the unsubscribe function.
 */
export function persistQueryCache(
  queryClient: QueryClient,
  { userKey, throttleMs = PERSIST_THROTTLE_MS }: PersistOptions,
): () => void {
  const userHash = hashKey(userKey);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let owner: number | null | undefined;
  // Set when one person follows another without a sign-out between: answers older than this are the other's.
  let ownerSince = 0;
  let restoredFor: number | null = null;

  const currentUserId = () => userIdOf(queryClient.getQueryData(userKey));

  function write(): void {
    clearTimeout(timer);
    timer = undefined;
    const userId = currentUserId();
    if (typeof userId !== 'number') return;
    const now = Date.now();
    const record: PersistedQueries = {
      version: PERSIST_VERSION,
      userId,
      savedAt: now,
      state: dehydrateForStorage(queryClient, now, {
        since: ownerSince,
        earlier: recordFor(userId, now)?.state.queries,
      }),
    };
    writePersisted(QUERIES, record);
  }

  function schedule(): void {
    if (timer === undefined) timer = setTimeout(write, throttleMs);
  }

  function restore(userId: number): void {
    restoredFor = userId;
    restorePersistedCache(queryClient, userId);
  }

  function onUser(userId: number | null | undefined): void {
    if (userId === undefined) return;
    if (userId === null) {
      owner = null;
      restoredFor = null;
      clearTimeout(timer);
      timer = undefined;
      clearPersistedCache();
      return;
    }
    if (typeof owner === 'number' && owner !== userId) ownerSince = Date.now();
    owner = userId;
    const kept = readPersisted<PersistedQueries>(QUERIES);
    if (kept && kept.userId !== userId) clearPersistedCache();
    else if (restoredFor !== userId && !onlineManager.isOnline()) restore(userId);
  }

  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === userHash) {
      if (event.type === 'updated' || event.type === 'added') onUser(userIdOf(event.query.state.data));
      return;
    }
    if (!isKeptPath(event.query.queryKey as QueryKey)) return;
    // A query dropped from memory stays kept (see dehydrateForStorage): only new answers are written.
    const answered =
      event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'setState');
    if (answered && typeof currentUserId() === 'number') schedule();
  });

  const unsubscribeOnline = onlineManager.subscribe((online) => {
    const userId = currentUserId();
    if (typeof userId !== 'number') return;
    if (online) restoredFor = null;
    else restore(userId);
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) write();
  };
  const onPageHide = () => {
    if (timer !== undefined) write();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);

  return () => {
    clearTimeout(timer);
    unsubscribeCache();
    unsubscribeOnline();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
