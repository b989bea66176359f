import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { appPath } from '@/lib/app-path';
import { useUnreadCount } from '@/features/notifications/hooks/use-unread-count';
import { useRisingCountAlert } from '@/features/notifications/hooks/use-rising-count-alert';
import {
  isPromptDismissed,
  keepSubscribed,
  PUSH_PROMPT_ATTRIBUTE,
  requestPushPermission,
  usePushPermission,
  type PushPermission,
} from '@/features/notifications/lib/push';

let askedThisVisit = false;

/** For tests: the next page load asks again. */
export function resetFirstInteractionAsk(): void {
  askedThisVisit = false;
}

/**
 * spec 001 §4: "permission is requested automatically when default". Browsers only show the prompt in answer to a
 * gesture (and some block sites that ask on load), so it is asked on the person's first tap after sign-in, once a
 * visit, unless they dismissed the card (a clear "not now"). The card stays the explicit way to ask.
 */
function useAskOnFirstInteraction(permission: PushPermission): void {
  useEffect(() => {
    if (permission !== 'default' || askedThisVisit || isPromptDismissed()) return undefined;
    const ask = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(`[${PUSH_PROMPT_ATTRIBUTE}]`)) return;
      document.removeEventListener('click', ask, true);
      if (askedThisVisit || isPromptDismissed()) return;
      askedThisVisit = true;
      void requestPushPermission();
    };
    document.addEventListener('click', ask, true);
    return () => document.removeEventListener('click', ask, true);
  }, [permission]);
}

/** With permission granted, the server gets this browser's push subscription (for whoever is signed in). */
function useKeepSubscribed(userId: number, permission: PushPermission): void {
  useEffect(() => {
    if (permission === 'granted') void keepSubscribed(userId);
  }, [userId, permission]);
}

/** A tapped system notification asks an open window to go where it points (public/sw.js), without a reload. */
function useServiceWorkerNavigation(): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== 'grow:navigate') return;
      const path = appPath(data.url, location.origin);
      if (path !== null) navigate(path);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}

/**
 * Everything notifications do while someone is signed in, mounted once by the shell: the unread count (live, or
 * polled while the socket is down), the browser notification when it rises, the permission ask, the push
 * subscription and the taps on system notifications. Returns the unread count for the bell and the Explore dot.
 */
export function useNotificationsRuntime(userId: number): number {
  const count = useUnreadCount();
  const permission = usePushPermission();
  useRisingCountAlert(userId, count, permission === 'granted');
  useAskOnFirstInteraction(permission);
  useKeepSubscribed(userId, permission);
  useServiceWorkerNavigation();
  return count ?? 0;
}
