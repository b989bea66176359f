import { test, expect, type APIRequestContext } from './fixtures';
import { audit, captureBothThemes, closeToast, expectToast, STRONG_PASSWORD, unique } from './support';

// "Who's near you?" for a new account (issue #29): people who only ever wrote their city (no device position)
// are placed at its centre, so a newcomer who signs up in Lisbon, spelling it the Portuguese way, opens Search
// and finds the two Lisboetas, nearest first, while the person in Porto (about 275 km away) is left out. The
// browser is never asked where anyone is. Audited and screenshotted at 390×844 in the light and the dark theme.

test.describe.configure({ mode: 'serial' });

interface Person {
  firstName: string;
  lastName: string;
  location: string;
}

const lisboetas: Person[] = [
  { firstName: 'Inês', lastName: 'Carvalho', location: 'Lisbon, PT' },
  { firstName: 'Tiago', lastName: 'Sousa', location: 'lisbon, Portugal' },
];
const portuense: Person = { firstName: 'Rui', lastName: 'Moreira', location: 'Porto, Portugal' };

async function signUp(request: APIRequestContext, person: Person) {
  const username = unique('nb');
  const signup = await request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName: person.firstName,
      lastName: person.lastName,
      role: 'collaborator',
      location: person.location,
      skills: ['Product Design'],
    },
  });
  expect(signup.status()).toBe(201);
}

test('people who only wrote their city are set up', async ({ request }) => {
  for (const person of [...lisboetas, portuense]) await signUp(request, person);
});

test("a new account signing up in Lisbon sees the Lisboetas under 'Who's near you?'", async ({ browser }) => {
  // No geolocation permission at all: the position comes from the city typed at sign-up.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const username = unique('lx');
  const panel = page.getByRole('tabpanel');

  await page.goto('/');
  await page.getByRole('tab', { name: 'SIGN UP' }).click();
  await panel.getByLabel('First name').fill('Beatriz');
  await panel.getByLabel('Last name').fill('Nova');
  await panel.getByLabel('Email').fill(`${username}@example.com`);
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expect(page.getByText('PROFILE DETAILS')).toBeVisible();
  await panel.getByLabel('Location').fill('Lisboa, Portugal');
  await panel.getByLabel('Bio').fill('Just moved here; looking for people to build with.');
  await panel.getByRole('textbox', { name: 'Skills' }).fill('Illustration');
  await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expect(page.getByText('CHOOSE YOUR ROLE')).toBeVisible();
  await page.getByText('EXPLORER', { exact: true }).click();
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expectToast(page, 'Account Created', 'Your account has been created successfully. Please log in.');
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Explore' })).toBeVisible();

  await page.goto('/search');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Search' })).toBeVisible();
  await closeToast(page);
  await expect(page.getByRole('heading', { name: "Who's near you?" })).toBeVisible();
  await expect(page.getByText('Nearest first, from your profile location')).toBeVisible();
  const list = page.getByRole('list', { name: 'People near you, nearest first' });
  // Both at the centre of Lisbon, so both at the same distance.
  await expect(list.getByRole('heading', { level: 3 })).toHaveCount(2);
  for (const person of lisboetas)
    await expect(list.getByRole('heading', { name: `${person.firstName} ${person.lastName}` })).toBeVisible();
  await expect(list).not.toContainText(portuense.firstName);
  // Asking the device stays a choice: one tap away, never done by opening the screen.
  await expect(page.getByRole('button', { name: 'Use my current location' })).toBeVisible();
  await page.getByRole('button', { name: 'Pause auto-scroll' }).click();
  await list.evaluate((el) => el.scrollTo(0, 0));
  await audit(page, "Search: Who's near you? for a new account");
  await captureBothThemes(page, 'nearby-01-new-account', "Search: Who's near you? for a new account");
  await context.close();
});
