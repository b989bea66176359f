/* Grow service worker: takes control at once, serves the app's shell when the network is down (issue "Scale":
   installable as a PWA), shows pushed notifications and opens the app where one points when it is tapped
   (spec 001 §2.7, §4; shared/API.md "Push").

   Offline: at install it caches the shell (index.html, which the server answers for every app path), the manifest,
   the icons, and the hashed scripts, styles and Latin fonts that index.html loads (their names change with every
   build, so they are read from index.html itself). Page loads go to the network first and fall back to that shell;
   /assets/* never change under a name, so they are served from the cache first, and a lazily loaded chunk is added
   when it is first fetched. The API, the live socket, uploaded files and every non-GET request are never cached
   nor answered here: they go to the network untouched. */

// Where a notification may lead: the app's own check, src/lib/app-path.ts, built to /app-path.js (vite.config.ts).
importScripts('/app-path.js');

// The icons of the web manifest: the app icon, and a one-colour sprout for Android's status bar.
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

// ---- Offline shell ----

// Bump the version when the cache's layout changes: activate deletes every other Grow cache.
const CACHE_PREFIX = 'grow-shell-';
const CACHE = `${CACHE_PREFIX}v1`;
/** The shell: the server answers every non-API path with the same index.html. */
const SHELL = '/';
/** What the shell needs besides its hashed assets: the manifest and every icon it or index.html names. */
const STATIC = [
  '/manifest.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
  BADGE,
];
/** Paths that are the server's, not the app's: never cached, never answered with the shell. */
const NETWORK_ONLY = ['/api', '/ws', '/uploads', '/files', '/healthz', '/readyz', '/metrics', '/sw.js'];
/** Hashed build output: a name never changes its content (the server sends it `immutable`). */
const ASSETS = '/assets/';
/** Cached entries are keyed by URL alone: Vary (Accept-Encoding, which a script cannot see) is beside the point. */
const MATCH = { ignoreVary: true };

function isNetworkOnly(pathname) {
  return NETWORK_ONLY.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The /assets/… scripts and stylesheets a page of HTML loads (src and href attributes). */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)) found.add(match[1]);
  return [...found];
}

/**
 * The Latin fonts a stylesheet names (fontsource: `inter-latin-wght-normal-<hash>.woff2`): the text face and the
 * display face of every screen. Other scripts' subsets are cached when a page first needs them.
 */
function latinFontsOf(css) {
  const found = new Set();
  for (const match of css.matchAll(/url\(["']?(\/assets\/[^)"'?#]+-latin-wght-[^)"'?#]+\.woff2)["']?\)/g))
    found.add(match[1]);
  return [...found];
}

/** Adds the URLs the cache lacks (a hashed name already cached is already right). */
async function addMissing(cache, urls) {
  const missing = [];
  for (const url of urls) if (!(await cache.match(url, MATCH))) missing.push(url);
  await cache.addAll(missing);
}

/**
 * Caches this index.html as the shell, after the scripts, styles and fonts it loads (an index is never cached
 * without its assets). When it is a new build's, the assets of older builds are dropped.
 */
async function storeShell(response) {
  const cache = await caches.open(CACHE);
  const assets = assetsOf(await response.clone().text());
  // Not the app's index (the server's "not built" page): keep the shell there is.
  if (assets.length === 0) return;
  await addMissing(cache, assets);
  const fonts = [];
  for (const sheet of assets.filter((url) => url.endsWith('.css'))) {
    const css = await cache.match(sheet, MATCH);
    if (css) fonts.push(...latinFontsOf(await css.text()));
  }
  await addMissing(cache, fonts);

  const previous = await cache.match(SHELL, MATCH);
  const previousAssets = previous ? assetsOf(await previous.text()) : [];
  await cache.put(SHELL, response);
  const sameBuild =
    previousAssets.length === assets.length && previousAssets.every((url) => assets.includes(url));
  if (previous && !sameBuild) {
    // A new build: the old one's chunks are never asked for again (this build's lazy chunks come back when fetched).
    const keep = new Set([...assets, ...fonts]);
    for (const request of await cache.keys()) {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith(ASSETS) && !keep.has(pathname)) await cache.delete(request);
    }
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(STATIC);
  const shell = await fetch(SHELL, { cache: 'no-cache' });
  if (!shell.ok) throw new Error(`the shell answered ${shell.status}`);
  await storeShell(shell);
}

/** A page load: the network's answer (kept as the shell when it is one), else the cached shell. */
async function navigate(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    const type = response.headers.get('content-type') || '';
    if (response.status === 200 && type.includes('text/html'))
      event.waitUntil(storeShell(response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL, { ...MATCH, cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** A hashed asset: from the cache, else from the network and then kept. */
async function asset(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request, MATCH);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()).catch(() => {}));
  return response;
}

/** The manifest and the icons: the network's (they may change), else the cached copy. */
async function networkFirst(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const cached = await caches.match(event.request, { ...MATCH, cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  // Push and notification taps must work even when caching fails (a full disk, a deploy mid-install): the
  // failure is logged, not thrown, and the next page load caches the shell again.
  event.waitUntil(
    precache().catch((error) => {
      console.warn('Grow could not cache its shell for offline use', error);
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      // Page loads start on the network while this worker wakes up (navigate() reads the preloaded answer).
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable().catch(() => {});
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNetworkOnly(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith(ASSETS)) event.respondWith(asset(event));
  else if (STATIC.includes(url.pathname)) event.respondWith(networkFirst(event));
});

// ---- Push ----

/** The pushed payload: JSON {id, type, title, body, data: {url, projectId, …}}; plain text is used as the body. */
function readPush(event) {
  if (!event.data) return {};
  try {
    const value = event.data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** `value` as an in-app path, or null: never another origin (`//host`, `/\\host`, `https://…`), checked as a URL. */
function appPath(value) {
  return self.growAppPath.appPath(value, self.location.origin);
}

/** Where a notification points: its project, else data.url, else the app's start (as the app's own centre reads it). */
function targetOf(payload) {
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const projectId = data.projectId;
  if ((typeof projectId === 'number' && Number.isFinite(projectId)) || (typeof projectId === 'string' && projectId))
    return `/project/${encodeURIComponent(String(projectId))}`;
  return appPath(data.url) ?? appPath(payload.url) ?? '/';
}

self.addEventListener('push', (event) => {
  const payload = readPush(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Grow';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON,
    badge: BADGE,
    data: { url: targetOf(payload), id: payload.id ?? null },
  };
  // The same tag as the app uses when it shows the notification itself (the unread count rose while open), so the
  // two never show twice.
  if (payload.id !== undefined && payload.id !== null) options.tag = `notification-${payload.id}`;
  else if (typeof payload.tag === 'string') options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const path = appPath(data.url) ?? '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
      // The window in use, else a visible one, else any: focus it and let the app go there without a reload.
      const client =
        ours.find((c) => c.focused) || ours.find((c) => c.visibilityState === 'visible') || ours[0];
      if (client) {
        const focused = (await client.focus().catch(() => null)) || client;
        focused.postMessage({ type: 'grow:navigate', url: path });
        return;
      }
      await self.clients.openWindow(new URL(path, self.location.origin).href);
    })(),
  );
});
