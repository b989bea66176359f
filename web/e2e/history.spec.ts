import { test, expect, type Browser, type Page } from '@playwright/test';
import { closeToast, connectCodeOf, createAccount, signIn } from './support';

// Back that goes back (issue 49): a chat opened from the Ideate list is a step of the history, so the phone's Back
// closes it, and closing it with its own Back button leaves no dead copy of the list behind: one more Back leaves
// Ideate for the screen before it.

async function signedIn(browser: Browser, firstName: string): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const { username } = await createAccount(page.request, firstName, { lastName: 'History' });
  await signIn(page.request, username);
  return { page, username };
}

test('Back closes an open chat, and a chat closed by its own button leaves no dead step behind', async ({
  browser,
}) => {
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
