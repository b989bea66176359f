import { test, expect, type Browser, type Page, type PlaywrightWorkerArgs } from './fixtures';
import {
  captureBothThemes,
  closeToast,
  connectCodeOf,
  createAccount,
  signIn,
  STRONG_PASSWORD,
} from './support';

// One phone, two people (issue #31 "Privacy on a shared device"), through real Chromium against the real server,
// in one tab that is never reloaded between them: Amelia signs in and walks through screens full of her own things
// (her profile and the person she blocked, the people near her and a search, her connection and their chat, a
// draft), then her session ends elsewhere. The app lands on the sign-in screen saying so; Bruno signs in on the
// same tab and finds nothing of hers anywhere he goes. A session that ends on /ideate returns its person there once
// they sign in again. A Report dialog tapped offline shows the root error boundary, whose Retry brings the app back.
// The service worker's check of where a notification leads, as built, refuses every other site.

const ENDED_LINE = 'Your session ended. Sign in again to continue.';

type Playwright = PlaywrightWorkerArgs['playwright'];

/** A request context of its own (its own cookies), signed in as a new account. */
async function member(
  playwright: Playwright,
  baseURL: string,
  firstName: string,
  extra: { lastName: string } & Record<string, unknown>,
) {
  const request = await playwright.request.newContext({ baseURL });
  const account = await createAccount(request, firstName, extra);
  await signIn(request, account.username);
  const me = (await (await request.get('/api/auth/user')).json()) as { id: number };
  return { ...account, id: me.id, request, name: `${firstName} ${extra.lastName}` };
}

/** The phone: a tab whose notifications card was dismissed long ago. */
async function phone(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  return context.newPage();
}

/** Signs in through the LOGIN tab of the sign-in screen on screen now. */
async function signInOnScreen(page: Page, username: string) {
  const login = page.getByRole('tabpanel', { name: 'LOGIN' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/**
 * Ends the tab's session from elsewhere, the way a password reset, a suspension or a logout on another device
 * sharing it ends it: the server drops the session and tells the tab's live channel (`session_ended`).
 */
async function endSessionElsewhere(page: Page, playwright: Playwright, baseURL: string) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'grow_session');
  expect(session, 'the tab holds a session cookie').toBeTruthy();
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `grow_session=${session!.value}` },
  });
  expect((await elsewhere.post('/api/auth/logout')).ok()).toBe(true);
  await elsewhere.dispose();
}

/** Goes to a screen the way a person does: by the bottom navigation or the header, never by reloading. */
async function tapTo(page: Page, screen: 'Search' | 'Ideate' | 'Explore' | 'Profile') {
  if (screen === 'Profile')
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Profile/ })
      .click();
  else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(screen);
}

async function expectNoneOf(page: Page, words: string[], where: string) {
  const body = page.locator('body');
  for (const word of words) await expect(body, `${where} shows nothing of Amelia's`).not.toContainText(word);
}

async function arrangeAmelia(playwright: Playwright, baseURL: string) {
  // Amelia and Cora live in the same city (so each is near the other); Mallory is someone Amelia blocked.
  const amelia = await member(playwright, baseURL, 'Amelia', {
    lastName: 'Earhart',
    role: 'innovator',
    location: 'Reykjavik, Iceland',
    bio: 'Planning a flight over the Atlantic.',
  });
  const cora = await member(playwright, baseURL, 'Cora', {
    lastName: 'Navigator',
    role: 'collaborator',
    location: 'Reykjavik, Iceland',
  });
  const mallory = await member(playwright, baseURL, 'Mallory', { lastName: 'Snoop' });
  const code = await connectCodeOf(cora.request);
  expect((await amelia.request.post('/api/connections/scan', { data: { code } })).status()).toBe(200);
  const sent = await amelia.request.post('/api/messages', {
    data: { receiverId: cora.id, content: 'Meet me at the hangar at noon.' },
  });
  expect(sent.status()).toBe(201);
  expect((await amelia.request.post(`/api/users/${mallory.id}/block`)).ok()).toBe(true);
  return { amelia, cora, mallory };
}

test('a forced sign-out on a shared phone: the next person, on the same tab, sees nothing of the first', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { amelia, cora, mallory } = await arrangeAmelia(playwright, baseURL!);
  const bruno = await member(playwright, baseURL!, 'Bruno', { lastName: 'Newcomer', role: 'explorer' });
  const page = await phone(browser);

  // ---- Amelia signs in and goes through her things ----
  await page.goto('/');
  await signInOnScreen(page, amelia.username);
  await expect(page.getByText('Hey Amelia!')).toBeVisible();
  await closeToast(page);

  await tapTo(page, 'Profile');
  await expect(page.getByText('Planning a flight over the Atlantic.')).toBeVisible();
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('list', { name: 'Blocked people' })).toContainText(mallory.name);

  await tapTo(page, 'Search');
  await expect(page.getByRole('list', { name: 'People near you, nearest first' })).toContainText(cora.name);
  await expect(async () => {
    const box = page.getByRole('searchbox', { name: 'Search people and projects' });
    await box.fill('Cora');
    await box.press('Enter');
    await expect(page.getByRole('article', { name: cora.name })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });

  await tapTo(page, 'Ideate');
  await page.getByRole('button', { name: `Message ${cora.name}` }).click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByText('Meet me at the hangar at noon.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Draft: the spare key is under the wing');

  // ---- Her session ends elsewhere: the tab lands on sign-in, saying so ----
  await endSessionElsewhere(page, playwright, baseURL!);
  await expect(page.getByText(ENDED_LINE)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await captureBothThemes(page, 'shared-phone-01-session-ended', 'sign-in after the session ended');

  const hers = ['Amelia', 'Earhart', 'Atlantic', 'Reykjavik', mallory.name, cora.name, 'hangar', 'spare key'];
  await expectNoneOf(page, hers, 'the sign-in screen');

  // ---- Bruno signs in on the same tab, no reload, and walks the same screens ----
  await signInOnScreen(page, bruno.username);
  await expect(page.getByText('Hey Bruno!')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText(ENDED_LINE)).toHaveCount(0);
  await closeToast(page);
  await expectNoneOf(page, hers, 'Explore');

  await tapTo(page, 'Profile');
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();
  await expectNoneOf(page, hers, 'the profile');

  await tapTo(page, 'Search');
  await expect(page.getByRole('heading', { name: 'AI Discovery Ready' })).toBeVisible();
  await expectNoneOf(page, hers, 'search');

  await tapTo(page, 'Ideate');
  await expect(page.getByText('Time to go connect with some exciting people!!')).toBeVisible();
  await expectNoneOf(page, hers, 'Ideate');

  // What the tab keeps for an offline reload is Bruno's.
  const kept = await page.evaluate(() => localStorage.getItem('grow.lastUser') ?? '');
  expect(kept).toContain('Bruno');
  expect(kept).not.toContain('Amelia');
});

test('a session that ends on /ideate lands on sign-in, and signing in again returns there', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const page = await phone(browser);
  const ida = await createAccount(page.request, 'Ida', { lastName: 'Lee' });
  await signIn(page.request, ida.username);
  await page.goto('/ideate');
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Ideate');
  await closeToast(page);

  await endSessionElsewhere(page, playwright, baseURL!);
  await expect(page.getByText(ENDED_LINE)).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);

  await signInOnScreen(page, ida.username);
  await expect(page).toHaveURL(`${baseURL}/ideate`);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Ideate');
});

test('a Report dialog tapped offline shows the root boundary, and Retry brings the app back', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const page = await phone(browser);
  const pip = await member(playwright, baseURL!, 'Pip', { lastName: 'Quill', role: 'collaborator' });
  const ona = await createAccount(page.request, 'Ona', { lastName: 'Reyes' });
  await signIn(page.request, ona.username);
  await page.goto('/search');
  await closeToast(page);
  const card = page.getByRole('article', { name: pip.name });
  await expect(async () => {
    const box = page.getByRole('searchbox', { name: 'Search people and projects' });
    await box.fill('Pip');
    await box.press('Enter');
    await expect(card).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });

  // The Block and Report dialogs are a chunk of their own, not fetched yet: offline, it cannot be loaded.
  await page.context().setOffline(true);
  await card.getByRole('button', { name: `More options for ${pip.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
  await expect(
    page.getByText("Grow hit a snag and couldn't show this. Check your connection, then try again."),
  ).toBeVisible();
  await captureBothThemes(page, 'shared-phone-02-root-boundary', 'the root error boundary');

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Search');
  await card.getByRole('button', { name: `More options for ${pip.name}` }).click();
  await expect(page.getByRole('dialog', { name: pip.name })).toBeVisible();
});

test("the service worker's same-origin check, as built, leads a notification only into the app", async ({
  page,
}) => {
  // public/sw.js imports /app-path.js, built from src/lib/app-path.ts (vite.config.ts): the same check as the app's.
  await page.goto('/');
  await page.addScriptTag({ url: '/app-path.js' });
  const checked = await page.evaluate(() => {
    const { appPath } = (
      window as unknown as { growAppPath: { appPath: (v: unknown, o: string) => unknown } }
    ).growAppPath;
    return ['/\\evil.com', '//evil.com', 'https://evil.com', 'javascript:alert(1)', '/projects/3'].map(
      (path) => appPath(path, location.origin),
    );
  });
  expect(checked).toEqual([null, null, null, null, '/projects/3']);
});
