import { useMemo, useState } from 'react';
import {
  browserShareEnv,
  copyLink,
  deviceShareSupported,
  NFC_NOT_SUPPORTED,
  shareFromDevice,
  shareNotice,
  shareOrCopy,
  type ShareEnv,
  type ShareOutcome,
} from '@/lib/share/share-methods';
import { useNfcSession } from '@/lib/share/use-nfc-session';
import { toast } from '@/lib/toast';

export type ShareBusy = 'copy' | 'share' | 'device';

/**
 * The ways a share dialog sends `link` (spec 001 §4): Copy, the native Share, and from this device (Web NFC where
 * the browser has it, else the fallbacks in the spec's order), each saying how it went (spec 001 §8, `what` names
 * the link: 'Profile', 'Project'). The device's NFC session lives while the dialog is `open` (`useNfcSession`): a
 * project link tapped over opens by itself about 1 s later, and closing the dialog stops the reader. Each action
 * answers its outcome (null when nothing was tried, or the session was stopped first).
 */
export function useShareLink({
  link,
  what,
  text,
  env: givenEnv,
  open,
}: {
  link: string | null;
  what: string;
  text: { title: string; text: string };
  /** The browser's sharing abilities (tests give their own). */
  env?: ShareEnv | undefined;
  /** Whether the dialog is open: closing it ends the device's NFC session. */
  open: boolean;
}) {
  const env = useMemo(() => givenEnv ?? browserShareEnv(), [givenEnv]);
  const [busy, setBusy] = useState<ShareBusy | null>(null);
  const nfc = useNfcSession(open, env);

  const run = async (kind: ShareBusy, send: (link: string) => Promise<ShareOutcome>) => {
    if (link === null) return null;
    setBusy(kind);
    const outcome = await send(link);
    setBusy(null);
    toast(shareNotice(outcome, link, what));
    return outcome;
  };

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
      const session = nfc.start();
      setBusy('device');
      const outcome = await shareFromDevice(env, link, text, session);
      setBusy(null);
      // Stopped (the dialog closed, or another tap took over): that one has nothing more to say.
      if (session.signal.aborted) return null;
      toast(shareNotice(outcome, link, what));
      return outcome;
    },
    /** Ends the device's NFC session now (RESET CONNECTION). */
    stopDevice: nfc.stop,
  };
}
