/**
 * Register /sw.js (served by the server from web/public) once the page has loaded, so its install (caching the
 * shell for offline use) never competes with the first paint. Production builds only (src/main.tsx). The scripts
 * it imports (/app-path.js) are checked for a new version as the worker itself is, not kept an hour by the cache.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .catch((error: unknown) => {
        console.error('Service worker registration failed', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
