import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocation } from 'wouter';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http, notFromTheServer, type Body } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { REMEMBERED_USERS_KEY } from '@/lib/remembered-users';
import AuthScreen from './auth-screen';

setupMswServer();

type Answer<P extends '/api/auth/reset-password'> = HttpResponse<Body<P, 'post'>>;
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

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'LOGIN' })).toHaveAttribute('aria-selected', 'true'),
    );
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
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please enter your email address or username.',
    );
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
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'Too many requests' }),
    );
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

describe('Choose a new password (the emailed ?reset= link)', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Choose a new password' });

  /** Stands in for arriving on the link while the page is already showing (e.g. after using SIGN UP). */
  function OpenLink({ to }: { to: string }) {
    const [, navigate] = useLocation();
    return (
      <button type="button" onClick={() => navigate(to)}>
        open link
      </button>
    );
  }

  function recordResets(
    answer: () => Answer<'/api/auth/reset-password'> | Promise<Answer<'/api/auth/reset-password'>>,
  ) {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    return bodies;
  }

  it('is not shown without a token', () => {
    renderWithProviders(<AuthScreen />, { path: '/?reset=' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on ?reset= with both fields, the strength meter, CANCEL and SAVE PASSWORD', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />, { path: '/?reset=tok-1' });
    const d = within(dialog());
    const password = d.getByLabelText('New password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(d.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(d.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '0');
    expect(d.getByRole('button', { name: 'CANCEL' })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'SAVE PASSWORD' })).toBeInTheDocument();

    await user.type(password, 'Abcdefg1');
    expect(d.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4');
    expect(d.getByText('Strong - meets most requirements')).toBeInTheDocument();
    await user.click(d.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(password).toHaveAttribute('type', 'text');
  });

  it('a score below 3 gives Password Too Weak and sends nothing', async () => {
    const bodies = recordResets(() => HttpResponse.json({ message: 'ok' }));
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />, { path: '/?reset=tok-1' });
    const d = within(dialog());
    await user.type(d.getByLabelText('New password'), 'abcdefgh');
    await user.type(d.getByLabelText('Confirm password'), 'abcdefgh');
    await user.click(d.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(currentToast()).toMatchObject({
      title: 'Password Too Weak',
      description: 'Password must be at least 8 characters with , lowercase, numbers, and symbols.',
      variant: 'destructive',
    });
    expect(bodies).toEqual([]);
    expect(dialog()).toBeInTheDocument();
  });

  it('a different confirmation says Passwords do not match and sends nothing', async () => {
    const bodies = recordResets(() => HttpResponse.json({ message: 'ok' }));
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />, { path: '/?reset=tok-1' });
    const d = within(dialog());
    await user.type(d.getByLabelText('New password'), 'Secret1!x');
    await user.click(d.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(d.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(d.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(d.getByLabelText('Confirm password'), 'Secret1!y');
    await user.click(d.getByRole('button', { name: 'SAVE PASSWORD' }));
    expect(d.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(bodies).toEqual([]);

    await user.type(d.getByLabelText('Confirm password'), '{Backspace}x');
    expect(d.queryByRole('alert')).toBeNull();
  });

  it('success: SAVING..., Password Updated, closes, drops reset from the address and shows LOGIN', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies = recordResets(async () => {
      await gate;
      return HttpResponse.json({ message: 'Password has been reset' });
    });
    const user = userEvent.setup();
    const { location, history } = renderWithProviders(
      <>
        <AuthScreen />
        <OpenLink to="/?connect=12&reset=tok-9" />
      </>,
    );
    await user.click(screen.getByRole('tab', { name: 'SIGN UP' }));
    await user.click(screen.getByRole('button', { name: 'open link' }));
    const d = within(dialog());
    await user.type(d.getByLabelText('New password'), 'Secret1!x');
    await user.type(d.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(d.getByRole('button', { name: 'SAVE PASSWORD' }));

    expect(await d.findByRole('button', { name: 'SAVING...' })).toBeDisabled();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ token: 'tok-9', password: 'Secret1!x' }]);
    expect(currentToast()).toMatchObject({
      title: 'Password Updated',
      description: 'Your password has been reset. Please log in.',
      variant: 'success',
    });
    expect(location()).toBe('/?connect=12');
    expect(history()).toEqual(['/', '/?connect=12']); // replaced, not pushed
    expect(screen.getByRole('tab', { name: 'LOGIN' })).toHaveAttribute('aria-selected', 'true');
  });

  it('failure: Error with the server message; the dialog stays open with what was typed', async () => {
    const message = 'This reset link is invalid or has expired. Please request a new one.';
    recordResets(() => HttpResponse.json({ message }, { status: 400 }));
    const user = userEvent.setup();
    const { location } = renderWithProviders(<AuthScreen />, { path: '/?reset=old' });
    const d = within(dialog());
    await user.type(d.getByLabelText('New password'), 'Secret1!x');
    await user.type(d.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(d.getByRole('button', { name: 'SAVE PASSWORD' }));

    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: message, variant: 'destructive' }),
    );
    expect(dialog()).toBeInTheDocument();
    expect(d.getByLabelText('New password')).toHaveValue('Secret1!x');
    expect(d.getByLabelText('Confirm password')).toHaveValue('Secret1!x');
    expect(d.getByRole('button', { name: 'SAVE PASSWORD' })).toBeEnabled();
    expect(location()).toBe('/?reset=old');

    // Closing the toast does not count as a click outside the dialog. (jsdom applies no CSS, so it
    // cannot see the toast's pointer-events-auto over the body's pointer-events: none.)
    const unchecked = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await unchecked.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(currentToast()).toBeNull();
    expect(dialog()).toBeInTheDocument();
    expect(d.getByLabelText('New password')).toHaveValue('Secret1!x');
  });

  it('failure without a message falls back to the generic text', async () => {
    recordResets(() => notFromTheServer(new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />, { path: '/?reset=tok-1' });
    const d = within(dialog());
    await user.type(d.getByLabelText('New password'), 'Secret1!x');
    await user.type(d.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(d.getByRole('button', { name: 'SAVE PASSWORD' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to reset password. Please try again.',
      }),
    );
    expect(dialog()).toBeInTheDocument();
  });

  it('CANCEL closes the dialog and drops reset from the address', async () => {
    const bodies = recordResets(() => HttpResponse.json({ message: 'ok' }));
    const user = userEvent.setup();
    const { location, history } = renderWithProviders(<AuthScreen />, { path: '/?reset=tok-1' });
    await user.type(within(dialog()).getByLabelText('New password'), 'Secret1!x');
    await user.click(within(dialog()).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/');
    expect(history()).toEqual(['/']);
    expect(bodies).toEqual([]);
  });
});
