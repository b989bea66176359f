import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { currentToast } from '@/lib/toast';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { ProjectPledge } from '../../api/types';
import { projectsLive } from '../../live';
import { makeProject, makeProjectPledge } from '../../test-data';
import { PledgesSection } from './pledges-section';

setupMswServer();

/** The project's pledges as a small server keeps them, with the moves it was asked for. */
function servePledges(initial: ProjectPledge[]) {
  const state = { pledges: [...initial], moves: [] as string[] };
  const move = (to: 'accept' | 'decline' | 'complete') =>
    http.post(`/api/pledges/:id/${to}`, ({ params }) => {
      const id = Number(params.id);
      state.moves.push(`${to} ${id}`);
      const status = { accept: 'active', decline: 'declined', complete: 'completed' }[to];
      state.pledges = state.pledges.map((p) => (p.id === id ? { ...p, status } : p));
      return HttpResponse.json(state.pledges.find((p) => p.id === id));
    });
  server.use(
    http.get('/api/projects/12/pledges', () => HttpResponse.json(state.pledges)),
    move('accept'),
    move('decline'),
    move('complete'),
  );
  return state;
}

function renderSection() {
  return renderWithProviders(<PledgesSection project={makeProject({ title: 'Solar Kettle' })} />, {
    path: '/create?manage=12',
  });
}

describe('the owner’s Pledges section', () => {
  it('lists each pledge with its investor, amount, upfront part, message, date and status', async () => {
    servePledges([
      makeProjectPledge(),
      makeProjectPledge({
        id: 91,
        investor: { id: 22, firstName: 'Otto', lastName: 'Funds', profileImageUrl: null },
        amount: 1234567,
        upfrontAmount: 123457,
        message: '',
        status: 'declined',
        createdAt: '2025-03-02T09:00:00Z',
      }),
    ]);
    renderSection();
    const ivy = await screen.findByRole('article', { name: 'Pledge from Ivy Banks' });
    expect(ivy).toHaveTextContent('Amount£1,000.00');
    expect(ivy).toHaveTextContent('Upfront (10%)£100.00');
    expect(ivy).toHaveTextContent('Happy to back this');
    expect(ivy).toHaveTextContent('4 Mar 2025');
    expect(ivy).toHaveTextContent('Status: pending');
    expect(within(ivy).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(ivy).getByRole('button', { name: 'Decline' })).toBeInTheDocument();

    const otto = screen.getByRole('article', { name: 'Pledge from Otto Funds' });
    expect(otto).toHaveTextContent('£12,345.67');
    expect(otto).toHaveTextContent('Status: declined');
    expect(within(otto).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: /^Pledges/ })).toHaveTextContent(
      '2 pledges · 1 waiting for you',
    );
  });

  it('accepts a pending pledge only after the confirm, then offers Mark completed behind its own confirm', async () => {
    const state = servePledges([makeProjectPledge()]);
    const user = userEvent.setup();
    renderSection();
    const item = await screen.findByRole('article', { name: 'Pledge from Ivy Banks' });
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept this pledge?' });
    expect(confirm).toHaveTextContent(
      'Ivy Banks pledged £1,000.00 to Solar Kettle, £100.00 of it upfront. Accepting makes it active, and Ivy Banks is told.',
    );
    // Cancel changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(state.moves).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Accept this pledge?' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    await waitFor(() => expect(currentToast()?.title).toBe('Pledge accepted'));
    expect(currentToast()?.description).toBe(
      "Ivy Banks's £1,000.00 pledge is now active. They've been told.",
    );
    expect(state.moves).toEqual(['accept 90']);
    const active = await screen.findByRole('button', { name: 'Mark completed' });
    expect(screen.getByRole('article', { name: 'Pledge from Ivy Banks' })).toHaveTextContent(
      'Status: active',
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();

    await user.click(active);
    const done = await screen.findByRole('dialog', { name: 'Mark this pledge completed?' });
    await user.click(within(done).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Pledge from Ivy Banks' })).toHaveTextContent(
        'Status: completed',
      ),
    );
    expect(state.moves).toEqual(['accept 90', 'complete 90']);
    expect(screen.queryByRole('button', { name: 'Mark completed' })).toBeNull();
  });

  it('declines behind a confirm, and says why when the server refuses', async () => {
    const state = servePledges([makeProjectPledge()]);
    const user = userEvent.setup();
    renderSection();
    const item = await screen.findByRole('article', { name: 'Pledge from Ivy Banks' });
    server.use(
      http.post('/api/pledges/90/decline', () =>
        HttpResponse.json(
          { message: 'Only a pending pledge can be declined: this one is active' },
          { status: 400 },
        ),
      ),
    );
    await user.click(within(item).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline this pledge?' });
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Decline failed',
        description: 'Only a pending pledge can be declined: this one is active',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.moves).toEqual([]);
  });

  it("says 'No pledges yet' when there are none, and offers Retry when they cannot be read", async () => {
    servePledges([]);
    const { unmount } = renderSection();
    expect(await screen.findByText('NO PLEDGES YET')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pledges/ })).toHaveTextContent('No pledges yet');
    unmount();

    server.use(
      http.get('/api/projects/12/pledges', () => HttpResponse.json({ message: 'Down' }, { status: 500 })),
    );
    renderSection();
    expect(await screen.findByText('The pledges could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('refreshes when a pledge arrives or moves elsewhere (pledges_changed)', async () => {
    const state = servePledges([makeProjectPledge()]);
    const { queryClient } = renderSection();
    await screen.findByRole('article', { name: 'Pledge from Ivy Banks' });
    state.pledges = [
      makeProjectPledge({
        id: 92,
        investor: { id: 23, firstName: 'Nia', lastName: 'Vest', profileImageUrl: null },
      }),
      ...state.pledges,
    ];
    createFrameRouter([projectsLive])({ type: 'pledges_changed', projectId: 12 }, { queryClient });
    expect(await screen.findByRole('article', { name: 'Pledge from Nia Vest' })).toBeInTheDocument();
  });
});
