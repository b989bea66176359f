import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import {
  READY_TO_SHARE,
  RECEIVED_LINK_OPEN_DELAY_MS,
  receivedLinkTarget,
  type ShareCallbacks,
  type ShareEnv,
} from './share-methods';

interface Session {
  controller: AbortController;
  openTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * The NFC side of a share dialog (spec 001 §4): 'Ready to Share' once the scan starts, and a project link tapped
 * over from the other phone opens by itself about 1 s later. A Web NFC scan runs until it is aborted, so one
 * reader at most is kept: a new DEVICE-CONNECT stops the one before, and closing the dialog (or leaving the screen)
 * stops it and a link still waiting to open, so nothing read after the dialog is gone can take the page away.
 *
 * `start()` gives the callbacks (with their signal) for `shareFromDevice`; `stop()` ends the session now.
 */
export function useNfcSession(open: boolean, env: ShareEnv) {
  const session = useRef<Session | null>(null);

  const stop = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    current.controller.abort();
    if (current.openTimer !== null) clearTimeout(current.openTimer);
  }, []);

  useEffect(() => {
    if (!open) stop();
  }, [open, stop]);
  useEffect(() => stop, [stop]);

  const start = useCallback((): ShareCallbacks & { signal: AbortSignal } => {
    stop();
    const current: Session = { controller: new AbortController(), openTimer: null };
    session.current = current;
    const { signal } = current.controller;
    const openLink = env.openLink ?? ((url: string) => window.location.assign(url));
    return {
      signal,
      onNfcReady: () => {
        if (!signal.aborted) toast(READY_TO_SHARE);
      },
      onNfcRecords: (records) => {
        const target = receivedLinkTarget(records, window.location.origin);
        if (!target || signal.aborted || current.openTimer !== null) return;
        toast({ title: 'Project Received!', description: 'Opening the shared project…', variant: 'success' });
        current.openTimer = setTimeout(() => {
          if (!signal.aborted) openLink(target);
        }, RECEIVED_LINK_OPEN_DELAY_MS);
      },
    };
  }, [env, stop]);

  return { start, stop };
}
