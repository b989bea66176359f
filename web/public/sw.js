/* Grow service worker: takes control at once, shows pushed notifications and opens the app where one points when
   it is tapped (spec 001 §2.7, §4; shared/API.md "Push"). No offline caching yet: every request goes to the
   network as usual. */

// The icons of the web manifest: the app icon, and a one-colour sprout for Android's status bar.
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

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

/** An in-app path, never another origin (`//host`, `https://…`). */
function isAppPath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

/** Where a notification points: its project, else data.url, else the app's start (as the app's own centre reads it). */
function targetOf(payload) {
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const projectId = data.projectId;
  if ((typeof projectId === 'number' && Number.isFinite(projectId)) || (typeof projectId === 'string' && projectId))
    return `/project/${encodeURIComponent(String(projectId))}`;
  if (isAppPath(data.url)) return data.url;
  if (isAppPath(payload.url)) return payload.url;
  return '/';
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
  const path = isAppPath(data.url) ? data.url : '/';
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
