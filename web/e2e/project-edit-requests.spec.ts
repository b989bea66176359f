import { test, expect, type Request } from './fixtures';
import { closeToast, expectToast, settle, STRONG_PASSWORD, unique } from './support';

// Issue 49, "Over-fetching": one project edit made about ten GETs (the edit read the project's whole subtree and
// every list again, and so did the `project_changed` frame it caused). Now the edit's answer is put in place and
// the frame reads the project alone: a person who renames their project and saves makes at most two requests, the
// PATCH and at most one GET, and the new title shows. Counted with `page.on('request')` on the real server.

test('renaming a project in its management view costs at most two requests, and the new title shows', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const username = unique('pe');
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName: 'Ines',
      lastName: 'Tester',
      role: 'innovator',
    },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
  // No pictures: a picture's address is under /api/files and would be counted though no edit asked for it.
  const created = await page.request.post('/api/projects', {
    data: {
      title: 'Solar Kettle',
      category: 'technology',
      phase: 'planning',
      description: 'A kettle that boils water with nothing but sunlight and a mirror.',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The management view, loaded and quiet: its sections read, the live channel open, the day's bonus seen.
  await page.goto(`/create?manage=${id}`);
  await expect(page.getByRole('heading', { name: 'Solar Kettle', level: 2 })).toBeVisible();
  await expectToast(page, 'Daily Login Bonus!');
  await closeToast(page);
  await settle(page);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit project details' });
  await form.getByLabel('Title').fill('Solar Kettle Mk II');

  const requests: string[] = [];
  const count = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', count);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Project updated', 'Your changes are saved.');
  await expect(page.getByRole('heading', { name: 'Solar Kettle Mk II', level: 2 })).toBeVisible();
  // The `project_changed` frame the edit caused comes a moment later; whatever it reads is counted too.
  await settle(page);
  await page.waitForTimeout(1_000);
  await settle(page);
  page.off('request', count);

  console.log(`Requests for one project edit: ${requests.length} (${requests.join(', ')})`);
  expect(requests.filter((request) => request.startsWith('PATCH '))).toEqual([`PATCH /api/projects/${id}`]);
  expect(requests.length).toBeLessThanOrEqual(2);
  expect(
    requests.filter((request) => request.startsWith('GET ')).every((r) => r === `GET /api/projects/${id}`),
  ).toBe(true);
  await expect(page.getByRole('heading', { name: 'Solar Kettle Mk II', level: 2 })).toBeVisible();

  // And it is the server's title, not only the screen's: a reload reads it back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Solar Kettle Mk II', level: 2 })).toBeVisible();
  await context.close();
});
