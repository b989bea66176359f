import { asConnectCode } from '@/lib/connect-code';

/**
 * The connect-by-link target on the authentication page (spec 000 §1, §2): `?connect={code}`, a person's connect
 * code (shared/API.md "Limits and fair play"), never an id. `raw` is whatever the parameter held (it shows the
 * banner); `code` is set only when that is a code.
 */
export function parseConnectTarget(search: string): { raw: string | null; code: string | null } {
  const raw = new URLSearchParams(search).get('connect');
  if (raw === null || raw.trim() === '') return { raw: null, code: null };
  const trimmed = raw.trim();
  return { raw: trimmed, code: asConnectCode(trimmed) };
}
