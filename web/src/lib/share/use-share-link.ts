import { useEffect, useMemo, useRef, useState } from 'react';
import {
  browserShareEnv,
  copyLink,
  deviceShareSupported,
  NFC_NOT_SUPPORTED,
  READY_TO_SHARE,
  RECEIVED_LINK_OPEN_DELAY_MS,
  receivedLinkTarget,
  shareFromDevice,
  shareNotice,
  shareOrCopy,
  type ShareEnv,
  type ShareOutcome,
} from '@/lib/share/share-methods';
import { toast } from '@/lib/toast';

export type ShareBusy = 'copy' | 'share' | 'device';

/**
 * The ways a share dialog sends `link` (spec 001 §4): Copy, the native Share, and from this device (Web NFC where
 * the browser has it, else the fallbacks in the spec's order), each saying how it went (spec 001 §8, `what` names
 * the link: 'Profile', 'Project'). While the device listens, a project link tapped over from another phone opens
 * by itself about 1 s later. Each action answers its outcome (null when nothing was tried).
 */
export function useShareLink({
  link,
  what,
  text,
  env: givenEnv,
}: {
  link: string | null;
  what: string;
  text: { title: string; text: string };
  /** The browser's sharing abilities (tests give their own). */
  env?: ShareEnv | undefined;
}) {
  const env = useMemo(() => givenEnv ?? browserShareEnv(), [givenEnv]);
  const [busy, setBusy] = useState<ShareBusy | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (openTimer.current) clearTimeout(openTimer.current);
    },
    [],
  );

  const run = async (kind: ShareBusy, send: (link: string) => Promise<ShareOutcome>) => {
    if (link === null) return null;
    setBusy(kind);
    const outcome = await send(link);
    setBusy(null);
    toast(shareNotice(outcome, link, what));
    return outcome;
  };

  const fromDevice = (to: string) =>
    shareFromDevice(env, to, text, {
      onNfcReady: () => toast(READY_TO_SHARE),
      onNfcRecords: (records) => {
        const target = receivedLinkTarget(records);
        if (!target || openTimer.current) return;
        toast({ title: 'Project Received!', description: 'Opening the shared project…', variant: 'success' });
        openTimer.current = setTimeout(() => window.location.assign(target), RECEIVED_LINK_OPEN_DELAY_MS);
      },
    });

  return {
    env,
    busy,
    /** Whether this device can share by itself (DEVICE-CONNECT, Tap to share). */
    deviceSupported: deviceShareSupported(env),
    copy: () => run('copy', (to) => copyLink(env, to)),
    share: () => run('share', (to) => shareOrCopy(env, to, text)),
    shareFromDevice: async () => {
      if (link === null) return null;
      if (!deviceShareSupported(env)) {
        toast(NFC_NOT_SUPPORTED);
        return null;
      }
      return run('device', fromDevice);
    },
  };
}
