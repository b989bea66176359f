// Connect links and QR codes name a person by their connect code, never by an id (shared/API.md "Limits and fair
// play"): `{origin}/profile?connect={code}` and `/?connect={code}`. The code is opaque and url-safe; the server
// alone says whether it names anyone (404 for an unknown code).

import type { ToastOptions } from '@/lib/toast';

/** What a connect code may look like: url-safe characters, nothing that needs escaping. */
const CODE = /^[A-Za-z0-9_-]{1,128}$/;

/** The code itself, trimmed, when `text` is one; else null. */
export function asConnectCode(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return CODE.test(trimmed) ? trimmed : null;
}

/** The `?connect=` code of a search string ('?connect=…' or 'connect=…'), or null. */
export function connectCodeOfSearch(search: string): string | null {
  return asConnectCode(new URLSearchParams(search).get('connect'));
}

/**
 * The code a person pasted or scanned: a whole connect link (`https://…/profile?connect=abc`, any origin, also
 * `/?connect=abc`) or the bare code. Null when it is neither.
 */
export function connectCodeFromText(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const bare = asConnectCode(trimmed);
  if (bare !== null) return bare;
  try {
    return asConnectCode(new URL(trimmed, 'http://link.invalid').searchParams.get('connect'));
  } catch {
    return null;
  }
}

/** The link a profile shares: `{origin}/profile?connect={code}`. */
export function connectLink(origin: string, code: string): string {
  return `${origin}/profile?connect=${encodeURIComponent(code)}`;
}

/** What an unknown code (404) says, wherever a link or code is used. */
export const UNKNOWN_CONNECT_CODE =
  "This link or code doesn't match anyone on Grow. It may have been replaced by a newer one: ask for their current link.";

/** What a link or code naming someone already connected says, wherever it connects (spec 000 §8). */
export function alreadyConnectedToast(firstName: string): ToastOptions {
  return { title: 'Already Connected', description: `You're already connected with ${firstName}.` };
}
