import { useSyncExternalStore } from 'react';
import { api, unwrap } from '@/lib/api/client';

/**
 * Web Push in the browser (spec 001 §4 "Push permission", shared/API.md "Push"): whether it can work here, the
 * permission, the subscription the server pushes to, and what the device remembers. Nothing secret is stored: a
 * dismissal flag and the last unread count.
 */

/** `unsupported` where the browser has no notifications, no Push API or no service worker (e.g. iOS Safari tabs). */
export type PushPermission = NotificationPermission | 'unsupported';

export const PROMPT_DISMISSED_KEY = 'grow.enableNotificationsDismissed';
export const NOTIFICATION_COUNT_KEY = 'grow.notificationCount';

/** Marks the 'Enable Notifications' card: a click on it is the card's to handle, not a first interaction. */
export const PUSH_PROMPT_ATTRIBUTE = 'data-push-prompt';

/** The icons a shown notification carries (public/icons, as the web manifest lists them). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

function readPermission(): PushPermission {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

// The permission as a tiny store: the Notification API has no change event, so it is re-read after every request
// we make, and on the Permissions API's change event where there is one (a change in the browser's settings).
const permissionListeners = new Set<() => void>();
let permissionWatch: Promise<void> | null = null;

function permissionChanged(): void {
  for (const listener of [...permissionListeners]) listener();
}

function watchPermission(): void {
  if (permissionWatch || !isPushSupported() || !navigator.permissions?.query) return;
  permissionWatch = navigator.permissions
    .query({ name: 'notifications' })
    .then((status) => status.addEventListener('change', permissionChanged))
    .catch(() => undefined);
}

function subscribePermission(listener: () => void): () => void {
  watchPermission();
  permissionListeners.add(listener);
  return () => permissionListeners.delete(listener);
}

/** The notification permission, re-rendering when it changes. */
export function usePushPermission(): PushPermission {
  return useSyncExternalStore(subscribePermission, readPermission, readPermission);
}

let pendingRequest: Promise<PushPermission> | null = null;

/**
 * Asks for permission (one request at a time: the card's button and the first-interaction ask may coincide).
 * Resolves with the answer; `default` when the person closed the prompt without choosing.
 */
export function requestPushPermission(): Promise<PushPermission> {
  if (!isPushSupported()) return Promise.resolve('unsupported');
  pendingRequest ??= Notification.requestPermission()
    .catch(() => Notification.permission)
    .finally(() => {
      pendingRequest = null;
      permissionChanged();
    });
  return pendingRequest;
}

/** A base64url string (the server's VAPID key) as bytes, as `pushManager.subscribe` takes it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The service worker's registration (/sw.js), registering it if the page has not (development builds). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  // Subscribing needs an active worker, which a fresh registration does not have yet.
  return navigator.serviceWorker.ready;
}

/**
 * Subscribes this browser to pushes with the server's VAPID key and gives the subscription to the server
 * (`POST /api/push/subscribe`, a repeat replaces). A subscription made with another key (the server's key
 * changed) is replaced. Call only with permission granted.
 */
export async function subscribeToPush(): Promise<PushSubscription> {
  const registration = await serviceWorkerRegistration();
  const { publicKey } = await unwrap(api.GET('/api/push/public-key'));
  const applicationServerKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { keys } = subscription.toJSON();
  await unwrap(
    api.POST('/api/push/subscribe', {
      body: { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
    }),
  );
  return subscription;
}

let subscribed: { userId: number; done: Promise<void> } | null = null;

/**
 * Makes sure the server can push to this browser for this user: once per user and page load (a repeat POST only
 * replaces the row, but there is no need). Call with permission granted; a failure is logged, and the next page
 * load tries again.
 */
export function keepSubscribed(userId: number): Promise<void> {
  if (subscribed?.userId !== userId) {
    subscribed = {
      userId,
      done: subscribeToPush().then(
        () => undefined,
        (error: unknown) => console.error('Push subscription failed', error),
      ),
    };
  }
  return subscribed.done;
}

/** For tests: forget what this page load asked and subscribed. */
export function resetPushState(): void {
  subscribed = null;
  pendingRequest = null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The person closed the 'Enable Notifications' card: it stays closed on this device. */
export function isPromptDismissed(): boolean {
  return storage()?.getItem(PROMPT_DISMISSED_KEY) === '1';
}

export function dismissPrompt(): void {
  try {
    storage()?.setItem(PROMPT_DISMISSED_KEY, '1');
  } catch {
    // Storage full or blocked: the card closes for this visit only.
  }
}

/**
 * The unread count this device last saw for this user (spec 001 §9: "local storage holds the previous notification
 * count"); 0 when it saw none, or last saw another user's.
 */
export function readStoredCount(userId: number): number {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(NOTIFICATION_COUNT_KEY) ?? 'null');
    if (typeof value === 'object' && value !== null && 'userId' in value && 'count' in value) {
      const { userId: stored, count } = value;
      if (stored === userId && typeof count === 'number' && Number.isFinite(count)) return count;
    }
  } catch {
    // Unreadable: as if never stored.
  }
  return 0;
}

export function writeStoredCount(userId: number, count: number): void {
  try {
    storage()?.setItem(NOTIFICATION_COUNT_KEY, JSON.stringify({ userId, count }));
  } catch {
    // Storage full or blocked: the next rise is compared with 0.
  }
}
