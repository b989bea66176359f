import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { makePledge } from '@/test/fixtures';
import PledgeDialog from './pledge-dialog';

setupMswServer();

function servePledge() {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/projects/:id/pledge', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return HttpResponse.json(
        {
          message: 'Pledge created',
          pledge: makePledge({ amount: body.amount, upfrontAmount: Math.floor((body.amount + 5) / 10) }),
          upfrontPaymentRequired: Math.floor((body.amount + 5) / 10),
        },
        { status: 201 },
      );
    }),
  );
  return sent;
}

describe('PledgeDialog', () => {
  it('keeps Confirm disabled until the amount is at least £100 and there is a message', async () => {
    servePledge();
    renderWithProviders(
      <PledgeDialog project={{ id: 4, title: 'Solar Stitch' }} onClose={() => {}} onPledged={() => {}} />,
    );
    const amount = screen.getByLabelText('Pledge amount (£)');
    const message = screen.getByLabelText('Message to the team');
    const confirm = () => screen.getByRole('button', { name: /^Confirm Pledge/ });
    expect(confirm()).toBeDisabled();

    await userEvent.type(amount, '99.99');
    await userEvent.click(message);
    expect(await screen.findByText('The minimum pledge is £100')).toBeInTheDocument();
    expect(confirm()).toBeDisabled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    await userEvent.type(message, '   ');
    await userEvent.click(amount);
    expect(
      await screen.findByText('Message is required to complete your investment pledge'),
    ).toBeInTheDocument();
    expect(confirm()).toBeDisabled();

    await userEvent.type(message, 'Count me in');
    await waitFor(() => expect(confirm()).toBeEnabled());
    expect(confirm()).toHaveTextContent('Confirm Pledge of £150.00');
    expect(screen.getByText('£15.00')).toBeInTheDocument();
  });

  it('sends the pounds as integer pence, closes, and says Pledge Created! then Payment Confirmed', async () => {
    const sent = servePledge();
    const onClose = vi.fn();
    const onPledged = vi.fn();
    renderWithProviders(
      <PledgeDialog project={{ id: 4, title: 'Solar Stitch' }} onClose={onClose} onPledged={onPledged} />,
    );
    await userEvent.type(screen.getByLabelText('Pledge amount (£)'), '1001.10');
    await userEvent.type(screen.getByLabelText('Message to the team'), '  Count me in  ');
    await userEvent.click(screen.getByRole('button', { name: /^Confirm Pledge/ }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onPledged).toHaveBeenCalled();
    expect(sent).toEqual([{ amount: 100110, message: 'Count me in' }]);
    expect(await screen.findByText('Pledge Created!')).toBeInTheDocument();
    expect(await screen.findByText('Payment Confirmed', undefined, { timeout: 4500 })).toBeInTheDocument();
  });

  it("says 'Pledge Failed' with the server's reason", async () => {
    server.use(
      http.post('/api/projects/:id/pledge', () =>
        HttpResponse.json({ message: 'Only investors can make investment pledges' }, { status: 403 }),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <PledgeDialog project={{ id: 4, title: 'Solar Stitch' }} onClose={onClose} onPledged={() => {}} />,
    );
    await userEvent.type(screen.getByLabelText('Pledge amount (£)'), '100');
    await userEvent.type(screen.getByLabelText('Message to the team'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: /^Confirm Pledge/ }));
    expect(await screen.findByText('Pledge Failed')).toBeInTheDocument();
    expect(screen.getByText('Only investors can make investment pledges')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
