/**
 * Register /sw.js (served by the server from web/public) once the page has loaded, so its install (caching the
 * shell for offline use) never competes with the first paint. Production builds only (src/main.tsx).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
