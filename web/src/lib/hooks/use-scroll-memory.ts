import { useLayoutEffect } from 'react';

/**
 * A list keeps its place (issue 49): a screen reached by a link starts at the top, one returned to with Back (or
 * Forward) opens where the person left it. Each history entry is given an id in its state (`growEntry`, beside what
 * the router and the dialogs keep there), and the window's scroll is remembered per entry, so two visits to the
 * same address are two places, as in the browser's own restoration (which a client-side app does not get).
 */
const KEY = 'growEntry';
const positions = new Map<string, number>();
/** A list that is still loading is tried again each frame for this long before the place is given up. */
const RESTORE_FRAMES = 60;

function entryOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Record<string, unknown>)[KEY];
  return typeof id === 'string' ? id : null;
}

/** The current entry's id, given to it first if it has none (an entry the router has just pushed). */
function currentEntry(): string {
  const state: unknown = window.history.state;
  const known = entryOf(state);
  if (known) return known;
  const id = crypto.randomUUID();
  window.history.replaceState({ ...(typeof state === 'object' && state ? state : {}), [KEY]: id }, '');
  return id;
}

/** Scrolls to `top` once the page is tall enough to hold it (its list may still be loading). */
function restore(top: number, cancelled: () => boolean): void {
  let frames = 0;
  const attempt = () => {
    if (cancelled()) return;
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    if (reachable >= top || frames >= RESTORE_FRAMES) {
      window.scrollTo({ top: Math.min(top, Math.max(0, reachable)) });
      return;
    }
    frames += 1;
    requestAnimationFrame(attempt);
  };
  attempt();
}

/** Call with the screen's address (path and query): the scroll starts at the top or where it was left. */
export function useScrollMemory(address: string): void {
  useLayoutEffect(() => {
    if (typeof window.scrollTo !== 'function') return;
    const id = currentEntry();
    const saved = positions.get(id);
    let done = false;
    // The person scrolling (or the restore itself landing) ends the restore.
    let restoring = saved !== undefined && saved > 0;
    if (restoring && saved !== undefined) restore(saved, () => done || !restoring);
    else window.scrollTo({ top: 0 });
    const remember = () => {
      positions.set(id, window.scrollY);
    };
    const stop = () => {
      restoring = false;
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('wheel', stop, { passive: true });
    return () => {
      done = true;
      window.removeEventListener('scroll', remember);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('wheel', stop);
    };
  }, [address]);
}
