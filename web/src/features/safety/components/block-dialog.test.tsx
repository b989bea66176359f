import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useSafety, type SafetyPerson } from '@/lib/safety';
import { currentToast } from '@/lib/toast';
import { makeConnection } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { SafetyProvider } from '../safety-provider';

setupMswServer();

/** The dialogs are a chunk of their own, loaded when one first opens. */
const LAZY = { timeout: 5000 };

const BOB: SafetyPerson = { id: 9, firstName: 'Bob', lastName: 'Tester' };

/** Another area's screen: a list of connections (refreshed after a block) and Bob's "More" button. */
function PersonCard({ onBlocked }: { onBlocked: () => void }) {
  const safety = useSafety();
  const connections = useQuery<unknown[]>({ queryKey: ['/api/connections/with-users'] });
  return (
    <>
      <p>{`${connections.data?.length ?? 0} connections`}</p>
      <button type="button" onClick={() => safety?.personMenu(BOB, { onBlocked })}>
        More options for Bob Tester
      </button>
    </>
  );
}

function serveConnections() {
  const state = { list: [makeConnection(1, 'Bob')] };
  server.use(http.get('/api/connections/with-users', () => HttpResponse.json(state.list)));
  return state;
}

async function openMenu(onBlocked = vi.fn()) {
  renderWithProviders(
    <SafetyProvider>
      <PersonCard onBlocked={onBlocked} />
    </SafetyProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'More options for Bob Tester' }));
  return screen.findByRole('dialog', { name: 'Bob Tester' }, LAZY);
}

describe('Block', () => {
  it('the person menu offers Block and Report', async () => {
    serveConnections();
    const menu = await openMenu();
    expect(within(menu).getByRole('button', { name: 'Block Bob' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('button', { name: 'Report Bob' }));
    expect(await screen.findByRole('dialog', { name: 'Report Bob Tester' })).toBeInTheDocument();
  });

  it('asks first, saying what a block does; Cancel blocks nobody', async () => {
    serveConnections();
    let blocked = 0;
    server.use(
      http.post('/api/users/:id/block', () => {
        blocked += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Block Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Bob?' });
    expect(confirm).toHaveTextContent(
      "Bob won't be able to message you, send you requests or find you in search.",
    );
    expect(confirm).toHaveTextContent("They won't be told you blocked them.");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(blocked).toBe(0);
    // The focus is back on the button that opened the menu.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'More options for Bob Tester' })).toHaveFocus(),
    );
  });

  it('blocks, says "Bob blocked", refreshes the connections and tells the caller', async () => {
    const connections = serveConnections();
    const calls: string[] = [];
    server.use(
      http.post('/api/users/:id/block', ({ params }) => {
        calls.push(String(params.id));
        connections.list = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const onBlocked = vi.fn();
    const menu = await openMenu(onBlocked);
    expect(await screen.findByText('1 connections')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('button', { name: 'Block Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Bob?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual(['9']);
    expect(onBlocked).toHaveBeenCalledOnce();
    expect(currentToast()).toMatchObject({ title: 'Bob blocked', variant: 'success' });
    expect(await screen.findByText('0 connections')).toBeInTheDocument();
  });

  it('a refusal is a toast with the server’s words, and the confirm stays', async () => {
    serveConnections();
    server.use(
      http.post('/api/users/:id/block', () =>
        HttpResponse.json({ message: 'User not found' }, { status: 404 }),
      ),
    );
    const onBlocked = vi.fn();
    const menu = await openMenu(onBlocked);
    await userEvent.click(within(menu).getByRole('button', { name: 'Block Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Bob?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'User not found' }),
    );
    expect(screen.getByRole('dialog', { name: 'Block Bob?' })).toBeInTheDocument();
    expect(onBlocked).not.toHaveBeenCalled();
  });
});
