/**
 * The password-reset link the server emails is `{origin}/?reset={token}`. The token is opaque: it is
 * only trimmed, never parsed. A missing or blank `reset` means there is nothing to reset.
 */
export function parseResetToken(search: string): string | null {
  const raw = new URLSearchParams(search).get('reset');
  if (raw === null) return null;
  const token = raw.trim();
  return token === '' ? null : token;
}

/** The address without `?reset=` (other parameters such as `connect` are kept, in order). */
export function addressWithoutResetToken(path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('reset');
  const rest = params.toString();
  return rest === '' ? path : `${path}?${rest}`;
}
