import { Copy, Nfc, Share2, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { qrDataUrl, QR_SIZE_PX } from '@/lib/share/qr';
import {
  browserShareEnv,
  copyLink,
  deviceShareSupported,
  NFC_NOT_SUPPORTED,
  shareFromDevice,
  shareNotice,
  shareOrCopy,
  type ShareEnv,
} from '@/lib/share/share-methods';
import { useNfcSession } from '@/lib/share/use-nfc-session';
import { toast } from '@/lib/toast';

export interface ShareProjectDialogProps {
  projectId: number;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The browser's sharing abilities (tests give their own). */
  env?: ShareEnv;
}

/** The project's join link, `{origin}/join/{id}` (spec 001 §7 QR). */
export function joinLink(projectId: number, origin = window.location.origin): string {
  return `${origin}/join/${projectId}`;
}

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

function useQrCode(link: string, open: boolean): QrState {
  const [made, setMade] = useState<{ link: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    qrDataUrl(link).then(
      (src) => current && setMade({ link, src }),
      (error: unknown) => {
        console.error('QR generation failed', error);
        if (!current) return;
        setMade({ link, src: null });
        toast({ title: 'Error', description: 'Failed to generate QR code', variant: 'destructive' });
      },
    );
    return () => {
      current = false;
    };
  }, [link, open]);
  if (made?.link !== link) return { status: 'loading' };
  return made.src === null ? { status: 'failed' } : { status: 'ready', src: made.src };
}

/**
 * Share Project QR (spec 001 §2.3, §2.5, §4): the QR code of the project's join link (200 px, margin 2, made in
 * the browser), the link with Copy, the native share sheet, and sharing by tapping phones (Web NFC where the
 * browser has it, else the fallbacks in the spec's order). Loaded lazily with its QR library.
 */
export default function ShareProjectDialog({
  projectId,
  title,
  open,
  onOpenChange,
  env: givenEnv,
}: ShareProjectDialogProps) {
  const env = useMemo(() => givenEnv ?? browserShareEnv(), [givenEnv]);
  const link = joinLink(projectId);
  const qr = useQrCode(link, open);
  const [busy, setBusy] = useState<'copy' | 'share' | 'tap' | null>(null);
  const nfc = useNfcSession(open, env);
  const shareText = { title: `Join ${title} on Grow`, text: `Scan or open this link to join ${title}` };

  const run = async (kind: 'copy' | 'share' | 'tap') => {
    if (kind === 'tap' && !deviceShareSupported(env)) {
      toast(NFC_NOT_SUPPORTED);
      return;
    }
    setBusy(kind);
    const session = kind === 'tap' ? nfc.start() : null;
    const outcome =
      kind === 'copy'
        ? await copyLink(env, link)
        : kind === 'share'
          ? await shareOrCopy(env, link, shareText)
          : await shareFromDevice(env, link, shareText, session ?? {});
    setBusy(null);
    // Stopped (the dialog closed, or another tap took over): that one has nothing more to say.
    if (session?.signal.aborted) return;
    toast(shareNotice(outcome, link, 'Project'));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Project QR</DialogTitle>
          <DialogDescription>
            Anyone who scans it opens {title} and can ask to join the team.
          </DialogDescription>
        </DialogHeader>

        <figure className="flex flex-col items-center gap-3">
          <div className="rounded-3xl bg-gradient-to-br from-brand-violet to-brand-orange p-1.5 shadow-lift">
            {/* Black on white in both themes, so every camera reads it. */}
            <div className="rounded-[1.25rem] bg-on-solid p-2">
              {qr.status === 'ready' ? (
                <img
                  src={qr.src}
                  width={QR_SIZE_PX}
                  height={QR_SIZE_PX}
                  alt={`QR code of the link to join ${title}`}
                  data-testid="project-qr"
                  className="block size-[200px]"
                />
              ) : qr.status === 'failed' ? (
                <div className="flex size-[200px] flex-col items-center justify-center gap-2 text-center text-sm font-medium text-destructive">
                  <TriangleAlert className="size-6" aria-hidden />
                  Failed to generate QR code
                </div>
              ) : (
                <Skeleton className="size-[200px] bg-muted" />
              )}
            </div>
          </div>
          <figcaption className="text-center font-display text-base font-bold">
            Scan to join {title}
          </figcaption>
        </figure>

        <div className="flex items-center gap-2 rounded-xl border-2 border-border bg-muted/40 py-1 pl-3 pr-1">
          <p
            className="min-w-0 flex-1 truncate font-mono text-sm"
            title={link}
            data-testid="project-join-link"
          >
            <span className="sr-only">Join link: </span>
            {link}
          </p>
          <Button variant="ghost" size="sm" onClick={() => void run('copy')} loading={busy === 'copy'}>
            {busy !== 'copy' && <Copy aria-hidden />}
            Copy
          </Button>
        </div>

        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="outline"
            onClick={() => void run('share')}
            loading={busy === 'share'}
            disabled={busy !== null && busy !== 'share'}
          >
            {busy !== 'share' && <Share2 aria-hidden />}
            Share link
          </Button>
          <Button
            variant="secondary"
            onClick={() => void run('tap')}
            loading={busy === 'tap'}
            disabled={busy !== null && busy !== 'tap'}
          >
            {busy !== 'tap' && <Nfc aria-hidden />}
            {busy === 'tap' ? 'Preparing NFC...' : 'Tap to share'}
          </Button>
        </div>
        <p className="text-center text-xs text-muted-foreground">
          Tap to share: hold devices together to share instantly!
        </p>
      </DialogContent>
    </Dialog>
  );
}
