import { test, expect, type Browser, type Page } from './fixtures';
import {
  audit,
  captureBothThemes,
  closeToast,
  connectCodeOf,
  createAccount,
  decodeQr,
  expectToast,
  signIn,
} from './support';

// The fair-play journeys of issue 28, through real Chromium against the real server: a person replaces their
// connect link with "New link" on Share Your Profile (the QR code and the link change, and the old link no longer
// connects anyone), and an innovator who has completed five tasks today completes a sixth and is told it earned
// nothing today (the daily coin cap of shared/API.md "Coins"). Every screen and dialog reached is audited.

interface Me {
  id: number;
  coins: number;
  connectCode?: string | null;
}

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** A fresh account, signed in in its own browser context (no notification card in the way). */
async function person(browser: Browser, firstName: string, extra: Record<string, unknown> = {}) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const account = await createAccount(page.request, firstName, extra);
  await signIn(page.request, account.username);
  return { page, ...account };
}

/** The first visit of the day shows the login bonus toast: out of the way. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
  await closeToast(page);
}

test('New link on Share Your Profile: the QR code and link change, and the old link no longer connects', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const grace = await person(browser, 'Grace', { lastName: 'Hopper', role: 'innovator' });
  const oldCode = await connectCodeOf(grace.page.request);
  const oldLink = `${baseURL}/profile?connect=${oldCode}`;
  expect(oldCode).not.toBe(String((await me(grace.page)).id));

  // ---- Share Your Profile carries the code, not the id ----
  await visit(grace.page, '/profile');
  await grace.page.getByRole('button', { name: 'Share Profile' }).click();
  const share = grace.page.getByRole('dialog', { name: 'Share Your Profile' });
  await expect(share).toBeVisible();
  expect(await decodeQr(grace.page, 'profile-qr')).toBe(oldLink);
  await expect(share).toContainText(oldLink);
  await audit(grace.page, 'Share Your Profile with New link');

  // ---- New link asks first, saying old links stop working; Cancel changes nothing ----
  await share.getByRole('button', { name: 'New link' }).click();
  let confirm = grace.page.getByRole('alertdialog', { name: 'Make a new link?' });
  await expect(confirm).toContainText('Your current QR code and link will stop working.');
  await expect(confirm).toContainText("People who already have them won't be able to connect with them");
  await captureBothThemes(grace.page, 'fair-play-01-new-link-confirm', 'the New link confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await connectCodeOf(grace.page.request)).toBe(oldCode);
  await expect(share).toContainText(oldLink);

  // ---- Confirmed: a new code, and the QR code and the link follow it ----
  await share.getByRole('button', { name: 'New link' }).click();
  confirm = grace.page.getByRole('alertdialog', { name: 'Make a new link?' });
  await confirm.getByRole('button', { name: 'MAKE NEW LINK' }).click();
  await expectToast(grace.page, 'New link ready', 'The old ones no longer work.');
  await expect(confirm).toBeHidden();
  const newCode = await connectCodeOf(grace.page.request);
  expect(newCode).not.toBe(oldCode);
  const newLink = `${baseURL}/profile?connect=${newCode}`;
  await expect(share).toContainText(newLink);
  await expect(share).not.toContainText(oldLink);
  await expect.poll(() => decodeQr(grace.page, 'profile-qr')).toBe(newLink);
  await audit(grace.page, 'Share Your Profile after New link');

  // ---- Someone with the old link: it connects no one, and says so ----
  const otto = await person(browser, 'Otto', { lastName: 'Old' });
  await visit(otto.page, '/profile');
  const ottoCoins = (await me(otto.page)).coins;
  await otto.page.goto(`/profile?connect=${oldCode}`);
  await expectToast(otto.page, 'Connection Failed', "This link or code doesn't match anyone on Grow.");
  await expect(otto.page).toHaveURL(/\/profile$/);
  await expect(otto.page.getByRole('dialog', { name: 'CONNECTION ADDED!' })).toHaveCount(0);
  await audit(otto.page, 'profile after an old connect link');
  expect((await otto.page.request.post('/api/connections/scan', { data: { code: oldCode } })).status()).toBe(
    404,
  );
  expect(
    (await otto.page.request.post('/api/connections/auto-connect', { data: { code: oldCode } })).status(),
  ).toBe(404);
  expect((await me(otto.page)).coins).toBe(ottoCoins);
  const ottoConnections = (await (
    await otto.page.request.get('/api/connections/with-users')
  ).json()) as unknown[];
  expect(ottoConnections).toHaveLength(0);

  // Pasting the old link into Add a connection says the same, under the field.
  await visit(otto.page, '/ideate');
  await otto.page.getByRole('button', { name: 'Add a connection' }).click();
  const add = otto.page.getByRole('dialog', { name: 'Add a connection' });
  await add.getByLabel('Profile link').fill(oldLink);
  await add.getByRole('button', { name: 'CONNECT' }).click();
  await expect(
    add.getByText("This link or code doesn't match anyone on Grow.", { exact: false }),
  ).toBeVisible();
  await audit(otto.page, 'Add a connection with an old link');
  await otto.page.keyboard.press('Escape');

  // ---- The new link connects ----
  await otto.page.goto(`/profile?connect=${newCode}`);
  const added = otto.page.getByRole('dialog', { name: 'CONNECTION ADDED!' });
  await expect(added).toBeVisible();
  await expect(added).toContainText('Grace Hopper');
  await audit(otto.page, 'the scanned-profile dialog from the new link');

  await grace.page.context().close();
  await otto.page.context().close();
});

test('an innovator completing a sixth task today is told it earned no coins (the daily cap)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ivy = await person(browser, 'Ivy', { lastName: 'Inventor', role: 'innovator' });
  const request = ivy.page.request;

  // Arranged through the API: a project with six tasks, five of them completed (each paying 25 coins).
  const created = await request.post('/api/projects', {
    data: {
      title: 'Solar Kettle',
      description: 'A kettle that boils water with nothing but sunlight.',
      category: 'technology',
      phase: 'idea',
    },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: number };
  const tasks: { id: number; title: string }[] = [];
  for (let n = 1; n <= 6; n += 1) {
    const task = await request.post(`/api/projects/${project.id}/tasks`, { data: { title: `Task ${n}` } });
    expect(task.status()).toBe(201);
    tasks.push((await task.json()) as { id: number; title: string });
  }
  for (const task of tasks.slice(0, 5)) {
    const done = await request.patch(`/api/projects/tasks/${task.id}/complete`);
    expect(done.status()).toBe(200);
    expect(await done.json()).toMatchObject({ coinsEarned: 25, coinsCapped: false });
  }
  // The day's login bonus is paid by the first rewards read (the screen makes one): collected first, so the balance
  // below moves only by what the sixth task pays.
  expect((await request.get('/api/rewards')).status()).toBe(200);
  const coinsBefore = (await me(ivy.page)).coins;

  // ---- The sixth, completed on screen: done, and it says it earned nothing today ----
  await visit(ivy.page, `/create?manage=${project.id}`);
  await expect(ivy.page.getByRole('heading', { name: 'Solar Kettle', level: 2 })).toBeVisible();
  const sixth = ivy.page.getByRole('article', { name: 'Task 6' });
  await sixth.getByRole('button', { name: 'Complete task: Task 6' }).click();
  await expectToast(
    ivy.page,
    'Task Completed!',
    "You've reached today's coin limit for completing tasks, so this one earned no coins.",
  );
  await expect(ivy.page.getByRole('status').filter({ hasText: 'Task Completed!' })).not.toContainText(
    /You earned \d+/,
  );
  await captureBothThemes(ivy.page, 'fair-play-02-capped-task', 'a capped task completion');
  await expect(sixth.getByText('Task completed by you')).toBeVisible();
  await expect(sixth.getByRole('button', { name: 'Completed: Task 6' })).toBeDisabled();
  await audit(ivy.page, 'management view after a capped completion');
  expect((await me(ivy.page)).coins).toBe(coinsBefore);

  await ivy.page.context().close();
});
