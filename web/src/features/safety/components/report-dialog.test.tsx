import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSafety, type ReportTarget } from '@/lib/safety';
import { currentToast } from '@/lib/toast';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { SafetyProvider } from '../safety-provider';

setupMswServer();

/** The dialogs are a chunk of their own, loaded when one first opens. */
const LAZY = { timeout: 5000 };

/** A control of another area that asks for the Report dialog. */
function ReportButton({ target }: { target: ReportTarget }) {
  const safety = useSafety();
  return (
    <button type="button" onClick={() => safety?.report(target)}>
      Report it
    </button>
  );
}

async function openReport(target: ReportTarget) {
  renderWithProviders(
    <SafetyProvider>
      <ReportButton target={target} />
    </SafetyProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Report it' }));
  return screen.findByRole('dialog', undefined, LAZY);
}

/** Records the bodies of `POST /api/reports` and answers 201 (after `wait` ms). */
function serveReports(wait = 0) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/reports', async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      await delay(wait);
      return HttpResponse.json(
        { id: 1, ...body, status: 'open', createdAt: '2026-11-23T10:00:00Z' },
        { status: 201 },
      );
    }),
  );
  return bodies;
}

describe('the Report dialog', () => {
  it('names what is reported in its title', async () => {
    const targets: [ReportTarget, string][] = [
      [{ type: 'user', id: 9, name: 'Bob Tester' }, 'Report Bob Tester'],
      [{ type: 'project', id: 3, title: 'Solar Kettle' }, 'Report Solar Kettle'],
      [{ type: 'message', id: 4, senderName: 'Bob Tester' }, 'Report message'],
      [{ type: 'feedback', id: 5, authorName: 'Bob Tester' }, 'Report feedback'],
    ];
    for (const [target, title] of targets) {
      const { unmount } = renderWithProviders(
        <SafetyProvider>
          <ReportButton target={target} />
        </SafetyProvider>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Report it' }));
      expect(await screen.findByRole('dialog', { name: title }, LAZY)).toBeInTheDocument();
      unmount();
    }
  });

  it('counts the characters live and keeps Send report disabled while the reason is blank', async () => {
    const dialog = await openReport({ type: 'message', id: 4, senderName: 'Bob Tester' });
    const reason = within(dialog).getByRole('textbox', { name: "What's wrong?" });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(within(dialog).getByText('0/1000')).toBeInTheDocument();
    expect(reason).toHaveAttribute('maxlength', '1000');
    expect(send).toBeDisabled();

    await userEvent.type(reason, '   ');
    expect(within(dialog).getByText('3/1000')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await userEvent.type(reason, 'Spam');
    expect(within(dialog).getByText('7/1000')).toBeInTheDocument();
    expect(send).toBeEnabled();
    // The count describes the field, so it is read with it.
    expect(reason).toHaveAccessibleDescription(/7\/1000/);
  });

  it('sends the trimmed reason, is disabled while sending, then closes with "Report sent"', async () => {
    const bodies = serveReports(80);
    const dialog = await openReport({ type: 'project', id: 3, title: 'Solar Kettle' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: "What's wrong?" }), '  A scam  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ targetType: 'project', targetId: 3, reason: 'A scam' }]);
    expect(currentToast()).toMatchObject({
      title: 'Report sent',
      description: 'Thank you. An administrator will look at it.',
    });
  });

  it('shows the server’s words when refused (too many reports) and keeps the reason', async () => {
    server.use(
      http.post('/api/reports', () =>
        HttpResponse.json({ message: 'Too many reports. Please try again later.' }, { status: 429 }),
      ),
    );
    const dialog = await openReport({ type: 'user', id: 9, name: 'Bob Tester' });
    const reason = within(dialog).getByRole('textbox', { name: "What's wrong?" });
    await userEvent.type(reason, 'Fake profile');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Too many reports. Please try again later.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Report Bob Tester' })).toBeInTheDocument();
    expect(reason).toHaveValue('Fake profile');
  });

  it('Cancel closes without sending, and the focus goes back to the control that opened it', async () => {
    const bodies = serveReports();
    const dialog = await openReport({ type: 'feedback', id: 5, authorName: 'Bob Tester' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: "What's wrong?" }), 'Rude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Report it' })).toHaveFocus());
  });
});
