import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyChunk } from '@/lib/lazy-chunk';
import { SafetyContext, type SafetyActions } from '@/lib/safety';
import type { OpenSafetyDialog } from './components/safety-dialogs';

// The dialogs are a chunk of their own: most visits never open one. One that cannot be loaded (offline, after a
// deploy) shows the root error boundary, whose Retry loads it again (src/lib/lazy-chunk.ts).
const SafetyDialogs = lazyChunk(() => import('./components/safety-dialogs'));

/**
 * Offers Block and Report to every area of the signed-in app (src/lib/safety.ts) and shows their dialogs over
 * whatever screen or dialog asked for them. When the last one closes, the focus goes back to the control that
 * opened it.
 */
export function SafetyProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenSafetyDialog | null>(null);
  const openRef = useRef<OpenSafetyDialog | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const change = (next: OpenSafetyDialog | null) => {
    openRef.current = next;
    setOpen(next);
  };

  const actions = useMemo<SafetyActions>(() => {
    const show = (next: OpenSafetyDialog) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      openRef.current = next;
      setOpen(next);
    };
    return {
      report: (target) => show({ kind: 'report', target }),
      block: (person, options = {}) => show({ kind: 'block', person, options }),
      personMenu: (person, options = {}) => show({ kind: 'menu', person, options }),
    };
  }, []);

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    // A dialog that hands over to another (the menu to Block) leaves the focus to the next one.
    if (openRef.current !== null) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      target.focus();
      return;
    }
    // The control that opened it went with its own dialog (a message's options): the dialog or sheet still
    // open under it takes the focus, so the keyboard stays where the person was.
    const below = Array.from(
      document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"]'),
    ).pop();
    below?.focus();
  };

  return (
    <SafetyContext.Provider value={actions}>
      {children}
      {/* The boundary stays mounted (lib/lazy-chunk.ts: a boundary mounted with a dialog that suspends). */}
      <Suspense fallback={null}>
        {open && <SafetyDialogs open={open} onChange={change} onCloseAutoFocus={restoreFocus} />}
      </Suspense>
    </SafetyContext.Provider>
  );
}
