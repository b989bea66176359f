import { expect, test, type Browser, type Page } from './fixtures';
import {
  audit,
  closeToast,
  connectCodeOf,
  createAccount,
  encodePng,
  expectToast,
  signIn,
  STRONG_PASSWORD,
  unique,
} from './support';

// Issue "The journeys a person still trips on": joining a project with an explorer's account, connecting through a
// link while signed out, and a transparent profile photo.

/** A page in a browser context of its own (its own cookies), the Enable Notifications card already dismissed. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  return context.newPage();
}

/** A new account of `role`, signed in on a page of its own. */
async function person(browser: Browser, firstName: string, role: string) {
  const page = await newPage(browser);
  const account = await createAccount(page.request, firstName, { role });
  await signIn(page.request, account.username);
  return { page, ...account };
}

test('an explorer joins a project from its link as Collaborator and completes a task; joining as Explorer follows it', async ({
  browser,
}) => {
  const owner = await person(browser, 'Nadia', 'innovator');
  const title = `Reef Sensors ${unique('')}`;
  const made = await owner.page.request.post('/api/projects', {
    data: {
      title,
      description: 'Cheap sensors for reef temperature.',
      isPublished: true,
      lookingFor: ['Collaborator'],
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const task = await owner.page.request.post(`/api/projects/${id}/tasks`, {
    data: { title: 'Solder the probes' },
  });
  expect(task.status()).toBe(201);

  // An explorer's account, joining as Collaborator, lands on the project and works on it.
  const eli = await person(browser, 'Eli', 'explorer');
  await eli.page.goto(`/join/${id}`);
  await eli.page.getByRole('button', { name: 'JOIN PROJECT' }).click();
  await eli.page
    .getByRole('dialog', { name: 'JOIN THE TEAM!' })
    .getByRole('button', { name: /^Collaborator/ })
    .click();
  await expectToast(eli.page, 'Successfully joined!', "You've joined the project as Collaborator");
  await expect(eli.page).toHaveURL(new RegExp(`/create\\?manage=${id}$`));
  await expect(eli.page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(eli.page.getByRole('heading', { name: 'Access Restricted' })).toHaveCount(0);
  const probes = eli.page.getByRole('article', { name: 'Solder the probes' });
  await probes.getByRole('button', { name: 'Complete task: Solder the probes' }).click();
  await expectToast(eli.page, 'Task Completed!');
  await expect(probes.getByText('Task completed by you')).toBeVisible();
  await closeToast(eli.page);
  await audit(eli.page, 'the project an explorer joined as Collaborator');

  // Another explorer joins as Explorer: they follow it, read-only.
  const vic = await person(browser, 'Vic', 'explorer');
  await vic.page.goto(`/join/${id}`);
  await vic.page.getByRole('button', { name: 'JOIN PROJECT' }).click();
  await vic.page
    .getByRole('dialog', { name: 'JOIN THE TEAM!' })
    .getByRole('button', { name: /^Explorer/ })
    .click();
  await expectToast(vic.page, 'Successfully joined!');
  await expect(vic.page).toHaveURL(new RegExp(`/create\\?manage=${id}$`));
  await expect(vic.page.getByText(/You follow this project as a viewer/)).toBeVisible();
  await expect(vic.page.getByRole('button', { name: /^Complete task:/ })).toHaveCount(0);
});

test("a connect link opened signed out says 'Connected!' with the coins after logging in; signed in, it connects at once", async ({
  browser,
}) => {
  const ada = await person(browser, 'Ada', 'innovator');
  const code = await connectCodeOf(ada.page.request);

  // Signed out: the link, then the login that completes it.
  const visitor = await newPage(browser);
  const account = await createAccount(visitor.request, 'Bea', { role: 'collaborator' });
  await visitor.goto(`/profile?connect=${code}`);
  await expect(visitor.getByText('CONNECT & GET STARTED')).toBeVisible();
  const panel = visitor.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(account.username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(
    visitor,
    'Connected!',
    'You have successfully connected with this user. You earned 25 coins.',
  );

  // Signed in: `/?connect=` connects as the profile's link does.
  const carl = await person(browser, 'Carl', 'explorer');
  await carl.page.goto(`/?connect=${code}`);
  await expectToast(carl.page, 'Connection Added!', "You're now connected with Ada!");
  await expect(carl.page).toHaveURL(/\/profile$/);
});

test('a transparent PNG profile photo stays a PNG, transparent', async ({ browser }) => {
  const pia = await person(browser, 'Pia', 'explorer');
  await pia.page.goto('/profile');
  // Over 1 MiB (noise does not compress), so the picker redraws it; its top-left corner is clear.
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed >>> 16) & 255;
  };
  const png = encodePng(
    640,
    640,
    (x, y) => (x < 64 && y < 64 ? [0, 0, 0, 0] : [noise(), noise(), noise(), 255]),
    true,
  );
  expect(png.length).toBeGreaterThan(1024 * 1024);
  await pia.page
    .getByTestId('profile-photo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await pia.page.getByRole('button', { name: 'Save' }).click();
  await expectToast(pia.page, 'Profile image updated');

  const me = (await (await pia.page.request.get('/api/auth/user')).json()) as { profileImageUrl: string };
  const served = await pia.page.request.get(me.profileImageUrl);
  expect(served.headers()['content-type']).toBe('image/png');
  const corner = await pia.page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return Array.from(context.getImageData(2, 2, 1, 1).data);
  }, me.profileImageUrl);
  expect(corner[3]).toBe(0);
});
