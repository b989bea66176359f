import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { scanned } from '../test-data';
import { ConnectByLink } from './connect-by-link';

setupMswServer();

type Answer =
  ReturnType<typeof scanned> | { status: number; message: string; headers?: Record<string, string> };

function serve(answer: Answer) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/connections/auto-connect', async ({ request }) => {
      sent.push(await request.json());
      return 'status' in answer
        ? HttpResponse.json(
            { message: answer.message },
            { status: answer.status, ...(answer.headers ? { headers: answer.headers } : {}) },
          )
        : HttpResponse.json(answer);
    }),
  );
  return sent;
}

const MINE = 'my-own-code-7';

describe('connect by link (/profile?connect={code}) while signed in', () => {
  it('connects by the code, drops the parameter and shows CONNECTION ADDED! with the person and the coins', async () => {
    const sent = serve(scanned(true));
    const { location } = renderWithProviders(<ConnectByLink myCode={MINE} />, {
      path: '/profile?connect=grace-Code_9',
    });
    const dialog = await screen.findByRole('dialog', { name: 'CONNECTION ADDED!' });
    expect(sent).toEqual([{ code: 'grace-Code_9' }]);
    expect(location()).toBe('/profile');
    expect(dialog).toHaveTextContent('Grace Hopper');
    expect(dialog).toHaveTextContent('Innovator');
    expect(dialog).toHaveTextContent('Compilers, and teaching machines to speak English.');
    expect(dialog).toHaveTextContent('+25 coins');
    expect(currentToast()).toMatchObject({
      title: 'Connection Added!',
      description: "You're now connected with Grace! You earned 25 coins.",
    });
    await userEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says the day's coin limit was reached when the connection earned nothing, and shows no amount", async () => {
    serve({ ...scanned(true), coinsEarned: 0, coinsCapped: true });
    renderWithProviders(<ConnectByLink myCode={MINE} />, { path: '/profile?connect=grace9' });
    const dialog = await screen.findByRole('dialog', { name: 'CONNECTION ADDED!' });
    const capped = "You've reached today's coin limit for new connections, so this one earned no coins.";
    expect(within(dialog).getByText(capped)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/\+\d+ coins/);
    expect(currentToast()).toMatchObject({
      title: 'Connection Added!',
      description: `You're now connected with Grace! ${capped}`,
    });
  });

  it('says ALREADY CONNECTED for an existing connection', async () => {
    serve(scanned(false));
    renderWithProviders(<ConnectByLink myCode={MINE} />, { path: '/profile?connect=grace9' });
    expect(await screen.findByRole('dialog', { name: 'ALREADY CONNECTED' })).toBeInTheDocument();
    expect(currentToast()).toMatchObject({ title: 'Already Connected' });
  });

  it('never connects with my own code, and still drops the parameter', async () => {
    const sent = serve(scanned(true));
    const { location } = renderWithProviders(<ConnectByLink myCode={MINE} />, {
      path: `/profile?connect=${MINE}`,
    });
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(sent).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an unknown code (404) says no one has it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ status: 404, message: 'Not found' });
    renderWithProviders(<ConnectByLink myCode={MINE} />, { path: '/profile?connect=gone-code' });
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Connection Failed',
        description: expect.stringContaining("This link or code doesn't match anyone on Grow.") as string,
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a value that is not a code is not sent, and says so', async () => {
    const sent = serve(scanned(true));
    const { location } = renderWithProviders(<ConnectByLink myCode={MINE} />, {
      path: '/profile?connect=%3Cb%3E',
    });
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(sent).toEqual([]);
    expect(currentToast()).toMatchObject({ title: 'Connection Failed' });
  });

  it('too many tries (429) says how long to wait', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ status: 429, message: 'Slow down', headers: { 'Retry-After': '42' } });
    renderWithProviders(<ConnectByLink myCode={MINE} />, { path: '/profile?connect=grace9' });
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Connection Failed',
        description: 'Too many tries. Wait 42 s and try again.',
      }),
    );
  });
});
