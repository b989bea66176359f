import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NdefReaderLike, ShareEnv } from '@/lib/share/share-methods';
import { currentToast, dismissToast } from '@/lib/toast';
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

/** Web NFC readers as a phone would have them: each scans until its signal aborts; a tag can be "tapped" to one. */
function nfcReaders() {
  const readers: { reader: NdefReaderLike; signal: AbortSignal | undefined }[] = [];
  class Reader implements NdefReaderLike {
    onreading: NdefReaderLike['onreading'] = null;
    scan(options?: { signal?: AbortSignal }) {
      readers.push({ reader: this, signal: options?.signal });
      return Promise.resolve();
    }
    write() {
      return Promise.resolve();
    }
  }
  return {
    Reader,
    /** Readers still scanning. */
    scanning: () => readers.filter(({ signal }) => !signal?.aborted),
    /** Another phone holds a project link to every reader that was ever made (a live one reports it). */
    tap: (url: string) =>
      readers.forEach(({ reader }) =>
        reader.onreading?.({ message: { records: [{ recordType: 'url', data: url }] } }),
      ),
  };
}

/** The dialog as its button holds it: open until it asks to close (Escape, the close button). */
function ClosableDialog({ env: shareEnv }: { env: ShareEnv }) {
  const [open, setOpen] = useState(true);
  return <ShareProfileDialog link={LINK} open={open} onOpenChange={setOpen} env={shareEnv} />;
}

describe('Share Your Profile, the NFC reader', () => {
  it('closing the dialog stops the reader: a later tap neither says Project Received! nor opens the link', async () => {
    const nfc = nfcReaders();
    const openLink = vi.fn();
    const shareEnv = env({ userAgent: ANDROID, NDEFReader: nfc.Reader, openLink });
    renderWithProviders(<ClosableDialog env={shareEnv} />);
    const dialog = screen.getByRole('dialog', { name: 'Share Your Profile' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    expect(await within(dialog).findByText('DEVICE LINKED')).toBeInTheDocument();
    expect(nfc.scanning()).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(nfc.scanning()).toHaveLength(0);
    dismissToast();
    nfc.tap(`${window.location.origin}/project/4`);
    expect(currentToast()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(openLink).not.toHaveBeenCalled();
  });

  it('a link tapped just before the dialog closes does not open after it closed', async () => {
    const nfc = nfcReaders();
    const openLink = vi.fn();
    const shareEnv = env({ userAgent: ANDROID, NDEFReader: nfc.Reader, openLink });
    const view = renderWithProviders(
      <ShareProfileDialog link={LINK} open onOpenChange={() => {}} env={shareEnv} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Share Your Profile' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await within(dialog).findByText('DEVICE LINKED');
    nfc.tap(`${window.location.origin}/project/4`);
    expect(currentToast()).toMatchObject({ title: 'Project Received!' });
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(openLink).not.toHaveBeenCalled();
  });

  it('an open dialog opens a tapped project link about 1 s later', async () => {
    const nfc = nfcReaders();
    const openLink = vi.fn();
    renderDialog(env({ userAgent: ANDROID, NDEFReader: nfc.Reader, openLink }));
    await userEvent.click(screen.getByRole('button', { name: 'DEVICE-CONNECT' }));
    await screen.findByText('DEVICE LINKED');
    nfc.tap(`${window.location.origin}/project/4`);
    await waitFor(() => expect(openLink).toHaveBeenCalledWith('/project/4'), {
      timeout: 2000,
    });
  });

  it('a tapped link to another site is never opened, nor announced', async () => {
    const nfc = nfcReaders();
    const openLink = vi.fn();
    renderDialog(env({ userAgent: ANDROID, NDEFReader: nfc.Reader, openLink }));
    await userEvent.click(screen.getByRole('button', { name: 'DEVICE-CONNECT' }));
    await screen.findByText('DEVICE LINKED');
    dismissToast();
    nfc.tap('https://evil.example/project/4');
    expect(currentToast()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(openLink).not.toHaveBeenCalled();
  });

  it('DEVICE-CONNECT again keeps one reader: the one before stops', async () => {
    const nfc = nfcReaders();
    const dialog = renderDialog(env({ userAgent: ANDROID, NDEFReader: nfc.Reader }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'RESET CONNECTION' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await within(dialog).findByText('DEVICE LINKED');
    await userEvent.click(within(dialog).getByRole('button', { name: 'RESET CONNECTION' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'DEVICE-CONNECT' }));
    await within(dialog).findByText('DEVICE LINKED');
    expect(nfc.scanning()).toHaveLength(1);
  });
});
