import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER_KEY, useCurrentUser, type User } from '@/lib/session';
import type { ShareEnv } from '@/lib/share/share-methods';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http, type Body } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { profileLink } from '../lib/profile-text';
import ShareProfileDialog from './share-profile-dialog';

setupMswServer();

const qr = vi.hoisted(() => ({ made: [] as string[] }));
vi.mock('@/lib/share/qr', () => ({
  QR_SIZE_PX: 200,
  qrDataUrl: (text: string) => {
    qr.made.push(text);
    return Promise.resolve(`data:image/png;base64,${btoa(text)}`);
  },
}));

const ORIGIN = 'http://localhost:3000';
const env: ShareEnv = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
  maxTouchPoints: 0,
  wait: () => Promise.resolve(),
};

/** The dialog as the profile screen gives it: the link of my cached record's connect code. */
function Harness() {
  const { user } = useCurrentUser();
  return (
    <ShareProfileDialog
      link={profileLink(ORIGIN, user?.connectCode)}
      open
      onOpenChange={() => {}}
      env={env}
    />
  );
}

function renderWithUser(user: User) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const rendered = renderWithProviders(<Harness />, { queryClient });
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Share Your Profile' }) };
}

function serveNewCode(next: string) {
  const posts: number[] = [];
  server.use(
    http.post('/api/users/me/connect-code', () => {
      posts.push(1);
      return HttpResponse.json({ connectCode: next });
    }),
    http.get('/api/auth/user', () => HttpResponse.json(makeUser({ connectCode: next }))),
  );
  return posts;
}

describe('Share Your Profile: New link', () => {
  it('the QR code and the link carry my connect code, not my id', async () => {
    const { dialog } = renderWithUser(makeUser({ id: 7, connectCode: 'old-Code_1' }));
    expect(dialog).toHaveTextContent(`${ORIGIN}/profile?connect=old-Code_1`);
    await within(dialog).findByRole('img', { name: 'QR code of your profile link' });
    expect(qr.made.at(-1)).toBe(`${ORIGIN}/profile?connect=old-Code_1`);
    expect(dialog).not.toHaveTextContent('connect=7');
  });

  it('asks first, saying old links stop working; Cancel keeps the link and sends nothing', async () => {
    const posts = serveNewCode('new-code-2');
    const { dialog } = renderWithUser(makeUser({ connectCode: 'old-code-1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Make a new link?' });
    expect(confirm).toHaveAccessibleDescription(
      expect.stringContaining(
        "Your current QR code and link will stop working. People who already have them won't be able to connect with them",
      ) as string,
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Share Your Profile' })).toHaveTextContent(
      'connect=old-code-1',
    );
  });

  it('confirmed, makes a new code: the link and QR code change, my record keeps it, and it says the link is ready', async () => {
    const posts = serveNewCode('new-code-2');
    const { dialog, queryClient } = renderWithUser(makeUser({ connectCode: 'old-code-1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Make a new link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'MAKE NEW LINK' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([1]);
    const shared = screen.getByRole('dialog', { name: 'Share Your Profile' });
    await waitFor(() => expect(shared).toHaveTextContent(`${ORIGIN}/profile?connect=new-code-2`));
    expect(shared).not.toHaveTextContent('old-code-1');
    await waitFor(() => expect(qr.made.at(-1)).toBe(`${ORIGIN}/profile?connect=new-code-2`));
    expect(queryClient.getQueryData<User>(CURRENT_USER_KEY)?.connectCode).toBe('new-code-2');
    expect(currentToast()).toMatchObject({ title: 'New link ready', variant: 'success' });
  });

  it('too many tries (429) says how long to wait and keeps the old link', async () => {
    server.use(
      http.post('/api/users/me/connect-code', () =>
        HttpResponse.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '720' } }),
      ),
    );
    const { dialog } = renderWithUser(makeUser({ connectCode: 'old-code-1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    await userEvent.click(screen.getByRole('button', { name: 'MAKE NEW LINK' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Too many tries. Wait 12 min and try again.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Share Your Profile' })).toHaveTextContent(
      'connect=old-code-1',
    );
  });

  it('without a code yet there is nothing to share but New link', () => {
    const { dialog } = renderWithUser(makeUser({ connectCode: null }));
    expect(within(dialog).getByText('You have no link yet. Make one with New link.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'New link' })).toBeInTheDocument();
  });
});

describe('Share Your Profile: after an iOS share', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const LINK = `${ORIGIN}/profile?connect=my-code_9`;

  function serveScan(answer: () => HttpResponse<Body<'/api/connections/scan', 'post'>>) {
    const codes: unknown[] = [];
    server.use(
      http.post('/api/connections/scan', async ({ request }) => {
        codes.push(((await request.json()) as { code: unknown }).code);
        return answer();
      }),
    );
    return codes;
  }

  function renderShare(userAgent: string, share: ShareEnv['share']) {
    renderWithProviders(
      <ShareProfileDialog link={LINK} open onOpenChange={() => {}} env={{ ...env, userAgent, share }} />,
    );
    return screen.getByRole('dialog', { name: 'Share Your Profile' });
  }

  it('calls the scan with the link’s code once the share sheet sent it (spec 001 §7)', async () => {
    const codes = serveScan(() =>
      HttpResponse.json({ message: 'You cannot connect with yourself' }, { status: 400 }),
    );
    const dialog = renderShare(IPHONE, () => Promise.resolve());
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await waitFor(() => expect(codes).toEqual(['my-code_9']));
    // The share worked: the scan's refusal of my own code adds no error over it.
    expect(currentToast()).toMatchObject({ title: 'Share Complete' });
  });

  it('a cancelled iOS share, or a share on another device, calls no scan', async () => {
    const codes = serveScan(() => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }));
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const dialog = renderShare(IPHONE, () => Promise.reject(abort));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Share Cancelled' }));
    expect(codes).toEqual([]);
  });
});
