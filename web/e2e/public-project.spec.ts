import { expect, test } from './fixtures';
import { audit, captureBothThemes, createAccount, signIn, STRONG_PASSWORD, unique } from './support';

// Issue "The journeys a person still trips on": a project link shared outside the app opens to the project's public
// card for someone with no account; Sign up leads through the wizard and, once logged in, back to the project.
test('a signed-out visitor opens a shared project link, reads its card, signs up and lands back on the project', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, 'Marina', { role: 'innovator' });
  await signIn(request, owner.username);
  const title = `Harbour Kites ${unique('')}`;
  const description = 'Kites that read the harbour wind and tell the crews when to sail.';
  const made = await request.post('/api/projects', {
    data: {
      title,
      description,
      category: 'technology',
      phase: 'prototype',
      lookingFor: ['Collaborator'],
      isPublished: true,
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };

  // The card, signed out: what the project is and who started it, and the two ways in.
  await page.goto(`/project/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  await expect(page.getByText('Started by Marina')).toBeVisible();
  await expect(page.getByText('Collaborator', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join Marina on Grow' })).toBeVisible();
  await captureBothThemes(page, 'public-project', 'signed out: a shared project', true);

  // Sign up: the wizard's three steps, then the login it leads to.
  await page.getByRole('link', { name: 'Sign up' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(page.getByText('BASIC DETAILS')).toBeVisible();
  const username = unique('pub');
  await panel.getByLabel('First name').fill('Pia');
  await panel.getByLabel('Last name').fill('Newcomer');
  await panel.getByLabel('Email').fill(`${username}@example.com`);
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await expect(page.getByText('Very strong - meets all requirements')).toBeVisible();
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expect(page.getByText('PROFILE DETAILS')).toBeVisible();
  await panel.getByLabel('Location').fill('Plymouth, GB');
  await panel.getByLabel('Bio').fill('I fly kites on the Hoe.');
  await panel.getByRole('textbox', { name: 'Skills' }).fill('Sailing');
  await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expect(page.getByText('CHOOSE YOUR ROLE')).toBeVisible();
  await page.getByText('EXPLORER', { exact: true }).click();
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(panel.getByLabel('Username')).toHaveValue(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();

  // Back on the project, signed in: its overview and the way to join.
  await expect(page).toHaveURL(new RegExp(`/project/${id}$`));
  await expect(page.getByText('PROJECT OVERVIEW')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await audit(page, 'signed in: the shared project after signing up');
});

test('Log in from a shared project link comes back to it; a project that is not public asks to log in', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, 'Otto', { role: 'innovator' });
  await signIn(request, owner.username);
  const made = await request.post('/api/projects', { data: { title: 'Quiet Draft', isPublished: false } });
  expect(made.status()).toBe(201);
  const draft = ((await made.json()) as { id: number }).id;
  const published = await request.post('/api/projects', {
    data: { title: 'Open Workshop', isPublished: true },
  });
  const open = ((await published.json()) as { id: number }).id;
  const visitor = await createAccount(request, 'Vera');

  await page.goto(`/join/${draft}`);
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(page.getByText('Quiet Draft')).toBeHidden();

  await page.goto(`/join/${open}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Workshop' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Username').fill(visitor.username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(new RegExp(`/join/${open}$`));
  await expect(page.getByText('PROJECT OVERVIEW')).toBeVisible();
});
