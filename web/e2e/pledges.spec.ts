import { test, expect, type APIRequestContext, type Browser, type Page } from './fixtures';
import { audit, captureBothThemes, closeToast, expectToast, STRONG_PASSWORD, unique } from './support';

// Pledges that move (issue 29, API.md "Money"). An investor pledges £1,000.00 and £250.00 to an innovator's project.
// The innovator opens the project's management view, sees both in Pledges (investor, amount, upfront part,
// message, date, status), accepts the first behind its confirm and declines the second behind its own; the
// investor's portfolio, open in another browser all along, moves them live (Active, then Completed with a
// declined badge) and the bell tells them. A third pledge reaches the owner's list live, without a reload.
// The owner's list, the confirm and the portfolio's tabs are audited and screenshotted at 390×844 in both themes.

const PROJECT = 'Solar Sprout';

interface Account {
  username: string;
  name: string;
}

/** A page in a browser context of its own, where the floating Enable Notifications card was already dismissed. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  return context.newPage();
}

/** Signs up with a role through this request context, which then holds the session. */
async function signUp(request: APIRequestContext, firstName: string, lastName: string, role: string) {
  const username = unique('pl');
  const signup = await request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName,
      lastName,
      role,
    },
  });
  expect(signup.status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
  return { username, name: `${firstName} ${lastName}` } satisfies Account;
}

async function pledge(request: APIRequestContext, projectId: number, amount: number, message: string) {
  const made = await request.post(`/api/projects/${projectId}/pledge`, { data: { amount, message } });
  expect(made.status()).toBe(201);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

async function unread(page: Page): Promise<number> {
  const answer = await page.request.get('/api/notifications/count');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

/** The count a portfolio summary card shows. */
const summaryCount = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Summary' }).locator('div', { hasText: label }).locator('dd');

test('an innovator accepts, completes and declines pledges behind confirms; the portfolio moves them live', async ({
  browser,
}) => {
  // ---- Arrange: the owner's project and two pledges from one investor ----
  const owner = await newPage(browser);
  await signUp(owner.request, 'Nora', 'Founder', 'innovator');
  const created = await owner.request.post('/api/projects', {
    data: {
      title: PROJECT,
      description: 'Seed kits that grow on a windowsill, with a sensor that says when to water.',
      category: 'technology',
      phase: 'prototype',
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;

  const investorPage = await newPage(browser);
  const investor = await signUp(investorPage.request, 'Ivy', 'Banks', 'investor');
  await pledge(
    investorPage.request,
    projectId,
    100_000,
    'Windowsill farming is overdue. Happy to back the first run.',
  );
  await pledge(investorPage.request, projectId, 25_000, 'A small second cheque for the sensor work.');

  // The investor's portfolio stays open in its own browser for the whole journey.
  await investorPage.goto('/create');
  await expect(investorPage.getByRole('heading', { name: 'Investment Portfolio' })).toBeVisible();
  await expect(summaryCount(investorPage, 'Pending Pledges')).toHaveText('2');
  await expect(summaryCount(investorPage, 'Active Investments')).toHaveText('0');
  await closeToast(investorPage);

  // ---- The owner's Pledges ----
  await owner.goto(`/create?manage=${projectId}`);
  await expect(owner.getByRole('heading', { name: PROJECT, level: 2 })).toBeVisible();
  await closeToast(owner);
  const section = owner.getByRole('button', { name: /^Pledges/ });
  await expect(section).toContainText('2 pledges · 2 waiting for you');
  const big = owner
    .getByRole('article', { name: `Pledge from ${investor.name}` })
    .filter({ hasText: '£1,000.00' });
  const small = owner
    .getByRole('article', { name: `Pledge from ${investor.name}` })
    .filter({ hasText: '£250.00' });
  await expect(big).toContainText('Upfront (10%)£100.00');
  await expect(big).toContainText('Windowsill farming is overdue.');
  await expect(big).toContainText('pending');
  await expect(small).toContainText('£25.00');
  await big.scrollIntoViewIfNeeded();
  await captureBothThemes(owner, 'pledges-01-owner-list', 'the owner’s Pledges');

  // ---- Accept, behind its confirm ----
  const before = await unread(investorPage);
  await big.getByRole('button', { name: 'Accept' }).click();
  const accept = owner.getByRole('dialog', { name: 'Accept this pledge?' });
  await expect(accept).toContainText(
    `${investor.name} pledged £1,000.00 to ${PROJECT}, £100.00 of it upfront. Accepting makes it active, and ${investor.name} is told.`,
  );
  await captureBothThemes(owner, 'pledges-02-accept-confirm', 'Accept this pledge?');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(accept).toBeHidden();
  await expectToast(owner, 'Pledge accepted', `${investor.name}'s £1,000.00 pledge is now active.`);
  await expect(big).toContainText('active');
  await expect(big.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(section).toContainText('2 pledges · 1 waiting for you');

  // The investor's portfolio moves it to Active without a reload, and the bell says so.
  await expect(summaryCount(investorPage, 'Active Investments')).toHaveText('1');
  await expect(summaryCount(investorPage, 'Pending Pledges')).toHaveText('1');
  await expect(bell(investorPage)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  await investorPage.getByRole('tab', { name: 'Active Investments' }).click();
  const activeCard = investorPage.getByRole('article', { name: `Pledge to ${PROJECT}` });
  await expect(activeCard).toHaveCount(1);
  await expect(activeCard).toContainText('£1,000.00');
  await expect(activeCard).toContainText('active');
  await captureBothThemes(investorPage, 'pledges-03-portfolio-active', 'the portfolio: Active Investments');

  // ---- Decline the second, Mark completed the first ----
  await small.getByRole('button', { name: 'Decline' }).click();
  const decline = owner.getByRole('dialog', { name: 'Decline this pledge?' });
  await expect(decline).toContainText('This cannot be undone.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expectToast(owner, 'Pledge declined');
  await expect(small).toContainText('declined');
  await expect(small.getByRole('button')).toHaveCount(0);

  await big.getByRole('button', { name: 'Mark completed' }).click();
  const complete = owner.getByRole('dialog', { name: 'Mark this pledge completed?' });
  await expect(complete).toContainText(
    `Do this once the rest of ${investor.name}'s £1,000.00 pledge has arrived.`,
  );
  await complete.getByRole('button', { name: 'Mark completed' }).click();
  await expectToast(owner, 'Pledge completed');
  await expect(big).toContainText('completed');
  await expect(big.getByRole('button')).toHaveCount(0);
  await expect(section).toContainText('2 pledges');

  // The portfolio: nothing active or pending now; Completed holds the completed one and the declined one.
  await expect(summaryCount(investorPage, 'Active Investments')).toHaveText('0');
  await expect(summaryCount(investorPage, 'Pending Pledges')).toHaveText('0');
  await expect(investorPage.getByRole('region', { name: 'Summary' })).toContainText('£1,000.00');
  await expect(investorPage.getByText('No active investments yet.')).toBeVisible();
  await investorPage.getByRole('tab', { name: 'Completed' }).click();
  const closed = investorPage.getByRole('article', { name: `Pledge to ${PROJECT}` });
  await expect(closed).toHaveCount(2);
  await expect(closed.filter({ hasText: '£1,000.00' })).toContainText('completed');
  await expect(closed.filter({ hasText: '£250.00' })).toContainText('declined');
  await expect(bell(investorPage)).toHaveAccessibleName(`Notifications, ${before + 3} unread`);
  await closeToast(investorPage);
  // Both closed pledges in view, the tabs just under the header.
  await investorPage.getByRole('tablist', { name: 'Pledges' }).evaluate((tabs) => {
    tabs.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72);
  });
  await captureBothThemes(investorPage, 'pledges-04-portfolio-completed', 'the portfolio: Completed');

  // The bell's centre names who did what.
  await bell(investorPage).click();
  const centre = investorPage.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toContainText(`Nora Founder accepted your £1,000.00 pledge to ${PROJECT}`);
  await expect(centre).toContainText(`Nora Founder declined your £250.00 pledge to ${PROJECT}`);
  await expect(centre).toContainText(`Nora Founder marked your £1,000.00 pledge to ${PROJECT} as completed`);
  await investorPage.keyboard.press('Escape');

  // ---- A new pledge reaches the owner's open list live ----
  await pledge(investorPage.request, projectId, 50_000, 'Back for the launch batch.');
  const third = owner
    .getByRole('article', { name: `Pledge from ${investor.name}` })
    .filter({ hasText: '£500.00' });
  await expect(third).toContainText('pending');
  await expect(section).toContainText('3 pledges · 1 waiting for you');
  await audit(owner, 'the owner’s Pledges after a live pledge');

  await owner.context().close();
  await investorPage.context().close();
});
