import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import { server, useMswServer } from '@/test/server';
import { REMEMBERED_USERS_KEY } from '../lib/remembered-users';
import { makeUser } from '../test-fixtures';
import AuthScreen from './auth-screen';

useMswServer();
beforeEach(() => localStorage.clear());

/** The visible tab panel (the hidden one stays mounted, so queries are scoped to the active panel). */
const panel = (name: 'LOGIN' | 'SIGN UP') => within(screen.getByRole('tabpanel', { name }));

describe('AuthScreen', () => {
  it('shows the brand, the tagline and the LOGIN / SIGN UP tabs', () => {
    renderWithProviders(<AuthScreen />);
    expect(screen.getByRole('heading', { name: 'Grow' })).toBeInTheDocument();
    expect(screen.getByText(/built for creatives, by creatives/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'LOGIN' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'SIGN UP' })).toBeInTheDocument();
    expect(screen.queryByText('CONNECT & GET STARTED')).toBeNull();
    expect(currentToast()).toBeNull();
  });

  it('?connect= shows the banner and a Connection Request toast for 5000 ms', () => {
    renderWithProviders(<AuthScreen />, { path: '/?connect=12' });
    expect(screen.getByText('CONNECT & GET STARTED')).toBeInTheDocument();
    expect(screen.getByText('Login or sign up to connect with this user')).toBeInTheDocument();
    expect(currentToast()).toMatchObject({ title: 'Connection Request', duration: 5000 });
  });

  it('?auto=true does nothing (no backdoor login)', async () => {
    const { location } = renderWithProviders(<AuthScreen />, { path: '/?auto=true' });
    // Any request would hit MSW's onUnhandledRequest: 'error'.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('/?auto=true');
    expect(currentToast()).toBeNull();
    expect(panel('LOGIN').getByLabelText('Username')).toHaveValue('');
  });

  it('loads and cleans the saved accounts at page start', () => {
    localStorage.setItem(
      REMEMBERED_USERS_KEY,
      JSON.stringify([
        { username: 'admin', firstName: 'Admin', rememberToken: 't0' },
        { username: 'old', firstName: 'Old', password: 'plain' },
        { username: 'ada', firstName: 'Ada', rememberToken: 't1' },
      ]),
    );
    renderWithProviders(<AuthScreen />);
    expect(screen.getByRole('button', { name: 'Log in as Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in as Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in as Old' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(REMEMBERED_USERS_KEY) ?? '')).toEqual([
      { username: 'ada', firstName: 'Ada', rememberToken: 't1' },
    ]);
  });

  it('a login with remember me adds the account to the saved list', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ user: makeUser(), rememberToken: 'tok' })),
    );
    const user = userEvent.setup();
    const { location } = renderWithProviders(<AuthScreen />);
    await user.type(panel('LOGIN').getByLabelText('Username'), 'ada');
    await user.type(panel('LOGIN').getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(JSON.parse(localStorage.getItem(REMEMBERED_USERS_KEY) ?? '')).toEqual([
      { username: 'ada', firstName: 'Ada', rememberToken: 'tok' },
    ]);
  });

  it('keeps what was typed when switching tabs', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />);
    await user.type(panel('LOGIN').getByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('tab', { name: 'SIGN UP' }));
    expect(screen.getByRole('heading', { name: 'BASIC DETAILS' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'LOGIN' }));
    expect(panel('LOGIN').getByLabelText('Username')).toHaveValue('ada');
  });

  it('after sign-up, switches to LOGIN with the username filled in', async () => {
    server.use(
      http.post('/api/auth/check-email', () => HttpResponse.json({ available: true })),
      http.post('/api/auth/check-username', () => HttpResponse.json({ available: true })),
      http.post('/api/auth/signup', () =>
        HttpResponse.json({ user: makeUser({ username: 'grace' }), message: 'ok' }, { status: 201 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />);
    await user.click(screen.getByRole('tab', { name: 'SIGN UP' }));
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(panel('SIGN UP').getByLabelText('Username'), 'grace');
    await user.type(panel('SIGN UP').getByLabelText('Password'), 'Cobol1!x');
    await user.click(screen.getByRole('button', { name: /NEXT/ }));
    await user.type(screen.getByLabelText('Location'), 'Arlington, US');
    await user.type(screen.getByLabelText('Bio'), 'Compilers.');
    await user.type(screen.getByLabelText('Skills'), 'COBOL{Enter}');
    await user.click(screen.getByRole('button', { name: /NEXT/ }));
    await user.click(screen.getByRole('button', { name: 'CREATE ACCOUNT' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'LOGIN' })).toHaveAttribute('aria-selected', 'true'));
    expect(panel('LOGIN').getByLabelText('Username')).toHaveValue('grace');
    expect(currentToast()?.title).toBe('Account Created');
  });
});

describe('Reset password dialog', () => {
  async function openDialog(user: UserEvent) {
    await user.click(screen.getByRole('button', { name: 'FORGOT PASSWORD?' }));
    return screen.getByRole('dialog', { name: 'Reset Password' });
  }

  it('needs the field', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'SEND RESET LINK' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your email address or username.');
  });

  it('sends the reset link, confirms, closes and clears', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />);
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Email or username'), ' ada ');
    await user.click(within(dialog).getByRole('button', { name: 'SEND RESET LINK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ email: 'ada' }]);
    expect(currentToast()).toMatchObject({
      title: 'Reset Email Sent',
      description: "If an account with that email exists, we've sent a password reset link.",
    });
    dialog = await openDialog(user);
    expect(within(dialog).getByLabelText('Email or username')).toHaveValue('');
  });

  it('shows Error with the server message on failure and stays open', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () =>
        HttpResponse.json({ message: 'Too many requests' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Email or username'), 'ada');
    await user.click(within(dialog).getByRole('button', { name: 'SEND RESET LINK' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error', description: 'Too many requests' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('CANCEL closes the dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
