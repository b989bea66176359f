import { test, expect, type Page } from './fixtures';
import { captureBothThemes, createAccount, settle, STRONG_PASSWORD } from './support';

// Issue "Scale": Grow is installable as a PWA. Its service worker serves the shell when the network is down, and
// the app says it is offline, then reconnects by itself when the network is back.

const OFFLINE = "You're offline. Grow will reconnect when you're back online.";

const banner = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string }[];
}

test('installable: the manifest is linked and names Grow with a 192 and a 512 px icon', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Manifest;
  expect(manifest.name).toBe('Grow');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon, `a ${size} PNG icon`).toBeTruthy();
    const image = await page.request.get(icon!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('offline, Grow opened again still shows the app with the offline bar; back online, it reconnects', async ({
  page: first,
  context,
}) => {
  let page = first;
  const account = await createAccount(page.request, 'Olive');
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: STRONG_PASSWORD },
  });
  expect(login.status()).toBe(200);

  await page.goto('/');
  await expect(page.getByText(`Hey ${account.firstName}!`)).toBeVisible();
  await expect(banner(page)).toBeHidden();

  // The worker installs (caching the shell) once the page has loaded, then takes control of the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(async () => (await caches.match('/')) !== undefined)).toBe(true);
  // One load through the worker, which caches the lazy screens and fonts this page uses.
  await page.reload();
  await expect(mainNav(page)).toBeVisible();
  await settle(page);

  // The network goes while the app is open: the bar says so, the app stays as it was.
  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await captureBothThemes(page, 'offline-01-signed-in', 'offline: the open app loses the network');

  // Grow opened again with no network (a new tab, not a reload: Chromium tells a document it tears down that it
  // is online): the worker answers with the cached shell, which shows the app as its person last saw it (their
  // name, the navigation), says it is offline, and never the session error.
  const opened = page;
  page = await context.newPage();
  const reopened = await page.goto('/');
  expect(reopened?.fromServiceWorker()).toBe(true);
  await expect(banner(page)).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByText(`Hey ${account.firstName}!`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeHidden();
  // What the browser keeps for this holds no email.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(account.email);
  await captureBothThemes(page, 'offline-02-reloaded', 'offline: reloaded from the cached shell');
  await expect(banner(opened)).toBeVisible();

  // The network is back: the bar goes and the app asks again who is signed in, by itself.
  await context.setOffline(false);
  await expect(banner(page)).toBeHidden();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByText(`Hey ${account.firstName}!`)).toBeVisible();
});
