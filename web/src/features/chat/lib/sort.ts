/** The list's sort toggle (spec 000 §2, §4): smart (unread first, then latest message), newest, oldest. */
export type SortMode = 'smart' | 'newest' | 'oldest';

export const SORT_MODES: readonly SortMode[] = ['smart', 'newest', 'oldest'];

export const SORT_LABELS: Record<SortMode, string> = {
  smart: 'Smart',
  newest: 'Newest',
  oldest: 'Oldest',
};

/** The next mode of the cycle smart → newest → oldest → smart. */
export function nextSortMode(mode: SortMode): SortMode {
  return SORT_MODES[(SORT_MODES.indexOf(mode) + 1) % SORT_MODES.length] ?? 'smart';
}

export interface Sortable {
  unread: boolean;
  /** The latest message's time (or, with no message yet, when the person or project came into the list), in ms. */
  time: number;
}

/** The entries in the order of `mode`; ties keep their order. */
export function sortEntries<T extends Sortable>(entries: readonly T[], mode: SortMode): T[] {
  const byTime = (a: T, b: T) => (mode === 'oldest' ? a.time - b.time : b.time - a.time);
  return [...entries].sort((a, b) => {
    if (mode === 'smart' && a.unread !== b.unread) return a.unread ? -1 : 1;
    return byTime(a, b);
  });
}

/** Milliseconds of an RFC 3339 time, 0 for none or an unreadable one. */
export function timeOf(value: string | null | undefined): number {
  if (!value) return 0;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}
