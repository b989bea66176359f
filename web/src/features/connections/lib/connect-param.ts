import { connectCodeOfSearch } from '@/lib/connect-code';

/**
 * The connect-by-link parameter (`/profile?connect={code}`, shared/API.md "Limits and fair play"): a person's
 * connect code, never an id. `code` is null when the parameter is there but is not a code. `withoutConnect` is the
 * search string with the parameter removed.
 */
export function readConnectParam(search: string): { present: boolean; code: string | null } {
  const present = new URLSearchParams(search).has('connect');
  return { present, code: present ? connectCodeOfSearch(search) : null };
}

export function withoutConnect(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('connect');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
