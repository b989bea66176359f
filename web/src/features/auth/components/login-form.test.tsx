import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { CURRENT_USER_KEY } from '@/lib/session';
import { makeScan, makeUser } from '@/test/fixtures';
import { http, notFromTheServer } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { LoginRequest } from '../api/types';
import { REMEMBERED_USERS_KEY } from '@/lib/remembered-users';
import { LoginForm } from './login-form';

setupMswServer();
beforeEach(() => localStorage.clear());

function renderForm(connectCode: string | null = null) {
  const onRemember = vi.fn();
  const onForgotPassword = vi.fn();
  const utils = renderWithProviders(
    <LoginForm connectCode={connectCode} onRemember={onRemember} onForgotPassword={onForgotPassword} />,
    { path: '/profile' },
  );
  return { ...utils, onRemember, onForgotPassword };
}

describe('LoginForm', () => {
  it('blank username or password shows Missing Information and sends nothing', async () => {
    const calls = vi.fn();
    server.use(
      http.post('/api/auth/login', () => {
        calls();
        return HttpResponse.json({ message: 'should not be called' }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(currentToast()).toMatchObject({
      title: 'Missing Information',
      description: 'Please enter both username and password.',
    });

    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), '   ');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(currentToast()?.title).toBe('Missing Information');
    expect(calls).not.toHaveBeenCalled();
  });

  it('shows the server message when login fails', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Login Failed',
        description: 'Invalid username or password',
        variant: 'destructive',
      }),
    );
  });

  it('too many tries (429) says how long to wait, in minutes when long, and sends nothing more by itself', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/login', () => {
        calls += 1;
        return HttpResponse.json(
          { message: 'Too many attempts. Please try again in 15 minutes.' },
          { status: 429, headers: { 'Retry-After': '720' } },
        );
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Login Failed',
        description: 'Too many tries. Wait 12 min and try again.',
      }),
    );
    expect(calls).toBe(1);
  });

  it('never auto-connects with my own link', async () => {
    const connects: unknown[] = [];
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ user: makeUser({ connectCode: 'mine-1' }) })),
      http.post('/api/connections/auto-connect', async ({ request }) => {
        connects.push(await request.json());
        return HttpResponse.json(makeScan());
      }),
    );
    const user = userEvent.setup();
    const { location } = renderForm('mine-1');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(connects).toEqual([]);
  });

  it('falls back to the generic text when the failure has no message', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        notFromTheServer(new HttpResponse('<html>bad gateway</html>', { status: 502 })),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Login Failed',
        description: 'Invalid credentials. Please try again.',
      }),
    );
  });

  it('on success with remember me: saves the token, sets the user, connects and goes to /', async () => {
    const bodies: LoginRequest[] = [];
    const connects: unknown[] = [];
    const ada = makeUser({ id: 42, connectCode: 'ada-own-code' }); // not the link's code, so the auto-connect is sent
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ user: ada, rememberToken: 'tok-1' });
      }),
      http.post('/api/connections/auto-connect', async ({ request }) => {
        connects.push(await request.json());
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { onRemember, queryClient, location } = renderForm('grace-code-7');

    await user.type(screen.getByLabelText('Username'), ' ada ');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(bodies).toEqual([{ username: 'ada', password: 'Secret1!', rememberMe: true }]);
    expect(onRemember).toHaveBeenCalledWith({ username: 'ada', firstName: 'Ada', rememberToken: 'tok-1' });
    expect(connects).toEqual([{ code: 'grace-code-7' }]);
    expect(consoleError).toHaveBeenCalled(); // the 404 is only logged
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(ada);
    expect(localStorage.getItem(REMEMBERED_USERS_KEY)).toBeNull(); // saving is the page's job (onRemember)
  });

  it("a connect link's sign-in says 'Connected!' with the coins, or 'Already Connected'", async () => {
    const ada = makeUser({ id: 42, connectCode: 'ada-own-code' });
    let answer = makeScan();
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ user: ada })),
      http.post('/api/connections/auto-connect', () => HttpResponse.json(answer)),
    );
    const user = userEvent.setup();
    const first = renderForm('grace-code-7');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(first.location()).toBe('/'));
    expect(currentToast()).toMatchObject({
      title: 'Connected!',
      description: 'You have successfully connected with this user. You earned 25 coins.',
    });
    first.unmount();

    answer = makeScan({ isNewConnection: false, coinsEarned: 0 });
    const again = renderForm('grace-code-7');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Already Connected'));
    expect(currentToast()?.description).toBe("You're already connected with Grace.");
    expect(again.location()).toBe('/');
  });

  it('a login after a failed one dismisses the stale Login Failed toast before going to /', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/auth/login', () => {
        attempts += 1;
        return attempts === 1
          ? HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 })
          : HttpResponse.json({ user: makeUser() });
      }),
    );
    const user = userEvent.setup();
    const { location } = renderForm();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Login Failed'));
    expect(screen.getByRole('status')).toHaveTextContent('Login Failed');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(currentToast()).toBeNull();
    expect(screen.queryByText('Login Failed')).toBeNull();
  });

  it('does not save anything without remember me', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ user: makeUser() })));
    const user = userEvent.setup();
    const { onRemember, location } = renderForm();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(onRemember).not.toHaveBeenCalled();
  });

  it('toggles password visibility', async () => {
    const user = userEvent.setup();
    renderForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('FORGOT PASSWORD? opens the reset dialog', async () => {
    const user = userEvent.setup();
    const { onForgotPassword } = renderForm();
    await user.click(screen.getByRole('button', { name: 'FORGOT PASSWORD?' }));
    expect(onForgotPassword).toHaveBeenCalledTimes(1);
  });
});
