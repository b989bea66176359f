import { test, expect, type APIRequestContext, type Browser, type Locator, type Page } from './fixtures';
import {
  audit,
  captureBothThemes,
  closeToast,
  encodePng,
  expectToast,
  STRONG_PASSWORD,
  unique,
  snap,
} from './support';

// The explore journey of issue 16. An innovator publishes four projects (their own deck stays empty); a person
// swipes the first right with a real pointer drag (25 coins, the card leaves), the next left, and drags up to the
// projects they follow; opens a project's details (overview, 100-character update previews that open, feedback with
// a reply, Request to Collaborate); filters the deck; logs in again in a second browser and finds the same swiped
// set; runs to the end of the deck, starts over, and resets from the filter panel. An investor swipes right,
// pledges £150 with a message and finds it in the portfolio with £15.00 upfront. Every screen and dialog is
// audited; the deck mid-drag, the detail tabs, the pledge dialog and the portfolio are screenshotted at 390×844 in
// the light and the dark theme.

test.describe.configure({ mode: 'serial' });

interface Me {
  id: number;
  coins: number;
}

interface Account {
  username: string;
  firstName: string;
}

const TITLES = {
  quiet: 'Quiet Hours',
  loom: 'Loom Lab',
  orchard: 'Pocket Orchard',
  stitch: 'Solar Stitch',
} as const;

const LONG_UPDATE =
  'We cut the first batch of solar-thread panels this week and stitched them into three jackets. Two of them charge a phone in an afternoon of sun; the third taught us a lot about seams.';

// Shared by the journeys below (they run in order, in one worker).
const projectIds: Record<keyof typeof TITLES, number> = { quiet: 0, loom: 0, orchard: 0, stitch: 0 };
let innovator: Account;
let person: Account;

/** A page in a browser context of its own, where the floating Enable Notifications card was already dismissed. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  return context.newPage();
}

/** Signs up with a role through this request context, which then holds the session. */
async function signUp(request: APIRequestContext, firstName: string, role: string): Promise<Account> {
  const username = unique('ex');
  const signup = await request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName,
      lastName: 'Tester',
      role,
    },
  });
  expect(signup.status()).toBe(201);
  await logIn(request, username);
  return { username, firstName };
}

async function logIn(request: APIRequestContext, username: string) {
  const login = await request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
}

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** A PNG of a soft two-colour gradient with rings (a project cover), made here so the test needs no files. */
function coverPng(
  from: [number, number, number],
  to: [number, number, number],
  width = 640,
  height = 400,
): Buffer {
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const ring = Math.abs((Math.hypot(x - width * 0.7, y - height * 0.35) % 90) - 45) < 3 ? 40 : 0;
    return from.map((start, c) => start + (to[c]! - start) * t + ring);
  });
}

async function upload(request: APIRequestContext, name: string, png: Buffer): Promise<string> {
  const response = await request.post('/api/upload', {
    multipart: { file: { name, mimeType: 'image/png', buffer: png } },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { fileUrl: string };
  return body.fileUrl;
}

async function publish(request: APIRequestContext, project: Record<string, unknown>): Promise<number> {
  const response = await request.post('/api/projects', {
    data: { phase: 'idea', ...project, isPublished: true },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The deck's top card and its title. */
const topCard = (page: Page): Locator => page.getByTestId('deck-top-card');
const topTitle = (page: Page): Locator => topCard(page).getByRole('heading', { level: 3 });
/** Every card on the deck with this title (the top one and those stacked behind it). */
const cardsTitled = (page: Page, title: string): Locator => page.locator('h3').filter({ hasText: title });

/**
 * Drags the top card with a real pointer (mouse down, moves in steps, up) by dx, dy; `midway` runs while the card is
 * held half way (e.g. a screenshot).
 */
async function dragTopCard(page: Page, dx: number, dy: number, midway?: () => Promise<void>) {
  const box = (await topCard(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height * 0.35;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx * 0.45, y + dy * 0.45, { steps: 8 });
  if (midway) await midway();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/** Opens Explore signed in; waits for the day's login bonus (it pays coins and shows a toast) and closes its toast. */
async function openExplore(page: Page, firstName: string, { firstVisitToday = false } = {}) {
  await page.goto('/');
  await expect(page.getByText(`Hey ${firstName}!`)).toBeVisible();
  if (firstVisitToday) await expectToast(page, 'Daily Login Bonus!');
  await closeToast(page);
}

test('an innovator publishes projects; their own deck has nothing to explore', async ({ browser }) => {
  const page = await newPage(browser);
  innovator = await signUp(page.request, 'Ines', 'innovator');
  const request = page.request;

  const [violet, orange, teal, rose] = [
    [109, 40, 217],
    [249, 115, 22],
    [15, 118, 110],
    [225, 29, 72],
  ] as [number, number, number][];
  const stitchCover = await upload(request, 'stitch.png', coverPng(orange!, violet!));
  const stitchSecond = await upload(request, 'stitch-2.png', coverPng(rose!, orange!));
  const orchardCover = await upload(request, 'orchard.png', coverPng(teal!, violet!));
  const loomCover = await upload(request, 'loom.png', coverPng(violet!, rose!));

  // Oldest first: the deck shows the newest on top (Solar Stitch, Pocket Orchard, Loom Lab, Quiet Hours).
  projectIds.quiet = await publish(request, { title: TITLES.quiet, category: 'healthcare', description: '' });
  projectIds.loom = await publish(request, {
    title: TITLES.loom,
    category: 'education',
    phase: 'planning',
    description: 'A weaving studio that teaches maths through patterns.',
    lookingFor: ['Explorer'],
    imageUrls: [loomCover],
  });
  projectIds.orchard = await publish(request, {
    title: TITLES.orchard,
    category: 'technology',
    phase: 'prototype',
    description: 'Sensors that tell balcony growers when to water, feed and pick.',
    lookingFor: ['Innovator', 'Collaborator'],
    imageUrls: [orchardCover],
  });
  projectIds.stitch = await publish(request, {
    title: TITLES.stitch,
    category: 'design',
    phase: 'development',
    description:
      'Jackets with flexible solar thread woven into the seams, so a day outside charges your phone. We design in the open and test every panel on real commutes.',
    lookingFor: ['Collaborator', 'Explorer'],
    imageUrls: [stitchCover, stitchSecond],
  });
  for (const [title, content] of [
    ['First panels stitched', LONG_UPDATE],
    ['Hello, Grow', 'Thanks for finding us!'],
  ])
    expect(
      (
        await request.post(`/api/projects/${projectIds.stitch}/updates`, { data: { title, content } })
      ).status(),
    ).toBe(201);

  // Nobody sees their own projects on the deck (spec 001 §6).
  await openExplore(page, innovator.firstName, { firstVisitToday: true });
  await expect(page.getByRole('heading', { name: 'No projects to explore yet' })).toBeVisible();
  await expect(page.getByText('Check back later for creative projects')).toBeVisible();
  await captureBothThemes(page, 'explore-01-empty', 'Explore: nothing to explore');
  await page.context().close();
});

test('a person swipes right by dragging (25 coins, the card leaves), left, and up to the projects they follow', async ({
  browser,
}) => {
  const page = await newPage(browser);
  person = await signUp(page.request, 'Priya', 'collaborator');
  await openExplore(page, person.firstName, { firstVisitToday: true });
  await expect(topTitle(page)).toHaveText(TITLES.stitch);
  // The next card is already there, stacked behind.
  await expect(cardsTitled(page, TITLES.orchard)).toHaveCount(1);
  await expect(page.getByText('Swipe on the cards to interact!')).toBeVisible();
  for (const legend of ['SKIP', 'FOLLOWING', 'FOLLOW'])
    await expect(page.getByRole('button', { name: legend, exact: true })).toBeVisible();
  // The card: category, phase, description and its two looking-for tags.
  await expect(topCard(page)).toContainText('Design & UI/UX');
  await expect(topCard(page)).toContainText('Development');
  await expect(topCard(page).getByRole('list', { name: 'Looking for' }).getByRole('listitem')).toHaveText([
    'Collaborator',
    'Explorer',
  ]);
  await audit(page, 'Explore: the deck');
  const before = (await me(page)).coins;

  // ---- Right: a real drag, held half way for the screenshots (the SUPPORT overlay fading in) ----
  await dragTopCard(page, 240, 20, async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // (The shell's colours ease into the new theme.)
      await page.waitForTimeout(400);
      await snap(page, `explore-02-deck-mid-drag-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
  await expectToast(page, 'Project Supported!', 'You earned 25 coins for supporting this project.');
  await expect(topTitle(page)).toHaveText(TITLES.orchard);
  await expect(cardsTitled(page, TITLES.stitch)).toHaveCount(0);
  await expect.poll(async () => (await me(page)).coins).toBe(before + 25);
  await closeToast(page);

  // ---- Left: passed ----
  await dragTopCard(page, -230, 10);
  await expect(topTitle(page)).toHaveText(TITLES.loom);
  await expect
    .poll(async () => (await (await page.request.get('/api/feed/swipes')).json()) as unknown)
    .toEqual(
      expect.arrayContaining([
        { projectId: projectIds.orchard, direction: 'pass' },
        { projectId: projectIds.stitch, direction: 'support' },
      ]),
    );

  // ---- A drag short of 100 px does not count: the card settles back ----
  await dragTopCard(page, 80, 0);
  await expect(topTitle(page)).toHaveText(TITLES.loom);

  // ---- Up: the projects they follow; the card stays ----
  await dragTopCard(page, 10, -220);
  const followed = page.getByRole('dialog', { name: /projects you follow/i });
  await expect(followed).toBeVisible();
  await expect(followed.getByRole('button', { name: new RegExp(TITLES.stitch) })).toBeVisible();
  await expect(followed).toContainText('Design & UI/UX');
  await expect(followed).toContainText('1 supporter');
  await captureBothThemes(page, 'explore-03-supported', 'the projects you follow');
  await page.keyboard.press('Escape');
  await expect(followed).toBeHidden();
  await expect(topTitle(page)).toHaveText(TITLES.loom);
  await page.context().close();
});

test('the project dialog: overview by role, updates that open, feedback with a reply, Request to Collaborate', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await logIn(page.request, person.username);
  await openExplore(page, person.firstName);

  // The keyboard and the buttons do what the gestures do: FOLLOWING (↑) opens the followed projects.
  await page.getByRole('button', { name: 'FOLLOWING', exact: true }).click();
  const followed = page.getByRole('dialog', { name: /projects you follow/i });
  await followed.getByRole('button', { name: new RegExp(TITLES.stitch) }).click();
  const detail = page.getByRole('dialog', { name: TITLES.stitch });
  await expect(detail).toBeVisible();

  // ---- Overview ----
  await expect(detail.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(detail.getByText('1 / 2')).toBeVisible();
  await expect(detail).toContainText('Design & UI/UX');
  await expect(detail).toContainText('Development');
  await expect(detail).toContainText('Jackets with flexible solar thread');
  await expect(detail.getByRole('list', { name: 'Looking for' }).getByRole('listitem')).toHaveText([
    'Collaborator',
    'Explorer',
  ]);
  await expect(detail.getByText('Created')).toBeVisible();
  await expect(detail.getByText('1 supporter')).toBeAttached();
  await expect(detail.getByRole('button', { name: 'Supported' })).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'Leave Feedback' })).toBeVisible();
  await captureBothThemes(page, 'explore-04-detail-overview', 'project dialog: Overview');

  // The full-screen viewer wraps around at both ends.
  await detail.getByRole('button', { name: /View .* images full screen \(image 1 of 2\)/ }).click();
  const viewer = page.getByRole('dialog', { name: TITLES.stitch }).filter({ hasText: /Image \d of 2/ });
  await expect(viewer).toBeVisible();
  await audit(page, 'the full-screen image viewer');
  await viewer.getByRole('button', { name: 'Previous image' }).click();
  await expect(viewer.getByText('Image 2 of 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('Image 1 of 2')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Image 1 of 2')).toBeHidden();
  await expect(detail).toBeVisible();

  await detail.getByRole('button', { name: 'Request to Collaborate' }).click();
  await expectToast(page, 'Request Sent!');
  await closeToast(page);

  // ---- Updates: the first 100 characters, the rest on a tap ----
  await detail.getByRole('tab', { name: 'Updates' }).click();
  await expect(detail.getByText('Hello, Grow')).toBeVisible();
  const preview = `${LONG_UPDATE.slice(0, 100)}...`;
  const long = detail.locator('button[aria-expanded]');
  await expect(long).toContainText(preview);
  await expect(detail.getByText('Thanks for finding us!')).toBeVisible();
  await captureBothThemes(page, 'explore-05-detail-updates', 'project dialog: Updates');
  await long.click();
  await expect(long).toHaveAttribute('aria-expanded', 'true');
  await expect(long).toContainText(LONG_UPDATE);

  // ---- Feedback: empty, then a comment, then a reply indented under it ----
  await detail.getByRole('tab', { name: 'Feedback' }).click();
  await expect(detail.getByText('NO FEEDBACK YET')).toBeVisible();
  await detail.getByRole('button', { name: 'Leave Feedback' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave Feedback' });
  await expect(leave.getByRole('button', { name: 'Submit Feedback' })).toBeDisabled();
  await leave.getByLabel('Your feedback').fill('The seams are the clever part. Would love a women’s cut!');
  await audit(page, 'the Leave Feedback dialog');
  await leave.getByRole('button', { name: 'Submit Feedback' }).click();
  await expectToast(page, 'Feedback submitted!');
  await expect(leave).toBeHidden();
  await expect(detail.getByText('The seams are the clever part.')).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Priya Tester' })).toBeVisible();
  await closeToast(page);

  await detail.getByRole('button', { name: 'Reply to Priya Tester' }).click();
  const replyBox = detail.getByRole('textbox', { name: 'Reply to Priya Tester' });
  await expect(detail.getByRole('button', { name: 'Post Reply' })).toBeDisabled();
  await detail.getByRole('button', { name: 'Cancel' }).click();
  await expect(replyBox).toBeHidden();
  await detail.getByRole('button', { name: 'Reply to Priya Tester' }).click();
  await replyBox.fill('And a kids’ one.');
  await detail.getByRole('button', { name: 'Post Reply' }).click();
  await expectToast(page, 'Feedback submitted!');
  await expect(detail.getByRole('list', { name: 'Replies' })).toContainText('And a kids’ one.');
  await closeToast(page);
  await captureBothThemes(page, 'explore-06-detail-feedback', 'project dialog: Feedback');

  // Closing goes back to the followed projects, then to the deck.
  await page.keyboard.press('Escape');
  await expect(followed).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(followed).toBeHidden();

  // A tap on the top card opens its details; a project not supported yet offers Support.
  await topCard(page)
    .getByRole('button', { name: `Details of ${TITLES.loom}` })
    .click();
  const loom = page.getByRole('dialog', { name: TITLES.loom });
  await expect(loom.getByRole('button', { name: 'Support', exact: true })).toBeEnabled();
  await expect(loom.getByRole('button', { name: 'Leave Feedback' })).toHaveCount(0);
  await loom.getByRole('tab', { name: 'Updates' }).click();
  await expect(loom.getByText('NO UPDATES YET')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(loom).toBeHidden();
  await page.context().close();
});

test('filters; the swiped set follows the person to a second browser; the end of the deck; reset', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await logIn(page.request, person.username);
  await openExplore(page, person.firstName);
  await expect(topTitle(page)).toHaveText(TITLES.loom);

  // ---- Filters ----
  await page.getByRole('button', { name: 'Filter' }).click();
  const panel = page.getByRole('dialog', { name: 'Filter projects' });
  await expect(panel.getByRole('button', { name: 'CLEAR FILTERS' })).toBeDisabled();
  await captureBothThemes(page, 'explore-07-filters', 'the filter panel');
  await panel.getByLabel('Category').selectOption({ label: 'Healthcare' });
  await panel.getByRole('button', { name: 'Show projects' }).click();
  await expect(topTitle(page)).toHaveText(TITLES.quiet);
  await expect(topCard(page)).toContainText('No description provided');
  await expect(page.getByRole('button', { name: 'Filter, 1 active' })).toBeVisible();

  await page.getByRole('button', { name: 'Filter, 1 active' }).click();
  await panel.getByLabel('Category').selectOption({ label: 'All categories' });
  await panel.getByLabel('Looking for').selectOption('Explorer');
  await panel.getByRole('button', { name: 'Show projects' }).click();
  await expect(topTitle(page)).toHaveText(TITLES.loom);

  await page.getByRole('button', { name: 'Filter, 1 active' }).click();
  await panel.getByLabel('Category').selectOption({ label: 'Design & UI/UX' });
  await panel.getByRole('button', { name: 'Show projects' }).click();
  // Solar Stitch is design and wants explorers, but was swiped already.
  await expect(page.getByRole('heading', { name: "You've seen all projects!" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CLEAR FILTERS' })).toBeVisible();
  await page.getByRole('button', { name: 'CLEAR FILTERS' }).click();
  await expect(topTitle(page)).toHaveText(TITLES.loom);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();

  // ---- The same person in a second browser: the same swiped set ----
  const second = await newPage(browser);
  await logIn(second.request, person.username);
  await openExplore(second, person.firstName);
  await expect(topTitle(second)).toHaveText(TITLES.loom);
  await expect(cardsTitled(second, TITLES.stitch)).toHaveCount(0);
  await expect(cardsTitled(second, TITLES.orchard)).toHaveCount(0);

  // The arrow keys swipe too: ← passes the last two, and the deck is done.
  await second.keyboard.press('ArrowLeft');
  await expect(topTitle(second)).toHaveText(TITLES.quiet);
  await second.keyboard.press('ArrowLeft');
  await expect(second.getByRole('heading', { name: "You've seen all projects!" })).toBeVisible();
  await captureBothThemes(second, '08-end', 'the end of the deck');
  await second.getByRole('button', { name: 'Start Over' }).click();
  await expectToast(second, 'Projects Reset', 'All swiped projects are now available again.');
  await expect(topTitle(second)).toHaveText(TITLES.stitch);
  await second.context().close();

  // ---- Back in the first browser (its deck loaded before that reset): FOLLOW, then RESET SWIPED ----
  await page.getByRole('button', { name: 'FOLLOW', exact: true }).click();
  await expectToast(page, 'Project Supported!', 'You earned 25 coins for supporting this project.');
  await expect(topTitle(page)).toHaveText(TITLES.quiet);
  await page.getByRole('button', { name: 'Filter' }).click();
  await panel.getByRole('button', { name: 'RESET SWIPED' }).click();
  await expectToast(page, 'Projects Reset', 'All swiped projects are now available again.');
  await panel.getByRole('button', { name: 'Show projects' }).click();
  await expect(topTitle(page)).toHaveText(TITLES.stitch);
  // Supported before: a right swipe (→) says so, and the card still leaves.
  await page.keyboard.press('ArrowRight');
  await expectToast(page, 'Already Supported', 'You have already supported this project.');
  await expect(topTitle(page)).toHaveText(TITLES.orchard);
  await page.context().close();
});

test('an investor swipes right, pledges £150 with a message and finds it in the portfolio with £15.00 upfront', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await signUp(page.request, 'Iris', 'investor');

  // The portfolio before any pledge.
  await page.goto('/create');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Invest' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investment Portfolio' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Investments Yet' })).toBeVisible();
  await expectToast(page, 'Daily Login Bonus!');
  await closeToast(page);
  await audit(page, 'Investment Portfolio: no investments yet');
  await page.getByRole('link', { name: 'Explore Projects' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(topTitle(page)).toHaveText(TITLES.stitch);

  // ---- Right opens the pledge dialog; the card stays until the pledge is made ----
  await dragTopCard(page, 230, 0);
  const pledge = page.getByRole('dialog', { name: 'Make Investment Pledge' });
  await expect(pledge).toBeVisible();
  await expect(pledge).toContainText(TITLES.stitch);
  const confirm = pledge.getByRole('button', { name: /^Confirm Pledge/ });
  await expect(confirm).toBeDisabled();
  const amount = pledge.getByLabel('Pledge amount (£)');
  const message = pledge.getByLabel('Message to the team');
  await amount.fill('99.99');
  await message.click();
  await expect(pledge.getByText('The minimum pledge is £100')).toBeVisible();
  await amount.fill('150');
  await message.fill('   ');
  await amount.click();
  await expect(pledge.getByText('Message is required to complete your investment pledge')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await message.fill('Solar thread is the future of outerwear. Count me in.');
  await expect(pledge.getByText('£15.00')).toBeVisible();
  await expect(confirm).toBeEnabled();
  await expect(confirm).toHaveText('Confirm Pledge of £150.00');
  await captureBothThemes(page, 'explore-09-pledge', 'the pledge dialog');

  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().endsWith(`/api/projects/${projectIds.stitch}/pledge`),
  );
  await confirm.click();
  expect((await sent).postDataJSON()).toEqual({
    amount: 15000,
    message: 'Solar thread is the future of outerwear. Count me in.',
  });
  await expect(pledge).toBeHidden();
  await expectToast(page, 'Pledge Created!');
  await expect(topTitle(page)).toHaveText(TITLES.orchard);
  await expectToast(page, 'Payment Confirmed');
  await closeToast(page);

  // ---- The portfolio ----
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invest' }).click();
  await expect(page.getByRole('heading', { name: 'Investment Portfolio' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('£150.00');
  await expect(summary.locator('div', { hasText: 'Pending Pledges' }).locator('dd')).toHaveText('1');
  await expect(summary.locator('div', { hasText: 'Active Investments' }).locator('dd')).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'ROI Potential' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending Pledges', selected: true })).toBeVisible();
  const card = page.getByRole('article', { name: `Pledge to ${TITLES.stitch}` });
  await expect(card).toContainText('Total Amount');
  await expect(card).toContainText('£150.00');
  await expect(card).toContainText('Upfront Paid (10%)');
  await expect(card).toContainText('£15.00');
  await expect(card).toContainText('pending');
  await expect(card).toContainText('Solar thread is the future of outerwear.');
  await captureBothThemes(page, 'explore-10-portfolio', 'Investment Portfolio');

  await page.getByRole('tab', { name: 'Active Investments' }).click();
  await expect(page.getByText('No active investments yet.')).toBeVisible();
  await page.context().close();
});
