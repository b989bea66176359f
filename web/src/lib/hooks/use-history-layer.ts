import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Dialogs and sheets as steps of the history (issue 49, "Back that goes back"): while one is open it has a history
 * entry of its own, at the same address, on top of the screen's. The phone's Back closes the top one, as a person
 * expects of anything that covers the screen, instead of leaving the screen under it; closing it any other way
 * (its ×, Escape, a button) takes its entry away again, so no dead step is left behind.
 *
 * Each entry is marked with its depth (`growLayer`: 1 for a dialog over the screen, 2 for one over that dialog), kept
 * beside whatever the router put in the state. A dialog whose entry is no longer the current one after a Back (the
 * depth fell below its own) closes.
 */
const KEY = 'growLayer';

/** Layers open in this document right now. */
let openLayers = 0;
/** A layer whose entry is about to be taken back (see the cleanup below), or null. */
let leaving: number | null = null;
let watching = false;

export function layerOf(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const depth = (state as Record<string, unknown>)[KEY];
  return typeof depth === 'number' ? depth : 0;
}

/**
 * A Back that lands on the entry of a layer no longer open (its dialog went away with a link that left the
 * screen, say) would be a step that changes nothing on screen: it is passed over.
 */
function watchDeadSteps(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('popstate', () => {
    if (layerOf(window.history.state) > openLayers) window.history.back();
  });
}

/** Makes `open` a history step: Back calls `close`; closed otherwise, the step is taken back. */
export function useHistoryLayer(open: boolean, close: () => void): void {
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });

  // In the commit itself, not after paint: a passive effect of a dialog shown from a lazy chunk was seen to wait
  // for the page's next update, so a Back pressed meanwhile left the screen instead of closing the dialog.
  useLayoutEffect(() => {
    if (!open) return;
    watchDeadSteps();
    const below = layerOf(window.history.state);
    let mine: number;
    if (leaving !== null && leaving === below) {
      // Closed and opened again within one commit (React's development double run): the entry is still there.
      mine = leaving;
      leaving = null;
    } else {
      mine = below + 1;
      const state: unknown = window.history.state;
      window.history.pushState({ ...(typeof state === 'object' && state ? state : {}), [KEY]: mine }, '');
    }
    openLayers += 1;
    let popped = false;
    const onPop = () => {
      if (!popped && layerOf(window.history.state) < mine) {
        popped = true;
        onClose.current();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      openLayers -= 1;
      // Its entry is taken back only when it is still the current one: after a link that left the screen, the
      // entry on top is the new screen's, and Back from there passes over this one (watchDeadSteps).
      if (popped || layerOf(window.history.state) !== mine) return;
      leaving = mine;
      queueMicrotask(() => {
        if (leaving !== mine) return;
        leaving = null;
        // Still on its entry: a navigation made in the same moment (a dialog whose act leads elsewhere, such as a
        // deleted account to the start) has its own entry on top now, and Back would undo it.
        if (layerOf(window.history.state) === mine) window.history.back();
      });
    };
  }, [open]);
}
