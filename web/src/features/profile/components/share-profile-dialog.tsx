import { Check, Copy, Link2Off, Nfc, RefreshCw, RotateCcw, Share2, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { qrDataUrl, QR_SIZE_PX } from '@/lib/share/qr';
import {
  browserShareEnv,
  CONNECTION_RESET,
  copyLink,
  detectPlatform,
  deviceShareSupported,
  linksDevice,
  NFC_NOT_SUPPORTED,
  shareFromDevice,
  shareNotice,
  shareOrCopy,
  type ShareEnv,
  type ShareOutcome,
} from '@/lib/share/share-methods';
import { useNfcSession } from '@/lib/share/use-nfc-session';
import { toast } from '@/lib/toast';
import { connectCodeFromText } from '@/lib/connect-code';
import { scanAfterShare } from '../api/profile';
import { useNewConnectLink } from '../hooks/use-profile-actions';

export interface ShareProfileDialogProps {
  /** `{origin}/profile?connect={code}`, by my connect code; null while my record carries none. */
  link: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The browser's sharing abilities (tests give their own). */
  env?: ShareEnv;
}

const SHARE_TEXT = { title: 'Connect with me on Grow', text: 'Scan this QR code to connect with me' };

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };
type DeviceState = 'idle' | 'preparing' | 'linked';

/** Makes the QR code of `link` (black on white, 200 px, margin 2); 'Error – Failed to generate QR code' if it cannot. */
function useQrCode(link: string | null, open: boolean): QrState {
  const [made, setMade] = useState<{ link: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!open || link === null) return;
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

/** The confirm of New link: old links and QR codes stop working, so it says so before anything changes. */
function NewLinkConfirm({
  open,
  onOpenChange,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Make a new link?</DialogTitle>
          <DialogDescription>
            Your current QR code and link will stop working. People who already have them won&apos;t be able
            to connect with them: share the new one with anyone you still want to connect with.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            {pending ? 'MAKING LINK...' : 'MAKE NEW LINK'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Share Your Profile (spec 000 §2, 001 §4): the QR code of my connect link, 'Scan this QR code to connect with me',
 * copy and native share, and DEVICE-CONNECT (Web NFC where the browser has it, else the fallbacks in the spec's
 * order) with its states 'Preparing NFC...' and 'DEVICE LINKED', RESET CONNECTION and the tap hint. New link
 * replaces my connect code after a confirm (old links stop working); the QR code and the link follow my record.
 * Loaded lazily with its QR library.
 */
export default function ShareProfileDialog({
  link,
  open,
  onOpenChange,
  env: givenEnv,
}: ShareProfileDialogProps) {
  const env = useMemo(() => givenEnv ?? browserShareEnv(), [givenEnv]);
  const qr = useQrCode(link, open);
  const [device, setDevice] = useState<DeviceState>('idle');
  const [busy, setBusy] = useState<'copy' | 'share' | null>(null);
  const nfc = useNfcSession(open, env);
  const supported = deviceShareSupported(env);
  const [confirming, setConfirming] = useState(false);
  const newLink = useNewConnectLink();

  const onNewLink = () =>
    newLink.mutate(undefined, {
      onSuccess: () => setDevice('idle'),
      // Done either way: the toast says what happened (the link is ready, or why not).
      onSettled: () => setConfirming(false),
    });

  // spec 001 §7: a profile link sent through the iOS share sheet is followed by the scan call, with its code.
  const afterShare = async (outcome: ShareOutcome, shared: string) => {
    if (outcome.kind !== 'shared' || detectPlatform(env.userAgent, env.maxTouchPoints) !== 'ios') return;
    const code = connectCodeFromText(shared);
    if (code === null) return;
    const answer = await scanAfterShare(code).catch(() => null);
    if (answer?.success && answer.isNewConnection) {
      toast({ title: `Connected with ${answer.profileUser.firstName}`, variant: 'success' });
    }
  };

  const onCopy = async () => {
    if (link === null) return;
    setBusy('copy');
    toast(shareNotice(await copyLink(env, link), link, 'Profile'));
    setBusy(null);
  };

  const onShare = async () => {
    if (link === null) return;
    setBusy('share');
    const outcome = await shareOrCopy(env, link, SHARE_TEXT);
    toast(shareNotice(outcome, link, 'Profile'));
    setBusy(null);
    await afterShare(outcome, link);
  };

  const onDeviceConnect = async () => {
    if (link === null) return;
    if (!deviceShareSupported(env)) {
      toast(NFC_NOT_SUPPORTED);
      return;
    }
    setDevice('preparing');
    const session = nfc.start();
    const outcome = await shareFromDevice(env, link, SHARE_TEXT, session);
    // Stopped (the dialog closed, or another tap took over): that one has nothing more to say.
    if (session.signal.aborted) {
      setDevice('idle');
      return;
    }
    setDevice(linksDevice(outcome) ? 'linked' : 'idle');
    toast(shareNotice(outcome, link, 'Profile'));
    await afterShare(outcome, link);
  };

  const onReset = () => {
    nfc.stop();
    setDevice('idle');
    toast(CONNECTION_RESET);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Your Profile</DialogTitle>
          <DialogDescription>Anyone who opens your link connects with you at once.</DialogDescription>
        </DialogHeader>

        <figure className="flex flex-col items-center gap-3">
          <div className="rounded-3xl bg-gradient-to-br from-brand-violet to-brand-orange p-1.5 shadow-lift">
            {/* Black on white in both themes, so every camera reads it. */}
            <div className={cn('rounded-[1.25rem] p-2', link === null ? 'bg-card' : 'bg-on-solid')}>
              {link === null ? (
                <div className="flex size-[200px] flex-col items-center justify-center gap-2 px-3 text-center text-sm font-medium text-muted-foreground">
                  <Link2Off className="size-6" aria-hidden />
                  You have no link yet. Make one with New link.
                </div>
              ) : qr.status === 'ready' ? (
                <img
                  src={qr.src}
                  width={QR_SIZE_PX}
                  height={QR_SIZE_PX}
                  alt="QR code of your profile link"
                  data-testid="profile-qr"
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
          <figcaption className="font-display text-base font-bold">
            Scan this QR code to connect with me
          </figcaption>
        </figure>

        {link !== null && (
          <div className="flex items-center gap-2 rounded-xl border-2 border-border bg-muted/40 py-1 pl-3 pr-1">
            <p className="min-w-0 flex-1 truncate font-mono text-sm" title={link}>
              <span className="sr-only">Your profile link: </span>
              {link}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void onCopy()}
              loading={busy === 'copy'}
              aria-label="Copy link"
            >
              {busy !== 'copy' && <Copy aria-hidden />}
              Copy
            </Button>
          </div>
        )}

        <Button variant="outline" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden />
          New link
        </Button>

        {link !== null && env.share && (
          <Button variant="outline" onClick={() => void onShare()} loading={busy === 'share'}>
            {busy !== 'share' && <Share2 aria-hidden />}
            Share
          </Button>
        )}

        {link !== null && supported && (
          <section
            aria-label="Share by tapping phones"
            className="flex flex-col gap-2 rounded-2xl bg-primary-soft p-3 text-primary-soft-foreground"
          >
            {device === 'linked' ? (
              <div className="flex flex-col gap-2">
                <div
                  role="status"
                  className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-success font-display text-sm font-bold tracking-wide text-success-foreground"
                >
                  <Check className="size-4" aria-hidden />
                  DEVICE LINKED
                </div>
                <Button variant="outline" onClick={onReset}>
                  <RotateCcw aria-hidden />
                  RESET CONNECTION
                </Button>
              </div>
            ) : (
              <Button onClick={() => void onDeviceConnect()} loading={device === 'preparing'}>
                {device !== 'preparing' && <Nfc aria-hidden />}
                {device === 'preparing' ? 'Preparing NFC...' : 'DEVICE-CONNECT'}
              </Button>
            )}
            <p className="text-center text-sm font-medium">Hold devices together to share instantly!</p>
          </section>
        )}

        <NewLinkConfirm
          open={confirming}
          onOpenChange={setConfirming}
          pending={newLink.isPending}
          onConfirm={onNewLink}
        />
      </DialogContent>
    </Dialog>
  );
}
