import { HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { Notification } from '@/features/notifications/api/notifications';
import { http, type ErrorBody } from '@/test/http';

/** Test data: a notification of user 7; override what the test is about. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    userId: 7,
    type: 'daily_motivation',
    title: 'Your daily spark',
    message: 'Small steps compound.',
    data: { url: '/' },
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

export interface NotificationsServerOptions {
  /** Answer every call of this kind with a 500. */
  fail?: Partial<Record<'list' | 'count' | 'read' | 'readAll' | 'delete', boolean>>;
}

/**
 * A stand-in for the server's notification calls (src/notifications/routes.rs) over a list the test controls:
 * newest first as given, paged with `limit` and an opaque `cursor` announced in a `Link: <…>; rel="next"` header.
 * Records the calls made.
 */
export function notificationsServer(initial: Notification[], options: NotificationsServerOptions = {}) {
  const state = { items: [...initial], fail: { ...options.fail } };
  const calls: string[] = [];
  const failure = () => HttpResponse.json<ErrorBody>({ message: 'Something went wrong' }, { status: 500 });
  const unread = () => state.items.filter((n) => !n.isRead).length;

  const handlers = [
    http.get('/api/notifications', ({ request }) => {
      const url = new URL(request.url);
      calls.push(`GET ${url.pathname}${url.search}`);
      if (state.fail.list) return failure();
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = state.items.slice(start, start + limit);
      const next = start + limit < state.items.length ? start + limit : null;
      return HttpResponse.json(page, {
        headers:
          next === null ? {} : { Link: `</api/notifications?cursor=${next}&limit=${limit}>; rel="next"` },
      });
    }),
    http.get('/api/notifications/count', () => {
      calls.push('GET /api/notifications/count');
      return state.fail.count ? failure() : HttpResponse.json({ count: unread() });
    }),
    http.post('/api/notifications/read-all', () => {
      calls.push('POST /api/notifications/read-all');
      if (state.fail.readAll) return failure();
      const updated = unread();
      state.items = state.items.map((n) => ({ ...n, isRead: true }));
      return HttpResponse.json({ updated });
    }),
    http.post('/api/notifications/:id/read', ({ params }) => {
      calls.push(`POST /api/notifications/${String(params.id)}/read`);
      if (state.fail.read) return failure();
      const found = state.items.find((n) => String(n.id) === params.id);
      if (!found) return HttpResponse.json({ message: 'Notification not found' }, { status: 404 });
      found.isRead = true;
      return HttpResponse.json(found);
    }),
    http.delete('/api/notifications/:id', ({ params }) => {
      calls.push(`DELETE /api/notifications/${String(params.id)}`);
      if (state.fail.delete) return failure();
      state.items = state.items.filter((n) => String(n.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return { handlers, calls, state };
}

/** What a fake browser recorded: notifications shown by the service worker, subscriptions made. */
export interface FakePushBrowser {
  setPermission: (permission: NotificationPermission) => void;
  /** What `Notification.requestPermission()` answers next (and becomes). */
  answer: (permission: NotificationPermission) => void;
  requestPermission: ReturnType<typeof vi.fn>;
  showNotification: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  /** Send a message from the service worker to the page. */
  postFromWorker: (data: unknown) => void;
}

/** A 65-byte P-256 point and a 16-byte secret, base64url, as a browser's subscription carries them. */
export const FAKE_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

/**
 * Gives jsdom (which has none of it) the Notification API, a PushManager and a service worker container, so the
 * push code runs against recorded fakes. Undo with `vi.unstubAllGlobals()` and `removeFakePushBrowser()`.
 */
export function fakePushBrowser(initial: NotificationPermission = 'default'): FakePushBrowser {
  let permission = initial;
  let nextAnswer: NotificationPermission = 'granted';
  const requestPermission = vi.fn(() => {
    permission = nextAnswer;
    return Promise.resolve(permission);
  });
  class FakeNotification {
    static get permission() {
      return permission;
    }
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});

  const subscription = {
    endpoint: 'http://127.0.0.1:9/push/abc',
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({ endpoint: 'http://127.0.0.1:9/push/abc', keys: FAKE_KEYS }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
  const subscribe = vi.fn((options: { applicationServerKey: Uint8Array }) => {
    subscription.options.applicationServerKey = options.applicationServerKey.slice().buffer;
    return Promise.resolve(subscription);
  });
  const showNotification = vi.fn(() => Promise.resolve());
  const registration = {
    showNotification,
    pushManager: { getSubscription: () => Promise.resolve(null), subscribe },
  };
  const messages = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(registration),
      register: vi.fn(() => Promise.resolve(registration)),
      ready: Promise.resolve(registration),
      addEventListener: messages.addEventListener.bind(messages),
      removeEventListener: messages.removeEventListener.bind(messages),
    },
  });

  return {
    setPermission: (value) => (permission = value),
    answer: (value) => (nextAnswer = value),
    requestPermission,
    showNotification,
    subscribe,
    postFromWorker: (data) => messages.dispatchEvent(new MessageEvent('message', { data })),
  };
}

export function removeFakePushBrowser(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
