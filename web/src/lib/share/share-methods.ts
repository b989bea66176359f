/**
 * How a link leaves this device (spec 001 §4 "Share method", §8 sharing notices, §9 delays), as plain functions
 * over an injected environment so every path is testable without a phone:
 * - iOS: the native share sheet, falling back to copying the link.
 * - Android with Web NFC (`NDEFReader`): scan for a nearby device, write the link about 1 s later; if NFC fails,
 *   the native share sheet, then the clipboard.
 * - Anything else: the native share sheet, then the clipboard, then the link itself in a notice for 10 s.
 * Device sharing is offered when the device has native sharing, Web NFC, or is iOS.
 */
import type { ToastOptions } from '@/lib/toast';
import { appPath } from '@/lib/app-path';

/** Web NFC, as far as sharing uses it (not in TypeScript's DOM library yet). */
export interface NdefRecordLike {
  recordType: string;
  data?: DataView | string | null;
}
export interface NdefReaderLike {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(
    message: { records: { recordType: string; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>;
  onreading: ((event: { message: { records: readonly NdefRecordLike[] } }) => void) | null;
}
export type NdefReaderConstructor = new () => NdefReaderLike;

export interface ShareEnv {
  userAgent: string;
  maxTouchPoints: number;
  /** `navigator.share`, when the browser has it. */
  share?: ((data: ShareData) => Promise<void>) | undefined;
  /** `navigator.clipboard.writeText`, when the browser has it. */
  writeText?: ((text: string) => Promise<void>) | undefined;
  /** `window.NDEFReader`, when the browser has Web NFC. */
  NDEFReader?: NdefReaderConstructor | undefined;
  /** Waits (the 1 s before an NFC write); tests pass their own. */
  wait: (ms: number) => Promise<void>;
  /** Goes to a link received from a nearby device (the page's own navigation when not given). */
  openLink?: ((url: string) => void) | undefined;
}

/** The delays of spec 001 §9. */
export const NFC_WRITE_DELAY_MS = 1000;
export const RECEIVED_LINK_OPEN_DELAY_MS = 1000;
export const LINK_NOTICE_MS = 10_000;

export type Platform = 'ios' | 'android' | 'other';

/** iPhone, iPod, iPad (an iPad asking for the desktop site says "Macintosh" but has a touch screen), Android, other. */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** spec 001 §4: device sharing (the DEVICE-CONNECT button) is offered with native sharing, Web NFC, or on iOS. */
export function deviceShareSupported(env: ShareEnv): boolean {
  return (
    Boolean(env.share) ||
    Boolean(env.NDEFReader) ||
    detectPlatform(env.userAgent, env.maxTouchPoints) === 'ios'
  );
}

export type ShareStep = 'nfc' | 'share' | 'clipboard' | 'notice';

/** The methods to try, in the spec's order for this device (those the browser lacks are left out, except NFC). */
export function shareSteps(env: ShareEnv): ShareStep[] {
  const platform = detectPlatform(env.userAgent, env.maxTouchPoints);
  const steps: ShareStep[] =
    platform === 'ios'
      ? ['share', 'clipboard']
      : platform === 'android' && env.NDEFReader
        ? ['nfc', 'share', 'clipboard']
        : ['share', 'clipboard', 'notice'];
  return steps.filter(
    (step) => (step !== 'share' || Boolean(env.share)) && (step !== 'clipboard' || Boolean(env.writeText)),
  );
}

/** Why the NFC step failed: no Web NFC at all, the scan could not start, or the write failed. */
export type NfcFailure =
  { stage: 'unsupported' } | { stage: 'prepare' } | { stage: 'write'; message: string | null };

export type ShareOutcome =
  | { kind: 'nfc-written' }
  | { kind: 'shared' }
  | { kind: 'copied' }
  | { kind: 'shown' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; nfc: NfcFailure | null };

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function errorText(error: unknown): string | null {
  return error instanceof Error && error.message.trim() ? error.message.trim() : null;
}

export interface ShareCallbacks {
  /**
   * Ends the NFC side (the dialog closed, or another tap started): the reader stops scanning, nothing is written,
   * nothing falls back and nothing read afterwards is reported. The outcome is then 'cancelled'.
   */
  signal?: AbortSignal;
  /** The NFC scan started: the other device can be held close now ('Ready to Share'). */
  onNfcReady?: () => void;
  /** Records read from a nearby device while scanning. */
  onNfcRecords?: (records: readonly NdefRecordLike[]) => void;
}

/** Writes `link` as a url record: scan first, then write about 1 s later (spec 001 §4, §9). */
async function shareByNfc(
  env: ShareEnv,
  link: string,
  callbacks: ShareCallbacks,
): Promise<NfcFailure | 'stopped' | null> {
  const Reader = env.NDEFReader;
  if (!Reader) return { stage: 'unsupported' };
  const { signal } = callbacks;
  if (signal?.aborted) return 'stopped';
  let reader: NdefReaderLike;
  try {
    reader = new Reader();
    reader.onreading = (event) => {
      if (!signal?.aborted) callbacks.onNfcRecords?.(event.message.records);
    };
    await reader.scan(signal ? { signal } : undefined);
  } catch {
    return signal?.aborted ? 'stopped' : { stage: 'prepare' };
  }
  if (signal?.aborted) return 'stopped';
  callbacks.onNfcReady?.();
  await env.wait(NFC_WRITE_DELAY_MS);
  if (signal?.aborted) return 'stopped';
  try {
    await reader.write({ records: [{ recordType: 'url', data: link }] }, signal ? { signal } : undefined);
    return null;
  } catch (error) {
    return signal?.aborted ? 'stopped' : { stage: 'write', message: errorText(error) };
  }
}

/**
 * Shares `link` from this device by the first method that works (see the top of this file). A share the person
 * cancels stops there: they chose not to share, so nothing falls back.
 */
export async function shareFromDevice(
  env: ShareEnv,
  link: string,
  data: { title: string; text: string },
  callbacks: ShareCallbacks = {},
): Promise<ShareOutcome> {
  let nfc: NfcFailure | null = null;
  for (const step of shareSteps(env)) {
    if (step === 'nfc') {
      const failure = await shareByNfc(env, link, callbacks);
      if (failure === null) return { kind: 'nfc-written' };
      if (failure === 'stopped') return { kind: 'cancelled' };
      nfc = failure;
    } else if (step === 'share') {
      try {
        await env.share!({ ...data, url: link });
        return { kind: 'shared' };
      } catch (error) {
        if (isAbort(error)) return { kind: 'cancelled' };
      }
    } else if (step === 'clipboard') {
      try {
        await env.writeText!(link);
        return { kind: 'copied' };
      } catch {
        // Next method.
      }
    } else {
      return { kind: 'shown' };
    }
  }
  return { kind: 'failed', nfc };
}

/** The Share button: the native share sheet, else the clipboard (a cancel stops there). */
export async function shareOrCopy(
  env: ShareEnv,
  link: string,
  data: { title: string; text: string },
): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share({ ...data, url: link });
      return { kind: 'shared' };
    } catch (error) {
      if (isAbort(error)) return { kind: 'cancelled' };
    }
  }
  return copyLink(env, link);
}

/** The copy button: the clipboard only. */
export async function copyLink(env: ShareEnv, link: string): Promise<ShareOutcome> {
  if (env.writeText) {
    try {
      await env.writeText(link);
      return { kind: 'copied' };
    } catch {
      // Reported below.
    }
  }
  return { kind: 'failed', nfc: null };
}

/** A device share that reached the other side: the DEVICE LINKED state (spec 001 §4). */
export function linksDevice(outcome: ShareOutcome): boolean {
  return outcome.kind === 'nfc-written' || outcome.kind === 'shared';
}

/**
 * What a share outcome tells the person (spec 001 §8): 'NFC Tag Written!', 'Share Complete', 'Link Copied',
 * 'Share Cancelled', the link itself for 10 s, or why it failed ('NFC Tags Not Supported', 'NFC failed',
 * 'NFC Write Failed', 'Copy failed'). `what` names the link ('Profile', 'Project').
 */
export function shareNotice(outcome: ShareOutcome, link: string, what: string): ToastOptions {
  switch (outcome.kind) {
    case 'nfc-written':
      return {
        title: 'NFC Tag Written!',
        description: `${what} link sent. Hold devices together to share instantly!`,
        variant: 'success',
      };
    case 'shared':
      return { title: 'Share Complete', description: `${what} link shared.`, variant: 'success' };
    case 'copied':
      return { title: 'Link Copied', description: `${what} link copied to clipboard.`, variant: 'success' };
    case 'cancelled':
      return { title: 'Share Cancelled', description: 'You cancelled the share.' };
    case 'shown':
      return { title: `Share this ${what.toLowerCase()} link`, description: link, duration: LINK_NOTICE_MS };
    case 'failed': {
      const nfc = outcome.nfc;
      if (nfc?.stage === 'unsupported')
        return {
          title: 'NFC Tags Not Supported',
          description: "Your browser doesn't support NFC tag writing.",
          variant: 'destructive',
        };
      if (nfc?.stage === 'prepare')
        return { title: 'NFC failed', description: 'Unable to prepare NFC sharing.', variant: 'destructive' };
      if (nfc?.stage === 'write')
        return {
          title: 'NFC Write Failed',
          description: nfc.message ?? 'Could not write to NFC tag. Make sure NFC is enabled.',
          variant: 'destructive',
        };
      return { title: 'Copy failed', description: 'Unable to copy link.', variant: 'destructive' };
    }
  }
}

/** DEVICE-CONNECT on a device without device sharing (spec 001 §8). */
export const NFC_NOT_SUPPORTED: ToastOptions = {
  title: 'NFC not supported',
  description: "Your device doesn't support NFC sharing.",
  variant: 'destructive',
};

/** The device is announced as ready for a tap (spec 001 §8 'Ready to Share'). */
export const READY_TO_SHARE: ToastOptions = {
  title: 'Ready to Share',
  description: 'Hold devices together to share instantly!',
};

/** RESET CONNECTION (spec 001 §4: reset clears the linked state). */
export const CONNECTION_RESET: ToastOptions = {
  title: 'Connection Reset',
  description: 'Ready to share with another device.',
};

function recordText(record: NdefRecordLike): string | null {
  if (typeof record.data === 'string') return record.data;
  if (record.data instanceof DataView) return new TextDecoder().decode(record.data);
  return null;
}

/**
 * A link received from a nearby device that opens by itself (spec 001 §4): only a `url` record naming a project of
 * this app (`/join/…` or `/project/…` on `origin`, the app's own). A link to any other site is never opened: a tag
 * anyone can write must not send a phone elsewhere. Returns the path within the app, or null.
 */
export function receivedLinkTarget(records: readonly NdefRecordLike[], origin: string): string | null {
  for (const record of records) {
    if (record.recordType !== 'url') continue;
    const text = recordText(record)?.trim();
    if (!text) continue;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      continue; // Not an address.
    }
    if (url.origin !== origin || !/^\/(join|project)\/[^/]+\/?$/.test(url.pathname)) continue;
    return appPath(`${url.pathname}${url.search}${url.hash}`, origin);
  }
  return null;
}

/** The environment of this browser. */
export function browserShareEnv(): ShareEnv {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const ndef =
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as { NDEFReader?: NdefReaderConstructor }).NDEFReader;
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    writeText: nav?.clipboard?.writeText ? (text) => nav.clipboard.writeText(text) : undefined,
    NDEFReader: ndef,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    openLink: (url) => window.location.assign(url),
  };
}
