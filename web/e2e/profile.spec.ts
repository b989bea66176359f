import { test, expect, type Browser, type Page } from './fixtures';
import {
  audit,
  captureBothThemes,
  closeToast,
  connectCodeOf,
  createAccount,
  decodeQr,
  encodePng,
  expectToast,
  STRONG_PASSWORD,
  unique,
  snap,
} from './support';

// The profile and every way two people connect (issue 13): A shares a profile link by QR, B opens it signed out,
// signs up, logs in and is connected; A sees B in the connections dialog and removes them; a request from A to C is
// accepted in C's Connect tab and pays both 25 coins; a member edits skills, changes plan and uploads a photo, all
// still there after a reload. Every screen and dialog is audited; the profile, each dialog and the share dialog are
// screenshotted at 390×844 in the light and the dark theme.

// A's page can copy the link (the clipboard needs the permission in headless Chromium).
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

interface Me {
  id: number;
  firstName: string;
  lastName: string;
  coins: number;
  connectionCount: number;
  role: string;
  skills: string[];
  profileImageUrl: string | null;
}

interface Rewards {
  user: { coins: number };
  dailyTasks: { id: string; completedCount: number; reward: number }[];
}

/** Signs up and logs in through the page's own request context (it shares the browser's cookies). */
async function signUpAndLogIn(page: Page, firstName: string) {
  const account = await createAccount(page.request, firstName);
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: STRONG_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return account;
}

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** The balance and the connection daily task (the day's first rewards call also pays the login bonus). */
async function coins(page: Page) {
  const response = await page.request.get('/api/rewards');
  expect(response.status()).toBe(200);
  const rewards = (await response.json()) as Rewards;
  const task = rewards.dailyTasks.find((t) => t.id === 'connect');
  return { coins: rewards.user.coins, taskDone: task?.completedCount ?? 0 };
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const profileLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile/ });

test('A shares a profile QR; B opens it signed out, signs up, logs in and is connected; A sees B and removes them', async ({
  page,
  browser,
  baseURL,
}) => {
  // A's browser can share natively (headless Chromium on Linux has no share sheet: a stand-in that succeeds).
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: () => Promise.resolve() });
  });
  await signUpAndLogIn(page, 'Ada');
  const ada = await me(page);

  // ---- A's profile ----
  await page.goto('/profile');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Member' })).toBeVisible();
  await expect(page.getByText('Location not set')).toBeVisible();
  await expect(page.getByText('Building the future, one project at a time.')).toBeVisible();
  await expect(page.getByRole('button', { name: '0 Connections' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Connect' })).toBeVisible();
  await expect(page.getByText('No connection requests')).toBeVisible();
  await closeToast(page);
  await captureBothThemes(page, 'profile-01-own', 'profile');

  // ---- Share Your Profile: the QR decodes to the exact connect link ----
  await page.getByRole('button', { name: 'Share Profile' }).click();
  const share = page.getByRole('dialog', { name: 'Share Your Profile' });
  await expect(share).toBeVisible();
  await expect(share.getByText('Scan this QR code to connect with me')).toBeVisible();
  const link = `${baseURL}/profile?connect=${await connectCodeOf(page.request)}`;
  expect(await decodeQr(page, 'profile-qr')).toBe(link);
  await expect(share).toContainText(link);
  await captureBothThemes(page, 'profile-02-share', 'Share Your Profile');

  await share.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // DEVICE-CONNECT (native sharing here): DEVICE LINKED, then RESET CONNECTION.
  await expect(share.getByText('Hold devices together to share instantly!')).toBeVisible();
  await share.getByRole('button', { name: 'DEVICE-CONNECT' }).click();
  await expect(share.getByText('DEVICE LINKED')).toBeVisible();
  await expectToast(page, 'Share Complete');
  await closeToast(page);
  await captureBothThemes(page, 'profile-03-share-device-linked', 'Share Your Profile, device linked');
  await share.getByRole('button', { name: 'RESET CONNECTION' }).click();
  await expectToast(page, 'Connection Reset');
  await expect(share.getByRole('button', { name: 'DEVICE-CONNECT' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // ---- B opens the link signed out: the banner and the toast ----
  const b = await newPage(browser);
  await b.page.goto(link);
  await expect(b.page.getByText('CONNECT & GET STARTED')).toBeVisible();
  await expect(b.page.getByText('Login or sign up to connect with this user')).toBeVisible();
  await expectToast(b.page, 'Connection Request');
  await audit(b.page, 'signed out: a profile connect link');
  await snap(b.page, `profile-04-connect-link-signed-out`);

  // B signs up through the wizard...
  const panel = b.page.getByRole('tabpanel');
  const username = unique('bob');
  await b.page.getByRole('tab', { name: 'SIGN UP' }).click();
  await panel.getByLabel('First name').fill('Bob');
  await panel.getByLabel('Last name').fill('Builder');
  await panel.getByLabel('Email').fill(`${username}@example.com`);
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await expect(panel.getByText('Username available')).toBeVisible();
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await panel.getByLabel('Location').fill('Leeds, GB');
  await panel.getByLabel('Bio').fill('Can we fix it? Yes we can.');
  await panel.getByRole('textbox', { name: 'Skills' }).fill('Carpentry');
  await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await b.page.getByText('COLLABORATOR', { exact: true }).click();
  await b.page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expectToast(
    b.page,
    'Account Created',
    'Your account has been created successfully. Please log in to complete the connection.',
  );
  // ...and logs in: connected on the way in.
  await expect(panel.getByLabel('Username')).toHaveValue(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(b.page.getByRole('banner').getByRole('heading', { name: 'Explore' })).toBeVisible();
  const bob = await me(b.page);
  expect(bob.connectionCount).toBe(1);
  const bobs = (await (await b.page.request.get('/api/connections/with-users')).json()) as {
    status: string;
    connectedUser: { id: number };
  }[];
  expect(bobs.map((c) => [c.connectedUser.id, c.status])).toEqual([[ada.id, 'accepted']]);

  // B opens the link again, signed in: ALREADY CONNECTED, and the parameter leaves the address.
  await b.page.goto(link);
  const scanned = b.page.getByRole('dialog', { name: 'ALREADY CONNECTED' });
  await expect(scanned).toBeVisible();
  await expect(scanned).toContainText('Ada Member');
  await expect(b.page).toHaveURL(/\/profile$/);
  await expectToast(b.page, 'Already Connected');
  await closeToast(b.page);
  await captureBothThemes(b.page, '05-scanned-already-connected', 'the scanned-profile dialog');
  await scanned.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(scanned).toBeHidden();

  // ---- A sees B in the connections dialog (the count arrived live) ----
  await page.getByRole('button', { name: '1 Connections' }).click();
  const connections = page.getByRole('dialog', { name: 'Connections' });
  await expect(connections.getByRole('listitem').filter({ hasText: 'Bob Builder' })).toBeVisible();
  await expect(connections.getByRole('link', { name: 'Message Bob Builder' })).toHaveAttribute(
    'href',
    `/ideate?chat=${bob.id}`,
  );
  await captureBothThemes(page, 'profile-06-connections', 'the Connections dialog');

  // ---- Removal, after the confirm dialog ----
  await connections.getByRole('button', { name: 'Remove Bob Builder' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Connection' });
  await expect(confirm).toContainText('This action cannot be undone');
  await captureBothThemes(page, 'profile-07-remove-connection', 'the Remove Connection dialog');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Connection Removed', 'The connection has been removed from your network.');
  await expect(confirm).toBeHidden();
  await expect(connections.getByText('No connections yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '0 Connections' })).toBeVisible();
  expect((await me(b.page)).connectionCount).toBe(0);
  await b.context.close();
});

test('a request from A to C is accepted in C’s Connect tab: the avatar dot goes, and both are paid 25 coins', async ({
  page,
  browser,
}) => {
  const c = await newPage(browser);
  await signUpAndLogIn(page, 'Ada');
  await signUpAndLogIn(c.page, 'Cleo');
  const [ada, cleo] = [await me(page), await me(c.page)];
  await c.page.goto('/profile');
  await expect(c.page.getByRole('heading', { name: 'Cleo Member' })).toBeVisible();
  await expect(profileLink(c.page)).toHaveAccessibleName('Profile');
  const before = { ada: await coins(page), cleo: await coins(c.page) };

  // A sends the request (no screen sends one yet: the discovery and people screens are another issue's).
  const sent = await page.request.post('/api/connections', {
    data: { targetUserId: cleo.id, type: 'connection' },
  });
  expect(sent.status()).toBe(201);

  // It arrives live: the red dot on C's avatar, the count on the Connect tab.
  await expect(profileLink(c.page)).toHaveAccessibleName(/^Profile\W+pending connection requests$/);
  const tab = c.page.getByRole('tab', { name: /^Connect\W+1 pending$/ });
  await expect(tab).toBeVisible();
  await expect(tab).toContainText('1');
  const request = c.page.getByRole('list', { name: 'Connection requests' }).getByRole('listitem');
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('Ada Member');
  await closeToast(c.page);
  await captureBothThemes(c.page, '08-connect-request', 'profile with a connection request');

  await c.page.getByRole('tab', { name: 'Collab' }).click();
  await expect(c.page.getByText('No collaboration requests')).toBeVisible();
  await audit(c.page, 'profile: the Collab tab');
  await c.page.getByRole('tab', { name: /^Connect/ }).click();

  await c.page.getByRole('button', { name: 'Accept Ada Member' }).click();
  await expectToast(c.page, 'Success', 'Request accepted successfully');
  await expect(c.page.getByText('No connection requests')).toBeVisible();
  await expect(c.page.getByRole('tab', { name: 'Connect' })).toBeVisible();
  await expect(profileLink(c.page)).toHaveAccessibleName('Profile');
  await expect(c.page.getByRole('button', { name: '1 Connections' })).toBeVisible();

  // 25 coins each for the connection; the day's "Say hello" task counts it and waits for CLAIM.
  const after = { ada: await coins(page), cleo: await coins(c.page) };
  for (const who of ['ada', 'cleo'] as const) {
    expect(after[who].coins - before[who].coins, `${who}'s coins for the connection`).toBe(25);
    expect(after[who].taskDone - before[who].taskDone, `${who}'s "Say hello" task`).toBe(1);
  }
  expect((await me(page)).connectionCount).toBe(1);
  expect(ada.id).not.toBe(cleo.id);
  await c.context.close();
});

test('a member edits skills, changes plan, uploads a photo, and finds it all after a reload', async ({
  page,
  browser,
}) => {
  await signUpAndLogIn(page, 'Grace');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Grace Member' })).toBeVisible();
  await closeToast(page);

  // ---- Edit Profile: suggestions, '+ Add', removable chips ----
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  const skills = edit.getByRole('textbox', { name: 'Skills' });
  await skills.fill('block');
  await expect(edit.getByRole('list', { name: 'Suggested skills' }).getByRole('button')).toHaveCount(2);
  await edit.getByRole('button', { name: 'Blockchain' }).click();
  await skills.fill('Beekeeping');
  await edit.getByRole('button', { name: '+ Add "Beekeeping"' }).click();
  await skills.fill('ma');
  await expect(edit.getByRole('list', { name: 'Suggested skills' }).getByRole('button')).toHaveCount(6);
  await edit.getByLabel('Location').fill('Arlington, US');
  await edit.getByLabel('Bio').fill('Compilers, and teaching machines to speak English.');
  await captureBothThemes(page, 'profile-09-edit-profile', 'the Edit Profile dialog');
  await skills.fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile updated');
  await expect(edit).toBeHidden();

  await page.reload();
  const list = page.getByRole('list', { name: 'Skills' });
  await expect(list).toContainText('Blockchain');
  await expect(list).toContainText('Beekeeping');
  await expect(page.getByText('Arlington, US')).toBeVisible();
  await expect(page.getByText('Compilers, and teaching machines to speak English.')).toBeVisible();

  // Remove one by tapping its chip.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await edit.getByRole('button', { name: 'Remove Blockchain' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile updated');
  await page.reload();
  await expect(list).toContainText('Beekeeping');
  await expect(list).not.toContainText('Blockchain');
  expect((await me(page)).skills).toEqual(['Beekeeping']);

  // ---- Choose Your Plan: a click changes the role at once ----
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
  await expect(plans.getByRole('button', { name: /COLLABORATOR/ })).toContainText('£4.99');
  await expect(plans.getByRole('button', { name: /INNOVATOR/ })).toContainText('£9.99');
  await captureBothThemes(page, 'profile-10-choose-plan', 'the Choose Your Plan dialog');
  await plans.getByRole('button', { name: /INNOVATOR/ }).click();
  await expectToast(page, 'Plan Updated!', 'You are now a Innovator. Your role has been updated!');
  await expect(plans).toBeHidden();
  await page.reload();
  await expect(page.getByText('Innovator', { exact: true })).toBeVisible();
  expect((await me(page)).role).toBe('innovator');

  // ---- The photo: camera, Save, and it is there after a reload ----
  await page.getByTestId('profile-photo-input').setInputFiles({
    name: 'grace.png',
    mimeType: 'image/png',
    buffer: encodePng(96, 96, () => [109, 40, 217]),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile image updated');
  await page.reload();
  const photo = page.getByTestId('profile-photo').locator('img');
  await expect(photo).toHaveAttribute('src', /^\/api\/files\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect((await me(page)).profileImageUrl).toMatch(/^\/api\/files\//);
  await closeToast(page);
  await captureBothThemes(page, 'profile-11-with-photo', 'profile with a photo');

  // ---- Someone new opens Grace's link signed in: CONNECTION ADDED! with her photo ----
  const other = await newPage(browser);
  await signUpAndLogIn(other.page, 'Otto');
  await other.page.goto(`/profile?connect=${await connectCodeOf(page.request)}`);
  const added = other.page.getByRole('dialog', { name: 'CONNECTION ADDED!' });
  await expect(added).toBeVisible();
  await expect(added).toContainText('Grace Member');
  await expect(added).toContainText('Innovator');
  await expect(added.locator('img')).toHaveAttribute('src', /^\/api\/files\//);
  await expectToast(other.page, 'Connection Added!', "You're now connected with Grace!");
  await closeToast(other.page);
  await captureBothThemes(other.page, '12-scanned-connection-added', 'the scanned-profile dialog, new');
  await other.context.close();
});
