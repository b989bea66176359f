import { readFileSync } from 'node:fs';
import { test, expect, type Browser, type Page } from './fixtures';
import {
  audit,
  captureBothThemes,
  closeToast,
  createAccount,
  expectToast,
  signIn,
  STRONG_PASSWORD,
} from './support';
import { server } from './servers';

// Your account (issue 47, shared/API.md "Your account") at 390×844: a person verifies their email from the link in
// the mail, changes their password and signs in again with it, turns off "Show me in search and Who's near you" and
// leaves another person's nearby, and turns the digest to daily. With no mail server, the server writes each mail's
// link to its log (README), which the journey reads as a person reads their inbox.

const NEW_PASSWORD = 'Marigold77!';
/** A terminal colour code, should the log carry any. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The newest link of `kind` mailed to person `id`, from the server's log. */
async function mailedLink(id: number, path: string): Promise<string> {
  let link: string | undefined;
  await expect(() => {
    const log = readFileSync(server(test.info().parallelIndex).log, 'utf8').replace(ANSI, '');
    const lines = log.split('\n').filter((line) => line.includes(`user_id=${id}`) && line.includes(path));
    link = lines.at(-1)?.match(/https?:\/\/\S+/)?.[0];
    expect(link, `a mailed ${path} link for user ${id}`).toBeTruthy();
  }).toPass({ timeout: 5_000 });
  return new URL(link!).pathname + new URL(link!).search;
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  return context.newPage();
}

async function idOf(page: Page): Promise<number> {
  const me = await page.request.get('/api/auth/user');
  return ((await me.json()) as { id: number }).id;
}

test('a person verifies their email, changes their password, hides from nearby and picks a daily digest', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A city no other journey uses: the nearby journey counts who is in Lisbon.
  const place = { location: 'Tallinn, Estonia', role: 'collaborator' };
  const vera = await createAccount((await phone(browser)).request, 'Vera', { ...place, lastName: 'Lopes' });
  const olga = await createAccount((await phone(browser)).request, 'Olga', { ...place, lastName: 'Pinto' });

  // Olga finds Vera near her.
  const olgaPage = await phone(browser);
  await signIn(olgaPage.request, olga.username);
  await olgaPage.goto('/search');
  await closeToast(olgaPage);
  const near = olgaPage.getByRole('list', { name: 'People near you, nearest first' });
  await expect(near.getByRole('heading', { name: 'Vera Lopes' })).toBeVisible();

  // Vera's profile asks her to verify; Settings is one tap away.
  const page = await phone(browser);
  await signIn(page.request, vera.username);
  const veraId = await idOf(page);
  await page.goto('/profile');
  await closeToast(page);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email', exact: true })).toContainText('Not verified');
  await expect(page.getByRole('checkbox', { name: 'Updates to projects you follow' })).toBeChecked();
  await audit(page, 'Settings');
  await captureBothThemes(page, 'account-01-settings', 'Settings, not yet verified', true);

  // The link in her mail verifies the address.
  await page.goto(await mailedLink(veraId, '/verify-email?token='));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await captureBothThemes(page, 'account-02-verified', 'the verify-email page');
  await page.getByRole('button', { name: 'Continue to Grow' }).click();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Email', exact: true })).toContainText('Verified');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toHaveCount(0);

  // A new password, then signed out and in again with it.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('Not-the-password1');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('Your current password is not right.');
  await password.getByLabel('Current password').fill(STRONG_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed', 'Your other devices were signed out.');
  await closeToast(page);
  await page.getByRole('link', { name: 'Back to Profile' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  const login = page.getByRole('tabpanel', { name: 'LOGIN' });
  await login.getByLabel('Username').fill(vera.username);
  await login.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByText('Hey Vera!')).toBeVisible();
  await closeToast(page);

  // Hidden from search and nearby: Olga no longer finds her.
  await page.goto('/settings');
  const findable = page.getByRole('checkbox', { name: "Show me in search and Who's near you" });
  await expect(findable).toBeChecked();
  await findable.click();
  await expect(findable).not.toBeChecked();
  await expect(async () => {
    await olgaPage.reload();
    // The screen has its answer (the list, or nobody near) before Vera's absence is read.
    await expect(near.or(olgaPage.getByText('AI Discovery Ready'))).toBeVisible();
    await expect(olgaPage.getByRole('heading', { name: 'Vera Lopes' })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // The digest, daily; kept after a reload.
  await page.getByRole('radio', { name: /Daily/ }).click();
  await expect(page.getByRole('radio', { name: /Daily/ })).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('radio', { name: /Daily/ })).toHaveAttribute('aria-checked', 'true');
  await expect(findable).not.toBeChecked();
  await captureBothThemes(page, 'account-03-settings-done', 'Settings, verified, hidden, daily digest', true);
});

test('Rewards opened signed out asks to sign in, then lands on Rewards', async ({ browser }) => {
  const page = await phone(browser);
  const { username } = await createAccount(page.request, 'Rhea', { lastName: 'Bookmark' });
  await page.goto('/rewards');
  // The sign-in screen, not Page Not Found; it comes back to Rewards afterwards.
  const login = page.getByRole('tabpanel', { name: 'LOGIN' });
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/\?next=%2Frewards$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Rewards' })).toBeVisible();
  await expect(page).toHaveURL(/\/rewards$/);
});

test('a logout made with no network ends the session once the network is back', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const page = await phone(browser);
  const { username } = await createAccount(page.request, 'Odin', { lastName: 'Offline' });
  // The sign-in screen was seen on this phone before (its part of the app is kept for offline use).
  await page.goto('/');
  await expect(page.getByRole('tabpanel', { name: 'LOGIN' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await signIn(page.request, username);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'grow_session');
  expect(session, 'a session cookie').toBeTruthy();
  // Another client holding the same cookie: what a thief or a shared phone's next user would hold.
  const holder = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `grow_session=${session!.value}` },
  });
  await page.goto('/profile');
  await closeToast(page);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('tabpanel', { name: 'LOGIN' })).toBeVisible();
  await expectToast(
    page,
    'Signed out on this device',
    "Grow couldn't be reached to end your session. It will end as soon as you're back online.",
  );
  // The server has not heard yet: the cookie still opens the account.
  expect((await holder.get('/api/auth/user')).status()).toBe(200);

  await page.context().setOffline(false);
  await expect.poll(async () => (await holder.get('/api/auth/user')).status(), { timeout: 10_000 }).toBe(401);
  await holder.dispose();
});
