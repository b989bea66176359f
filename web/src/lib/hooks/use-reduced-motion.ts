import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  if (!list) return () => {};
  // Safari before 14 has only the older listener methods.
  if (typeof list.addEventListener === 'function') {
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }
  list.addListener(onChange);
  return () => list.removeListener(onChange);
}

function getSnapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/**
 * True when the person asks for less motion, following the setting while the page is open. CSS animations stop by
 * themselves (index.css); this is for the motion scripts drive (the deck's fly-out, the coin count-up, the scratch
 * sweep, the level-up burst, the nearby carousel's drift), which CSS cannot reach.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
