import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/session';
import { currentToast, toast } from '@/lib/toast';
import { makeScan, makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { useRememberedUsers } from '../hooks/use-remembered-users';
import { REMEMBERED_USERS_KEY, type RememberedUser } from '@/lib/remembered-users';
import { QuickLogin } from './quick-login';

setupMswServer();

const ada: RememberedUser = { username: 'ada', firstName: 'Ada', rememberToken: 'tok-ada' };
const bob: RememberedUser = { username: 'bob', firstName: 'Bob', rememberToken: 'tok-bob' };

function saved(): RememberedUser[] {
  return JSON.parse(localStorage.getItem(REMEMBERED_USERS_KEY) ?? '[]') as RememberedUser[];
}

/** QuickLogin wired to the real saved-accounts hook, as the page wires it. */
function Harness({ connectCode = null }: { connectCode?: string | null }) {
  const { users, remember, forget } = useRememberedUsers();
  return <QuickLogin users={users} connectCode={connectCode} onRemember={remember} onForget={forget} />;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(REMEMBERED_USERS_KEY, JSON.stringify([ada, bob]));
});

describe('QuickLogin', () => {
  it('shows one button per saved account with the first name, after an "or" divider', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in as Ada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in as Bob' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forget Ada' })).toBeInTheDocument();
  });

  it('renders nothing without saved accounts', () => {
    localStorage.clear();
    const { container } = renderWithProviders(<Harness />);
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('a 401 drops the entry and shows Login Failed with the message', async () => {
    server.use(
      http.post('/api/auth/remembered-login', () =>
        HttpResponse.json({ message: 'Remember token expired' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    const { location } = renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: /Log in as Ada/ }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /Log in as Ada/ })).toBeNull());
    expect(saved()).toEqual([bob]);
    expect(currentToast()).toMatchObject({
      title: 'Login Failed',
      description: 'Remember token expired',
      variant: 'destructive',
    });
    expect(location()).toBe('/');
    expect(screen.getByRole('button', { name: /Log in as Bob/ })).toBeInTheDocument();
  });

  it('another failure keeps the entry', async () => {
    server.use(
      http.post('/api/auth/remembered-login', () =>
        HttpResponse.json({ message: 'Too many attempts' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: /Log in as Ada/ }));
    await waitFor(() => expect(currentToast()?.description).toBe('Too many attempts'));
    expect(saved()).toEqual([ada, bob]);
  });

  it('success stores the fresh token, sets the user, connects and goes to /', async () => {
    const requests: unknown[] = [];
    const connects: unknown[] = [];
    const user = makeUser({ id: 1, username: 'bob', firstName: 'Bob' });
    server.use(
      http.post('/api/auth/remembered-login', async ({ request }) => {
        requests.push(await request.json());
        return HttpResponse.json({ user, rememberToken: 'tok-bob-2' });
      }),
      http.post('/api/connections/auto-connect', async ({ request }) => {
        connects.push(await request.json());
        return HttpResponse.json(makeScan());
      }),
    );
    const ue = userEvent.setup();
    const { queryClient, location } = renderWithProviders(<Harness connectCode="grace-code-9" />, {
      path: '/?connect=grace-code-9',
    });

    await ue.click(screen.getByRole('button', { name: /Log in as Bob/ }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(requests).toEqual([{ username: 'bob', rememberToken: 'tok-bob' }]);
    expect(connects).toEqual([{ code: 'grace-code-9' }]);
    expect(saved()).toEqual([{ username: 'bob', firstName: 'Bob', rememberToken: 'tok-bob-2' }, ada]);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
  });

  it('success dismisses a toast left from an earlier failure', async () => {
    server.use(
      http.post('/api/auth/remembered-login', () =>
        HttpResponse.json({ user: makeUser({ username: 'ada' }), rememberToken: 'tok-ada-2' }),
      ),
    );
    const ue = userEvent.setup();
    const { location } = renderWithProviders(<Harness />);
    toast({ title: 'Login Failed', description: 'Invalid username or password', variant: 'destructive' });
    await ue.click(screen.getByRole('button', { name: /Log in as Ada/ }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(currentToast()).toBeNull();
  });

  it('the × button revokes the token and drops the entry', async () => {
    const forgets: unknown[] = [];
    server.use(
      http.post('/api/auth/forget-remembered', async ({ request }) => {
        forgets.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Forget Ada' }));
    expect(screen.queryByRole('button', { name: /Log in as Ada/ })).toBeNull();
    expect(saved()).toEqual([bob]);
    await waitFor(() => expect(forgets).toEqual([{ username: 'ada', rememberToken: 'tok-ada' }]));
  });

  it('an entry with missing credentials shows Login Error and sends nothing', async () => {
    const calls = vi.fn();
    server.use(
      http.post('/api/auth/remembered-login', () => {
        calls();
        return HttpResponse.json({ user: makeUser({ username: 'cat' }) });
      }),
    );
    const user = userEvent.setup();
    function Incomplete() {
      const [users] = useState<RememberedUser[]>([{ username: 'cat', firstName: 'Cat', rememberToken: '' }]);
      return <QuickLogin users={users} connectCode={null} onRemember={vi.fn()} onForget={vi.fn()} />;
    }
    renderWithProviders(<Incomplete />);
    await user.click(screen.getByRole('button', { name: /Log in as Cat/ }));
    expect(currentToast()).toMatchObject({
      title: 'Login Error',
      description: 'Stored credentials are incomplete. Please log in manually.',
    });
    expect(calls).not.toHaveBeenCalled();
  });
});
