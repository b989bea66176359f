import { test, expect, type Browser, type Locator, type Page } from './fixtures';
import { closeToast, connectCodeOf, createAccount, signIn } from './support';

// Back that goes back (issue 49): a chat opened from the Ideate list is a step of the history, so the phone's Back
// closes it, and closing it with its own Back button leaves no dead copy of the list behind: one more Back leaves
// Ideate for the screen before it.

async function signedIn(
  browser: Browser,
  firstName: string,
  role = 'explorer',
): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const { username } = await createAccount(page.request, firstName, { lastName: 'History', role });
  await signIn(page.request, username);
  return { page, username };
}

/** Ada, connected with Bo, on Rewards and then on Ideate by the bottom navigation (so Back has Rewards under it). */
async function onIdeateFromRewards(browser: Browser): Promise<{ page: Page; title: Locator }> {
  const ada = await signedIn(browser, 'Ada');
  const bo = await signedIn(browser, 'Bo');
  const code = await connectCodeOf(bo.page.request);
  expect((await ada.page.request.post('/api/connections/scan', { data: { code } })).status()).toBe(200);
  const page = ada.page;
  const title = page.getByRole('banner').getByRole('heading', { level: 1 });
  await page.goto('/rewards');
  await closeToast(page);
  await expect(title).toHaveText('Rewards');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Ideate/ })
    .click();
  await expect(title).toHaveText('Ideate');
  return { page, title };
}

test('Back closes an open chat, and a chat closed by its own button leaves no dead step behind', async ({
  browser,
}) => {
  const { page, title } = await onIdeateFromRewards(browser);
  const chatWithBo = page.getByRole('button', { name: /Bo History/ }).first();

  // The phone's Back closes the chat and shows the list.
  await chatWithBo.click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  await page.goBack();
  await expect(composer).toBeHidden();
  await expect(chatWithBo).toBeVisible();

  // Closed with its own Back button, then Back once more: the screen before Ideate.
  await chatWithBo.click();
  await expect(composer).toBeVisible();
  await page.getByRole('button', { name: 'Back to messages' }).click();
  await expect(composer).toBeHidden();
  await expect(page).toHaveURL(/\/ideate$/);
  await page.goBack();
  await expect(title).toHaveText('Rewards');
});

test('Back closes a dialog over a chat, then the chat, then a dialog over the list, and leaves no dead step', async ({
  browser,
}) => {
  const { page, title } = await onIdeateFromRewards(browser);

  // A dialog over the list: Back closes it and stays on Ideate.
  await page.getByRole('button', { name: 'Add a connection' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a connection' });
  await expect(adding).toBeVisible();
  await page.goBack();
  await expect(adding).toBeHidden();
  await expect(title).toHaveText('Ideate');

  // A chat, and over it the person's menu: Back closes the menu and keeps the chat.
  await page
    .getByRole('button', { name: /Bo History/ })
    .first()
    .click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeVisible();
  await page.getByRole('button', { name: 'More options for Bo History' }).click();
  // (The chat's sheet has the same name: the menu is the one that offers Block.)
  const menu = page
    .getByRole('dialog', { name: 'Bo History' })
    .filter({ has: page.getByRole('button', { name: 'Block Bo' }) });
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(menu).toBeHidden();
  await expect(composer).toBeVisible();

  // Back again: the chat closes, the list shows.
  await page.goBack();
  await expect(composer).toBeHidden();
  await expect(title).toHaveText('Ideate');

  // Closed by its own ×, it takes its step with it: one Back leaves Ideate for Rewards.
  await page.getByRole('button', { name: 'Add a connection' }).click();
  await expect(adding).toBeVisible();
  await adding.getByRole('button', { name: 'Close' }).click();
  await expect(adding).toBeHidden();
  await page.goBack();
  await expect(title).toHaveText('Rewards');
});

test('the projects list keeps its place after a project’s view', async ({ browser }) => {
  const nadia = await signedIn(browser, 'Nadia', 'innovator');
  const titles: string[] = [];
  for (let i = 1; i <= 10; i++) {
    const title = `Harbour Idea ${i}`;
    titles.push(title);
    const made = await nadia.page.request.post('/api/projects', {
      data: { title, description: `Idea number ${i} for the harbour.`, isPublished: true },
    });
    expect(made.status()).toBe(201);
  }
  const page = nadia.page;
  await page.goto('/create');
  await closeToast(page);
  // Far down the list: the first project made (the list shows the newest first).
  const manage = page.getByRole('link', { name: 'Manage Harbour Idea 1', exact: true });
  await manage.scrollIntoViewIfNeeded();
  await expect(manage).toBeInViewport();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(400);

  await manage.click();
  await expect(page).toHaveURL(/manage=/);
  await expect(page.getByRole('heading', { name: 'Harbour Idea 1' }).first()).toBeVisible();

  await page.goBack();
  await expect(manage).toBeInViewport();
  const after = await page.evaluate(() => window.scrollY);
  expect(Math.abs(after - before)).toBeLessThan(4);

  // A project list opened by a link (not Back) starts at the top.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Rewards/ })
    .click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Create/ })
    .click();
  await expect(page.getByRole('link', { name: 'Manage Harbour Idea 10', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
