// What the app keeps of its signed-in person's data between visits, so that a reload with no network shows their
// screens as they last saw them (issue 31, "Offline"). Issue 49 narrowed it, as Bluesky's social-app does (one
// cache per account, only named roots persisted):
// - an allow-list: only the answers those screens show (`KEPT_PATHS`); anything else is never written, so a busy
//   chat, a search or a pledge causes no write at all;
// - per account: one record per person (`grow.offline.<their id>.queries`, the id checked again inside), never read
//   for anyone else, and removed when someone else signs in or nobody is signed in any more;
// - written off the main path: in idle time, and only the answers that changed are serialised again.
// It holds nothing secret (no sign-in answers, connect codes, emails, even their own, or tokens), no message's
// words and no position finer than the server's 1 km.
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

/** The name (under the prefix) of one person's kept screens. */
export function queriesRecordName(userId: number): string {
  return `${userId}.queries`;
}
/** The storage key of some person's kept screens, their id in the first group. */
const QUERIES_RECORD = /^grow\.offline\.(\d+)\.queries$/;
/** Builds before issue 49 kept one record for whoever was signed in, direct messages included: removed unread. */
const LEGACY_QUERIES = 'queries';

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
/** A write waits this long after the answer that asked for it: a burst of answers (a screen loading) is written once. */
export const PERSIST_THROTTLE_MS = 1_000;
/** How long a write may wait for the browser to be idle before it is done anyway. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * The answers kept, by path: what a person's own screens show when opened with no network. Left out on purpose:
 * - message histories, direct, project and room alike (what people wrote to each other): a chat opens on the
 *   network, and what was typed offline waits in the outbox (src/features/chat/lib/outbox.ts), not here;
 * - pledges and investments (money), the blocked list, searches and the people they find, nearby people, presence
 *   ('ONLINE' from a past visit would be a lie), requests the person sent, moderation, connect codes, and the
 *   sign-in answers (the signed-in person is kept apart, without email, by src/lib/last-user.ts).
 */
const KEPT_PATHS: readonly RegExp[] = [
  // Explore: the deck's first page, and whether anything was ever swiped (an empty deck, or one seen to the end).
  /^\/api\/feed$/,
  /^\/api\/feed\/swipes$/,
  // Create and the chat's Projects tab: their projects, those they work on; the projects they follow.
  /^\/api\/projects$/,
  /^\/api\/projects\/(collaborating|supported)$/,
  // A project's own screen: the project, its tasks, updates, feedback and team (never its pledges or its chat).
  /^\/api\/projects\/\d+(\/(tasks|updates|feedback|collaborators))?$/,
  // Ideate: the people and conversations listed (without the last message's words: the list does not show them),
  // the requests waiting for an answer, the rooms.
  /^\/api\/connections\/(with-users|requests|collaboration-requests)$/,
  /^\/api\/conversations$/,
  /^\/api\/communities$/,
  // Rewards. Notifications, contents included: each is about a project, a task, coins or a request (no type
  // carries a message's words), and the bell and its list are what a person opens first. Their own settings.
  /^\/api\/rewards$/,
  /^\/api\/notifications(\/count)?$/,
  /^\/api\/users\/me\/notification-settings$/,
];

/** Query parameters that make an answer a search or a question about a place: never kept, whatever the path. */
const NEVER_KEPT_PARAMS = ['q', 'lat', 'lng'];

/** Field names whose values are never written, at any depth of an answer: secrets, and a message's words. */
const DROPPED_FIELDS = new Set([
  'email',
  'connectCode',
  'rememberToken',
  'token',
  'password',
  'auth',
  'p256dh',
  'lastMessage',
]);
/** Field names of a position: kept to 2 decimals (about 1 km, what the server itself tells others), at any depth. */
const POSITION_FIELDS = new Set(['lat', 'lng', 'latitude', 'longitude']);

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
  return writePersistedText(name, JSON.stringify(value));
}

function writePersistedText(name: string, text: string): boolean {
  try {
    localStorage.setItem(PERSIST_PREFIX + name, text);
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

/** The storage keys under the prefix. */
function persistedKeys(): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(PERSIST_PREFIX)) keys.push(key);
    }
  } catch {
    // Storage refused: nothing was kept.
  }
  return keys;
}

/** Removes the kept screens of everyone but `userId`; true when there were any. */
function removeOtherAccounts(userId: number): boolean {
  const others = persistedKeys().filter((key) => {
    const id = QUERIES_RECORD.exec(key)?.[1];
    return id !== undefined && Number(id) !== userId;
  });
  for (const key of others) removePersisted(key.slice(PERSIST_PREFIX.length));
  return others.length > 0;
}

const clearListeners = new Set<() => void>();

/** Be told when everything kept is cleared (a module holding a copy in memory drops it too). */
export function onPersistedCacheCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

/**
 * Forgets everything kept for offline use: every person's screens and the messages waiting to send. Every way out
 * of a session calls it, before anyone else signs in on this device.
 */
export function clearPersistedCache(): void {
  try {
    for (const key of persistedKeys()) localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
  for (const listener of [...clearListeners]) listener();
}

// ---- What is kept of an answer ----

function pathOf(key: QueryKey): string | null {
  return typeof key[0] === 'string' ? key[0] : null;
}

/** Whether an answer may be kept at all: its path is on the allow-list, and it is no search or place. */
export function isKeptKey(key: QueryKey): boolean {
  const path = pathOf(key);
  if (path === null || !KEPT_PATHS.some((kept) => kept.test(path))) return false;
  const params = key[1];
  if (params === null || typeof params !== 'object') return true;
  return !NEVER_KEPT_PARAMS.some((param) => param in params);
}

/** A copy of an answer as it is kept: without secrets or a message's words, positions to about 1 km (any depth). */
export function keptForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keptForm);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    if (DROPPED_FIELDS.has(field)) continue;
    copy[field] =
      POSITION_FIELDS.has(field) && typeof inner === 'number'
        ? Math.round(inner * 100) / 100
        : keptForm(inner);
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
 * A dehydrated answer as it is restored: marked as needing a refetch (the app's queries never go stale by time, so
 * a restored answer would be taken for a fresh one once the network is back), with no error or fetch under way.
 */
function restorable(query: KeptQuery): KeptQuery {
  return {
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
}

const isYoung = (updatedAt: number, now: number) => now - updatedAt < PERSIST_MAX_AGE_MS;

/** The kept record of this person's screens, if it is theirs, of this version and young enough; else null. */
function recordFor(userId: number, now: number): PersistedQueries | null {
  const record = readPersisted<PersistedQueries>(queriesRecordName(userId));
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
 * restored, nor an answer off the allow-list.
 */
export function restorePersistedCache(queryClient: QueryClient, userId: number, now = Date.now()): boolean {
  const record = recordFor(userId, now);
  if (!record) return false;
  const queries = record.state.queries.filter(
    (query) => isKeptKey(query.queryKey) && isYoung(query.state.dataUpdatedAt, now),
  );
  hydrate(queryClient, { mutations: [], queries });
  return queries.length > 0;
}

// ---- Keeping the cache in step ----

/** The id of a signed-in user's record, or null/undefined (signed out / not known yet). */
function userIdOf(data: unknown): number | null | undefined {
  if (data === undefined) return undefined;
  if (data === null || typeof data !== 'object') return null;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'number' ? id : null;
}

/** Runs `work` when the browser is idle (or after a moment where it cannot say); returns the cancel function. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

/** One kept answer as written (its JSON) and when the answer it copies was read. */
interface KeptText {
  updatedAt: number;
  text: string;
}

export interface PersistOptions {
  /** The key of the signed-in user's query (its data is the user, null when signed out). */
  userKey: QueryKey;
  throttleMs?: number;
}

/**
 * Keeps the signed-in person's screens in localStorage, and puts them back when they are seen again with no
 * network: at a reload offline (the app then knows them only as the last user, src/lib/last-user.ts) or when the
 * network goes while the app is open (filling screens not read this visit). Signed out, the kept records are
 * cleared; when someone else signs in, the others' records are. Returns the unsubscribe function.
 *
 * What asks for a write: an allowed answer read from the server (a screen opened, a refetch). A change made in the
 * cache by hand (a live frame, a mutation's answer) comes in bursts (a busy conversation list) and is written with
 * the next write, or when the page is hidden, never on its own. Each write serialises again only the answers read
 * since the last, and writes nothing when what it would write is what is kept.
 */
export function persistQueryCache(
  queryClient: QueryClient,
  { userKey, throttleMs = PERSIST_THROTTLE_MS }: PersistOptions,
): () => void {
  const userHash = hashKey(userKey);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  /** An allowed answer changed by hand since the last write. */
  let dirty = false;
  let owner: number | null | undefined;
  // Set when one person follows another without a sign-out between: answers older than this are the other's.
  let ownerSince = 0;
  let restoredFor: number | null = null;
  // What is kept for `keptFor`, by query hash: read from storage once, then kept in step with each write (and read
  // again when another tab writes it). Answers dropped from memory (unused for a few minutes) stay kept until they
  // are too old or crowded out.
  let keptFor: number | null = null;
  let kept = new Map<string, KeptText>();
  let writtenText: string | null = null;

  removePersisted(LEGACY_QUERIES);

  const currentUserId = () => userIdOf(queryClient.getQueryData(userKey));

  function forgetKept(): void {
    keptFor = null;
    kept = new Map();
    writtenText = null;
  }

  function loadKept(userId: number, now: number): void {
    forgetKept();
    keptFor = userId;
    for (const query of recordFor(userId, now)?.state.queries ?? []) {
      if (isKeptKey(query.queryKey))
        kept.set(query.queryHash, { updatedAt: query.state.dataUpdatedAt, text: JSON.stringify(query) });
    }
  }

  const worthKeeping = (query: Query, now: number) =>
    query.state.status === 'success' &&
    query.state.data !== undefined &&
    query.state.dataUpdatedAt >= ownerSince &&
    isYoung(query.state.dataUpdatedAt, now) &&
    isKeptKey(query.queryKey);

  function write(): void {
    cancel();
    dirty = false;
    const userId = currentUserId();
    if (typeof userId !== 'number') return;
    const now = Date.now();
    if (keptFor !== userId) loadKept(userId, now);

    const changed = new Set(
      queryClient
        .getQueryCache()
        .getAll()
        .filter(
          (query) =>
            worthKeeping(query, now) && kept.get(query.queryHash)?.updatedAt !== query.state.dataUpdatedAt,
        ),
    );
    if (changed.size > 0) {
      const { queries } = dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => changed.has(query),
        shouldDehydrateMutation: () => false,
        serializeData: (data: unknown) => keptForm(firstPageOnly(data)),
      });
      for (const query of queries)
        kept.set(query.queryHash, {
          updatedAt: query.state.dataUpdatedAt,
          text: JSON.stringify(restorable(query)),
        });
    }

    // Newest first, within the size bounds.
    for (const [hash, entry] of kept) if (!isYoung(entry.updatedAt, now)) kept.delete(hash);
    const texts: string[] = [];
    let total = 0;
    for (const { text } of [...kept.values()].sort((a, b) => b.updatedAt - a.updatedAt)) {
      if (text.length > PERSIST_MAX_QUERY_CHARS || total + text.length > PERSIST_MAX_CHARS) continue;
      total += text.length;
      texts.push(text);
    }
    const queriesText = texts.join(',');
    if (queriesText === writtenText) return;
    const record =
      `{"version":${JSON.stringify(PERSIST_VERSION)},"userId":${userId},"savedAt":${now},` +
      `"state":{"mutations":[],"queries":[${queriesText}]}}`;
    writtenText = writePersistedText(queriesRecordName(userId), record) ? queriesText : null;
  }

  function cancel(): void {
    clearTimeout(timer);
    timer = undefined;
    cancelIdle?.();
    cancelIdle = undefined;
  }

  function schedule(): void {
    if (timer !== undefined || cancelIdle !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      cancelIdle = whenIdle(write);
    }, throttleMs);
  }

  const waiting = () => dirty || timer !== undefined || cancelIdle !== undefined;

  function restore(userId: number): void {
    restoredFor = userId;
    restorePersistedCache(queryClient, userId);
  }

  function onUser(userId: number | null | undefined): void {
    if (userId === undefined) return;
    if (userId === null) {
      owner = null;
      restoredFor = null;
      cancel();
      dirty = false;
      clearPersistedCache();
      return;
    }
    if (typeof owner === 'number' && owner !== userId) ownerSince = Date.now();
    owner = userId;
    // Someone else's screens are never shown to this person, and go now rather than at their next sign-out.
    removeOtherAccounts(userId);
    if (restoredFor !== userId && !onlineManager.isOnline()) restore(userId);
  }

  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === userHash) {
      if (event.type === 'updated' || event.type === 'added') onUser(userIdOf(event.query.state.data));
      return;
    }
    // A query dropped from memory stays kept (see `kept`): only new answers are written.
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKeptKey(event.query.queryKey as QueryKey) || typeof currentUserId() !== 'number') return;
    if (event.action.manual) dirty = true;
    else schedule();
  });

  const unsubscribeOnline = onlineManager.subscribe((online) => {
    const userId = currentUserId();
    if (typeof userId !== 'number') return;
    if (online) restoredFor = null;
    else restore(userId);
  });

  const unsubscribeCleared = onPersistedCacheCleared(forgetKept);

  // Another tab of the same person wrote their record: read it again before the next write adds to it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (keptFor !== null && event.key === PERSIST_PREFIX + queriesRecordName(keptFor)))
      forgetKept();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && waiting()) write();
  };
  const onPageHide = () => {
    if (waiting()) write();
  };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);

  return () => {
    cancel();
    unsubscribeCache();
    unsubscribeOnline();
    unsubscribeCleared();
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  };
}
