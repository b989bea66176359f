import { test, expect, type Browser, type Locator, type Page, type Response } from './fixtures';
import { createAccount, signIn } from './support';

// How the one binary delivers the app: cache rules, the service worker at the root, the manifest and the
// security headers, as a browser receives them from the release build.
test('the app, its hashed assets, the service worker and the manifest are served with the right headers', async ({
  request,
}) => {
  const index = await request.get('/some/client/route');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('text/html');
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(index.headers()['x-content-type-options']).toBe('nosniff');

  const html = await index.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset, 'the page links a hashed script').toBeTruthy();
  const script = await request.get(asset!);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-type']).toContain('javascript');

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('manifest+json');
  const parsed = (await manifest.json()) as { name: string; icons: unknown[] };
  expect(parsed.name).toContain('Grow');
  expect(parsed.icons.length).toBeGreaterThan(0);

  expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);
  const api404 = await request.get('/api/no-such-endpoint');
  expect(api404.status()).toBe(404);
  expect(await api404.json()).toHaveProperty('message');
});

test('a signed-out visit to the sign-in screen logs no error: nobody is asked about in vain', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const userCalls: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/user') userCalls.push(response.status());
  });
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(userCalls).toEqual([]);
  expect(errors).toEqual([]);
});

/** The most initial JavaScript a phone may download, gzip-encoded, before the app can draw anything (kB, as Vite's build prints sizes). */
const INITIAL_JS_BUDGET = 130_000;

/**
 * A cold visit (a new context: no HTTP cache, no service worker) to `path`, until `shows` is visible: the initial
 * JavaScript (the scripts index.html names, `<script src>` and `<link rel="modulepreload">`, which must all load
 * before the app runs) and every script loaded until the screen shows (the screen's lazy chunks too), as the bytes
 * the server sent (gzip-encoded).
 */
async function scriptBytes(
  browser: Browser,
  baseURL: string,
  path: string,
  shows: (page: Page) => Locator,
  signInAs?: string,
): Promise<{ initial: number; initialFiles: string[]; untilShown: number }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    if (signInAs) await signIn(page.request, signInAs);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const document = await page.goto(path);
    expect(document?.status()).toBe(200);
    await expect(shows(page)).toBeVisible();
    const html = (await document?.text()) ?? '';
    const named = [
      ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g),
    ].map((match) => new URL(match[1] ?? '', page.url()).pathname);
    const sizes = await Promise.all(
      scripts.map(async (response) => ({
        path: new URL(response.url()).pathname,
        encoding: (await response.allHeaders())['content-encoding'],
        bytes: (await response.request().sizes()).responseBodySize,
      })),
    );
    const initial = sizes.filter((script) => named.includes(script.path));
    expect(initial.map((script) => script.path).sort(), 'every script index.html names was loaded').toEqual(
      [...new Set(named)].sort(),
    );
    for (const script of initial) expect(script.encoding, `${script.path} is sent compressed`).toBe('gzip');
    return {
      initial: initial.reduce((sum, script) => sum + script.bytes, 0),
      initialFiles: initial.map((script) => script.path),
      untilShown: sizes.reduce((sum, script) => sum + script.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

// The first screen on a phone's network waits for the initial JavaScript above all (Lighthouse's mobile audit,
// `npm run lighthouse`): it must not grow past the budget unnoticed. Screens' own code is split into lazy chunks.
test('the initial JavaScript of a cold visit stays under 130 KB gzip, signed out and signed in', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  const signedOut = await scriptBytes(browser, baseURL!, '/', (page) =>
    page.getByRole('tab', { name: 'LOGIN' }),
  );
  const { username } = await createAccount(request, 'Budget');
  const signedIn = await scriptBytes(
    browser,
    baseURL!,
    '/rewards',
    (page) => page.getByRole('heading', { name: 'Progress' }),
    username,
  );
  for (const [visit, bytes] of [
    ['signed out, /', signedOut],
    ['signed in, /rewards', signedIn],
  ] as const) {
    testInfo.annotations.push({
      type: 'JavaScript (gzip)',
      description: `${visit}: initial ${(bytes.initial / 1000).toFixed(1)} kB (${bytes.initialFiles.join(', ')}), ${(bytes.untilShown / 1000).toFixed(1)} kB in all until the screen shows`,
    });
    expect(bytes.initial, `initial JavaScript, ${visit}`).toBeGreaterThan(0);
    expect(bytes.initial, `initial JavaScript, ${visit}`).toBeLessThan(INITIAL_JS_BUDGET);
  }
});
