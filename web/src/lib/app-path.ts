// Shared by the app and the service worker (public/sw.js loads it, built to /app-path.js by vite.config.ts), so it
// imports nothing.

/**
 * `value` as a path of this app (path, query and hash, as the URL parser reads them), or null when it is not a
 * same-origin path. Checked as a URL, not by its first characters: `/\evil.com`, `/\t/evil.com` and `//evil.com`
 * all start with one slash or two and yet lead to another site.
 */
export function appPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
