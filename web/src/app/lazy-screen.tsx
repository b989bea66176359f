import {
  createContext,
  createElement,
  lazy,
  useContext,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * How many times the route's error boundary has retried (src/app/route-boundary.tsx). A screen whose chunk failed
 * to load is loaded afresh on the next attempt: React keeps a failed `lazy()` failed for good.
 */
export const RetryAttemptContext = createContext(0);

/** Browsers' words for a script chunk that could not be fetched (Chromium, Firefox, Safari, Vite's CSS preload). */
const CHUNK_ERROR_TEXTS = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/** True for an error that says a chunk of the app could not be loaded (typically: a new deploy removed it). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  const text = error.message.toLowerCase();
  return CHUNK_ERROR_TEXTS.some((known) => text.includes(known.toLowerCase()));
}

/** Kept for this tab only: when the page last reloaded to pick up a new deploy. */
export const CHUNK_RELOAD_KEY = 'grow:chunk-reload-at';
/** A second chunk failure this soon after such a reload is not a deploy: show the error instead of looping. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** The page reload (tests replace it: jsdom cannot reload). */
export const page = { reload: () => window.location.reload() };

/**
 * After a deploy the old chunks are gone, and the page still holds the old index: reload it once to fetch the new
 * one. Returns false (and does not reload) when the page already reloaded for this moments ago, or when there is
 * no session storage to remember that in (no guard, no reload: never a loop).
 */
export function reloadForNewDeploy(now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  page.reload();
  return true;
}

async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    // While the page reloads, keep showing the loading state rather than an error.
    if (isChunkLoadError(error) && reloadForNewDeploy()) return new Promise<M>(() => {});
    throw error;
  }
}

/**
 * A screen in its own chunk (one per route), shown under a route boundary: a chunk that no longer exists after a
 * deploy reloads the page once; if it still fails, the boundary shows its error, and its Retry loads it again.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: LazyExoticComponent<ComponentType<P>> | null = null;
  const byAttempt = new Map<number, LazyExoticComponent<ComponentType<P>>>();

  function forAttempt(attempt: number): LazyExoticComponent<ComponentType<P>> {
    if (loaded) return loaded;
    let screen = byAttempt.get(attempt);
    if (!screen) {
      const candidate = lazy(() =>
        loadChunk(load).then((module) => {
          loaded = candidate;
          return module;
        }),
      );
      byAttempt.set(attempt, candidate);
      screen = candidate;
    }
    return screen;
  }

  function LazyScreen(props: P) {
    return createElement(forAttempt(useContext(RetryAttemptContext)), props);
  }
  return LazyScreen;
}
