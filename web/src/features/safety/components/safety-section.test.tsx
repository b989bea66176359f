import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/session';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { BlockedUser } from '../api/types';
import { blockedUser } from '../test-data';
import { SafetySection } from './safety-section';

setupMswServer();

const me = makeUser({ id: 7, firstName: 'Ada' });

function serveBlocked(list: BlockedUser[]) {
  const state = { list };
  server.use(http.get('/api/users/blocked', () => HttpResponse.json(state.list)));
  return state;
}

function renderSection(user = me) {
  return renderWithProviders(<SafetySection user={user} />, { path: '/profile' });
}

describe('Blocked people', () => {
  it('says so when nobody is blocked', async () => {
    serveBlocked([]);
    renderSection();
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
  });

  it('lists the people I blocked with their photo or initials, and Unblock takes one off', async () => {
    const state = serveBlocked([blockedUser(9, 'Bob'), blockedUser(10, 'Cleo')]);
    const unblocked: string[] = [];
    server.use(
      http.delete('/api/users/:id/block', ({ params }) => {
        unblocked.push(String(params.id));
        state.list = state.list.filter((person) => String(person.id) !== String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderSection();
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bob Tester');
    expect(rows[0]).toHaveTextContent('@bob');

    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Bob Tester' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(unblocked).toEqual(['9']);
    expect(list).not.toHaveTextContent('Bob Tester');
    expect(currentToast()).toMatchObject({ title: 'Bob unblocked' });
  });

  it('offers Retry when the list cannot be loaded', async () => {
    server.use(http.get('/api/users/blocked', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })));
    renderSection();
    expect(await screen.findByText('Blocked people could not be loaded')).toBeInTheDocument();
    serveBlocked([]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
  });
});

describe('Administration link', () => {
  it('is shown to administrators only', async () => {
    serveBlocked([]);
    const { unmount } = renderSection();
    await screen.findByText("You haven't blocked anyone.");
    expect(screen.queryByRole('link', { name: /Administration/ })).toBeNull();
    unmount();

    renderSection(makeUser({ isAdmin: true }));
    expect(screen.getByRole('link', { name: /Administration/ })).toHaveAttribute('href', '/admin');
  });
});

describe('Download my data', () => {
  let saved: { name: string; type: string }[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches the export and saves it under the server’s file name, busy meanwhile', async () => {
    serveBlocked([]);
    server.use(
      http.get('/api/account/export', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new HttpResponse('{"profile":{}}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="grow-export-ada.json"',
          },
        });
      }),
    );
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(screen.getByRole('button', { name: 'Preparing your data...' })).toBeDisabled();
    await waitFor(() => expect(saved).toEqual([{ name: 'grow-export-ada.json', type: 'blob:export' }]));
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});

describe('Delete my account', () => {
  async function openDelete() {
    serveBlocked([]);
    const rendered = renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    // The dialog is a chunk of its own.
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' }, { timeout: 5000 });
    return { ...rendered, dialog };
  }

  it('says what is lost and needs the password first', async () => {
    const { dialog } = await openDelete();
    for (const lost of [
      'Your profile',
      'Your connections',
      'Your messages',
      'Your projects, with their tasks, updates and feedback',
      'Your coins and rewards',
    ])
      expect(within(dialog).getByText(lost)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('This cannot be undone.');
    const button = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    expect(button).toBeEnabled();
  });

  it('says "Wrong password" under the field on a 401, and stays signed in', async () => {
    server.use(
      http.delete('/api/account', () => HttpResponse.json({ message: 'Wrong password' }, { status: 401 })),
    );
    const { dialog, location } = await openDelete();
    const password = within(dialog).getByLabelText('Password');
    await userEvent.type(password, 'not-it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Wrong password');
    expect(location()).toBe('/profile');
    // Typing again clears the message.
    await userEvent.type(password, '!');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('deletes with the password, empties the cache and goes to the signed-out page', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/account', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { dialog, location, queryClient } = await openDelete();
    queryClient.setQueryData(CURRENT_USER_KEY, me);
    queryClient.setQueryData(['/api/projects'], [{ id: 1 }]);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Sunflower42!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(bodies).toEqual([{ password: 'Sunflower42!' }]);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(queryClient.getQueryData(['/api/projects'])).toBeUndefined();
  });
});
