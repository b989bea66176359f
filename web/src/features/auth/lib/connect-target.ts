/**
 * The connect-by-link target (spec 000 §1, §2): `?connect={userId}` on the authentication page.
 * Ids are opaque JSON numbers; only a plain positive integer is accepted.
 */
export function parseConnectTarget(search: string): { raw: string | null; userId: number | null } {
  const raw = new URLSearchParams(search).get('connect');
  if (raw === null || raw.trim() === '') return { raw: null, userId: null };
  const trimmed = raw.trim();
  const userId = /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
  return { raw: trimmed, userId };
}
