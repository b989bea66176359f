import { test, expect, type Browser, type BrowserContext, type Page, type Route } from './fixtures';
import {
  captureBothThemes,
  closeToast,
  connectCodeOf,
  expectToast,
  settle,
  snap,
  STRONG_PASSWORD,
  unique,
} from './support';

// Issue 49, "Sends that survive a bad network": on a network that holds a send for seconds and then drops it, the
// message shows at once as "Sending…", then "Not sent" with Retry and its text; once the network is good again,
// Retry sends it and the other person receives it once. And one message sent on a good network costs one POST and
// no GET. Real accounts, the real server, Chromium; the network's faults are Playwright's routes on the send call.

const SENDING = 'Sending…';
const NOT_SENT = 'Not sent';

interface Person {
  context: BrowserContext;
  page: Page;
  id: number;
}

/** A signed-in person in a browser context of their own (the Enable Notifications card already dismissed). */
async function person(browser: Browser, firstName: string, role: string): Promise<Person> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('grow.enableNotificationsDismissed', '1'));
  const page = await context.newPage();
  const username = unique('net');
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      firstName,
      lastName: 'Tester',
      role,
      bio: `${firstName} sends messages from the train.`,
    },
  });
  expect(signup.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
  return { context, page, id: me.id };
}

/** The two are connected (as scanning one's profile link does). */
async function connect(a: Person, b: Person) {
  const code = await connectCodeOf(b.page.request);
  expect((await a.page.request.post('/api/connections/scan', { data: { code } })).status()).toBe(200);
}

/** Opens the chat with `other`, and closes the first toast of the day. */
async function openChat(page: Page, other: Person, text: string | RegExp) {
  await page.goto(`/ideate?chat=${other.id}`);
  await expect(page.getByText(text).first()).toBeVisible();
  await closeToast(page);
}

const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
/** A message's bubble (its text and its footer: the time and tick, or where it stands). */
const bubbleOf = (page: Page, text: string) => thread(page).getByText(text, { exact: true }).locator('..');

test('a send the network holds and drops shows Sending…, then Not sent with Retry; Retry sends it once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ada = await person(browser, 'Ada', 'innovator');
  const bob = await person(browser, 'Bob', 'collaborator');
  await connect(ada, bob);
  await openChat(bob.page, ada, 'No messages yet. Start a conversation!');
  await openChat(ada.page, bob, 'No messages yet. Start a conversation!');

  // A network that holds the send for three seconds and then loses it (a phone between cells).
  const failing = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.abort('connectionreset');
  };
  await ada.page.route('**/api/messages', failing);

  const text = 'Through the tunnel, does this arrive?';
  await composer(ada.page).fill(text);
  await sendButton(ada.page).click();
  // At once: in the thread as sending, the field free for the next message.
  await expect(bubbleOf(ada.page, text)).toContainText(SENDING);
  await expect(composer(ada.page)).toHaveValue('');
  await snap(ada.page, 'chat-network-00-sending');

  // Then failed: its text kept, Retry offered, the spec's toast.
  await expect(bubbleOf(ada.page, text)).toContainText(NOT_SENT, { timeout: 15_000 });
  const retry = thread(ada.page).getByRole('button', {
    name: 'Retry sending: Through the tunnel, does this arrive?',
  });
  await expect(retry).toBeVisible();
  await expectToast(ada.page, 'Error', 'Failed to send message');
  await closeToast(ada.page);
  await captureBothThemes(ada.page, 'chat-network-01-not-sent', 'a message not sent, with Retry');
  await expect(thread(bob.page).getByText(text)).toHaveCount(0);

  // The network is good again: Retry sends it, under the same client id.
  await ada.page.unroute('**/api/messages', failing);
  const sent = ada.page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/messages',
  );
  await retry.click();
  expect((await sent).status()).toBe(201);
  await expect(bubbleOf(ada.page, text).getByLabel('Sent')).toBeVisible();
  await expect(thread(ada.page).getByText(NOT_SENT)).toHaveCount(0);
  await expect(thread(ada.page).getByText(text, { exact: true })).toHaveCount(1);

  // Bob receives it, once; and the server holds it once.
  await expect(thread(bob.page).getByText(text, { exact: true })).toHaveCount(1);
  const history = await bob.page.request.get(`/api/messages/${ada.id}`);
  const stored = ((await history.json()) as { content: string }[]).filter(
    (message) => message.content === text,
  );
  expect(stored).toHaveLength(1);
});

test('one message sent on a good network makes exactly one POST and no GET', async ({ browser }) => {
  test.setTimeout(120_000);
  const ada = await person(browser, 'Ada', 'innovator');
  const bob = await person(browser, 'Bob', 'collaborator');
  await connect(ada, bob);
  // They have talked before: the conversation is in Ada's list (a first message adds a conversation the list
  // does not hold yet, which only the server can describe).
  const hello = await bob.page.request.post('/api/messages', {
    data: { receiverId: ada.id, content: 'Hi Ada!' },
  });
  expect(hello.status()).toBe(201);

  await openChat(ada.page, bob, 'Hi Ada!');
  await settle(ada.page);

  const requests: string[] = [];
  ada.page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) requests.push(`${request.method()} ${pathname}`);
  });
  const text = 'Counting what one message costs';
  await composer(ada.page).fill(text);
  await sendButton(ada.page).click();
  await expect(bubbleOf(ada.page, text).getByLabel('Sent')).toBeVisible();
  // Whatever follows the send (its own frame, the list's last message) has had time to ask for more.
  await settle(ada.page);
  await ada.page.waitForTimeout(1_500);
  expect(requests).toEqual(['POST /api/messages']);
});
