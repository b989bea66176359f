import { test, expect } from './fixtures';

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
