import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { scanned } from '../test-data';
import { ConnectByLink } from './connect-by-link';

setupMswServer();

function serve(answer: ReturnType<typeof scanned> | { status: number; message: string }) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/connections/auto-connect', async ({ request }) => {
      sent.push(await request.json());
      return 'status' in answer
        ? HttpResponse.json({ message: answer.message }, { status: answer.status })
        : HttpResponse.json(answer);
    }),
  );
  return sent;
}

describe('connect by link (/profile?connect={id}) while signed in', () => {
  it('connects, drops the parameter and shows CONNECTION ADDED! with the person', async () => {
    const sent = serve(scanned(true));
    const { location } = renderWithProviders(<ConnectByLink myId={7} />, { path: '/profile?connect=9' });
    const dialog = await screen.findByRole('dialog', { name: 'CONNECTION ADDED!' });
    expect(sent).toEqual([{ targetUserId: 9 }]);
    expect(location()).toBe('/profile');
    expect(dialog).toHaveTextContent('Grace Hopper');
    expect(dialog).toHaveTextContent('Innovator');
    expect(dialog).toHaveTextContent('Compilers, and teaching machines to speak English.');
    expect(currentToast()).toMatchObject({
      title: 'Connection Added!',
      description: "You're now connected with Grace!",
    });
    await userEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says ALREADY CONNECTED for an existing connection', async () => {
    serve(scanned(false));
    renderWithProviders(<ConnectByLink myId={7} />, { path: '/profile?connect=9' });
    expect(await screen.findByRole('dialog', { name: 'ALREADY CONNECTED' })).toBeInTheDocument();
    expect(currentToast()).toMatchObject({ title: 'Already Connected' });
  });

  it('never connects with oneself, and still drops the parameter', async () => {
    const sent = serve(scanned(true));
    const { location } = renderWithProviders(<ConnectByLink myId={9} />, { path: '/profile?connect=9' });
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(sent).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a link that cannot connect says Connection Failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ status: 404, message: 'User not found' });
    renderWithProviders(<ConnectByLink myId={7} />, { path: '/profile?connect=999' });
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Connection Failed',
        description: 'Unable to connect with this profile. Please try again.',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
