import { onSessionEnd, type SessionEnd } from '@/lib/session';

/**
 * Recent searches, kept on this device only (localStorage), per account so people sharing a device do not see each
 * other's: the query words and nothing else, newest first, at most RECENT_LIMIT, a repeat moved to the front.
 */
export const RECENT_LIMIT = 8;
/** The longest query kept (a pasted essay is not a "recent search"). */
const MAX_QUERY_CHARS = 120;

export function recentKey(userId: number): string {
  return `grow.recentSearches.${userId}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage can be switched off (private modes, policies).
  }
}

/** The stored list, cleaned: strings only, trimmed, no duplicates, at most RECENT_LIMIT. Anything unreadable is []. */
export function loadRecent(userId: number): string[] {
  const raw = storage()?.getItem(recentKey(userId));
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const list: string[] = [];
    // Stored newest first: the first of a repeat wins.
    for (const item of value) {
      if (typeof item !== 'string') continue;
      const clean = item.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_CHARS);
      if (clean && !list.some((kept) => kept.toLowerCase() === clean.toLowerCase())) list.push(clean);
    }
    return list.slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

/** The list with `query` in front (trimmed; a case-insensitive repeat is moved, not doubled). */
export function addRecent(list: readonly string[], query: string): string[] {
  const clean = query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_CHARS);
  if (!clean) return [...list];
  const others = list.filter((item) => item.toLowerCase() !== clean.toLowerCase());
  return [clean, ...others].slice(0, RECENT_LIMIT);
}

export function saveRecent(userId: number, list: readonly string[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(recentKey(userId));
    else store.setItem(recentKey(userId), JSON.stringify(list.slice(0, RECENT_LIMIT)));
  } catch {
    // A full or refused storage only loses the history.
  }
}

/** A deleted account's recent searches leave the device with it (a logout keeps them for the person's return). */
export function forgetRecentOf({ reason, user }: SessionEnd): void {
  if (reason === 'deleted' && user) storage()?.removeItem(recentKey(user.id));
}

onSessionEnd(forgetRecentOf);
