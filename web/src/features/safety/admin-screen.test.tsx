import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import AdminScreen from './admin-screen';
import type { AdminReport } from './api/types';
import { adminReport, projectReport, userReport } from './test-data';

setupMswServer();

/** Serves the open reports (a page of `pageSize`, with a Link to the next) and resolves them as the server does. */
function serveReports(initial: AdminReport[], pageSize = 50) {
  const state = { open: initial, resolved: [] as { id: string; action: unknown }[] };
  server.use(
    http.get('/api/admin/reports', ({ request }) => {
      const url = new URL(request.url);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = state.open.slice(start, start + pageSize);
      const more = start + pageSize < state.open.length;
      return HttpResponse.json(page, {
        headers: more
          ? { Link: `</api/admin/reports?cursor=${start + pageSize}&limit=${pageSize}>; rel="next"` }
          : {},
      });
    }),
    http.post('/api/admin/reports/:id/resolve', async ({ params, request }) => {
      const { action } = await request.json();
      state.resolved.push({ id: String(params.id), action });
      const report = state.open.find((r) => String(r.id) === params.id)!;
      state.open = state.open.filter((r) => r !== report);
      const status = ({ dismiss: 'dismissed', remove: 'removed', suspend: 'suspended' } as const)[action];
      return HttpResponse.json({ ...report, status });
    }),
  );
  return state;
}

function renderAdmin() {
  return renderWithProviders(<AdminScreen />, { path: '/admin' });
}

const cards = () => screen.getAllByRole('article');

describe('the admin screen', () => {
  it('says all clear when there is nothing open', async () => {
    serveReports([]);
    renderAdmin();
    expect(await screen.findByText('No open reports. All clear!')).toBeInTheDocument();
  });

  it('shows each report with its type, reason, reporter, time and the message in context', async () => {
    serveReports([adminReport(1)]);
    renderAdmin();
    const card = await screen.findByRole('article', { name: 'Message report from Ada Lovelace' });
    expect(within(card).getByText('Message')).toBeInTheDocument();
    expect(within(card).getByText('He keeps sending me spam links.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Reported by Ada Lovelace');
    expect(within(card).getByText(/21 Nov 2026/)).toHaveAttribute('datetime', '2026-11-21T09:30:00Z');

    const content = within(card).getByRole('region', { name: 'Reported content' });
    expect(content).toHaveTextContent('Direct message');
    expect(content).toHaveTextContent('By Bob Tester');
    const around = within(content).getAllByRole('listitem');
    expect(around.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(around[1]).toHaveTextContent('Bob Tester');
    expect(around[1]).toHaveTextContent('Buy followers at spam.example');
    expect(around[1]).toHaveTextContent('Reported');
    for (const action of ['Dismiss', 'Remove', 'Suspend'])
      expect(within(card).getByRole('button', { name: action })).toBeInTheDocument();
  });

  it('a report on a person has no Remove; one whose author is gone has no Suspend; gone content says so', async () => {
    serveReports([
      userReport(1),
      projectReport(2, {
        subject: null,
        content: { exists: false, title: null, text: null, imageUrl: null, projectId: null, context: [] },
      }),
    ]);
    renderAdmin();
    await screen.findAllByRole('article');
    const [person, project] = cards();
    expect(within(person!).getByText('Person')).toBeInTheDocument();
    expect(within(person!).getByText('Totally real person.')).toBeInTheDocument();
    expect(within(person!).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(person!).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();

    expect(within(project!).getByText('This content no longer exists')).toBeInTheDocument();
    expect(within(project!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(project!).queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('Dismiss asks first; Cancel does nothing; confirmed, the card leaves the list', async () => {
    const state = serveReports([adminReport(1), projectReport(2)]);
    renderAdmin();
    await screen.findAllByRole('article');
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: 'Dismiss' }));
    let confirm = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.resolved).toEqual([]);

    await userEvent.click(within(cards()[0]!).getByRole('button', { name: 'Dismiss' }));
    confirm = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(state.resolved).toEqual([{ id: '1', action: 'dismiss' }]);
    expect(cards()[0]).toHaveTextContent('This project is a scam.');
    expect(currentToast()).toMatchObject({ title: 'Report dismissed' });
  });

  it('Remove asks "Remove this project?" and says it goes for everyone', async () => {
    const state = serveReports([projectReport(2)]);
    renderAdmin();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Solar Kettle')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this project?' });
    expect(confirm).toHaveTextContent('It will be deleted for everyone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No open reports. All clear!')).toBeInTheDocument();
    expect(state.resolved).toEqual([{ id: '2', action: 'remove' }]);
    // The card is gone: the focus is on the list's heading, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Open reports' })).toHaveFocus());
  });

  it('Remove names a message or feedback item as such', async () => {
    serveReports([adminReport(1), adminReport(3, { targetType: 'feedback' })]);
    renderAdmin();
    await screen.findAllByRole('article');
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('dialog', { name: 'Remove this message?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(cards()[1]!).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('dialog', { name: 'Remove this feedback?' })).toBeInTheDocument();
  });

  it('Suspend asks "Suspend Bob?" and says what it does', async () => {
    const state = serveReports([userReport(1)]);
    renderAdmin();
    const card = await screen.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend Bob?' });
    expect(confirm).toHaveTextContent('They will be signed out everywhere and unable to log in.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('No open reports. All clear!')).toBeInTheDocument();
    expect(state.resolved).toEqual([{ id: '1', action: 'suspend' }]);
    expect(currentToast()).toMatchObject({ title: 'Bob suspended' });
  });

  it('loads older reports by the Link header', async () => {
    serveReports(
      Array.from({ length: 3 }, (_, n) => adminReport(n + 1, { reason: `Reason ${n + 1}` })),
      2,
    );
    renderAdmin();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[2]).toHaveTextContent('Reason 3');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers Retry when the reports cannot be loaded', async () => {
    server.use(http.get('/api/admin/reports', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })));
    renderAdmin();
    expect(await screen.findByText('The reports could not be loaded')).toBeInTheDocument();
    serveReports([]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No open reports. All clear!')).toBeInTheDocument();
  });
});
