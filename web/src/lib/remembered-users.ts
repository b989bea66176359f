/**
 * Saved accounts for quick login (spec 000 §3, §4; shared/API.md "Remembered accounts hold no password").
 * The browser keeps `{username, firstName, rememberToken}` under `rememberedUsers`, most recent first,
 * at most 5. Old entries that carried a password are dropped and the password is never read.
 */
export const REMEMBERED_USERS_KEY = 'rememberedUsers';
export const MAX_REMEMBERED_USERS = 5;

/** The administrator account and the one other special name are never offered for quick login. */
const SPECIAL_USERNAMES = new Set(['admin', 'administrator']);

export interface RememberedUser {
  username: string;
  firstName: string;
  rememberToken: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Storage can be disabled (privacy mode): quick login is then simply unavailable.
    return null;
  }
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Keeps only complete, non-special entries (first occurrence of a username wins), capped at the limit. */
export function cleanRememberedUsers(raw: unknown): RememberedUser[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: RememberedUser[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    // Read only the three fields we keep; a legacy `password` field is never touched.
    const username = entry.username;
    const rememberToken = entry.rememberToken;
    const firstName = entry.firstName;
    if (!isNonEmptyString(username) || !isNonEmptyString(rememberToken)) continue;
    if (SPECIAL_USERNAMES.has(username.trim().toLowerCase())) continue;
    if (seen.has(username)) continue;
    seen.add(username);
    out.push({
      username,
      firstName: typeof firstName === 'string' && firstName.trim() !== '' ? firstName : username,
      rememberToken,
    });
    if (out.length >= MAX_REMEMBERED_USERS) break;
  }
  return out;
}

function write(storage: StorageLike, users: RememberedUser[]): void {
  try {
    storage.setItem(REMEMBERED_USERS_KEY, JSON.stringify(users));
  } catch {
    // Quota or disabled storage: the in-memory list still works for this page.
  }
}

/**
 * Loads the saved accounts at page start: unparsable data removes the key, otherwise the cleaned
 * list is written back.
 */
export function loadRememberedUsers(storage: StorageLike | null = defaultStorage()): RememberedUser[] {
  if (!storage) return [];
  let stored: string | null;
  try {
    stored = storage.getItem(REMEMBERED_USERS_KEY);
  } catch {
    return [];
  }
  if (stored === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    try {
      storage.removeItem(REMEMBERED_USERS_KEY);
    } catch {
      /* ignore */
    }
    return [];
  }
  const cleaned = cleanRememberedUsers(parsed);
  write(storage, cleaned);
  return cleaned;
}

/** Puts the entry first, replacing any entry with the same username, keeping at most 5 (oldest dropped). */
export function rememberUser(
  entry: RememberedUser,
  storage: StorageLike | null = defaultStorage(),
): RememberedUser[] {
  const current = storage ? loadRememberedUsers(storage) : [];
  const next = [entry, ...current.filter((u) => u.username !== entry.username)].slice(
    0,
    MAX_REMEMBERED_USERS,
  );
  if (storage) write(storage, next);
  return next;
}

/** Drops the entry for this username (after a forget, or a 401 on quick login). */
export function forgetUser(
  username: string,
  storage: StorageLike | null = defaultStorage(),
): RememberedUser[] {
  const current = storage ? loadRememberedUsers(storage) : [];
  const next = current.filter((u) => u.username !== username);
  if (storage) write(storage, next);
  return next;
}
