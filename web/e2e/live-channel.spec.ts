import { test, expect } from './fixtures';
import { audit, createAccount, shot, unique, STRONG_PASSWORD } from './support';

/** The `type` of a frame the server sent on /ws, or null when it is not a JSON frame. */
function frameType(payload: string | Buffer): string | null {
  try {
    const frame = JSON.parse(payload.toString()) as { type?: unknown };
    return typeof frame.type === 'string' ? frame.type : null;
  } catch {
    return null;
  }
}

// The live channel end to end: a change made elsewhere reaches the open screen by a pushed `user_updated`,
// well before the 2 s poll could have brought it (and the poll is off while the socket is open).
test('a profile changed elsewhere shows up at once, pushed over the live channel', async ({ page }) => {
  // Sign up and log in through the page's own request context: it shares the browser's cookies.
  const account = await createAccount(page.request, 'Ada');
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: STRONG_PASSWORD },
  });
  expect(login.status()).toBe(200);

  // Watch the socket's frames and the poll from the start.
  const frames: string[] = [];
  let polls = 0;
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/ws') return;
    socket.on('framereceived', ({ payload }) => {
      const type = frameType(payload);
      if (type) frames.push(type);
    });
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/user-refresh') polls += 1;
  });

  await page.goto('/profile');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Building the future, one project at a time.')).toBeVisible();
  await audit(page, 'signed in: /profile');
  // The server greets an accepted socket with `ready`.
  await expect.poll(() => frames).toContain('ready');
  const pollsWhenOpen = polls;

  // "Another tab" edits the profile: same cookie, no page involved.
  const bio = `Pushed, not polled ${unique('bio')}`;
  const patch = await page.request.patch('/api/users/profile', { data: { bio } });
  expect(patch.status()).toBe(200);

  await expect(page.getByText(bio)).toBeVisible({ timeout: 1500 });
  expect(frames).toContain('user_updated');
  expect(polls).toBe(pollsWhenOpen);
  await shot(page, '12-profile-live-update');
});
