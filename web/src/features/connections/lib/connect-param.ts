/**
 * The connect-by-link parameter (spec 000 §2: `/profile?connect={userId}`). Ids are opaque JSON numbers: only a
 * plain positive integer is a target. `withoutConnect` is the search string with the parameter removed.
 */
export function readConnectParam(search: string): { present: boolean; userId: number | null } {
  const raw = new URLSearchParams(search).get('connect');
  if (raw === null) return { present: false, userId: null };
  const trimmed = raw.trim();
  return { present: true, userId: /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : null };
}

export function withoutConnect(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('connect');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
