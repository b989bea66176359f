import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeScan } from '@/test/fixtures';
import { http, type Body } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { AddConnectionDialog } from './add-connection-dialog';

setupMswServer();

const GRACE = makeScan();

function serveScan(answer: () => HttpResponse<Body<'/api/connections/scan', 'post'>>) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/connections/scan', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

function renderDialog() {
  const onConnected = vi.fn();
  renderWithProviders(<AddConnectionDialog open onClose={() => {}} onConnected={onConnected} />);
  return onConnected;
}

async function paste(text: string) {
  await userEvent.type(screen.getByLabelText('Profile link'), text);
  await userEvent.click(screen.getByRole('button', { name: 'CONNECT' }));
}

describe('Add a connection by link or code', () => {
  it('a pasted profile link sends the code it carries', async () => {
    const sent = serveScan(() => HttpResponse.json(GRACE));
    const onConnected = renderDialog();
    await paste('https://grow.example/profile?connect=k3J9-x_Qa');
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(GRACE));
    expect(sent).toEqual([{ code: 'k3J9-x_Qa' }]);
  });

  it('a bare code works as well', async () => {
    const sent = serveScan(() => HttpResponse.json(GRACE));
    const onConnected = renderDialog();
    await paste('  k3J9-x_Qa ');
    await waitFor(() => expect(onConnected).toHaveBeenCalled());
    expect(sent).toEqual([{ code: 'k3J9-x_Qa' }]);
  });

  it('text that is neither is refused under the field, and nothing is sent', async () => {
    const sent = serveScan(() => HttpResponse.json(GRACE));
    renderDialog();
    await paste('https://grow.example/profile');
    expect(screen.getByLabelText('Profile link')).toHaveAccessibleDescription(
      'Paste a profile link (it has ?connect= in it) or the connect code on its own.',
    );
    expect(sent).toEqual([]);
  });

  it('an unknown code (404) says no one has it, under the field', async () => {
    serveScan(() => HttpResponse.json({ message: 'Not found' }, { status: 404 }));
    const onConnected = renderDialog();
    await paste('old-code-1');
    await waitFor(() =>
      expect(screen.getByLabelText('Profile link')).toHaveAccessibleDescription(
        expect.stringContaining("This link or code doesn't match anyone on Grow.") as string,
      ),
    );
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('too many tries (429) says how long to wait', async () => {
    serveScan(() =>
      HttpResponse.json({ message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '90' } }),
    );
    renderDialog();
    await paste('k3J9-x_Qa');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Connection Failed',
        description: 'Too many tries. Wait 2 min and try again.',
      }),
    );
  });
});
