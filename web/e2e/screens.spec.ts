import { test, expect, type Page } from './fixtures';
import { audit, createAccount, settle, unique, STRONG_PASSWORD, snap } from './support';

// The main screens at 390×844 in the light and the dark theme, screenshotted for review (e2e/.artifacts/screens)
// and audited in each theme: the tokens must pass WCAG AA contrast in both.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    async function capture(page: Page, name: string, screen: string) {
      await audit(page, `${screen} (${colorScheme})`);
      await settle(page);
      await snap(page, `theme-${colorScheme}-${name}`);
    }

    test('the auth screen and each sign-up step', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
      await capture(page, '01-auth-login', 'auth: LOGIN');

      const panel = page.getByRole('tabpanel');
      await page.getByRole('tab', { name: 'SIGN UP' }).click();
      const username = unique('shot');
      await panel.getByLabel('First name').fill('Grace');
      await panel.getByLabel('Last name').fill('Hopper');
      await panel.getByLabel('Email').fill(`${username}@example.com`);
      await panel.getByLabel('Username').fill(username);
      await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await expect(panel.getByText('Username available')).toBeVisible();
      await expect(panel.getByText('Email available')).toBeVisible();
      await capture(page, '02-signup-basic-details', 'sign-up: BASIC DETAILS');

      await panel.getByRole('button', { name: /NEXT/ }).click();
      await expect(panel.getByText('PROFILE DETAILS')).toBeVisible();
      await panel.getByLabel('Location').fill('Arlington, US');
      await panel.getByLabel('Bio').fill('Compilers, and teaching machines to speak English.');
      for (const skill of ['COBOL', 'Compilers']) {
        await panel.getByRole('textbox', { name: 'Skills' }).fill(skill);
        await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
      }
      await capture(page, '03-signup-profile-details', 'sign-up: PROFILE DETAILS');

      await panel.getByRole('button', { name: /NEXT/ }).click();
      await expect(panel.getByText('CHOOSE YOUR ROLE')).toBeVisible();
      await page.getByText('COLLABORATOR', { exact: true }).click();
      await capture(page, '04-signup-choose-role', 'sign-up: CHOOSE YOUR ROLE');
    });

    test('a signed-in screen, and a screen whose chunk cannot be loaded', async ({ page }) => {
      const account = await createAccount(page.request, 'Katherine');
      const login = await page.request.post('/api/auth/login', {
        data: { username: account.username, password: STRONG_PASSWORD },
      });
      expect(login.status()).toBe(200);

      await page.goto('/');
      await expect(page.getByText('Hey Katherine!')).toBeVisible();
      await capture(page, '05-signed-in-explore', 'signed in: /');

      // The Rewards chunk is gone (a deploy replaced it): the page reloads once to fetch the new build, then,
      // still failing, shows the route's error boundary inside the shell. Routed on the context, not the page: the
      // service worker (public/sw.js) fetches /assets/* for the page, and only a context route sees its requests.
      await page.context().route(/\/assets\/rewards-screen-[^/]+\.js$/, (route) => route.abort());
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto('/rewards');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      expect(loads).toBe(2);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await capture(page, '06-route-error-boundary', 'signed in: /rewards, its chunk missing');

      // The chunk is back: Retry shows the screen without a reload.
      await page.context().unroute(/\/assets\/rewards-screen-[^/]+\.js$/);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
      expect(loads).toBe(2);
    });

    test('asking who is signed in fails: a retryable error, not the login form', async ({
      page,
      baseURL,
    }) => {
      // A browser the server once gave a session (its readable hint): the app asks, and the asking fails.
      await page.context().addCookies([{ name: 'grow_signed_in', value: '1', url: baseURL! }]);
      let fail = true;
      await page.route('**/api/auth/user', (route) =>
        fail
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try again"}' })
          : route.fallback(),
      );
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeHidden();
      await capture(page, '07-session-error', 'the session check failed');
      fail = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
    });

    test('the design system', async ({ page }) => {
      await page.goto('/design-system');
      await expect(page.getByRole('heading', { name: 'Design system' })).toBeVisible();
      await capture(page, '08-design-system-colors', 'design system: colors');
      await page.getByRole('tab', { name: 'components' }).click();
      await capture(page, '09-design-system-components', 'design system: components');
      await page.getByRole('tab', { name: 'forms' }).click();
      await capture(page, '10-design-system-forms', 'design system: forms');
    });
  });
}
