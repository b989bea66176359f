import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeConnection } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { ConnectionWithUser } from '../api/types';
import { ConnectionsButton } from './connections-dialog';

setupMswServer();

function serve(list: ConnectionWithUser[]) {
  const state = { list };
  server.use(http.get('/api/connections/with-users', () => HttpResponse.json(state.list)));
  return state;
}

async function open(count = 2) {
  renderWithProviders(<ConnectionsButton count={count} />, { path: '/profile' });
  await userEvent.click(screen.getByRole('button', { name: `${count} Connections` }));
  return screen.findByRole('dialog', { name: 'Connections' });
}

describe('the Connections dialog', () => {
  it('lists accepted connections with a message shortcut to /ideate?chat={id}', async () => {
    serve([
      makeConnection(1, 'Grace'),
      makeConnection(2, 'Alan'),
      makeConnection(3, 'Pending', { status: 'pending' }),
    ]);
    const dialog = await open();
    const list = await within(dialog).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByRole('link', { name: 'Message Grace Tester' })).toHaveAttribute(
      'href',
      '/ideate?chat=201',
    );
    expect(within(dialog).queryByText('Pending Tester')).toBeNull();
  });

  it('says so when there are none', async () => {
    serve([]);
    const dialog = await open(0);
    expect(await within(dialog).findByText('No connections yet')).toBeInTheDocument();
  });

  it('removes a connection after the Remove Connection dialog', async () => {
    const state = serve([makeConnection(1, 'Grace'), makeConnection(2, 'Alan')]);
    let removed: string | undefined;
    server.use(
      http.delete('/api/connections/:id', ({ params }) => {
        removed = String(params.id);
        state.list = state.list.filter((c) => String(c.id) !== removed);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Grace Tester' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Connection' });
    expect(confirm).toHaveTextContent('This action cannot be undone');
    expect(confirm).toHaveTextContent('new connection request to reconnect');
    expect(removed).toBeUndefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(removed).toBe('1');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Connection Removed',
        description: 'The connection has been removed from your network.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Connection' })).toBeNull());
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Remove Grace Tester' })).toBeNull(),
    );
  });

  it('Cancel keeps the connection', async () => {
    serve([makeConnection(1, 'Grace')]);
    let removed = false;
    server.use(
      http.delete('/api/connections/:id', () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const dialog = await open(1);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Grace Tester' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Connection' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(removed).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Remove Grace Tester' })).toBeInTheDocument();
  });

  it('a refused removal says Error with the server message', async () => {
    serve([makeConnection(1, 'Grace')]);
    server.use(
      http.delete('/api/connections/:id', () =>
        HttpResponse.json({ message: 'Connection not found' }, { status: 404 }),
      ),
    );
    const dialog = await open(1);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Grace Tester' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove Connection' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Connection not found',
        variant: 'destructive',
      }),
    );
  });
});
