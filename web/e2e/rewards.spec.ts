import { test, expect, type Locator, type Page } from './fixtures';
import { growAdmin } from './servers';
import { audit, createAccount, expectToast, settle, STRONG_PASSWORD, snap } from './support';

// The rewards journey of issue 12: a member logs in (the Daily Login Bonus! toast), opens Progress, scratches the
// daily card with a real pointer drag across the foil, sees the coins and then the countdown, and finds every
// store reward 'NOT ENOUGH'; a member near a level scratches with the keyboard, levels up ('Level Up!', then the
// reward 2 s later) and, rich enough, claims a store reward. Every screen and dialog is audited, and the whole
// Progress screen is screenshotted at 390×844 before and after scratching, in the light and the dark theme.

/** True when the server binary can give a member coins (`grow admin give-coins USERNAME AMOUNT`). */
function canGiveCoins(): boolean {
  try {
    return growAdmin(['--help']).includes('give-coins');
  } catch {
    return false;
  }
}

/** Gives a member coins through the ledger, from the shell, against the running server's data. */
function giveCoins(username: string, amount: number): void {
  growAdmin(['give-coins', username, String(amount)]);
}

async function logIn(page: Page, username: string) {
  await page.goto('/');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
}

/** The toast on screen, closed (so a screenshot shows the screen itself). */
async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  // It may close by itself (after 5 s) between finding and clicking it.
  await close.click({ timeout: 2000 }).catch(() => {});
  await expect(close).toBeHidden();
}

/** The whole Progress screen, audited and screenshotted in both themes (back to light afterwards). */
async function captureBothThemes(page: Page, name: string, screen: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, `${screen} (${colorScheme})`);
    await settle(page);
    await snap(page, `rewards-${name}-${colorScheme}`, true);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The scratch card alone, in the middle of the viewport (clear of the header and the bottom navigation). */
async function shotScratchCard(page: Page, name: string) {
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'DAILY SCRATCH CARD' }) });
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settle(page);
  await snap(page, name);
}

function statTile(page: Page, label: string): Locator {
  return page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
}

function storeItem(page: Page, name: string): Locator {
  return page.getByTestId('store-item').filter({ has: page.getByText(name, { exact: true }) });
}

test('a member collects the daily bonus, scratches the card by dragging, and waits for the next one', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Maya');

  // ---- Log in: the day's first visit pays the bonus ----
  await logIn(page, account.username);
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expectToast(page, 'Daily Login Bonus!', 'Welcome back! You earned 10 coins');
  await expectToast(page, 'Daily Login Bonus!', 'Streak: 1 day');
  await audit(page, 'signed in, with the Daily Login Bonus! toast');
  await closeToast(page);

  // ---- Progress ----
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rewards' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Rewards' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
  await expect(page.getByText('EARN COINS • CLAIM REWARDS • LEVEL UP')).toBeVisible();
  await expect(statTile(page, 'Lifetime Coins')).toContainText(/\d/);
  const lifetimeBefore = Number(
    (await statTile(page, 'Lifetime Coins').locator('dd').innerText()).replace(/,/g, ''),
  );
  expect(lifetimeBefore).toBeGreaterThanOrEqual(10);
  await expect(statTile(page, 'Day Streak').locator('dd')).toHaveText('1');
  await expect(statTile(page, 'Approx. Mins').locator('dd')).toHaveText(
    (lifetimeBefore * 4).toLocaleString('en-GB'),
  );
  await expect(page.getByRole('heading', { name: 'Fresher I', exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress to Fresher II' })).toBeVisible();
  // The bonus is toasted once a session: opening the screen asks again, and says nothing.
  await expect(page.getByText('Daily Login Bonus!')).toBeHidden();

  // Every store reward costs more than a newcomer has.
  await expect(page.getByTestId('store-item')).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'NOT ENOUGH' })).toHaveCount(12);
  for (const button of await page.getByRole('button', { name: 'NOT ENOUGH' }).all())
    await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: 'CLAIM', exact: true })).toHaveCount(0);

  await captureBothThemes(page, '01-before-scratching', 'Progress, before scratching');
  await shotScratchCard(page, 'rewards-01-scratch-card-ready');

  // ---- The Level System dialog ----
  await page.getByRole('button', { name: 'Level System' }).click();
  const levels = page.getByRole('dialog', { name: 'Level System' });
  await expect(levels).toBeVisible();
  await expect(levels.getByRole('listitem')).toHaveCount(11);
  await expect(levels.locator('[aria-current="step"]')).toContainText('Fresher I');
  await audit(page, 'the Level System dialog');
  await snap(page, `rewards-02-level-system`);
  await page.keyboard.press('Escape');
  await expect(levels).toBeHidden();

  // ---- Scratch the card with a real drag across the foil ----
  const foil = page.getByTestId('scratch-foil');
  await foil.scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'SCRATCH NOW' })).toBeEnabled();
  let scratchedAt = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/rewards/scratch')
      scratchedAt = Date.now();
  });
  const box = (await foil.boundingBox())!;
  const dragStarted = Date.now();
  const rows = 6;
  await page.mouse.move(box.x + 6, box.y + 10);
  await page.mouse.down();
  for (let row = 0; row < rows; row += 1) {
    const y = box.y + 10 + (row * (box.height - 20)) / (rows - 1);
    const [from, to] =
      row % 2 === 0 ? [box.x + 6, box.x + box.width - 6] : [box.x + box.width - 6, box.x + 6];
    await page.mouse.move(from, y, { steps: 3 });
    await page.mouse.move(to, y, { steps: 24 });
  }
  await page.mouse.up();

  // The 1.5 s reveal plays (from the moment enough foil is off), then the server draws the coins.
  const toast = page.getByRole('status').filter({ hasText: 'Scratch Card Reward!' });
  await expect(toast).toBeVisible({ timeout: 10_000 });
  const reward = Number(/You earned (\d+) coins?/.exec(await toast.innerText())?.[1]);
  expect(reward).toBeGreaterThanOrEqual(10);
  expect(reward).toBeLessThanOrEqual(100);
  expect(scratchedAt - dragStarted).toBeGreaterThanOrEqual(1500);
  await expect(page.getByText('You won')).toBeVisible();
  await expect(page.getByTestId('scratch-area')).toContainText(`+${reward}`);

  // Then the card is used, with the countdown to the next one.
  await expect(page.getByText('USED', { exact: true })).toBeVisible();
  await expect(page.getByText('ALREADY SCRATCHED', { exact: true })).toBeVisible();
  const countdown = page.getByTestId('scratch-countdown');
  await expect(countdown).toHaveText(/^2[34]h \d{2}m \d{2}s$/);
  const first = await countdown.innerText();
  await expect(countdown).not.toHaveText(first, { timeout: 3000 });
  await expect(page.getByRole('button', { name: 'SCRATCH NOW' })).toHaveCount(0);
  // The coins are in (and the day's 'Try your luck' task may have paid on top).
  await expect
    .poll(async () =>
      Number((await statTile(page, 'Lifetime Coins').locator('dd').innerText()).replace(/,/g, '')),
    )
    .toBeGreaterThanOrEqual(lifetimeBefore + reward);
  await audit(page, 'Progress, just scratched, with the Scratch Card Reward! toast');
  await shotScratchCard(page, 'rewards-03-scratch-card-won');
  await closeToast(page);
  await captureBothThemes(page, '03-after-scratching', 'Progress, after scratching');

  // ---- Back later the same day: still used, counting down; no second bonus ----
  await page.reload();
  await expect(page.getByText('ALREADY SCRATCHED', { exact: true })).toBeVisible();
  await expect(page.getByTestId('scratch-countdown')).toHaveText(/^2[34]h \d{2}m \d{2}s$/);
  await settle(page);
  await expect(page.getByText('Daily Login Bonus!')).toBeHidden();
  await expect(page.getByRole('button', { name: 'NOT ENOUGH' })).toHaveCount(12);
  await audit(page, 'Progress, reopened after scratching');
  await shotScratchCard(page, 'rewards-05-scratch-card-used');
});

test('a member near a level scratches with the keyboard, levels up, and claims a store reward when rich enough', async ({
  page,
  request,
}) => {
  test.skip(!canGiveCoins(), 'the server binary has no `grow admin give-coins` to make a member rich');
  const account = await createAccount(request, 'Rich');
  await logIn(page, account.username);
  await expectToast(page, 'Daily Login Bonus!');

  // Bring the member to 4,990 lifetime coins: 10 short of Fresher II, and 10 short of Figma Pro (5,000).
  const before = (await (await page.request.get('/api/rewards')).json()) as {
    user: { lifetimeCoins: number };
  };
  giveCoins(account.username, 4990 - before.user.lifetimeCoins);

  await page.goto('/rewards');
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
  await expect(statTile(page, 'Your Coins').locator('dd')).toHaveText('4,990');
  await expect(page.getByRole('progressbar', { name: 'Progress to Fresher II' })).toHaveAttribute(
    'aria-valuenow',
    '4990',
  );
  // Within reach: Canva Pro, Notion Pro, GitHub Pro. Figma Pro and the rest: NOT ENOUGH.
  await expect(page.getByRole('button', { name: 'CLAIM', exact: true })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'NOT ENOUGH' })).toHaveCount(9);
  await expect(
    storeItem(page, 'Figma Pro (1 month)').getByRole('button', { name: 'NOT ENOUGH' }),
  ).toBeDisabled();
  await audit(page, 'Progress, rich enough for three rewards');

  // ---- Scratch with the keyboard (the button is the way for people who do not drag) ----
  await page.getByRole('button', { name: 'SCRATCH NOW' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Level Up!', 'Congratulations! You reached Fresher II');
  await expect(page.getByRole('heading', { name: 'Fresher II', exact: true })).toBeVisible();
  await audit(page, 'Progress, just levelled up, with the Level Up! toast');
  await shotScratchCard(page, 'rewards-06-level-up');
  // The reward's own toast follows 2 seconds later.
  await expectToast(page, 'Scratch Card Reward!', 'You earned');
  await expect(page.getByTestId('scratch-countdown')).toHaveText(/^2[34]h \d{2}m \d{2}s$/);
  await closeToast(page);

  // ---- Claim a store reward ----
  const balance = Number((await statTile(page, 'Your Coins').locator('dd').innerText()).replace(/,/g, ''));
  expect(balance).toBeGreaterThanOrEqual(5000);
  const canva = storeItem(page, 'Canva Pro');
  await canva.getByRole('button', { name: 'CLAIM', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim Canva Pro?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Left after${(balance - 2500).toLocaleString('en-GB')} coins`);
  await audit(page, 'the Claim Canva Pro? dialog');
  await snap(page, `rewards-04-claim-dialog`);
  await dialog.getByRole('button', { name: 'CLAIM REWARD' }).click();

  await expectToast(page, 'Reward Claimed!', 'You claimed Canva Pro for 2,500 coins');
  await expect(dialog).toBeHidden();
  await expect(statTile(page, 'Your Coins').locator('dd')).toHaveText(
    (balance - 2500).toLocaleString('en-GB'),
    {
      timeout: 5000,
    },
  );
  // What is left no longer covers Notion Pro (3,000).
  await expect(storeItem(page, 'Notion Pro').getByRole('button', { name: 'NOT ENOUGH' })).toBeDisabled();
  await audit(page, 'Progress after claiming a store reward');
});

test('an innovator’s first project unlocks Idea Launched: told in the bell, claimed once on Progress for exactly its coins', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Ines', { role: 'innovator' });
  await logIn(page, account.username);
  await expectToast(page, 'Daily Login Bonus!');
  await closeToast(page);

  const made = await page.request.post('/api/projects', {
    data: { title: 'Tide clocks', description: 'Clocks for harbour towns', isPublished: true },
  });
  expect(made.status()).toBe(201);

  await page.goto('/rewards');
  const coinsTile = statTile(page, 'Your Coins').locator('dd');
  await expect(coinsTile).not.toHaveText('0');
  const before = Number((await coinsTile.innerText()).replace(/,/g, ''));
  const achievement = page.getByRole('listitem').filter({ hasText: 'Idea Launched' });
  await expect(achievement).toContainText('Create your first project.');
  const claim = achievement.getByRole('button', { name: 'CLAIM +50' });
  await expect(claim).toBeVisible();
  await captureBothThemes(
    page,
    '08-achievement-claimable',
    'Progress, a projects achievement waiting for CLAIM',
  );

  await claim.click();
  await expectToast(page, 'Reward Claimed!', 'Idea Launched: you earned 50');
  // Claimed ones move below the open ones, past SHOW ALL.
  await page.getByRole('button', { name: /^SHOW ALL/ }).click();
  await expect(achievement).toContainText('Claimed');
  await expect(coinsTile).toHaveText((before + 50).toLocaleString('en-GB'));
  // Claimed once: after a reload it stays claimed and pays nothing more.
  await page.reload();
  await page.getByRole('button', { name: /^SHOW ALL/ }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Idea Launched' })).toContainText('Claimed');
  await expect(statTile(page, 'Your Coins').locator('dd')).toHaveText((before + 50).toLocaleString('en-GB'));
});
