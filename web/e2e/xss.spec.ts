import { test, expect, type Browser, type BrowserContext, type Locator, type Page } from './fixtures';
import { growAdmin } from './servers';
import {
  closeToast,
  connectCodeOf,
  createAccount,
  expectToast,
  signIn,
  STRONG_PASSWORD,
  unique,
} from './support';

// Stored XSS, issue "Scale" (security). Mallory types script into every text field the app shows to someone else
// or to herself, through the real UI: her names, location, bio and skills (the sign-up wizard and Edit Profile), a
// project's title and description, a task's title and description, an update's title and content, a reply to
// feedback, direct, project and room messages (one edited), and a report reason. Victor, in a second browser,
// types into the fields that are his (feedback, a report reason, a search) and visits every screen where her words
// come back: the connection request and the Connect tab, the deck card, the project dialog (Overview, Updates,
// Feedback), the followed projects, the join screen, the collaborator's /create and management view, the Ideate
// lists, chat threads, headers and the team dialog, the search results with their project dialog and person menu,
// the recent searches, the notifications, the connections dialog, the scanned-profile dialog, the leaderboard and,
// made an administrator from the command line, the admin screen. Ivy, an investor, pledges with a message and finds
// it in her portfolio. Mallory looks at her own screens too (her profile, /create, her chats, her notifications).
//
// On every screen each payload must be there as literal text, no markup of it may be in the DOM (no inline
// handler attribute, no script carrying it, no javascript: link), and nothing may have run: the payloads call
// window.__pwned(tag), defined before any page script, which records the tag in window.__xss and reports it to the
// test; an alert, confirm or prompt fails the test too. The server's Content-Security-Policy (script-src 'self')
// would stop an inline handler anyway, so every browser here bypasses it: what is under test is the rendering itself,
// not the second line of defence (whose header is checked on its own).

// The server binary and data dir the journeys run against (playwright.config.ts).

/**
 * A rare word in Mallory's bio and her project's description, for search to find both by. Its ending is new in each
 * attempt (a retry runs in a fresh worker), so a retry's search does not also find the first attempt's Mallory and
 * project on the same server.
 */
const MARK = `Zyxquokka${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** One payload per field, each with its own tag (a tag in window.__xss names the field that ran). */
const P = {
  first: `<img src=x onerror="__pwned('first')">`,
  last: `"><img src=x onerror=__pwned('last')>`,
  location: `javascript:__pwned('location')//<img src=x onerror=__pwned('location')>`,
  bio: `<img src=x onerror="__pwned('bio')"> [a](javascript:__pwned('bio')) ${MARK}`,
  skill: `<img src=x onerror=__pwned('skill')>`,
  skill2: `[a](javascript:__pwned('skill2'))`,
  title: `<script>__pwned('title')</script><img src=x onerror=__pwned('title')>`,
  description: `"><svg onload=__pwned('description')><img src=x onerror=__pwned('description')> [a](javascript:__pwned('description')) ${MARK}`,
  taskTitle: `<img src=x onerror=__pwned('task')>`,
  taskDescription: `<a href="javascript:__pwned('task-description')">open</a><img src=x onerror=__pwned('task-description')>`,
  updateTitle: `<svg/onload=__pwned('update-title')><img src=x onerror=__pwned('update-title')>`,
  updateContent: `<img src=x onerror=__pwned('update')> [a](javascript:__pwned('update'))`,
  feedback: `<img src=x onerror=__pwned('feedback')>`,
  reply: `"><img src=x onerror=__pwned('reply')>`,
  dm: `<img src=x onerror=__pwned('dm')> javascript:__pwned('dm')`,
  dmEdited: `<svg onload=__pwned('dm-edit')><img src=x onerror=__pwned('dm-edit')>`,
  projectChat: `<script>__pwned('project-chat')</script><img src=x onerror=__pwned('project-chat')>`,
  room: `<img src=x onerror=__pwned('room')> [a](javascript:__pwned('room'))`,
  reportFeedback: `<img src=x onerror=__pwned('report-feedback')>`,
  reportMessage: `<svg onload=__pwned('report-message')><img src=x onerror=__pwned('report-message')>`,
  reportUser: `[a](javascript:__pwned('report-user')) <img src=x onerror=__pwned('report-user')>`,
  search: `<img src=x onerror=__pwned('search')>`,
  pledge: `"><img src=x onerror=__pwned('pledge')> [a](javascript:__pwned('pledge'))`,
} as const;
const MALLORY = `${P.first} ${P.last}`;
const VICTOR = 'Victor Viewer';

interface Person {
  context: BrowserContext;
  page: Page;
  name: string;
  /** Tags of payloads that ran in this browser, on any page it showed. */
  ran: string[];
  /** Every alert, confirm or prompt this browser raised. */
  dialogs: string[];
}

/**
 * A browser context of its own that catches any payload that runs: window.__pwned(tag) is defined before every
 * page's scripts and reports to the test (so a run is caught even on a page since left); dialogs are recorded and
 * dismissed. The CSP is bypassed (see the top of the file); the Enable Notifications card was already dismissed.
 */
async function browserFor(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext({ bypassCSP: true });
  const ran: string[] = [];
  const dialogs: string[] = [];
  await context.exposeFunction('__reportXss', (tag: unknown) => {
    ran.push(String(tag));
  });
  await context.addInitScript(() => {
    const w = window as unknown as {
      __xss: string[];
      __pwned: (tag: unknown) => void;
      __reportXss?: (tag: string) => Promise<void>;
    };
    w.__xss = [];
    w.__pwned = (tag) => {
      w.__xss.push(String(tag));
      void w.__reportXss?.(String(tag));
    };
    try {
      localStorage.setItem('grow.enableNotificationsDismissed', '1');
    } catch {
      // about:blank has no storage.
    }
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  return { context, page, name, ran, dialogs };
}

/**
 * Nothing ran and nothing was injected on the screen as it is now: window.__xss is empty, no element carries an
 * inline handler attribute or a javascript: URL, no script element carries a payload, and no dialog fired.
 */
async function expectClean(who: Person, screen: string) {
  const state = await who.page.evaluate(() => {
    const injected: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        const tag = element.tagName.toLowerCase();
        if (attribute.startsWith('on')) injected.push(`<${tag} ${attribute}="${value}">`);
        if (
          /^\s*javascript:/i.test(value) &&
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(attribute)
        )
          injected.push(`<${tag} ${attribute}="${value}">`);
        if (attribute === 'srcdoc') injected.push(`<${tag} srcdoc>`);
      }
      if (element.tagName === 'SCRIPT' && (element.textContent ?? '').includes('__pwned'))
        injected.push(`<script>${element.textContent ?? ''}</script>`);
    }
    return { injected, xss: (window as unknown as { __xss?: string[] }).__xss ?? ['(init script missing)'] };
  });
  expect(who.ran, `payloads that ran in ${who.name}'s browser (by ${screen})`).toEqual([]);
  expect(state.xss, `window.__xss on ${who.name}'s ${screen}`).toEqual([]);
  expect(who.dialogs, `dialogs in ${who.name}'s browser (by ${screen})`).toEqual([]);
  expect(state.injected, `markup from a payload in the DOM of ${who.name}'s ${screen}`).toEqual([]);
}

/** Each text is on screen, literally, as text, inside `scope`. */
async function expectLiteral(scope: Locator, ...texts: string[]) {
  for (const text of texts) await expect(scope.getByText(text).first()).toBeVisible();
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  // A chat's address opens the chat over the screen, which then hides the screen's header from assistive tech.
  await expect(page.getByRole('banner').or(page.getByRole('dialog')).first()).toBeVisible();
}

const section = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });

async function openSection(page: Page, title: string) {
  const button = section(page, title);
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

const chatSheet = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Back to messages' }) });
const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  // A phone's keyboard: Enter breaks the line, the send button sends.
  await page.getByRole('button', { name: 'Send message' }).tap();
  await expectLiteral(thread(page), text);
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('searchbox', { name: 'Search people and projects' });
  await box.fill(question);
  await box.press('Enter');
}

async function me(page: Page): Promise<{ id: number; username: string }> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; username: string };
}

test('script typed into every text field is shown as text and never runs, for its author or anyone else', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // ---- Victor: an account arranged through the API (his own fields are not what this part tests) ----
  const victor = await browserFor(browser, 'Victor');
  const { username: victorName } = await createAccount(victor.page.request, 'Victor', {
    lastName: 'Viewer',
    role: 'collaborator',
  });
  await signIn(victor.page.request, victorName);
  const victorId = (await me(victor.page)).id;

  // The second line of defence is in place (and bypassed below, on purpose).
  const mallory = await browserFor(browser, 'Mallory');
  const first = await mallory.page.goto('/');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);

  // ---- Mallory signs up through the wizard: names, location, bio and a skill ----
  const username = unique('xm');
  await mallory.page.getByRole('tab', { name: 'SIGN UP' }).click();
  const panel = mallory.page.getByRole('tabpanel');
  await panel.getByLabel('First name').fill(P.first);
  await panel.getByLabel('Last name').fill(P.last);
  await panel.getByLabel('Email').fill(`${username}@example.com`);
  await panel.getByLabel('Username').fill(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await expect(panel.getByText('Username available')).toBeVisible();
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await panel.getByLabel('Location').fill(P.location);
  await panel.getByLabel('Bio').fill(P.bio);
  await panel.getByRole('textbox', { name: 'Skills' }).fill(P.skill);
  await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await expectLiteral(panel, P.skill);
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await mallory.page.getByText('INNOVATOR', { exact: true }).click();
  await mallory.page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expectToast(mallory.page, 'Account Created');
  await expect(panel.getByLabel('Username')).toHaveValue(username);
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(mallory.page.getByRole('banner').getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expectLiteral(mallory.page.locator('body'), `Hey ${P.first}!`);
  // The day's login bonus toast: out of the way.
  await expectToast(mallory.page, 'Daily Login Bonus!');
  await closeToast(mallory.page);
  await expectClean(mallory, 'Explore greeting');
  const malloryCode = await connectCodeOf(mallory.page.request);

  // ---- Edit Profile: a second skill; her profile shows everything as text ----
  await visit(mallory.page, '/profile');
  await mallory.page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = mallory.page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(edit.getByLabel('Bio')).toHaveValue(P.bio);
  await edit.getByRole('textbox', { name: 'Skills' }).fill(P.skill2);
  await edit.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await expectLiteral(edit.getByRole('list', { name: 'Your skills' }), P.skill, P.skill2);
  await expectClean(mallory, 'Edit Profile dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(mallory.page, 'Profile updated');
  await expect(edit).toBeHidden();
  await mallory.page.reload();
  await expect(mallory.page.getByRole('heading', { name: MALLORY })).toBeVisible();
  await expectLiteral(mallory.page.locator('main'), MALLORY, P.location, P.bio, P.skill, P.skill2);
  await expectClean(mallory, 'own profile');

  // ---- A project: title and description; published; a task ----
  await visit(mallory.page, '/create');
  await mallory.page.getByRole('link', { name: 'Create Now' }).click();
  await mallory.page.getByLabel('Title').fill(P.title);
  await mallory.page.getByLabel('Description').fill(P.description);
  await mallory.page.getByLabel('Category').selectOption('technology');
  await mallory.page.getByRole('checkbox', { name: /Collaborator/ }).click();
  await mallory.page.getByRole('button', { name: 'CREATE PROJECT' }).click();
  await expectToast(mallory.page, 'Project Created!');
  const card = mallory.page.getByRole('article', { name: P.title });
  await expectLiteral(card, P.title);
  await expectClean(mallory, '/create, My Projects');
  await card.getByRole('link', { name: `Manage ${P.title}` }).click();
  await expect(mallory.page).toHaveURL(/\/create\?manage=\d+$/);
  const projectId = Number(/manage=(\d+)/.exec(mallory.page.url())![1]);
  await expect(mallory.page.getByRole('heading', { name: P.title, level: 2 })).toBeVisible();

  await openSection(mallory.page, 'Project Settings');
  await mallory.page.getByRole('switch', { name: /Visibility/ }).click();
  await expectToast(mallory.page, 'Project published');

  await mallory.page.getByRole('button', { name: 'Add Task' }).click();
  const taskDialog = mallory.page.getByRole('dialog', { name: 'Create New Task' });
  await taskDialog.getByLabel('Task title').fill(P.taskTitle);
  await taskDialog.getByLabel('Description (optional)').fill(P.taskDescription);
  await taskDialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(taskDialog).toBeHidden();
  await expectLiteral(
    mallory.page.getByRole('article', { name: P.taskTitle }),
    P.taskTitle,
    P.taskDescription,
  );
  await expectClean(mallory, 'management view');

  // ---- Mallory asks to connect from a chat; Victor sees her name in his Connect tab and accepts ----
  await visit(mallory.page, `/ideate?chat=${victorId}`);
  // (Someone not yet connected is just 'Chat' here.)
  await chatSheet(mallory.page)
    .getByRole('button', { name: /^Connect with/ })
    .click();
  await mallory.page
    .getByRole('dialog', { name: 'Connection Request Sent' })
    .getByRole('button', { name: 'CONTINUE' })
    .click();

  await visit(victor.page, '/profile');
  await expectToast(victor.page, 'Daily Login Bonus!');
  await closeToast(victor.page);
  await victor.page.getByRole('tab', { name: /^Connect/ }).click();
  const requests = victor.page.getByRole('list', { name: 'Connection requests' });
  await expectLiteral(requests, MALLORY);
  await expectClean(victor, 'profile, Connect tab');
  await requests.getByRole('button', { name: `Accept ${MALLORY}` }).click();
  await expectToast(victor.page, 'Success', 'Request accepted successfully');

  // ---- Mallory writes to Victor, and edits a second message into a payload ----
  await visit(mallory.page, `/ideate?chat=${victorId}`);
  await send(mallory.page, P.dm);
  await send(mallory.page, 'This one will change');
  await thread(mallory.page)
    .locator('div.group')
    .filter({ hasText: 'This one will change' })
    .last()
    .getByRole('button', { name: 'Message options' })
    .click();
  await mallory.page
    .getByRole('dialog', { name: 'Message options' })
    .getByRole('button', { name: 'Edit message' })
    .click();
  const editField = mallory.page.getByRole('textbox', { name: 'Edit your message' });
  await editField.fill(P.dmEdited);
  await mallory.page.getByRole('button', { name: 'Save message' }).tap();
  await expectLiteral(thread(mallory.page), P.dmEdited);
  await expectClean(mallory, 'direct chat');

  // ---- Victor on the deck: the card, the project dialog's Overview; he supports it and leaves feedback ----
  await visit(victor.page, '/');
  const top = victor.page.getByTestId('deck-top-card');
  await expect(top.getByRole('heading', { level: 3 })).toHaveText(P.title);
  await expectLiteral(top, P.title, P.description);
  await expectClean(victor, 'the deck');
  await top.getByRole('button', { name: `Details of ${P.title}` }).click();
  let detail = victor.page.getByRole('dialog', { name: P.title });
  await expectLiteral(detail, P.title, `by ${MALLORY}`, P.description);
  await expectClean(victor, 'project dialog, Overview');
  await detail.getByRole('button', { name: 'Support', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Supported' })).toBeDisabled();
  await detail.getByRole('button', { name: 'Leave Feedback' }).click();
  const leave = victor.page.getByRole('dialog', { name: 'Leave Feedback' });
  await leave.getByLabel('Your feedback').fill(P.feedback);
  await leave.getByRole('button', { name: 'Submit Feedback' }).click();
  await expectToast(victor.page, 'Feedback submitted!');
  await expect(leave).toBeHidden();
  await expectLiteral(detail, P.feedback);
  await expectClean(victor, 'project dialog, his feedback');
  await victor.page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // ---- Mallory posts an update, replies to the feedback and reports it ----
  await visit(mallory.page, `/create?manage=${projectId}`);
  await openSection(mallory.page, 'Project Updates');
  await mallory.page.getByRole('button', { name: 'Post Update' }).click();
  const post = mallory.page.getByRole('dialog', { name: 'Post Project Update' });
  await post.getByLabel('Title').fill(P.updateTitle);
  await post.getByLabel('Content').fill(P.updateContent);
  await post.getByRole('button', { name: 'Post Update' }).click();
  await expectToast(mallory.page, 'Update Posted!');
  await expectLiteral(
    mallory.page.getByRole('article', { name: P.updateTitle }),
    P.updateTitle,
    P.updateContent,
  );

  await openSection(mallory.page, 'Community Feedback');
  await expectLiteral(mallory.page.getByRole('article', { name: `Feedback from ${VICTOR}` }), P.feedback);
  await mallory.page.getByRole('button', { name: `Reply to ${VICTOR}` }).click();
  await mallory.page.getByRole('textbox', { name: `Reply to ${VICTOR}` }).fill(P.reply);
  await mallory.page.getByRole('button', { name: 'Post Reply' }).click();
  await expectLiteral(mallory.page.getByRole('list', { name: `Replies to ${VICTOR}` }), P.reply, MALLORY);
  await mallory.page.getByRole('button', { name: `Report feedback from ${VICTOR}` }).click();
  const reportFeedback = mallory.page.getByRole('dialog', { name: 'Report feedback' });
  await reportFeedback.getByRole('textbox', { name: "What's wrong?" }).fill(P.reportFeedback);
  await reportFeedback.getByRole('button', { name: 'Send report' }).click();
  await expectToast(mallory.page, 'Report sent');
  await expect(reportFeedback).toBeHidden();
  await expectClean(mallory, 'management view, updates and feedback');

  // ---- Victor: the join screen; he joins, and finds it all in his /create and the management view ----
  await visit(victor.page, `/join/${projectId}`);
  await expect(victor.page.getByRole('heading', { name: 'PROJECT OVERVIEW' })).toBeVisible();
  await expectLiteral(victor.page.locator('main'), P.title, `by ${MALLORY}`, P.description);
  await expectClean(victor, 'join screen');
  await victor.page.getByRole('button', { name: 'JOIN PROJECT' }).click();
  await victor.page
    .getByRole('dialog', { name: 'JOIN THE TEAM!' })
    .getByRole('button', { name: /^Collaborator/ })
    .click();
  await expectToast(victor.page, 'Successfully joined!');
  await expect(victor.page).toHaveURL(/\/create\?manage=\d+$/);
  await victor.page.getByRole('link', { name: 'Back to projects' }).click();
  await expect(victor.page).toHaveURL(/\/create$/);
  const theirCard = victor.page.getByRole('article', { name: P.title });
  await expectLiteral(theirCard, P.title);
  await expectClean(victor, '/create, Collaborating');
  await theirCard.getByRole('link', { name: `Manage ${P.title}` }).click();
  await expect(victor.page.getByRole('heading', { name: P.title, level: 2 })).toBeVisible();
  await expectLiteral(victor.page.locator('main'), P.description);
  await expectLiteral(
    victor.page.getByRole('article', { name: P.taskTitle }),
    P.taskTitle,
    P.taskDescription,
  );
  await openSection(victor.page, 'Project Updates');
  await expectLiteral(
    victor.page.getByRole('article', { name: P.updateTitle }),
    P.updateTitle,
    P.updateContent,
  );
  await openSection(victor.page, 'Community Feedback');
  await expectLiteral(victor.page.getByRole('list', { name: `Replies to ${VICTOR}` }), MALLORY, P.reply);
  await expectClean(victor, 'management view, collaborator');

  // ---- Mallory assigns him the task, writes in the project chat and in a community room ----
  await visit(mallory.page, `/create?manage=${projectId}`);
  await mallory.page.getByRole('button', { name: `Assign task: ${P.taskTitle}` }).click();
  const assign = mallory.page.getByRole('dialog', { name: 'Assign Task' });
  await expectLiteral(assign, P.taskTitle, MALLORY);
  await assign
    .locator('label')
    .filter({ has: mallory.page.getByRole('radio', { name: new RegExp(VICTOR) }) })
    .click();
  await expectClean(mallory, 'Assign Task dialog');
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign).toBeHidden();

  await visit(mallory.page, `/ideate?project=${projectId}`);
  await send(mallory.page, P.projectChat);
  await visit(mallory.page, '/ideate');
  await mallory.page.getByRole('button', { name: /^Tech Innovators/ }).click();
  await mallory.page.getByRole('button', { name: 'JOIN TO CHAT' }).click();
  await mallory.page
    .getByRole('dialog', { name: 'Successfully Joined!' })
    .getByRole('button', { name: 'CONTINUE' })
    .click();
  await send(mallory.page, P.room);
  await expectClean(mallory, 'project chat and room');

  // ---- Victor's Ideate: the Connects list, the direct chat, its header menu; he reports her message ----
  await visit(victor.page, '/ideate');
  const connects = victor.page.getByRole('list', { name: 'Your connections' });
  await expectLiteral(connects, MALLORY, P.bio, P.skill, P.skill2);
  await expectClean(victor, 'Ideate, Connects');
  await connects.getByRole('button', { name: `Message ${MALLORY}` }).click();
  const direct = chatSheet(victor.page);
  await expect(direct.getByRole('heading', { name: MALLORY })).toBeVisible();
  await expectLiteral(thread(victor.page), P.dm, P.dmEdited);
  await expectClean(victor, 'direct chat');
  await thread(victor.page)
    .locator('div.group')
    .filter({ hasText: P.dm })
    .last()
    .getByRole('button', { name: 'Message options' })
    .click();
  await victor.page
    .getByRole('dialog', { name: 'Message options' })
    .getByRole('button', { name: 'Report message' })
    .click();
  const reportMessage = victor.page.getByRole('dialog', { name: 'Report message' });
  await reportMessage.getByRole('textbox', { name: "What's wrong?" }).fill(P.reportMessage);
  await reportMessage.getByRole('button', { name: 'Send report' }).click();
  await expectToast(victor.page, 'Report sent');
  await expect(reportMessage).toBeHidden();
  await direct.getByRole('button', { name: `More options for ${MALLORY}` }).click();
  const menu = victor.page.getByRole('dialog', { name: MALLORY });
  await expectLiteral(menu, MALLORY);
  await expectClean(victor, "Mallory's More menu");
  await menu.getByRole('button', { name: `Report ${P.first}` }).click();
  const reportUser = victor.page.getByRole('dialog', { name: `Report ${MALLORY}` });
  await reportUser.getByRole('textbox', { name: "What's wrong?" }).fill(P.reportUser);
  await reportUser.getByRole('button', { name: 'Send report' }).click();
  await expectToast(victor.page, 'Report sent');
  await expect(reportUser).toBeHidden();
  await closeToast(victor.page);

  // ---- …the PROJECTS tab, the project chat and its team; the room ----
  await victor.page.getByRole('button', { name: 'Back to messages' }).click();
  await victor.page.getByRole('tab', { name: 'PROJECTS' }).click();
  const projects = victor.page.getByRole('list', { name: 'Your projects' });
  await expectLiteral(projects, P.title);
  await expectClean(victor, 'Ideate, PROJECTS');
  await projects.getByRole('button', { name: `Message ${P.title}` }).click();
  const projectChat = chatSheet(victor.page);
  await expect(projectChat.getByRole('heading', { name: P.title })).toBeVisible();
  await expectLiteral(thread(victor.page), MALLORY, P.projectChat);
  await projectChat.getByRole('button', { name: 'Project team' }).click();
  const team = victor.page.getByRole('dialog', { name: 'Project Team' });
  await expectLiteral(team, MALLORY);
  await expectClean(victor, 'project chat and its team');
  await victor.page.keyboard.press('Escape');
  await expect(team).toBeHidden();

  await visit(victor.page, '/ideate');
  await victor.page.getByRole('button', { name: /^Tech Innovators/ }).click();
  await victor.page.getByRole('button', { name: 'JOIN TO CHAT' }).click();
  await victor.page
    .getByRole('dialog', { name: 'Successfully Joined!' })
    .getByRole('button', { name: 'CONTINUE' })
    .click();
  await expectLiteral(thread(victor.page), MALLORY, P.room);
  await expectClean(victor, 'community room');

  // ---- The project dialog again, from the projects he follows: Updates and Feedback ----
  await visit(victor.page, '/');
  await victor.page.getByRole('button', { name: 'FOLLOWING', exact: true }).click();
  const followed = victor.page.getByRole('dialog', { name: /projects you follow/i });
  await expectLiteral(followed, P.title);
  await expectClean(victor, 'the projects he follows');
  await followed.getByRole('button', { name: P.title }).click();
  detail = victor.page.getByRole('dialog', { name: P.title });
  await expectLiteral(detail, P.title, P.description);
  await detail.getByRole('tab', { name: 'Updates' }).click();
  await expectLiteral(detail, P.updateTitle, P.updateContent);
  await expectClean(victor, 'project dialog, Updates');
  await detail.getByRole('tab', { name: 'Feedback' }).click();
  await expectLiteral(detail, P.feedback, P.reply, MALLORY);
  await expectClean(victor, 'project dialog, Feedback');
  // Closing goes back to the followed projects, then to the deck.
  await victor.page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await victor.page.keyboard.press('Escape');
  await expect(followed).toBeHidden();

  // ---- His notifications quote her name, her title, her update and her task ----
  await victor.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const centre = victor.page.getByRole('dialog', { name: 'Notifications' });
  await expectLiteral(
    centre,
    `${P.title}: ${P.updateTitle}`,
    `${MALLORY} replied to your feedback on ${P.title}`,
    `You have been assigned "${P.taskTitle}" on ${P.title}`,
  );
  await expectClean(victor, 'notifications');
  await victor.page.keyboard.press('Escape');

  // ---- Search: her card, her project's card and its dialog, her More menu; his own query, echoed ----
  await visit(victor.page, '/search');
  await expect(async () => {
    await ask(victor.page, MARK);
    await expect(victor.page.getByRole('article', { name: P.title })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const person = victor.page.getByRole('article', { name: MALLORY });
  await expectLiteral(person, MALLORY, P.location, P.skill, P.skill2);
  const result = victor.page.getByRole('article', { name: P.title });
  await expectLiteral(result, P.title, MALLORY);
  await expectClean(victor, 'search results');
  await result.getByRole('button', { name: P.title, exact: true }).click();
  const found = victor.page.getByRole('dialog', { name: P.title });
  await expectLiteral(found, P.title, `by ${MALLORY}`, P.description);
  await expectClean(victor, "search's project dialog");
  await victor.page.keyboard.press('Escape');
  await expect(found).toBeHidden();
  await person.getByRole('button', { name: `More options for ${MALLORY}` }).click();
  await expectLiteral(victor.page.getByRole('dialog', { name: MALLORY }), MALLORY);
  await expectClean(victor, "search: Mallory's More menu");
  await victor.page.keyboard.press('Escape');

  await ask(victor.page, P.search);
  // (It finds her, whose words are made of the same ones; what matters is the echo of the question.)
  await expectLiteral(victor.page.locator('main'), `matching “${P.search}”`);
  await expectClean(victor, 'search for a payload');
  await victor.page.getByRole('button', { name: 'Clear search' }).click();
  await expectLiteral(victor.page.getByRole('list', { name: 'Recent searches' }), P.search);
  await expectClean(victor, 'recent searches');

  // ---- His connections, her profile link (the scanned-profile dialog), the leaderboard ----
  await visit(victor.page, '/profile');
  await victor.page.getByRole('button', { name: '1 Connections' }).click();
  await expectLiteral(victor.page.getByRole('dialog', { name: 'Connections' }), MALLORY);
  await expectClean(victor, 'Connections dialog');
  await victor.page.keyboard.press('Escape');
  await victor.page.goto(`/profile?connect=${malloryCode}`);
  const scanned = victor.page.getByRole('dialog', { name: 'ALREADY CONNECTED' });
  await expectLiteral(scanned, MALLORY);
  await expectClean(victor, 'scanned-profile dialog');
  await scanned.getByRole('button', { name: 'CONTINUE' }).click();

  await visit(victor.page, '/rewards');
  await expectLiteral(victor.page.getByRole('region', { name: 'Top earners, by coins' }), MALLORY);
  await expectClean(victor, 'leaderboard');

  // ---- Made an administrator (from the command line): the reports, with their reasons and content ----
  growAdmin(['grant', victorName]);
  // A new session reads the new role at once (the running server's cached copy of the old one lasts a minute).
  await signIn(victor.page.request, victorName);
  await visit(victor.page, '/admin');
  await expect(victor.page.getByRole('heading', { name: 'Open reports' })).toBeVisible();
  const reports = victor.page.getByRole('article');
  await expectLiteral(
    reports.filter({ hasText: P.reportFeedback }),
    P.reportFeedback,
    `Reported by ${MALLORY}`,
    P.feedback,
  );
  await expectLiteral(reports.filter({ hasText: P.reportMessage }), P.reportMessage, P.dm, P.dmEdited);
  await expectLiteral(reports.filter({ hasText: P.reportUser }), P.reportUser, MALLORY, P.bio);
  await expectClean(victor, 'admin screen');

  // ---- An investor pledges with a message, and finds it in her portfolio ----
  const ivy = await browserFor(browser, 'Ivy');
  const { username: ivyName } = await createAccount(ivy.page.request, 'Ivy', {
    lastName: 'Investor',
    role: 'investor',
  });
  await signIn(ivy.page.request, ivyName);
  await visit(ivy.page, '/');
  await expectToast(ivy.page, 'Daily Login Bonus!');
  await closeToast(ivy.page);
  await expectLiteral(ivy.page.getByTestId('deck-top-card'), P.title, P.description);
  await ivy.page.getByRole('button', { name: 'FOLLOW', exact: true }).click();
  const pledge = ivy.page.getByRole('dialog', { name: 'Make Investment Pledge' });
  await expectLiteral(pledge, P.title);
  await pledge.getByLabel('Pledge amount (£)').fill('150');
  await pledge.getByLabel('Message to the team').fill(P.pledge);
  await pledge.getByRole('button', { name: /^Confirm Pledge/ }).click();
  await expectToast(ivy.page, 'Pledge Created!');
  await expect(pledge).toBeHidden();
  await visit(ivy.page, '/create');
  await expectLiteral(ivy.page.getByRole('article', { name: `Pledge to ${P.title}` }), P.title, P.pledge);
  await expectClean(ivy, 'Investment Portfolio');

  // ---- Mallory's own notifications and her /create ----
  await visit(mallory.page, '/create');
  await expectLiteral(mallory.page.getByRole('article', { name: P.title }), P.title);
  await mallory.page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expectLiteral(
    mallory.page.getByRole('dialog', { name: 'Notifications' }),
    `${VICTOR} supported ${P.title}`,
    `Ivy Investor pledged £150.00 to ${P.title}`,
  );
  await expectClean(mallory, 'notifications');

  for (const who of [victor, mallory, ivy]) {
    expect(who.ran, `payloads that ran in ${who.name}'s browser`).toEqual([]);
    expect(who.dialogs, `dialogs in ${who.name}'s browser`).toEqual([]);
    await who.context.close();
  }
});
