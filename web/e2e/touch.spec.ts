import { test, expect, type Browser, type BrowserContextOptions, type Locator, type Page } from './fixtures';
import { captureBothThemes, connectCodeOf, createAccount, signIn } from './support';

// A phone used by touch (issue 31), through real Chromium against the real server at 390×844 with a touch screen
// (the config's hasTouch and isMobile: a coarse pointer and no hover): Enter on the touch keyboard breaks the line
// and the send button sends, so a two-line message arrives as two lines; a laptop's keyboard keeps Enter to send.
// The Enable Notifications card above the bottom navigation never covers a control: every main screen scrolled to
// its end keeps its controls clear of the card, and the profile's Log Out can be tapped. Screenshots in the light
// and the dark theme: the profile's end with the card, and the composer holding a two-line message.

interface Person {
  page: Page;
  id: number;
}

/** A signed-in person in a browser context of their own (`options` over the config's phone). */
async function person(
  browser: Browser,
  firstName: string,
  {
    dismissCard = true,
    role = 'explorer',
    ...options
  }: BrowserContextOptions & { dismissCard?: boolean; role?: string } = {},
): Promise<Person> {
  const context = await browser.newContext(options);
  if (dismissCard) {
    await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  }
  const page = await context.newPage();
  const account = await createAccount(page.request, firstName, { role });
  await signIn(page.request, account.username);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  return { page, id: me.id };
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** Opens a direct chat with `other` (connected first, through the API) once the day's toasts have gone. */
async function openChat(me: Person, other: Person) {
  const code = await connectCodeOf(other.page.request);
  expect((await me.page.request.post('/api/connections/scan', { data: { code } })).status()).toBe(200);
  await me.page.goto(`/ideate?chat=${other.id}`);
  await expect(me.page.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await expect(me.page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
}

/** How many lines a text element shows (its content box over its line height). */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const content = node.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round(content / parseFloat(style.lineHeight));
  });
}

test('on a phone, Enter breaks the line and the send button sends: the message shows two lines', async ({
  browser,
}) => {
  const ada = await person(browser, 'Ada');
  const bob = await person(browser, 'Bob');
  // The phone as the page sees it: a finger, no hover, so its keyboard is the on-screen one.
  expect(await ada.page.evaluate(() => matchMedia('(pointer: coarse) and (hover: none)').matches)).toBe(true);
  await openChat(ada, bob);

  await composer(ada.page).tap();
  await composer(ada.page).pressSequentially('Meet at noon?');
  await composer(ada.page).press('Enter');
  await composer(ada.page).pressSequentially('Bring panels.');
  await expect(composer(ada.page)).toHaveValue('Meet at noon?\nBring panels.');
  // Nothing was sent by Enter.
  await expect(ada.page.getByText('No messages yet. Start a conversation!')).toBeVisible();
  expect(await linesOf(composer(ada.page))).toBe(2);
  await captureBothThemes(ada.page, 'touch-01-composer-two-lines', 'a chat, the composer holding two lines');

  await ada.page.getByRole('button', { name: 'Send message' }).tap();
  const text = thread(ada.page).getByText(/^Meet at noon\?\s+Bring panels\.$/);
  await expect(text).toBeVisible();
  await expect(composer(ada.page)).toHaveValue('');
  expect(await text.evaluate((node) => (node as HTMLElement).innerText)).toBe('Meet at noon?\nBring panels.');
  expect(await linesOf(text)).toBe(2);

  // Bob's phone receives it as two lines too.
  await bob.page.goto(`/ideate?chat=${ada.id}`);
  const received = thread(bob.page).getByText(/^Meet at noon\?\s+Bring panels\.$/);
  await expect(received).toBeVisible();
  expect(await linesOf(received)).toBe(2);
  await captureBothThemes(
    ada.page,
    'touch-02-two-line-message',
    'a chat, a two-line message sent from a phone',
  );
});

test('on a laptop, Enter sends and Shift+Enter breaks the line', async ({ browser }) => {
  const laptop = { hasTouch: false, isMobile: false, viewport: { width: 1280, height: 800 } };
  const ada = await person(browser, 'Ada', laptop);
  const bob = await person(browser, 'Bob', laptop);
  expect(await ada.page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(false);
  await openChat(ada, bob);

  await composer(ada.page).click();
  await composer(ada.page).pressSequentially('First line');
  await composer(ada.page).press('Shift+Enter');
  await composer(ada.page).pressSequentially('second line');
  await expect(composer(ada.page)).toHaveValue('First line\nsecond line');
  await composer(ada.page).press('Enter');
  await expect(thread(ada.page).getByText(/^First line\s+second line$/)).toBeVisible();
  await expect(composer(ada.page)).toHaveValue('');
});

/** The two boxes overlap (a shared edge is not an overlap). */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the Enable Notifications card never covers a control: every screen scrolls its last ones clear', async ({
  browser,
}) => {
  // A project on the deck, so Explore shows a card and its SKIP / FOLLOW buttons.
  const owner = await person(browser, 'Olu', { role: 'innovator' });
  const created = await owner.page.request.post('/api/projects', {
    data: {
      title: 'Solar Oven',
      description: 'A cooker that runs on sunshine.',
      category: 'technology',
      phase: 'planning',
      lookingFor: ['Collaborator'],
      isPublished: true,
    },
  });
  expect(created.status()).toBe(201);
  const ada = await person(browser, 'Ada', { dismissCard: false });
  const { page } = ada;
  const card = page.getByRole('complementary', { name: 'Enable Notifications' });

  for (const path of ['/', '/search', '/rewards', '/ideate', '/profile']) {
    await page.goto(path);
    await expect(card).toBeVisible();
    await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
    if (path === '/') await expect(page.getByRole('button', { name: 'FOLLOW', exact: true })).toBeVisible();
    // Screens that load in parts grow for a moment: scroll to the end once they have settled.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
    const cardBox = (await card.boundingBox())!;
    const controls = page
      .getByRole('main')
      .locator('button, a[href], input, select, textarea, [role="button"], [role="tab"]');
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      if (!box || box.width === 0 || box.height === 0) continue;
      const name = (await control.getAttribute('aria-label')) ?? (await control.innerText()).trim();
      expect(overlaps(box, cardBox), `${path}: "${name}" is under the Enable Notifications card`).toBe(false);
    }
    if (path === '/') {
      await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
      await captureBothThemes(page, 'touch-04-explore-with-card', 'Explore, with the card');
    }
  }

  // The profile's end: Log Out sits above the card, and a tap reaches it.
  await page.goto('/profile');
  await expect(card).toBeVisible();
  const logOut = page.getByRole('button', { name: 'Log Out' });
  await expect(logOut).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(250);
  const logOutBox = (await logOut.boundingBox())!;
  const cardBox = (await card.boundingBox())!;
  expect(overlaps(logOutBox, cardBox)).toBe(false);
  expect(logOutBox.y + logOutBox.height).toBeLessThanOrEqual(cardBox.y);
  await captureBothThemes(
    page,
    'touch-03-profile-end-with-card',
    'the profile scrolled to its end, with the card',
  );

  await logOut.tap();
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
});
