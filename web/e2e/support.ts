import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const SHOTS = 'e2e/.artifacts/screens';

let counter = 0;
/** A name unique to this run. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export const STRONG_PASSWORD = 'Sunflower42!';

/** Creates an account straight through the API (for arranging a test, not for testing sign-up). */
export async function createAccount(request: APIRequestContext, firstName = 'Existing') {
  const username = unique('e2e');
  const email = `${username}@example.com`;
  const response = await request.post('/api/auth/signup', {
    data: { username, email, password: STRONG_PASSWORD, firstName, lastName: 'Member' },
  });
  expect(response.status()).toBe(201);
  return { username, email, firstName };
}

/** The one visible toast says this title and description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** A screenshot once lazy screens have replaced their loading skeletons. */
export async function shot(page: Page, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}
