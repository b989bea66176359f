import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NdefReaderLike, ShareEnv } from '@/lib/share/share-methods';
import { currentToast, dismissToast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import ShareProjectDialog from './share-project-dialog';

const qr = vi.hoisted(() => ({ made: [] as string[] }));
vi.mock('@/lib/share/qr', () => ({
  QR_SIZE_PX: 200,
  qrDataUrl: (text: string) => {
    qr.made.push(text);
    return Promise.resolve('data:image/png;base64,QR');
  },
}));

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0';

function env(overrides: Partial<ShareEnv> = {}): ShareEnv {
  return { userAgent: DESKTOP, maxTouchPoints: 0, wait: () => Promise.resolve(), ...overrides };
}

describe('Share Project QR', () => {
  it('shows the QR code of {origin}/join/{id}, the link, and copies it', async () => {
    const link = `${window.location.origin}/join/12`;
    const writeText = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ShareProjectDialog
        projectId={12}
        title="Solar Kettle"
        open
        onOpenChange={() => {}}
        env={env({ writeText })}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Share Project QR' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the link to join Solar Kettle' }),
    ).toHaveAttribute('src', 'data:image/png;base64,QR');
    expect(qr.made).toEqual([link]);
    expect(within(dialog).getByTestId('project-join-link')).toHaveTextContent(link);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(currentToast()).toMatchObject({
      title: 'Link Copied',
      description: 'Project link copied to clipboard.',
    });
  });

  it('tap to share without native sharing or NFC says so', async () => {
    renderWithProviders(
      <ShareProjectDialog projectId={12} title="Solar Kettle" open onOpenChange={() => {}} env={env()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tap to share' }));
    expect(currentToast()).toMatchObject({
      title: 'NFC not supported',
      description: "Your device doesn't support NFC sharing.",
    });
  });

  it('shares through the native share sheet when the browser has one', async () => {
    const share = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ShareProjectDialog
        projectId={12}
        title="Solar Kettle"
        open
        onOpenChange={() => {}}
        env={env({ share })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share link' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/join/12` }));
    expect(currentToast()?.title).toBe('Share Complete');
  });
});

describe('Share Project QR, the NFC reader', () => {
  /** The dialog as its button holds it: open until it asks to close. */
  function ClosableDialog({ env: shareEnv }: { env: ShareEnv }) {
    const [open, setOpen] = useState(true);
    return (
      <ShareProjectDialog
        projectId={12}
        title="Solar Kettle"
        open={open}
        onOpenChange={setOpen}
        env={shareEnv}
      />
    );
  }

  it('closing the dialog stops the reader, and Tap to share again keeps only one', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const tapped: NdefReaderLike[] = [];
    class Reader implements NdefReaderLike {
      onreading: NdefReaderLike['onreading'] = null;
      scan(options?: { signal?: AbortSignal }) {
        signals.push(options?.signal);
        tapped.push(this);
        return Promise.resolve();
      }
      write() {
        return Promise.resolve();
      }
    }
    const openLink = vi.fn();
    const shareEnv = env({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile',
      NDEFReader: Reader,
      openLink,
    });
    renderWithProviders(<ClosableDialog env={shareEnv} />);
    const tap = () => userEvent.click(screen.getByRole('button', { name: 'Tap to share' }));
    await tap();
    await waitFor(() => expect(currentToast()?.title).toBe('NFC Tag Written!'));
    await tap();
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals.filter((signal) => !signal?.aborted)).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(signals.every((signal) => signal?.aborted)).toBe(true);
    dismissToast();
    for (const reader of tapped) {
      reader.onreading?.({
        message: { records: [{ recordType: 'url', data: 'https://grow.example/join/3' }] },
      });
    }
    expect(currentToast()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(openLink).not.toHaveBeenCalled();
  });
});
