import { test, expect, type Browser, type Locator, type Page } from './fixtures';
import config from '../playwright.config';
import {
  audit,
  captureBothThemes,
  closeToast,
  connectCodeOf,
  encodePng,
  expectToast,
  STRONG_PASSWORD,
  unique,
} from './support';

// The messaging journey of issue 15, through real Chromium against the real server. Ada (an innovator) and Bob
// connect; Ada opens /ideate?chat={Bob} and writes; Bob sees it arrive live with the red dot on the Ideate tab and
// answers; 'typing…' shows while Bob types; Ada edits and deletes a message of hers; an image arrives as a
// preview, a document as a chip and a voice message (Chromium's fake microphone) as a player. Bob joins Ada's
// project and the two talk in its chat, which Cleo (no member) cannot read; Bob joins a community room and posts;
// 65 older messages load as Ada scrolls up, without the view jumping. Every screen and dialog is audited and
// screenshotted at 390×844 in the light and the dark theme.

// Chromium's fake microphone for the voice message, added to the config's own flags for this journey only.
const configArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...configArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

interface Person {
  page: Page;
  id: number;
  username: string;
  name: string;
}

/** A signed-in person in a browser context of their own (the Enable Notifications card already dismissed). */
async function person(browser: Browser, firstName: string, role: string): Promise<Person> {
  const context = await browser.newContext();
  await context.grantPermissions(['microphone']);
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const username = unique('msg');
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName,
      lastName: 'Tester',
      role,
      bio: `${firstName} builds things that matter.`,
      skills: ['React', 'Rust', 'Design', 'Research'],
    },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  return { page, id: me.id, username, name: `${firstName} Tester` };
}

const chatSheet = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Back to messages' }) });
const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
/** The send button: on a phone's touch keyboard Enter breaks the line, so the button is how a message goes. */
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
const bubble = (page: Page, text: string | RegExp) =>
  thread(page).getByText(text, { exact: typeof text === 'string' });

/** Opens the options of my own message with this text. */
async function optionsOf(page: Page, text: string): Promise<Locator> {
  const row = thread(page).locator('div.group').filter({ hasText: text }).last();
  await row.getByRole('button', { name: 'Message options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message options' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A minimal one-page PDF (the server judges uploads by their bytes). */
function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

test('two people message each other live: text, typing, edits, files, voice, a project chat, a room, history', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const ada = await person(browser, 'Ada', 'innovator');
  const bob = await person(browser, 'Bob', 'collaborator');
  const cleo = await person(browser, 'Cleo', 'explorer');

  // Ada and Bob connect (arranged through the API: scanning Bob's profile link, by his connect code).
  const bobCode = await connectCodeOf(bob.page.request);
  expect((await ada.page.request.post('/api/connections/scan', { data: { code: bobCode } })).status()).toBe(
    200,
  );

  // ---- Bob's list: the connection, no unread yet ----
  await bob.page.goto('/ideate');
  await expect(bob.page.getByRole('tab', { name: 'Connects' })).toHaveAttribute('aria-selected', 'true');
  await expect(bob.page.getByRole('heading', { name: 'Ada Tester' })).toBeVisible();
  await expectToast(bob.page, 'Daily Login Bonus!');
  await closeToast(bob.page);

  // ---- Ada opens /ideate?chat={Bob}: an empty direct chat ----
  await ada.page.goto(`/ideate?chat=${bob.id}`);
  const adaChat = chatSheet(ada.page);
  await expect(adaChat.getByRole('heading', { name: 'Bob Tester' })).toBeVisible();
  await expect(ada.page.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await expect(composer(ada.page)).toHaveAttribute('placeholder', 'Message this person...');
  await expect(ada.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expectToast(ada.page, 'Daily Login Bonus!');
  await closeToast(ada.page);
  // Bob has the app open: Ada sees him ONLINE.
  await expect(adaChat.getByText('ONLINE', { exact: true })).toBeVisible();
  await captureBothThemes(ada.page, 'ideate-02-direct-empty', 'a direct chat, empty');

  // ---- Ada writes; Bob sees the dot on the Ideate tab live, then opens the chat ----
  await composer(ada.page).fill('Hello Bob, shall we build a solar kettle?');
  await sendButton(ada.page).tap();
  await expect(bubble(ada.page, 'Hello Bob, shall we build a solar kettle?')).toBeVisible();
  await expect(composer(ada.page)).toHaveValue('');

  // The tab stays behind an open chat (hidden from assistive technology while it is open), so it is read hidden too.
  const ideateTab = bob.page
    .getByRole('navigation', { name: 'Main', includeHidden: true })
    .getByRole('link', { name: /^Ideate/, includeHidden: true });
  await expect(ideateTab).toHaveAccessibleName(/unread messages/);
  await expect(
    bob.page.getByRole('button', { name: /^Message Ada Tester\W+unread messages$/ }),
  ).toBeVisible();
  await captureBothThemes(bob.page, 'ideate-01-list-unread', 'the Ideate list with an unread chat');
  await bob.page.getByRole('button', { name: /Message Ada Tester/ }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/ideate\\?chat=${ada.id}$`));
  await expect(bubble(bob.page, 'Hello Bob, shall we build a solar kettle?')).toBeVisible();
  // Reading it clears the dot.
  await expect(ideateTab).not.toHaveAccessibleName(/unread messages/);

  // ---- typing… while Bob types, then his answer arrives live ----
  await composer(bob.page).pressSequentially('Absolutely', { delay: 40 });
  await expect(adaChat.getByText('typing…')).toBeVisible();
  // A phone's keyboard: Enter breaks the line, the send button sends.
  await composer(bob.page).press('Enter');
  await composer(bob.page).pressSequentially('count me in!');
  await expect(composer(bob.page)).toHaveValue('Absolutely\ncount me in!');
  await sendButton(bob.page).tap();
  await expect(bubble(ada.page, /^Absolutely\s+count me in!$/)).toBeVisible();
  // It fades a few seconds after the last keystroke (his message ends it at once).
  await expect(adaChat.getByText('typing…')).toBeHidden({ timeout: 5000 });

  // ---- Ada edits and deletes messages of hers; Bob sees both live ----
  await composer(ada.page).fill('This one is a mistake');
  await sendButton(ada.page).tap();
  await expect(bubble(bob.page, 'This one is a mistake')).toBeVisible();

  let options = await optionsOf(ada.page, 'Hello Bob, shall we build a solar kettle?');
  await captureBothThemes(ada.page, 'ideate-06-message-options', 'the Message options dialog');
  await options.getByRole('button', { name: 'Edit message' }).click();
  const editField = ada.page.getByRole('textbox', { name: 'Edit your message' });
  await expect(editField).toHaveValue('Hello Bob, shall we build a solar kettle?');
  await editField.fill('Hello Bob, shall we build a solar oven?');
  await ada.page.getByRole('button', { name: 'Save message' }).tap();
  await expect(bubble(ada.page, 'Hello Bob, shall we build a solar oven?')).toBeVisible();
  await expect(bubble(bob.page, 'Hello Bob, shall we build a solar oven?')).toBeVisible();
  await expect(thread(bob.page).getByText('edited')).toBeVisible();

  options = await optionsOf(ada.page, 'This one is a mistake');
  await options.getByRole('button', { name: 'Delete message' }).click();
  const confirm = ada.page.getByRole('dialog', { name: 'Delete message?' });
  await expect(confirm).toBeVisible();
  await captureBothThemes(ada.page, 'ideate-07-delete-message', 'the Delete message dialog');
  await confirm.getByRole('button', { name: 'DELETE' }).click();
  await expect(bubble(ada.page, 'This one is a mistake')).toBeHidden();
  await expect(bubble(bob.page, 'This one is a mistake')).toBeHidden();

  // ---- An image: a preview on both sides, full size on tap ----
  await ada.page.getByLabel('Send an image').setInputFiles({
    name: 'kettle.png',
    mimeType: 'image/png',
    buffer: encodePng(480, 360, (x, y) => [
      109 + (x / 480) * 140,
      40 + (y / 360) * 75,
      217 - (x / 480) * 195,
    ]),
  });
  await expect(thread(bob.page).getByRole('img', { name: 'kettle.png' })).toBeVisible();
  await expect(thread(ada.page).getByRole('img', { name: 'kettle.png' })).toBeVisible();
  await thread(bob.page).getByRole('button', { name: 'Open image kettle.png' }).click();
  const viewer = bob.page.getByRole('dialog', { name: 'kettle.png' });
  await expect(viewer.getByRole('img', { name: 'kettle.png' })).toBeVisible();
  await captureBothThemes(bob.page, 'ideate-08-image-viewer', 'the image viewer');
  await bob.page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // ---- A document: a chip that downloads it ----
  await ada.page.getByLabel('Send a document').setInputFiles({
    name: 'kettle-plan.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(),
  });
  await expect(thread(bob.page).getByRole('link', { name: /kettle-plan\.pdf/ })).toBeVisible();
  await expect(thread(bob.page).getByText('PDF document')).toBeVisible();

  // ---- A voice message: press and hold records, release sends ----
  const mic = ada.page.getByRole('button', { name: 'Hold to record a voice message' });
  await mic.hover();
  await ada.page.mouse.down();
  await expect(ada.page.getByText('Recording... Release to send')).toBeVisible();
  await ada.page.waitForTimeout(1500);
  await ada.page.mouse.up();
  await expect(ada.page.getByText('Recording... Release to send')).toBeHidden();
  await expect(thread(bob.page).getByRole('button', { name: 'Play voice message' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(thread(ada.page).getByRole('button', { name: 'Play voice message' })).toBeVisible();
  await captureBothThemes(
    bob.page,
    'ideate-03-direct-thread',
    'a direct chat with text, image, document, voice',
  );

  // ---- Connection Request Sent: Ada opens a chat with Cleo, whom she is not connected with ----
  await ada.page.goto(`/ideate?chat=${cleo.id}`);
  await ada.page.getByRole('button', { name: /^Connect with/ }).click();
  const sent = ada.page.getByRole('dialog', { name: 'Connection Request Sent' });
  await expect(sent).toContainText("You'll be notified when they respond");
  await captureBothThemes(ada.page, 'ideate-10-request-sent', 'the Connection Request Sent dialog');
  await sent.getByRole('button', { name: 'CONTINUE' }).click();

  // ---- Scanned profile: Bob adds Cleo by her profile link ----
  await bob.page.getByRole('button', { name: 'Back to messages' }).click();
  await expect(bob.page).toHaveURL(/\/ideate$/);
  await bob.page.getByRole('button', { name: 'Add a connection' }).click();
  const add = bob.page.getByRole('dialog', { name: 'Add a connection' });
  await add
    .getByLabel('Profile link')
    .fill(`http://127.0.0.1/profile?connect=${await connectCodeOf(cleo.page.request)}`);
  await add.getByRole('button', { name: 'CONNECT' }).click();
  const scanned = bob.page.getByRole('dialog', { name: 'CONNECTION ADDED!' });
  await expect(scanned).toContainText('Cleo Tester');
  await captureBothThemes(bob.page, 'ideate-11-connection-added', 'the scanned-profile dialog');
  await scanned.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(bob.page.getByRole('heading', { name: 'Cleo Tester' })).toBeVisible();

  // ---- Project chat: Ada's project, Bob joins it as a collaborator; Cleo cannot read it ----
  const created = await ada.page.request.post('/api/projects', {
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
  const project = (await created.json()) as { id: number };
  expect(
    (
      await bob.page.request.post(`/api/projects/${project.id}/join`, { data: { role: 'Collaborator' } })
    ).ok(),
  ).toBe(true);
  expect((await cleo.page.request.get(`/api/projects/${project.id}/messages`)).status()).toBe(403);

  await ada.page.goto('/ideate');
  await ada.page.getByRole('tab', { name: 'PROJECTS' }).click();
  await expect(ada.page.getByRole('heading', { name: 'Solar Oven' })).toBeVisible();
  await expect(ada.page.getByText('Technology', { exact: true })).toBeVisible();
  await ada.page.getByRole('button', { name: 'Message Solar Oven' }).click();
  const adaProject = chatSheet(ada.page);
  await expect(adaProject.getByText('PROJECT DISCUSSION')).toBeVisible();
  await expect(composer(ada.page)).toHaveAttribute('placeholder', 'Discuss this project...');
  await composer(ada.page).fill('Welcome to the team, Bob!');
  await sendButton(ada.page).tap();

  await bob.page.goto(`/ideate?project=${project.id}`);
  await expect(bubble(bob.page, 'Welcome to the team, Bob!')).toBeVisible();
  await composer(bob.page).fill('Glad to be here. Where do we start?');
  await sendButton(bob.page).tap();
  await expect(bubble(ada.page, 'Glad to be here. Where do we start?')).toBeVisible();
  await captureBothThemes(ada.page, 'ideate-04-project-chat', 'a project chat');
  await adaProject.getByRole('button', { name: 'Project team' }).click();
  const team = ada.page.getByRole('dialog', { name: 'Project Team' });
  await expect(team).toContainText('Ada Tester');
  await expect(team).toContainText('Bob Tester');
  await captureBothThemes(ada.page, 'ideate-09-project-team', 'the Project Team dialog');
  await ada.page.keyboard.press('Escape');

  await cleo.page.goto(`/ideate?project=${project.id}`);
  await expect(cleo.page.getByRole('heading', { name: 'Team members only' })).toBeVisible();
  await expect(composer(cleo.page)).toHaveCount(0);

  // ---- A community room: join to post ----
  await bob.page.goto('/ideate');
  await bob.page.getByRole('button', { name: /^Tech Innovators/ }).click();
  await bob.page.getByRole('button', { name: 'JOIN TO CHAT' }).click();
  const joined = bob.page.getByRole('dialog', { name: 'Successfully Joined!' });
  await expect(joined).toContainText('You can now participate in discussions');
  await captureBothThemes(bob.page, 'ideate-12-joined', 'the Successfully Joined! dialog');
  await joined.getByRole('button', { name: 'CONTINUE' }).click();
  const bobRoom = chatSheet(bob.page);
  await expect(bobRoom.getByText(/^\d+(\.\d)?k? members?$/)).toBeVisible();
  await expect(composer(bob.page)).toHaveAttribute('placeholder', 'Chat with community...');
  await composer(bob.page).fill('Hi techies! Anyone into solar cooking?');
  await sendButton(bob.page).tap();
  await expect(bubble(bob.page, 'Hi techies! Anyone into solar cooking?')).toBeVisible();
  await captureBothThemes(bob.page, 'ideate-05-room-chat', 'a community room');

  // ---- History: 65 older messages load as Ada scrolls up, the view staying put ----
  for (let n = 1; n <= 65; n += 1) {
    const response = await bob.page.request.post('/api/messages', {
      data: { receiverId: ada.id, content: `History message ${n}` },
    });
    expect(response.status()).toBe(201);
  }
  await ada.page.goto(`/ideate?chat=${bob.id}`);
  await expect(bubble(ada.page, 'History message 65')).toBeVisible();
  await expect(bubble(ada.page, 'History message 1')).toHaveCount(0);
  for (let round = 0; round < 6; round += 1) {
    if ((await bubble(ada.page, 'History message 1').count()) > 0) break;
    const oldest = thread(ada.page)
      .locator('p', { hasText: /^History message \d+$/ })
      .first();
    const anchor = (await oldest.textContent()) ?? '';
    await thread(ada.page).evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(
      thread(ada.page)
        .locator('p', { hasText: /^History message \d+$/ })
        .first(),
    ).not.toHaveText(anchor);
    // What the reader looked at is still in view: the thread did not jump to the top of the older page.
    await expect(bubble(ada.page, anchor)).toBeInViewport();
  }
  await expect(bubble(ada.page, 'History message 1')).toHaveCount(1);
  await audit(ada.page, 'a long direct chat, scrolled back');
});
