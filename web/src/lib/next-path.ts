/**
 * Where a sign-in continues to, from the `?next=` of the sign-in page's address (a shared project link sends its
 * visitor there): a path of this app only. Anything that could leave the app (`//host`, `/\host`, a scheme) or is
 * not a path is ignored.
 */
export function nextPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return null;
  return next;
}

/** The sign-in page's address that comes back to `path` afterwards, on the given tab. */
export function signInHref(path: string, tab: 'login' | 'signup' = 'login'): string {
  const query = new URLSearchParams({ next: path });
  if (tab === 'signup') query.set('tab', 'signup');
  return `/?${query.toString()}`;
}
