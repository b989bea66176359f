import { test, expect, type APIRequestContext, type Browser, type Page } from './fixtures';
import { growAdmin } from './servers';
import {
  captureBothThemes,
  closeToast,
  connectCodeOf,
  expectToast,
  shot,
  STRONG_PASSWORD,
  unique,
} from './support';

// Safety and your data, issue 18, through real Chromium against the real server. Ada blocks Zephyrine from
// Zephyrine's chat, and Zephyrine is gone from Ada's search (and listed, then unblocked, in Ada's profile); Ada
// reports a project from the deck; an administrator (granted from the command line, as an operator would) removes
// it and it leaves the deck; a person downloads their data, deletes their account and cannot log in again. The
// report dialog, the blocked list, the admin screen and the delete dialog are audited (axe, tap targets) and
// screenshotted at 390×844 in the light and the dark theme.

test.describe.configure({ mode: 'serial' });

interface Person {
  page: Page;
  id: number;
  username: string;
  firstName: string;
  name: string;
}

/** Signs up and logs in through this request context, which then holds the session. */
async function signUp(
  request: APIRequestContext,
  firstName: string,
  lastName: string,
  role: string,
  profile: Record<string, unknown> = {},
) {
  const username = unique('sf');
  const signup = await request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName,
      lastName,
      role,
      ...profile,
    },
  });
  expect(signup.status()).toBe(201);
  await logIn(request, username);
  const me = (await (await request.get('/api/auth/user')).json()) as { id: number };
  return { id: me.id, username };
}

async function logIn(request: APIRequestContext, username: string) {
  const login = await request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
}

/** A signed-in person in a browser context of their own (the Enable Notifications card already dismissed). */
async function person(
  browser: Browser,
  firstName: string,
  lastName: string,
  role: string,
  profile: Record<string, unknown> = {},
): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const { id, username } = await signUp(page.request, firstName, lastName, role, profile);
  return { page, id, username, firstName, name: `${firstName} ${lastName}` };
}

/** The first visit of the day shows the login bonus toast: out of the way. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible();
  await closeToast(page);
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('searchbox', { name: 'Search people and projects' });
  await box.fill(question);
  await box.press('Enter');
}

const chatSheet = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Back to messages' }) });

test('Ada reports a message and blocks Zephyrine from her chat; Zephyrine leaves Ada’s search', async ({
  browser,
}) => {
  const ada = await person(browser, 'Ada', 'Lovelace', 'innovator');
  const zephyrine = await person(browser, 'Zephyrine', 'Quorra', 'collaborator', {
    bio: 'Glassblower turned hardware hacker.',
    skills: ['Glassblowing', 'Electronics'],
  });

  // They are connected (Ada scanned Zephyrine's profile link), and Zephyrine wrote to Ada.
  const zephyrineCode = await connectCodeOf(zephyrine.page.request);
  expect(
    (await ada.page.request.post('/api/connections/scan', { data: { code: zephyrineCode } })).status(),
  ).toBe(200);
  const sent = await zephyrine.page.request.post('/api/messages', {
    data: { receiverId: ada.id, content: 'Send me your bank details and I will double your coins!' },
  });
  expect(sent.status()).toBe(201);

  // ---- Ada finds Zephyrine in search ----
  await visit(ada.page, '/search');
  await expect(async () => {
    await ask(ada.page, 'Zephyrine');
    await expect(ada.page.getByRole('article', { name: zephyrine.name })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  // The card offers Block and Report behind "More".
  await expect(
    ada.page
      .getByRole('article', { name: zephyrine.name })
      .getByRole('button', { name: `More options for ${zephyrine.name}` }),
  ).toBeVisible();
  await shot(ada.page, 'safety-search-card');

  // ---- Ada reports the message from the chat ----
  await ada.page.goto(`/ideate?chat=${zephyrine.id}`);
  const chat = chatSheet(ada.page);
  await expect(chat.getByRole('heading', { name: zephyrine.name })).toBeVisible();
  const thread = ada.page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByText('double your coins')).toBeVisible();
  await thread.getByRole('button', { name: 'Message options' }).click();
  const options = ada.page.getByRole('dialog', { name: 'Message options' });
  await options.getByRole('button', { name: 'Report message' }).click();
  const report = ada.page.getByRole('dialog', { name: 'Report message' });
  await expect(report).toBeVisible();
  await expect(report.getByRole('button', { name: 'Send report' })).toBeDisabled();
  await report.getByRole('textbox', { name: "What's wrong?" }).fill('A scam: asks for bank details.');
  await expect(report.getByText('30/1000')).toBeVisible();
  await captureBothThemes(ada.page, 'safety-report-dialog', 'the Report dialog');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expectToast(ada.page, 'Report sent', 'Thank you. An administrator will look at it.');
  await expect(report).toBeHidden();
  await closeToast(ada.page);

  // ---- …and blocks Zephyrine from the chat header: the chat closes ----
  await chat.getByRole('button', { name: `More options for ${zephyrine.name}` }).click();
  const menu = ada.page.getByRole('dialog', { name: zephyrine.name });
  await expect(menu.getByRole('button', { name: 'Report Zephyrine' })).toBeVisible();
  await captureBothThemes(ada.page, 'safety-person-menu', "a person's More menu");
  await menu.getByRole('button', { name: 'Block Zephyrine' }).click();
  const confirm = ada.page.getByRole('dialog', { name: 'Block Zephyrine?' });
  await expect(confirm).toContainText(
    "won't be able to message you, send you requests or find you in search",
  );
  await expect(confirm).toContainText("They won't be told");
  await captureBothThemes(ada.page, 'safety-block-dialog', 'the Block confirm');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(ada.page, 'Zephyrine blocked');
  await expect(chat).toBeHidden();
  await expect(ada.page).toHaveURL(/\/ideate$/);
  await closeToast(ada.page);

  // Zephyrine can no longer write to Ada.
  const refused = await zephyrine.page.request.post('/api/messages', {
    data: { receiverId: ada.id, content: 'Hello?' },
  });
  expect(refused.status()).toBe(403);

  // ---- Zephyrine is gone from Ada's search ----
  await visit(ada.page, '/search');
  await ask(ada.page, 'Zephyrine');
  await expect(ada.page.getByRole('article', { name: zephyrine.name })).toHaveCount(0);
  await expect(ada.page.getByText(zephyrine.name)).toHaveCount(0);

  // ---- Ada's settings list her among the blocked people, with Unblock ----
  await visit(ada.page, '/settings');
  const blocked = ada.page.getByRole('list', { name: 'Blocked people' });
  await expect(blocked.getByRole('listitem').filter({ hasText: zephyrine.name })).toBeVisible();
  await ada.page.evaluate(() =>
    document.getElementById('safety-heading')?.scrollIntoView({ block: 'start', behavior: 'instant' }),
  );
  await captureBothThemes(ada.page, 'safety-blocked-list', 'settings: blocked people');
  await blocked.getByRole('button', { name: `Unblock ${zephyrine.name}` }).click();
  await expectToast(ada.page, 'Zephyrine unblocked');
  await expect(ada.page.getByText("You haven't blocked anyone.")).toBeVisible();

  await ada.page.context().close();
  await zephyrine.page.context().close();
});

test('Ada reports a project; an administrator removes it and it leaves the deck', async ({ browser }) => {
  const ines = await person(browser, 'Ines', 'Okafor', 'innovator');
  const title = unique('Moonlight Bakery ');
  const created = await ines.page.request.post('/api/projects', {
    data: {
      title,
      category: 'business',
      phase: 'idea',
      description: 'Send us your savings and we will mail you a cake, some day.',
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);

  // Two people who talk, one of whom reports a message (so the admin screen shows a conversation in context).
  const cleo = await person(browser, 'Cleo', 'Marsh', 'collaborator');
  const dan = await person(browser, 'Dan', 'Riley', 'collaborator');
  const danCode = await connectCodeOf(dan.page.request);
  expect((await cleo.page.request.post('/api/connections/scan', { data: { code: danCode } })).status()).toBe(
    200,
  );
  let reported = 0;
  for (const [from, to, content] of [
    [cleo, dan, 'Hi Dan, are you coming to the meetup?'],
    [dan, cleo, 'Only if you pay me 500 coins, loser.'],
    [cleo, dan, 'That is not okay.'],
  ] as const) {
    const message = await from.page.request.post('/api/messages', { data: { receiverId: to.id, content } });
    expect(message.status()).toBe(201);
    if (from === dan) reported = ((await message.json()) as { id: number }).id;
  }
  expect(
    (
      await cleo.page.request.post('/api/reports', {
        data: { targetType: 'message', targetId: reported, reason: 'Insulting and asking for coins.' },
      })
    ).status(),
  ).toBe(201);

  // ---- Ada reports the project from its details on the deck ----
  const ada = await person(browser, 'Ada', 'Byron', 'explorer');
  await visit(ada.page, '/');
  const card = ada.page.getByTestId('deck-top-card');
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await card.getByRole('button', { name: `Details of ${title}` }).click();
  const details = ada.page.getByRole('dialog', { name: title });
  await details.getByRole('button', { name: 'Report project' }).click();
  const report = ada.page.getByRole('dialog', { name: `Report ${title}` });
  await report.getByRole('textbox', { name: "What's wrong?" }).fill('This looks like a scam.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expectToast(ada.page, 'Report sent');
  await expect(report).toBeHidden();
  // The details are still open under it.
  await expect(details).toBeVisible();
  await ada.page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // ---- An administrator (granted from the command line) ----
  const admin = await person(browser, 'Ruth', 'Admin', 'explorer');
  growAdmin(['grant', admin.username]);
  // Others do not get the admin screen: the page does not exist for them.
  await ada.page.goto('/admin');
  await expect(ada.page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await visit(admin.page, '/settings');
  await admin.page.getByRole('link', { name: /Administration/ }).click();
  await expect(admin.page).toHaveURL(/\/admin$/);
  await expect(admin.page.getByRole('heading', { name: 'Open reports' })).toBeVisible();
  const projectCard = admin.page.getByRole('article').filter({ hasText: 'This looks like a scam.' });
  await expect(projectCard).toContainText(title);
  await expect(projectCard).toContainText('Reported by Ada Byron');
  const messageCard = admin.page.getByRole('article').filter({ hasText: 'Insulting and asking for coins.' });
  await expect(messageCard.locator('[aria-current="true"]')).toContainText('Only if you pay me 500 coins');
  await expect(messageCard).toContainText('Hi Dan, are you coming to the meetup?');
  await captureBothThemes(admin.page, 'safety-admin-screen', 'the admin screen');
  await messageCard.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await captureBothThemes(
    admin.page,
    'safety-admin-screen-context',
    'the admin screen: a message in context',
  );

  // Remove asks first, then the project is gone for everyone and its report leaves the list.
  await projectCard.getByRole('button', { name: 'Remove' }).click();
  const remove = admin.page.getByRole('dialog', { name: 'Remove this project?' });
  await expect(remove).toContainText('It will be deleted for everyone.');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expectToast(admin.page, 'Project removed');
  await expect(projectCard).toHaveCount(0);
  expect(
    (await ada.page.request.get(`/api/projects/${((await created.json()) as { id: number }).id}`)).status(),
  ).toBe(404);

  // Dismissing the others (this one, and any from the journeys before) empties the list.
  const open = admin.page.getByRole('article');
  for (let left = await open.count(); left > 0; left -= 1) {
    await open.first().getByRole('button', { name: 'Dismiss' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Dismiss this report?' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await expect(open).toHaveCount(left - 1);
  }
  await expect(messageCard).toHaveCount(0);
  await expect(admin.page.getByText('No open reports. All clear!')).toBeVisible();

  // ---- The project has left Ada's deck ----
  await visit(ada.page, '/');
  await expect(ada.page.getByRole('heading', { name: 'Discover projects' })).toBeVisible();
  await expect(ada.page.locator('h3').filter({ hasText: title })).toHaveCount(0);

  for (const someone of [ines, cleo, dan, ada, admin]) await someone.page.context().close();
});

test('a person downloads their data, deletes their account and cannot log in again', async ({ browser }) => {
  const eve = await person(browser, 'Eve', 'Parting', 'explorer');
  const page = eve.page;
  // From Profile to Settings, where your data lives.
  await visit(page, '/profile');
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Settings' })).toBeVisible();

  // ---- Download my data: a JSON file named after the account ----
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`grow-export-${eve.username}.json`);
  await closeToast(page);

  // ---- Delete my account: what is lost, the password ----
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('Your projects, with their tasks, updates and feedback');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await captureBothThemes(page, 'safety-delete-dialog', 'the Delete your account dialog');

  await dialog.getByLabel('Password', { exact: true }).fill('Not-the-password1');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong password');

  await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await confirm.click();
  // Signed out: the auth page.
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // ---- The account is gone: logging in fails ----
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(eve.username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Login Failed');
  const again = await page.request.post('/api/auth/login', {
    data: { username: eve.username, password: STRONG_PASSWORD },
  });
  expect(again.status()).toBe(401);
  await page.context().close();
});
