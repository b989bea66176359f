import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/routes';
import type { User } from '@/lib/session';
import { makeRewards, makeScan, makeUser } from '@/test/fixtures';
import { http, type ErrorBody } from '@/test/http';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

function signedOut() {
  const unauthorized = () => HttpResponse.json<ErrorBody>({ message: 'Unauthorized' }, { status: 401 });
  server.use(http.get('/api/auth/user', unauthorized), http.get('/api/auth/user-refresh', unauthorized));
}

function signedIn(user: User) {
  server.use(
    liveServer({ userId: user.id }).handler,
    http.get('/api/auth/user', () => HttpResponse.json(user)),
    http.get('/api/auth/user-refresh', () => HttpResponse.json(user)),
    // The shell shows the unread count (the bell).
    http.get('/api/notifications/count', () => HttpResponse.json({ count: 0 })),
    // The shell's avatar dot and the profile's tabs read the pending requests (src/features/connections).
    http.get('/api/connections/requests', () => HttpResponse.json([])),
    http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
    // The Ideate tab's dot reads the conversations (src/features/chat).
    http.get('/api/conversations', () => HttpResponse.json([])),
    // The signed-in app asks once for the day's login bonus (src/features/rewards).
    http.get('/api/rewards', () => HttpResponse.json(makeRewards())),
    // Ideate lists the connections, the caller's projects and the community rooms (src/features/chat).
    http.get('/api/connections/with-users', () => HttpResponse.json([])),
    // Search reads my pending collaboration requests for its SENT buttons (src/features/search).
    http.get('/api/connections/project-requests', () => HttpResponse.json([])),
    http.get('/api/projects/collaborating', () => HttpResponse.json([])),
    http.get('/api/projects', () => HttpResponse.json([])),
    http.get('/api/communities', () => HttpResponse.json([])),
    // The join screen reads its project (src/features/join).
    http.get('/api/projects/:id', () => HttpResponse.json({ message: 'Project not found' }, { status: 404 })),
    // Explore, the home screen, shows the swipe deck (src/features/explore).
    http.get('/api/feed', () => HttpResponse.json([])),
    http.get('/api/feed/swipes', () => HttpResponse.json([])),
    // The profile lists the people I blocked (src/features/safety).
    http.get('/api/users/blocked', () => HttpResponse.json([])),
  );
}

describe('AppRoutes', () => {
  it('shows a Loading... screen while the user resolves', () => {
    signedOut();
    renderWithProviders(<AppRoutes />, { path: '/' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'Page Not Found' on an unknown path when signed out", async () => {
    signedOut();
    const { location } = renderWithProviders(<AppRoutes />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(location()).toBe('/');
  });

  it('a connect link opened at / while signed in connects and says so, as the profile link does', async () => {
    signedIn(makeUser({ connectCode: 'my-own' }));
    const sent: unknown[] = [];
    server.use(
      http.post('/api/connections/auto-connect', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(makeScan());
      }),
    );
    const { location } = renderWithProviders(<AppRoutes />, { path: '/?connect=grace-code-7' });
    // The profile is a large lazy chunk: its first load in a test run can take seconds.
    await waitFor(() => expect(sent).toEqual([{ code: 'grace-code-7' }]), { timeout: 5000 });
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(
      await screen.findByText("You're now connected with Grace! You earned 25 coins."),
    ).toBeInTheDocument();
  });

  it("shows 'Page Not Found' on an unknown path when signed in", async () => {
    signedIn(makeUser());
    renderWithProviders(<AppRoutes />, { path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in to join a project that is not public', async () => {
    signedOut();
    server.use(
      http.get('/api/public/projects/:id', () =>
        HttpResponse.json<ErrorBody>({ message: 'Project not found' }, { status: 404 }),
      ),
    );
    const { location } = renderWithProviders(<AppRoutes />, { path: '/join/42' });
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to join this project.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    // The sign-in page, which comes back to the project afterwards.
    expect(location()).toBe(`/?next=${encodeURIComponent('/join/42')}`);
  });

  it('a signed-in screen opened signed out asks to sign in and comes back to it', async () => {
    signedOut();
    const { location } = renderWithProviders(<AppRoutes />, { path: '/rewards?tab=store' });
    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    expect(location()).toBe(`/?next=${encodeURIComponent('/rewards?tab=store')}`);
  });

  it('shows the design system to signed-out visitors', async () => {
    signedOut();
    renderWithProviders(<AppRoutes />, { path: '/design-system' });
    expect(await screen.findByRole('heading', { name: 'Design system' })).toBeInTheDocument();
    for (const tab of ['colors', 'typography', 'buttons', 'components', 'forms', 'examples']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
  });

  it("shows 'Page Not Found' at /admin to anyone but an administrator", async () => {
    signedIn(makeUser({ isAdmin: false }));
    renderWithProviders(<AppRoutes />, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open reports' })).toBeNull();
  });

  it("shows 'Page Not Found' at /admin when signed out", async () => {
    signedOut();
    renderWithProviders(<AppRoutes />, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the open reports at /admin to an administrator', async () => {
    signedIn(makeUser({ isAdmin: true }));
    server.use(http.get('/api/admin/reports', () => HttpResponse.json([])));
    renderWithProviders(<AppRoutes />, { path: '/admin' });
    expect(
      await screen.findByRole('heading', { name: 'Open reports' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No open reports. All clear!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it('titles the signed-in screens and greets the user on Explore', async () => {
    signedIn(makeUser({ firstName: 'Ada' }));
    renderWithProviders(<AppRoutes />, { path: '/' });
    expect(await screen.findByText('Hey Ada!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Explore');
  });

  it('logs out from the profile and lands on /', async () => {
    let loggedOut = false;
    const user = makeUser({ location: null, bio: null, skills: ['Figma'] });
    server.use(
      liveServer({ userId: user.id }).handler,
      http.get('/api/auth/user', () =>
        loggedOut ? HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }) : HttpResponse.json(user),
      ),
      http.get('/api/auth/user-refresh', () => HttpResponse.json(user)),
      http.get('/api/notifications/count', () => HttpResponse.json({ count: 0 })),
      http.get('/api/connections/requests', () => HttpResponse.json([])),
      http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
      // The shell's avatar dot and the profile's tabs read the pending requests (src/features/connections).
      http.get('/api/connections/requests', () => HttpResponse.json([])),
      http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
      // The signed-in app asks once for the day's login bonus (src/features/rewards).
      http.get('/api/rewards', () => HttpResponse.json(makeRewards())),
      http.get('/api/users/blocked', () => HttpResponse.json([])),
      http.post('/api/auth/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { location } = renderWithProviders(<AppRoutes />, { path: '/profile' });
    expect(await screen.findByText('Location not set')).toBeInTheDocument();
    expect(screen.getByText('Building the future, one project at a time.')).toBeInTheDocument();
    expect(screen.getByText('Figma')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(loggedOut).toBe(true);
    expect(location()).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('a current-user failure other than a 401 shows a retryable error, not the login form', async () => {
    let fail = true;
    server.use(
      http.get('/api/auth/user', () =>
        fail
          ? HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })
          : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
    );
    renderWithProviders(<AppRoutes />, { path: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'LOGIN' })).toBeNull();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'LOGIN' })).toBeInTheDocument();
  });

  it.each([
    '/',
    '/search',
    '/create',
    '/rewards',
    '/ideate',
    '/profile',
    '/join/3',
    '/design-system',
    '/nowhere',
  ])('signed in, %s has exactly one h1', async (path) => {
    signedIn(makeUser());
    renderWithProviders(<AppRoutes />, { path });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each(['/', '/join/3', '/design-system', '/nowhere'])(
    'signed out, %s has exactly one h1',
    async (path) => {
      signedOut();
      renderWithProviders(<AppRoutes />, { path });
      await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
      expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );
});
