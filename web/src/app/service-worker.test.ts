import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { appPath } from '@/lib/app-path';

// The service worker as the browser runs it (public/sw.js, served as it is), in a stand-in worker scope: its
// importScripts('/app-path.js') gets the helper that vite.config.ts builds from src/lib/app-path.ts.
const SOURCE = readFileSync(join(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://grow.example';

type Handler = (event: unknown) => void;

function startWorker() {
  const handlers = new Map<string, Handler>();
  const opened: string[] = [];
  const shown: { title: string; options: { data: { url: string } } }[] = [];
  const imported: string[] = [];
  const scope: Record<string, unknown> = {
    location: new URL('/sw.js', ORIGIN),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    clients: {
      matchAll: () => Promise.resolve([]),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
    registration: {
      showNotification: (title: string, options: { data: { url: string } }) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
  };
  const importScripts = (path: string) => {
    imported.push(path);
    scope.growAppPath = { appPath };
  };
  runInNewContext(SOURCE, { self: scope, importScripts, URL });
  return { handlers, opened, shown, imported };
}

/** Dispatches an event to the worker and waits for what it asked to wait for. */
async function dispatch(handler: Handler | undefined, event: Record<string, unknown>) {
  let pending: Promise<unknown> = Promise.resolve();
  handler?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
  await pending;
}

const OFF_SITE = ['/\\evil.com', '//evil.com', 'https://evil.com', 'javascript:alert(1)'];

describe('the service worker', () => {
  it("loads the app's own same-origin check", () => {
    expect(startWorker().imported).toEqual(['/app-path.js']);
  });

  it('a tapped notification opens a page of the app, and never another site', async () => {
    const worker = startWorker();
    for (const url of [...OFF_SITE, '/projects/3']) {
      await dispatch(worker.handlers.get('notificationclick'), {
        notification: { close: () => {}, data: { url } },
      });
    }
    expect(worker.opened).toEqual([...OFF_SITE.map(() => `${ORIGIN}/`), `${ORIGIN}/projects/3`]);
  });

  it('a pushed notification points into the app only', async () => {
    const worker = startWorker();
    for (const url of [...OFF_SITE, '/projects/3']) {
      const payload = { id: 1, title: 'Hello', data: { url } };
      await dispatch(worker.handlers.get('push'), { data: { json: () => payload } });
    }
    expect(worker.shown.map((n) => n.options.data.url)).toEqual([...OFF_SITE.map(() => '/'), '/projects/3']);
  });
});
