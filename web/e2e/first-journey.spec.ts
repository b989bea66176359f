import { test, expect } from './fixtures';
import { audit, createAccount, expectToast, shot, unique, STRONG_PASSWORD } from './support';

// The first journey: a newcomer completes the sign-up wizard (meeting each validation message once),
// logs in with remember-me, looks around every route, logs out and comes back through quick login. Every screen
// it reaches is audited: axe (WCAG 2 A and AA), 44 px tap targets, one h1.
test('a newcomer signs up, logs in, finds their way around, logs out and quick-logs back in', async ({
  page,
  request,
}) => {
  const existing = await createAccount(request);
  const username = unique('ada');
  const email = `${username}@example.com`;

  // Both tabs stay mounted (nothing typed is lost): act inside the visible one.
  const panel = page.getByRole('tabpanel');
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await audit(page, 'auth: LOGIN tab');
  await shot(page, '01-auth-login');

  // ---- Step 1: BASIC DETAILS ----
  await page.getByRole('tab', { name: 'SIGN UP' }).click();
  await expect(page.getByText('BASIC DETAILS')).toBeVisible();
  await audit(page, 'sign-up step 1: BASIC DETAILS');
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expectToast(
    page,
    'Missing Information',
    'Please fill in all fields before proceeding to the next step.',
  );

  await panel.getByLabel('First name').fill('Ada');
  await panel.getByLabel('Last name').fill('Lovelace');
  await panel.getByLabel('Email').fill(existing.email);
  await panel.getByLabel('Username').fill(existing.username);
  await panel.getByLabel('Password', { exact: true }).fill('abc');
  await expect(
    page.getByText('Email already exists. Please use a different email or try logging in.'),
  ).toBeVisible();
  await expect(page.getByText('Username already taken. Please choose a different username.')).toBeVisible();
  await expect(page.getByText('Very weak - needs , lowercase, numbers, and symbols')).toBeVisible();
  await audit(page, 'sign-up step 1 with a taken email and username and a weak password');
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expectToast(
    page,
    'Email Issue',
    'Email already exists. Please use a different email or try logging in.',
  );

  await panel.getByLabel('Email').fill(email);
  await expect(
    page.getByText('Email already exists. Please use a different email or try logging in.'),
  ).toBeHidden();
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expectToast(page, 'Username Issue', 'Username already taken. Please choose a different username.');

  await panel.getByLabel('Username').fill(username);
  await expect(page.getByText('Username already taken. Please choose a different username.')).toBeHidden();
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expectToast(
    page,
    'Password Too Weak',
    'Password must be at least 8 characters with , lowercase, numbers, and symbols.',
  );

  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await expect(page.getByText('Very strong - meets all requirements')).toBeVisible();
  await shot(page, '02-signup-step1-basic-details');
  await panel.getByRole('button', { name: /NEXT/ }).click();

  // ---- Step 2: PROFILE DETAILS ----
  await expect(page.getByText('PROFILE DETAILS')).toBeVisible();
  await audit(page, 'sign-up step 2: PROFILE DETAILS');
  await panel.getByRole('button', { name: /NEXT/ }).click();
  await expectToast(
    page,
    'Missing Information',
    'Please fill in all fields and add at least one skill before proceeding.',
  );
  await panel.getByLabel('Location').fill('London, GB');
  await panel.getByLabel('Bio').fill('Analytical engines and poetical science.');
  await panel.getByRole('textbox', { name: 'Skills' }).fill('Mathematics');
  await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await panel.getByRole('textbox', { name: 'Skills' }).fill('Python');
  await panel.getByRole('textbox', { name: 'Skills' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Python' })).toBeVisible();
  await audit(page, 'sign-up step 2 with skills');
  await shot(page, '03-signup-step2-profile-details');
  await panel.getByRole('button', { name: /NEXT/ }).click();

  // ---- Step 3: CHOOSE YOUR ROLE ----
  await expect(page.getByText('CHOOSE YOUR ROLE')).toBeVisible();
  await page.getByText('INNOVATOR', { exact: true }).click();
  await audit(page, 'sign-up step 3: CHOOSE YOUR ROLE');
  await shot(page, '04-signup-step3-choose-role');
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expectToast(page, 'Account Created', 'Your account has been created successfully. Please log in.');

  // ---- Login ----
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByLabel('Username')).toHaveValue(username);
  await audit(page, 'auth: LOGIN tab after sign-up, with the Account Created toast');
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Missing Information', 'Please enter both username and password.');
  await panel.getByLabel('Password', { exact: true }).fill('Not-the-password1');
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Login Failed');
  await panel.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await panel.getByLabel('Remember me').check();
  await panel.getByRole('button', { name: 'LOGIN' }).click();

  // ---- The shell ----
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Explore' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: /main/i });
  await expect(nav.getByRole('link', { name: 'Create' })).toBeVisible();
  await audit(page, 'signed in: /');
  await shot(page, '05-shell-explore');

  const visits: Array<[string, string]> = [
    ['/explore', 'Explore'],
    ['/search', 'Search'],
    ['/create', 'Create'],
    ['/rewards', 'Rewards'],
    ['/ideate', 'Ideate'],
    ['/profile', 'Profile'],
    ['/join/1', 'Grow'],
    ['/project/1', 'Grow'],
    ['/design-system', 'Grow'],
  ];
  for (const [path, title] of visits) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('heading', { name: title })).toBeVisible();
    await audit(page, `signed in: ${path}`);
    await shot(page, `06-route${path.replaceAll('/', '-')}`);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await audit(page, 'signed in: not found');
  await shot(page, '07-not-found');

  // The bottom navigation moves between screens without a reload.
  await page.goto('/');
  await nav.getByRole('link', { name: 'Rewards' }).click();
  await expect(page).toHaveURL(/\/rewards$/);
  await nav.getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Search' })).toBeVisible();

  // ---- Log out, then quick login from the remembered account ----
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const quick = page.getByRole('button', { name: 'Log in as Ada' });
  await expect(quick).toBeVisible();
  await audit(page, 'auth: LOGIN tab with a saved account');
  await shot(page, '08-auth-quick-login');
  // The browser keeps no password, only a token.
  const stored = await page.evaluate(() => localStorage.getItem('rememberedUsers') ?? '');
  expect(stored).not.toContain(STRONG_PASSWORD);
  expect(stored).toContain(username);

  await quick.click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Explore' })).toBeVisible();
});

test('signed-out visitors see the auth page, the join gate, the public design system and a 404', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await audit(page, 'signed out: /profile');

  // No such project (a public one shows its card: e2e/public-project.spec.ts).
  await page.goto('/join/987654321');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page.getByText('Please log in to join this project.')).toBeVisible();
  await audit(page, 'signed out: /join/987654321');
  await shot(page, '09-join-signed-out');
  await page.getByRole('button', { name: 'Go to Home' }).click();
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();

  await page.goto('/design-system');
  await expect(page.getByRole('tab', { name: /colors/i })).toBeVisible();
  await shot(page, '10-design-system');
  // Every tab, in both themes at once (each shows its samples on light and on dark).
  for (const tab of ['colors', 'typography', 'buttons', 'components', 'forms', 'examples']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await audit(page, `design system: ${tab}`);
  }
  await page.getByRole('tab', { name: 'components' }).click();
  await page.getByRole('button', { name: 'OPEN DIALOG' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'design system: the dialog open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto('/somewhere-else');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await audit(page, 'signed out: not found');

  await page.goto('/?connect=12');
  await expect(page.getByText('CONNECT & GET STARTED')).toBeVisible();
  await expect(page.getByText('Login or sign up to connect with this user')).toBeVisible();
  await expectToast(page, 'Connection Request');
  await audit(page, 'auth: the connect banner');
  await shot(page, '11-auth-connect-banner');
});

test('the administrator backdoor does nothing', async ({ page }) => {
  await page.goto('/?auto=true');
  await expect(page.getByRole('tab', { name: 'LOGIN' })).toBeVisible();
  await page.waitForTimeout(500);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a forgotten password: the reset dialog asks for the field, then confirms the same way for anyone', async ({
  page,
  request,
}) => {
  const existing = await createAccount(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'FORGOT PASSWORD?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expect(dialog.getByText('Please enter your email address or username.')).toBeVisible();
  await audit(page, 'auth: the Reset Password dialog with its error');
  await shot(page, '12-auth-forgot-password');

  await dialog.getByLabel('Email or username').fill(existing.email);
  await dialog.getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expectToast(
    page,
    'Reset Email Sent',
    "If an account with that email exists, we've sent a password reset link.",
  );
  await expect(dialog).toBeHidden();

  // An unknown address gets exactly the same answer: the form reveals no accounts.
  await page.getByRole('button', { name: 'FORGOT PASSWORD?' }).click();
  await page.getByRole('dialog').getByLabel('Email or username').fill('nobody-here@example.com');
  await page.getByRole('dialog').getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expectToast(
    page,
    'Reset Email Sent',
    "If an account with that email exists, we've sent a password reset link.",
  );
});

test('an emailed reset link opens the new-password dialog, which passes the audit', async ({ page }) => {
  await page.goto('/?reset=not-a-real-token');
  const dialog = page.getByRole('dialog', { name: 'Choose a new password' });
  await expect(dialog).toBeVisible();
  await audit(page, 'auth: the Choose a new password dialog');
  await dialog.getByLabel('New password').fill('Secret1!x');
  await dialog.getByLabel('Confirm password').fill('Secret1!y');
  await dialog.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Passwords do not match');
  await audit(page, 'auth: the Choose a new password dialog with its error');

  // The server refuses the made-up token: the toast says so while the dialog stays open, and it is announced
  // (getByRole skips what the dialog hides from assistive technology).
  await dialog.getByLabel('Confirm password').fill('Secret1!x');
  await dialog.getByRole('button', { name: 'SAVE PASSWORD' }).click();
  await expectToast(page, 'Error');
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toHaveAttribute('aria-live', 'polite');
  await expect(dialog).toBeVisible();
  await audit(page, 'auth: the Choose a new password dialog with an Error toast');

  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});
