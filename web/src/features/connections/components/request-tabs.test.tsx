import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { connectionRequestsQuery } from '../api/connections';
import type { ConnectionRequest } from '../api/types';
import { answered, request } from '../test-data';
import { RequestTabs } from './request-tabs';

setupMswServer();

/** Serves the two lists (changed by the test as the server would) and counts the reads. */
function serve(connect: ConnectionRequest[], collab: ConnectionRequest[] = []) {
  const state = { connect, collab, reads: 0 };
  server.use(
    http.get('/api/connections/requests', () => {
      state.reads += 1;
      return HttpResponse.json(state.connect);
    }),
    http.get('/api/connections/collaboration-requests', () => HttpResponse.json(state.collab)),
  );
  return state;
}

describe('RequestTabs', () => {
  it('shows a red count badge on each tab with requests, named for screen readers', async () => {
    serve(
      [request(1, 'Grace Hopper'), request(2, 'Alan Turing')],
      [request(3, 'Linus', { projectName: 'Solar Kiosk' })],
    );
    renderWithProviders(<RequestTabs />);
    const connect = await screen.findByRole('tab', { name: /^Connect\W+2 pending$/ });
    expect(within(connect).getByTestId('count-badge')).toHaveTextContent('2');
    const collab = screen.getByRole('tab', { name: /^Collab\W+1 pending$/ });
    expect(within(collab).getByTestId('count-badge')).toHaveTextContent('1');
    const list = screen.getByRole('list', { name: 'Connection requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(collab);
    expect(await screen.findByText('Solar Kiosk')).toBeInTheDocument();
  });

  it('has no badge and an empty state when nothing waits', async () => {
    serve([]);
    renderWithProviders(<RequestTabs />);
    expect(await screen.findByText('No connection requests')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByTestId('count-badge')).toBeNull();
  });

  it('accepts: the request goes, Success is toasted, and requests and the user are refreshed', async () => {
    const state = serve([request(1, 'Grace Hopper'), request(2, 'Alan Turing')]);
    let accepted: string | undefined;
    server.use(
      http.post('/api/connections/:id/accept', ({ params }) => {
        accepted = String(params.id);
        state.connect = state.connect.filter((r) => String(r.id) !== accepted);
        // A connection made before pays nothing (shared/API.md "Coins").
        return HttpResponse.json(answered(Number(params.id), { coinsEarned: 0 }));
      }),
    );
    const { queryClient } = renderWithProviders(<RequestTabs />);
    // The signed-in user is in the cache (it refreshes after an answer: connectionCount, coins).
    queryClient.setQueryData(['/api/auth/user'], makeUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Grace Hopper' }));
    expect(accepted).toBe('1');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Success',
        description: 'Request accepted successfully',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Accept Grace Hopper' })).toBeNull();
    expect(await screen.findByRole('tab', { name: /^Connect\W+1 pending$/ })).toBeInTheDocument();
    await waitFor(() => expect(state.reads).toBeGreaterThanOrEqual(2));
    expect(queryClient.getQueryState(['/api/auth/user'])?.isInvalidated).toBe(true);
  });

  it("an accept says what it paid, or that the day's coin limit for new connections was reached", async () => {
    const state = serve([request(1, 'Grace Hopper'), request(2, 'Alan Turing')]);
    let capped = false;
    server.use(
      http.post('/api/connections/:id/accept', ({ params }) => {
        state.connect = state.connect.filter((r) => String(r.id) !== String(params.id));
        return HttpResponse.json(
          answered(Number(params.id), { coinsEarned: capped ? 0 : 25, coinsCapped: capped }),
        );
      }),
    );
    renderWithProviders(<RequestTabs />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Grace Hopper' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Success',
        description: 'Request accepted successfully. You earned 25 coins.',
      }),
    );
    capped = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Alan Turing' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Success',
        description:
          "Request accepted successfully. You've reached today's coin limit for new connections, so this one earned no coins.",
      }),
    );
  });

  it('rejects; a refused answer says Error and brings the request back', async () => {
    serve([request(1, 'Grace Hopper')]);
    server.use(
      http.post('/api/connections/:id/reject', () => HttpResponse.json({ message: 'Nope' }, { status: 500 })),
    );
    renderWithProviders(<RequestTabs />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Grace Hopper' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to process collaboration request',
        variant: 'destructive',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Accept Grace Hopper' })).toBeInTheDocument();
  });

  it('a refused answer brings back only its own request, and keeps one that arrived meanwhile', async () => {
    let refuse: () => void = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    // Reads after the refusal wait, so what the screen shows then is the undo's doing, not a fresh list.
    let reads = 0;
    let answerReads: () => void = () => {};
    const readsHeld = new Promise<void>((resolve) => (answerReads = resolve));
    server.use(
      http.get('/api/connections/requests', async () => {
        reads += 1;
        if (reads > 1) await readsHeld;
        return HttpResponse.json(
          [request(1, 'Grace Hopper'), request(2, 'Alan Turing')].slice(0, reads > 1 ? 2 : 1),
        );
      }),
      http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
      http.post('/api/connections/:id/reject', async () => {
        await refused;
        return HttpResponse.json({ message: 'Nope' }, { status: 500 });
      }),
    );
    const { queryClient } = renderWithProviders(<RequestTabs />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Grace Hopper' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept Grace Hopper' })).toBeNull());
    // A new request arrives while the answer is on its way (as a live frame puts it in the list).
    queryClient.setQueryData(connectionRequestsQuery().queryKey, [request(2, 'Alan Turing')]);
    expect(await screen.findByRole('button', { name: 'Accept Alan Turing' })).toBeInTheDocument();
    refuse();
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Error' }));
    expect(await screen.findByRole('button', { name: 'Accept Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Alan Turing' })).toBeInTheDocument();
    answerReads();
  });

  it('shows an error with Retry when the requests cannot be read', async () => {
    let fail = true;
    server.use(
      http.get('/api/connections/requests', () =>
        fail
          ? HttpResponse.json({ message: 'Down' }, { status: 503 })
          : HttpResponse.json([request(1, 'Grace Hopper')]),
      ),
      http.get('/api/connections/collaboration-requests', () => HttpResponse.json([])),
    );
    renderWithProviders(<RequestTabs />);
    expect(await screen.findByText('Requests could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Accept Grace Hopper' })).toBeInTheDocument();
  });
});
