import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NdefReaderLike, ShareEnv } from '@/lib/share/share-methods';
import { currentToast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import ShareProfileDialog from './share-profile-dialog';

const qr = vi.hoisted(() => ({ fail: false, made: [] as string[] }));
vi.mock('@/lib/share/qr', () => ({
  QR_SIZE_PX: 200,
  qrDataUrl: (text: string) => {
    qr.made.push(text);
    return qr.fail ? Promise.reject(new Error('too long')) : Promise.resolve('data:image/png;base64,QR');
  },
}));

const LINK = 'http://localhost:3000/profile?connect=7';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile';

function env(overrides: Partial<ShareEnv> = {}): ShareEnv {
  return { userAgent: DESKTOP, maxTouchPoints: 0, wait: () => Promise.resolve(), ...overrides };
}

function renderDialog(shareEnv: ShareEnv) {
  renderWithProviders(<ShareProfileDialog link={LINK} open onOpenChange={() => {}} env={shareEnv} />);
  return screen.getByRole('dialog', { name: 'Share Your Profile' });
}

describe('Share Your Profile', () => {
  it('shows the QR code of the connect link with the spec’s words, and copies the link', async () => {
    qr.made = [];
    const writeText = vi.fn(() => Promise.resolve());
    const dialog = renderDialog(env({ writeText }));
    expect(await within(dialog).findByRole('img', { name: 'QR code of your profile link' })).toHaveAttribute(
      'src',
      'data:image/png;base64,QR',
    );
    expect(qr.made).toEqual([LINK]);
    expect(within(dialog).getByText('Scan this QR code to connect with me')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(LINK);
    // No native sharing, no NFC, not iOS: no device connect.
    expect(within(dialog).queryByRole('button', { name: 'DEVICE-CONNECT' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(currentToast()).toMatchObject({ title: 'Link Copied' });
  });

  it('says Error – Failed to generate QR code when the code cannot be made', async () => {
    qr.fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog(env());
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to generate QR code' }),
    );
    qr.fail = false;
  });

  it('copy without a clipboard says Copy failed', async () => {
    const dialog = renderDialog(env());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(currentToast()).toMatchObject({ title: 'Copy failed', description: 'Unable to copy link.' });
  });

  it('DEVICE-CONNECT with native sharing: Preparing NFC..., then DEVICE LINKED; RESET CONNECTION clears it', async () => {
    let finish: () => void = () => {};
    const share = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const dialog = renderDialog(env({ share }));
    expect(within(dialog).getByText('Hold devices together to share instantly!')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    expect(within(dialog).getByRole('button', { name: 'Preparing NFC...' })).toBeDisabled();
    finish();
    expect(await within(dialog).findByText('DEVICE LINKED')).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }));
    expect(currentToast()).toMatchObject({ title: 'Share Complete' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'RESET CONNECTION' }));
    expect(currentToast()).toMatchObject({ title: 'Connection Reset' });
    expect(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' })).toBeInTheDocument();
  });

  it('a cancelled share says Share Cancelled and links nothing', async () => {
    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const dialog = renderDialog(env({ share: () => Promise.reject(abort) }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Share Cancelled',
        description: 'You cancelled the share.',
      }),
    );
    expect(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' })).toBeInTheDocument();
  });

  it('Android with Web NFC: Ready to Share, then the link is written as a url record (NFC Tag Written!)', async () => {
    const writes: unknown[] = [];
    class Reader implements NdefReaderLike {
      onreading: NdefReaderLike['onreading'] = null;
      scan() {
        return Promise.resolve();
      }
      write(message: unknown) {
        writes.push(message);
        return Promise.resolve();
      }
    }
    const toasts: string[] = [];
    const wait = vi.fn(() => {
      toasts.push(currentToast()?.title ?? '');
      return Promise.resolve();
    });
    const dialog = renderDialog(env({ userAgent: ANDROID, NDEFReader: Reader, wait }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    expect(await within(dialog).findByText('DEVICE LINKED')).toBeInTheDocument();
    expect(toasts).toEqual(['Ready to Share']);
    expect(wait).toHaveBeenCalledWith(1000);
    expect(writes).toEqual([{ records: [{ recordType: 'url', data: LINK }] }]);
    expect(currentToast()).toMatchObject({ title: 'NFC Tag Written!' });
  });

  it('Android: a failed NFC write with nothing to fall back on says NFC Write Failed', async () => {
    class Reader implements NdefReaderLike {
      onreading: NdefReaderLike['onreading'] = null;
      scan() {
        return Promise.resolve();
      }
      write() {
        return Promise.reject(new Error(''));
      }
    }
    const dialog = renderDialog(env({ userAgent: ANDROID, NDEFReader: Reader }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'NFC Write Failed',
        description: 'Could not write to NFC tag. Make sure NFC is enabled.',
      }),
    );
  });
});
