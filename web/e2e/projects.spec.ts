import { readFile } from 'node:fs/promises';
import { test, expect, type Browser, type Page } from './fixtures';
import {
  audit,
  captureBothThemes,
  closeToast,
  decodeQr,
  encodePng,
  expectToast,
  STRONG_PASSWORD,
  unique,
  snap,
} from './support';

// The projects journey of issue 14. An innovator creates a project with two images, publishes it, adds tasks and
// shares the join link (the QR code decodes to it); a collaborator opens the link, joins as Collaborator, completes
// a task in the management view (their balance rises by 25) and the owner sees 'Task completed by'; a supporter of
// the project gets the owner's update as a notification; the PDF summary downloads with the title in it. Every
// screen and dialog is audited; each role's /create, the create form, the management view and the join screen are
// screenshotted at 390×844 in the light and the dark theme.

interface Me {
  id: number;
  coins: number;
}

interface Person {
  page: Page;
  username: string;
  firstName: string;
}

/** A page in a browser context of its own, where the floating Enable Notifications card was already dismissed. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  return context.newPage();
}

/** Signs up with a role and logs in, through the page's own request context (it shares the browser's cookies). */
async function signUp(page: Page, firstName: string, role: string): Promise<Person> {
  const username = unique('pj');
  const signup = await page.request.post('/api/auth/signup', {
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
  const login = await page.request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
  return { page, username, firstName };
}

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** A diagonal two-colour gradient. */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    return from.map((start, i) => start + (to[i]! - start) * t);
  });
}

const section = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });

async function openSection(page: Page, title: string) {
  const button = section(page, title);
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test('an innovator creates, publishes, tasks and shares a project; a collaborator joins and completes a task; a supporter hears of an update; the PDF downloads', async ({
  browser,
}) => {
  // Three people and some twenty audited screens and dialogs, each in two themes: longer than one journey's 2 min.
  test.setTimeout(360_000);
  const title = `Solar Kettle ${unique('')}`;
  const ines = await signUp(await newPage(browser), 'Ines', 'innovator');
  const owner = ines.page;

  // ---- The innovator's /create: My Projects, empty ----
  await owner.goto('/create');
  await expect(owner.getByRole('banner').getByRole('heading', { name: 'Create' })).toBeVisible();
  await expect(owner.getByRole('tab', { name: 'My Projects' })).toHaveAttribute('aria-selected', 'true');
  await expect(owner.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expectToast(owner, 'Daily Login Bonus!');
  await closeToast(owner);
  await captureBothThemes(owner, 'create-innovator-empty', '/create, innovator, no projects yet');

  // ---- Create New Project ----
  await owner.getByRole('link', { name: 'Create Now' }).click();
  await expect(owner.getByRole('heading', { name: 'Create New Project' })).toBeVisible();
  await captureBothThemes(owner, 'create-form-empty', 'Create New Project, empty', true);

  // The title is required, said under the field.
  await owner.getByRole('button', { name: 'CREATE PROJECT' }).click();
  await expect(owner.getByLabel('Title')).toHaveAccessibleDescription('Title is required');

  await owner.getByLabel('Add images').setInputFiles([
    {
      name: 'kettle-front.png',
      mimeType: 'image/png',
      buffer: gradientPng(480, 300, [109, 40, 217], [249, 115, 22]),
    },
    {
      name: 'kettle-side.png',
      mimeType: 'image/png',
      buffer: gradientPng(480, 300, [21, 128, 61], [29, 78, 216]),
    },
  ]);
  await expect(owner.getByText('2/5')).toBeVisible();
  // A file that is not an image is refused with the spec's toast.
  await owner.getByLabel('Add images').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expectToast(owner, 'Invalid file type', 'notes.txt is not an image file');
  await expect(owner.getByText('2/5')).toBeVisible();

  await owner.getByLabel('Title').fill(title);
  await owner
    .getByLabel('Description')
    .fill('A kettle that boils water with nothing but sunlight and a mirror.');
  await owner.getByLabel('Category').selectOption('technology');
  const development = owner.getByRole('radio', { name: /Development/ });
  await owner.locator('label').filter({ has: development }).click();
  await expect(development).toBeChecked();
  await owner.getByRole('checkbox', { name: /Collaborator/ }).click();
  await owner.getByRole('checkbox', { name: /Explorer/ }).click();
  // A third is refused: the box reads as disabled, and a tap says why.
  const innovatorBox = owner.getByRole('checkbox', { name: /Innovator/ });
  await expect(innovatorBox).toHaveAttribute('aria-disabled', 'true');
  await innovatorBox.click({ force: true });
  await expectToast(owner, 'Selection limit reached', 'You can only select up to 2 collaborator types');
  await expect(innovatorBox).not.toBeChecked();
  await closeToast(owner);
  await captureBothThemes(owner, 'create-form-filled', 'Create New Project, filled in', true);

  await owner.getByRole('button', { name: 'CREATE PROJECT' }).click();
  await expectToast(owner, 'Project Created!', 'You earned');
  await expect(owner).toHaveURL(/\/create$/);

  // ---- The card: carousel with its counter, phase, progress, Share, PDF, Manage ----
  const card = owner.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('1 / 2')).toBeVisible();
  await expect(card.getByText('Development')).toBeVisible();
  await expect(card.getByText('Unpublished')).toBeVisible();
  const thumbnail = card.getByRole('button', { name: /View .* images full screen/ }).locator('img');
  // The pictures were PNGs: kept as sent, their thumbnails PNGs too (shared/API.md "Uploads").
  await expect(thumbnail).toHaveAttribute('src', /^\/api\/files\/[^/]+_256\.png$/);
  await card.getByRole('button', { name: `Next image of ${title}` }).click();
  await expect(card.getByText('2 / 2')).toBeVisible();
  await card.getByRole('button', { name: `Next image of ${title}` }).click();
  await expect(card.getByText('1 / 2')).toBeVisible();
  await closeToast(owner);
  await captureBothThemes(owner, 'create-innovator', '/create, innovator, one project', true);

  // The full-screen viewer wraps around at both ends.
  await card.getByRole('button', { name: /View .* images full screen/ }).click();
  const viewer = owner.getByRole('dialog', { name: title });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('1 / 2')).toBeVisible();
  await viewer.getByRole('button', { name: 'Previous image' }).click();
  await expect(viewer.getByText('2 / 2')).toBeVisible();
  await audit(owner, 'the full-screen image viewer');
  await snap(owner, `projects-image-viewer`);
  await owner.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // ---- Manage: publish, add tasks ----
  await card.getByRole('link', { name: `Manage ${title}` }).click();
  await expect(owner).toHaveURL(/\/create\?manage=\d+$/);
  const projectId = Number(/manage=(\d+)/.exec(owner.url())![1]);
  await expect(owner.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(owner.getByRole('progressbar', { name: 'Phase progress' })).toHaveAttribute(
    'aria-valuenow',
    '80',
  );

  await openSection(owner, 'Project Settings');
  const visibility = owner.getByRole('switch', { name: /Visibility/ });
  await expect(visibility).toHaveAccessibleName('Visibility Unpublished');
  await visibility.click();
  await expectToast(owner, 'Project published');
  await expect(visibility).toHaveAccessibleName('Visibility Published');

  for (const task of ['Design the lid', 'Test the mirror angle']) {
    await owner.getByRole('button', { name: 'Add Task' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create New Task' });
    await expect(dialog).toBeVisible();
    if (task === 'Design the lid') {
      await audit(owner, 'the Create New Task dialog');
      await snap(owner, `projects-task-dialog`);
    }
    await dialog.getByLabel('Task title').fill(task);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('article', { name: task })).toBeVisible();
  }
  await expect(section(owner, 'Project Tasks')).toContainText('0 of 2 done');
  await closeToast(owner);

  // ---- Share: the QR code is the join link ----
  await owner.getByRole('button', { name: `Share ${title}` }).click();
  const share = owner.getByRole('dialog', { name: 'Share Project QR' });
  await expect(share).toBeVisible();
  const origin = new URL(owner.url()).origin;
  const joinLink = `${origin}/join/${projectId}`;
  expect(await decodeQr(owner, 'project-qr')).toBe(joinLink);
  await expect(share.getByTestId('project-join-link')).toContainText(joinLink);
  await captureBothThemes(owner, 'share-dialog', 'the Share Project QR dialog');
  await owner.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // ---- The PDF summary ----
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: `PDF summary of ${title}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${title}_project_summary.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(pdf.toString('latin1')).toContain(title);

  // ---- A collaborator opens the link and joins ----
  const cole = await signUp(await newPage(browser), 'Cole', 'collaborator');
  const collaborator = cole.page;
  await collaborator.goto(`/join/${projectId}`);
  await expect(collaborator.getByRole('heading', { name: 'PROJECT OVERVIEW' })).toBeVisible();
  await expect(collaborator.getByRole('heading', { name: title })).toBeVisible();
  await expect(collaborator.getByRole('heading', { name: "WE'RE LOOKING FOR:" })).toBeVisible();
  await expectToast(collaborator, 'Daily Login Bonus!');
  await closeToast(collaborator);
  await captureBothThemes(collaborator, 'join-screen', 'the join screen', true);

  await collaborator.getByRole('button', { name: 'JOIN PROJECT' }).click();
  const joinDialog = collaborator.getByRole('dialog', { name: 'JOIN THE TEAM!' });
  await expect(joinDialog.getByText('CHOOSE YOUR ROLE:')).toBeVisible();
  await captureBothThemes(collaborator, 'join-dialog', 'the JOIN THE TEAM! dialog');
  await joinDialog.getByRole('button', { name: /^Collaborator/ }).click();
  await expectToast(collaborator, 'Successfully joined!', "You've joined the project as Collaborator");
  // On to the project they joined; back from it, their projects.
  await expect(collaborator).toHaveURL(/\/create\?manage=\d+$/);
  await expect(collaborator.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await collaborator.getByRole('link', { name: 'Back to projects' }).click();
  await expect(collaborator).toHaveURL(/\/create$/);

  // Their /create: Collaborating, with My Projects and creating locked.
  await expect(collaborator.getByRole('tab', { name: 'Collaborating' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(collaborator.getByRole('tab', { name: /My Projects/ })).toBeDisabled();
  await expect(collaborator.getByRole('button', { name: 'Create Now' })).toBeDisabled();
  await expect(collaborator.getByText('My Projects: Upgrade Required')).toBeVisible();
  const theirCard = collaborator.getByRole('article', { name: title });
  await expect(theirCard).toBeVisible();
  await closeToast(collaborator);
  await captureBothThemes(collaborator, 'create-collaborator', '/create, collaborator', true);

  // ---- The collaborator completes a task: +25 coins ----
  await theirCard.getByRole('link', { name: `Manage ${title}` }).click();
  await expect(collaborator.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(collaborator.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(collaborator.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
  const coinsBefore = (await me(collaborator)).coins;
  const lid = collaborator.getByRole('article', { name: 'Design the lid' });
  await lid.getByRole('button', { name: 'Complete task: Design the lid' }).click();
  await expectToast(collaborator, 'Task Completed!', 'You earned 25 coins');
  await expect(lid.getByText('Task completed by you')).toBeVisible();
  await expect(lid.getByRole('button', { name: 'Completed: Design the lid' })).toBeDisabled();
  await expect.poll(async () => (await me(collaborator)).coins).toBe(coinsBefore + 25);
  await closeToast(collaborator);
  await captureBothThemes(collaborator, 'manage-collaborator', 'management view, collaborator', true);

  // The owner sees it live, by username.
  await expect(
    owner.getByRole('article', { name: 'Design the lid' }).getByText(`Task completed by ${cole.username}`),
  ).toBeVisible({
    timeout: 10_000,
  });
  await expect(section(owner, 'Project Tasks')).toContainText('1 of 2 done');

  // ---- The team: the collaborator is listed; the owner could remove them ----
  await owner.getByRole('button', { name: 'Team' }).click();
  const team = owner.getByRole('dialog', { name: 'Project Collaborators' });
  await expect(team.getByText(`@${cole.username} · Collaborator`)).toBeVisible();
  await expect(team.getByRole('button', { name: 'Remove Cole Tester' })).toBeVisible();
  await expect(team.getByRole('heading', { name: 'Add Collaborator' })).toBeVisible();
  await audit(owner, 'the Project Collaborators dialog');
  await snap(owner, `projects-collaborators-dialog`);
  await owner.keyboard.press('Escape');
  await expect(team).toBeHidden();

  // ---- A supporter hears of the owner's update ----
  const sam = await signUp(await newPage(browser), 'Sam', 'explorer');
  const supporter = sam.page;
  const support = await supporter.request.post(`/api/projects/${projectId}/support`);
  expect(support.status()).toBe(200);

  await openSection(owner, 'Project Updates');
  await owner.getByRole('button', { name: 'Post Update' }).click();
  const post = owner.getByRole('dialog', { name: 'Post Project Update' });
  await expect(post).toBeVisible();
  await audit(owner, 'the Post Project Update dialog');
  await snap(owner, `projects-update-dialog`);
  await post.getByLabel('Title').fill('The lid is designed');
  await post.getByLabel('Content').fill('Cole finished the lid design. Next up: testing the mirror angle.');
  await post.getByRole('button', { name: 'Post Update' }).click();
  await expectToast(owner, 'Update Posted!');
  await expectToast(owner, 'Supporters Notified', '1 supporter notified of your update.');
  await expect(owner.getByRole('article', { name: 'The lid is designed' })).toBeVisible();
  await closeToast(owner);
  await openSection(owner, 'Community Feedback');
  await owner.evaluate(() => window.scrollTo(0, 0));
  await captureBothThemes(owner, 'manage-owner', 'management view, owner', true);

  await supporter.goto('/');
  const bell = supporter.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const centre = supporter.getByRole('dialog', { name: 'Notifications' });
  await expect(centre).toBeVisible();
  await expect(
    centre.getByRole('listitem').filter({ hasText: `${title}: The lid is designed` }),
  ).toBeVisible();
  await audit(supporter, 'the supporter’s notification centre with the update');
  await supporter.keyboard.press('Escape');

  // ---- The explorer's /create: Access Restricted ----
  await supporter.goto('/create');
  await expect(supporter.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(supporter.getByRole('link', { name: 'Upgrade Account' })).toHaveAttribute('href', '/profile');
  await closeToast(supporter);
  await captureBothThemes(supporter, 'create-explorer', '/create, explorer');

  for (const page of [owner, collaborator, supporter]) await page.context().close();
});

test('an investor’s /create is their portfolio, not the projects screen', async ({ browser }) => {
  const vic = await signUp(await newPage(browser), 'Vic', 'investor');
  await vic.page.goto('/create');
  await expect(vic.page.getByRole('banner').getByRole('heading', { name: 'Invest' })).toBeVisible();
  await expect(vic.page.getByRole('heading', { name: 'My Projects' })).toHaveCount(0);
  await expect(vic.page.getByRole('tab', { name: 'My Projects' })).toHaveCount(0);
  await expectToast(vic.page, 'Daily Login Bonus!');
  await closeToast(vic.page);
  await captureBothThemes(vic.page, 'create-investor', '/create, investor');
  await vic.page.context().close();
});
