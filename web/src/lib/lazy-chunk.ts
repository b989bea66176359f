import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Every lazily loaded part of the app (a screen, a dialog, a section) is made here, so that a chunk which cannot
// be loaded (offline, or gone after a deploy) shows the nearest error boundary (src/app/route-boundary.tsx, the
// root one in src/app/root-boundary.tsx), and that boundary's Retry really loads it again.
//
// A lazy dialog sits in a Suspense boundary that is always mounted (`<Suspense>{open && <Dialog />}</Suspense>`),
// not one mounted together with it: in Chromium, a dialog from a boundary mounted in the same commit showed with its
// effects not yet run (seen with React 19.3 over an open sheet), so its Back step and focus trap began only at the
// page's next update.

/**
 * How many times an error boundary has been retried in this page. React keeps a failed `lazy()` failed for good,
 * so a chunk that failed is made afresh at its first render after a Retry (and only then: React renders a failed
 * part again at once before it gives up, which must not fetch again).
 */
let retryRound = 0;

/** An error boundary's Retry: chunks that failed load again when next rendered. */
export function retryFailedChunks(): void {
  retryRound += 1;
}

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
 * one. Returns false (and does not reload) when the browser is offline (a reload would not help, and would lose
 * what is on screen), when the page already reloaded for this moments ago, or when there is no session storage to
 * remember that in (no guard, no reload: never a loop).
 */
export function reloadForNewDeploy(now: number = Date.now()): boolean {
  if (!navigator.onLine) return false;
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
 * A component in a chunk of its own (a screen, a dialog), to render under an error boundary and a Suspense: a
 * chunk that no longer exists after a deploy reloads the page once; if it still fails, the boundary shows its
 * error, and its Retry loads the chunk again.
 */
export function lazyChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  interface Attempt {
    component: LazyExoticComponent<ComponentType<P>>;
    round: number;
    failed: boolean;
  }
  let loaded: LazyExoticComponent<ComponentType<P>> | null = null;
  let attempt: Attempt | null = null;

  function current(): LazyExoticComponent<ComponentType<P>> {
    if (loaded) return loaded;
    if (!attempt || (attempt.failed && attempt.round < retryRound)) {
      const next: Attempt = { component: null as never, round: retryRound, failed: false };
      next.component = lazy(() =>
        loadChunk(load).then(
          (module) => {
            loaded = next.component;
            return module;
          },
          (error: unknown) => {
            next.failed = true;
            throw error;
          },
        ),
      );
      attempt = next;
    }
    return attempt.component;
  }

  function LazyChunk(props: P) {
    return createElement(current(), props);
  }
  return LazyChunk;
}
