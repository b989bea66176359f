import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { test, expect, type Page } from './fixtures';
import { growAdmin } from './servers';
import { audit, connectCodeOf, createAccount, settle, STRONG_PASSWORD, snap } from './support';

// The server binary and data dir the journeys run against (playwright.config.ts): an administrator is made with
// the binary's own command line, as an operator would.

interface Listed {
  id: number;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
}

/** Signs up and logs in through the page's own request context (it shares the browser's cookies). */
async function signUpAndLogIn(page: Page, firstName: string) {
  const account = await createAccount(page.request, firstName);
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: STRONG_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return account;
}

async function listed(page: Page): Promise<Listed[]> {
  const response = await page.request.get('/api/notifications');
  expect(response.status()).toBe(200);
  return (await response.json()) as Listed[];
}

/** The `type` of every frame the server sends on /ws, in order. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/ws') return;
    socket.on('framereceived', ({ payload }) => {
      try {
        const frame = JSON.parse(payload.toString()) as { type?: unknown };
        if (typeof frame.type === 'string') frames.push(frame.type);
      } catch {
        // Not JSON.
      }
    });
  });
  return frames;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const centre = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** Audited and screenshotted in the light and the dark theme (the page is left light). */
async function captureBothThemes(page: Page, name: string, screen: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await audit(page, `${screen} (${colorScheme})`);
    await settle(page);
    await snap(page, `notifications-${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the bell badge arrives live, the centre marks read, deletes and marks all read; the service worker registers', async ({
  page,
  browser,
}) => {
  const frames = recordFrames(page);
  await signUpAndLogIn(page, 'Ada');

  // Logging in gave the day's motivation note and the "First Steps" achievement (the daily login bonus).
  await page.goto('/');
  await expect(page.getByText('Hey Ada!')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(bell(page)).toHaveText('2');
  await expect(page.getByRole('link', { name: /^Explore\W+unread notifications$/ })).toBeVisible();
  await expect.poll(() => frames).toContain('ready');
  // Marks this page load: still there at the end means nothing below reloaded the page.
  await page.evaluate(() => ((window as unknown as { growMarker: string }).growMarker = 'same page'));

  // The floating card (spec 001 §2.7) while permission is still to be asked.
  const card = page.getByRole('complementary', { name: 'Enable Notifications' });
  await expect(card).toBeVisible();
  // The daily login bonus toast goes by itself (a tap would be this visit's first interaction, see below).
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await captureBothThemes(page, 'enable-card', 'signed in: Enable Notifications card');

  // A third arrives live while the page is open: the first scratch card unlocks "Lucky Break".
  const scratch = await page.request.post('/api/rewards/scratch');
  expect(scratch.status()).toBe(200);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

  // The centre: unread ones highlighted, newest first.
  await bell(page).click();
  await expect(centre(page)).toBeVisible();
  await expect(centre(page).getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(centre(page).getByText('3 unread')).toBeVisible();
  const items = centre(page).getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Lucky Break');
  await expect(items.first()).toContainText('Just now');

  // Tapping one marks it read and goes where it points (the achievement: /rewards).
  await centre(page)
    .getByRole('button', { name: /First Steps/ })
    .click();
  await expect(centre(page)).toBeHidden();
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  // Read and unread side by side.
  await bell(page).click();
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'First Steps' })).not.toContainText('Unread');
  await expect(items.filter({ hasText: 'Lucky Break' })).toContainText('Unread');
  await captureBothThemes(page, 'centre', 'notification centre: read and unread');

  // Delete today's motivation note from the centre.
  const daily = (await listed(page)).find((n) => n.type === 'daily_motivation');
  expect(daily).toBeDefined();
  await centre(page)
    .getByRole('button', { name: `Delete notification: ${daily!.title}` })
    .click();
  await expect(items).toHaveCount(2);
  // (The sheet hides the header from assistive technology while open: its own line says the count.)
  await expect(centre(page).getByText('1 unread')).toBeVisible();
  expect((await listed(page)).some((n) => n.id === daily!.id)).toBe(false);

  // An administrator (made one with the binary's command line) runs the daily job in the server: today's note
  // was given already, so deleting it does not bring a second one (once a day per person).
  const adminContext = await browser.newContext();
  const admin = await createAccount(adminContext.request, 'Grace');
  growAdmin(['grant', admin.username]);
  const adminLogin = await adminContext.request.post('/api/auth/login', {
    data: { username: admin.username, password: STRONG_PASSWORD },
  });
  expect(adminLogin.status()).toBe(200);
  const run = await adminContext.request.post('/api/admin/jobs/daily_motivation/run');
  expect(run.status()).toBe(200);
  expect((await listed(page)).some((n) => n.type === 'daily_motivation')).toBe(false);

  // Grace scans Ada's profile: they are connected at once, and Ada's first-connection achievement and her coins
  // arrive live.
  const adaCode = await connectCodeOf(page.request);
  const framesBefore = frames.filter((type) => type === 'notification').length;
  const scan = await adminContext.request.post('/api/connections/scan', { data: { code: adaCode } });
  expect(scan.status()).toBe(200);
  await adminContext.close();

  // Ada did not scan, so a notification names the coins the connection paid her, beside the achievement.
  await expect(centre(page).getByText('3 unread')).toBeVisible();
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText('are now connected: +25 coins');
  await expect(items.nth(1)).toContainText('Hello, Network');
  expect(frames.filter((type) => type === 'notification').length).toBeGreaterThan(framesBefore);

  // Mark all read: the badge and the Explore dot clear.
  await centre(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(centre(page).getByText('You’re all caught up')).toBeVisible();
  await expect(centre(page).getByText('Unread')).toHaveCount(0);
  await centre(page).getByRole('button', { name: 'Close notifications' }).click();
  await expect(centre(page)).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('link', { name: 'Explore', exact: true })).toBeVisible();
  await audit(page, 'signed in: all read');

  // The same page all along, and the service worker is running.
  expect(await page.evaluate(() => (window as unknown as { growMarker?: string }).growMarker)).toBe(
    'same page',
  );
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(worker).toMatch(/\/sw\.js$/);
});

/** A browser's push subscription keys: a P-256 public point (65 bytes) and a 16-byte auth secret, base64url. */
function browserKeys() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

test('ENABLE asks for permission and gives the server this browser’s subscription; a push is shown by the service worker', async ({
  page,
  context,
}) => {
  // Headless Chromium has no push service to subscribe with, so the Push API answers with a subscription of our
  // making (a loopback endpoint and real keys, which the server checks), and the permission prompt is answered.
  const keys = browserKeys();
  const endpoint = `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`;
  await page.addInitScript(
    ({ keys, endpoint }) => {
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
      const asks = { count: 0 };
      (window as unknown as { permissionAsks: typeof asks }).permissionAsks = asks;
      Notification.requestPermission = () => {
        asks.count += 1;
        permission = 'granted';
        return Promise.resolve(permission);
      };
      const subscription = {
        endpoint,
        options: { applicationServerKey: null },
        toJSON: () => ({ endpoint, keys }),
        unsubscribe: () => Promise.resolve(true),
      };
      PushManager.prototype.getSubscription = () => Promise.resolve(null);
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        (window as unknown as { subscribedKeyBytes: number }).subscribedKeyBytes =
          key instanceof Uint8Array ? key.byteLength : -1;
        return Promise.resolve(subscription as unknown as PushSubscription);
      };
    },
    { keys, endpoint },
  );
  await signUpAndLogIn(page, 'Katherine');
  await page.goto('/');
  const card = page.getByRole('complementary', { name: 'Enable Notifications' });
  await expect(card).toBeVisible();

  const subscribed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/push/subscribe' && response.request().method() === 'POST',
  );
  await card.getByRole('button', { name: 'ENABLE' }).click();
  const response = await subscribed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({ endpoint, keys });
  await expect(card).toBeHidden();
  // One prompt: the card's tap was not also taken for the first-interaction ask. The VAPID key is a P-256 point.
  expect(
    await page.evaluate(
      () => (window as unknown as { permissionAsks: { count: number } }).permissionAsks.count,
    ),
  ).toBe(1);
  expect(
    await page.evaluate(() => (window as unknown as { subscribedKeyBytes: number }).subscribedKeyBytes),
  ).toBe(65);

  // The service worker shows a pushed notification (delivered through the DevTools protocol, as a push service
  // would), with the app's icon, tagged by id, pointing where its data says.
  await context.grantPermissions(['notifications']);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.endsWith('/') && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const origin = new URL(page.url()).origin;
  const push = {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      id: 4242,
      type: 'project_support',
      title: 'New supporter',
      body: 'Grace backed Solar Kiln.',
      data: { projectId: 12 },
    }),
  };
  // A push sent while the worker is still starting can be dropped by the browser: send it again until it is shown
  // (the same tag replaces the same notification, so repeats never add a second).
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', push);
    const shown = await page.evaluate(async () => {
      await new Promise((done) => setTimeout(done, 1000));
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        icon: n.icon,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
    expect(shown).toEqual([
      {
        title: 'New supporter',
        body: 'Grace backed Solar Kiln.',
        icon: `${origin}/icons/icon-192.png`,
        tag: 'notification-4242',
        data: { url: '/project/12', id: 4242 },
      },
    ]);
  }).toPass({ timeout: 30_000 });

  // The centre's empty and error states, as a newcomer with nothing (or a failing server) sees them.
  await page.route(/\/api\/notifications\?/, (route) => route.fulfill({ json: [] }));
  await bell(page).click();
  await expect(centre(page).getByRole('heading', { name: 'All quiet for now' })).toBeVisible();
  await captureBothThemes(page, 'centre-empty', 'notification centre: empty');
  await centre(page).getByRole('button', { name: 'Close notifications' }).click();

  await page.route(/\/api\/notifications\?/, (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await page.reload();
  await bell(page).click();
  await expect(centre(page).getByRole('heading', { name: 'Couldn’t load your notifications' })).toBeVisible();
  await captureBothThemes(page, 'centre-error', 'notification centre: error');
  await page.unroute(/\/api\/notifications\?/);
  await centre(page).getByRole('button', { name: 'Retry' }).click();
  await expect(centre(page).getByRole('list', { name: 'Notifications' })).toBeVisible();
});
