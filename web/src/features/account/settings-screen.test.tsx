import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http, type ErrorBody } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { NotificationSettings } from './api/account';
import { SettingsScreen } from './settings-screen';

setupMswServer();

const ALL_ON: NotificationSettings = {
  push: {
    project_update: true,
    feedback_reply: true,
    daily_motivation: true,
    project_support: true,
    collaboration_request: true,
    reward: true,
    task_assignment: true,
  },
  emailDigest: 'weekly',
};

function serveSettings(start: NotificationSettings = ALL_ON) {
  const state = { settings: structuredClone(start), puts: [] as unknown[] };
  server.use(
    http.get('/api/users/me/notification-settings', () => HttpResponse.json(state.settings)),
    http.put('/api/users/me/notification-settings', async ({ request }) => {
      const change = await request.json();
      state.puts.push(change);
      state.settings = {
        push: { ...state.settings.push, ...change.push },
        emailDigest: change.emailDigest ?? state.settings.emailDigest,
      };
      return HttpResponse.json(state.settings);
    }),
  );
  return state;
}

function renderSettings(user = makeUser({ id: 7, firstName: 'Ada', emailVerified: true })) {
  return renderWithProviders(<SettingsScreen user={user} />, { path: '/settings' });
}

describe('Settings', () => {
  it('turns one push type off and picks the daily digest, saving only what moved', async () => {
    const state = serveSettings();
    renderSettings();
    const updates = await screen.findByRole('checkbox', { name: 'Updates to projects you follow' });
    expect(updates).toBeChecked();
    await userEvent.click(updates);
    await waitFor(() => expect(updates).not.toBeChecked());
    await userEvent.click(screen.getByRole('radio', { name: /Daily/ }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Daily/ })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(state.puts).toEqual([{ push: { project_update: false } }, { push: {}, emailDigest: 'daily' }]);
    expect(screen.getByRole('radio', { name: /Weekly/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('says why a password change was refused, and clears the form once it is done', async () => {
    serveSettings();
    let wrong = true;
    server.use(
      http.post('/api/auth/change-password', () =>
        wrong
          ? HttpResponse.json<ErrorBody>({ message: 'Your current password is not right.' }, { status: 400 })
          : new HttpResponse(null, { status: 204 }),
      ),
    );
    renderSettings();
    const form = screen.getByRole('region', { name: 'Password' });
    const current = within(form).getByLabelText('Current password');
    const next = within(form).getByLabelText('New password');
    await userEvent.type(current, 'Nope12345!');
    await userEvent.type(next, 'Marigold77!');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your current password is not right.');

    wrong = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Password changed' }));
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
  });

  it('asks for a new email with the password and says the link is on its way', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/change-email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Check the new address.' }, { status: 202 });
      }),
    );
    renderSettings();
    const form = screen.getByRole('region', { name: 'Email' });
    expect(within(form).getByText('Verified')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('New email'), ' ada@new.example ');
    await userEvent.type(within(form).getByLabelText('Your password'), 'Sunflower42!');
    await userEvent.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Check the new address.');
    expect(sent).toEqual([{ password: 'Sunflower42!', email: 'ada@new.example' }]);
  });

  it('asks an unverified person to verify, and sends the link again', async () => {
    serveSettings();
    server.use(
      http.post('/api/auth/resend-verification', () =>
        HttpResponse.json({ message: 'We sent you a new link.' }, { status: 202 }),
      ),
    );
    renderSettings(makeUser({ id: 7, emailVerified: false }));
    const note = screen.getByRole('region', { name: 'Verify your email' });
    await userEvent.click(within(note).getByRole('button', { name: 'Send the link again' }));
    expect(await within(note).findByRole('status')).toHaveTextContent('We sent you a new link.');
    expect(
      within(screen.getByRole('region', { name: 'Email' })).getByText('Not verified'),
    ).toBeInTheDocument();
  });

  it('offers Try again when the notification settings cannot be loaded', async () => {
    server.use(
      http.get('/api/users/me/notification-settings', () =>
        HttpResponse.json<ErrorBody>({ message: 'The server is busy right now.' }, { status: 503 }),
      ),
    );
    renderSettings();
    expect(await screen.findByText('The server is busy right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
