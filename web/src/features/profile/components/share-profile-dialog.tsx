import { Check, Link2Off, Nfc, RefreshCw, RotateCcw, Share2 } from 'lucide-react';
import { useState } from 'react';
import { ShareLinkDialog } from '@/components/share/share-link-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { connectCodeFromText } from '@/lib/connect-code';
import {
  CONNECTION_RESET,
  detectPlatform,
  linksDevice,
  type ShareEnv,
  type ShareOutcome,
} from '@/lib/share/share-methods';
import { useShareLink } from '@/lib/share/use-share-link';
import { toast } from '@/lib/toast';
import { useNewConnectLink } from '../hooks/use-profile-actions';
import { useScanAfterShare } from '../hooks/use-scan-after-share';

export interface ShareProfileDialogProps {
  /** `{origin}/profile?connect={code}`, by my connect code; null while my record carries none. */
  link: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The browser's sharing abilities (tests give their own). */
  env?: ShareEnv;
}

const SHARE_TEXT = { title: 'Connect with me on Grow', text: 'Scan this QR code to connect with me' };

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
export default function ShareProfileDialog({ link, open, onOpenChange, env }: ShareProfileDialogProps) {
  const sharing = useShareLink({ link, what: 'Profile', text: SHARE_TEXT, env, open });
  const { busy } = sharing;
  const [linked, setLinked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const newLink = useNewConnectLink();
  const scanAfterShare = useScanAfterShare();

  const onNewLink = () =>
    newLink.mutate(undefined, {
      onSuccess: () => setLinked(false),
      // Done either way: the toast says what happened (the link is ready, or why not).
      onSettled: () => setConfirming(false),
    });

  // spec 001 §7: a profile link sent through the iOS share sheet is followed by the scan call, with its code.
  const afterShare = async (outcome: ShareOutcome | null) => {
    if (outcome?.kind !== 'shared' || link === null) return;
    if (detectPlatform(sharing.env.userAgent, sharing.env.maxTouchPoints) !== 'ios') return;
    const code = connectCodeFromText(link);
    if (code === null) return;
    const answer = await scanAfterShare(code);
    if (answer?.success && answer.isNewConnection) {
      toast({ title: `Connected with ${answer.profileUser.firstName}`, variant: 'success' });
    }
  };

  const onDeviceConnect = async () => {
    const outcome = await sharing.shareFromDevice();
    if (outcome) setLinked(linksDevice(outcome));
    await afterShare(outcome);
  };

  const onReset = () => {
    sharing.stopDevice();
    setLinked(false);
    toast(CONNECTION_RESET);
  };

  return (
    <ShareLinkDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Profile"
      description="Anyone who opens your link connects with you at once."
      link={link}
      qrAlt="QR code of your profile link"
      qrTestId="profile-qr"
      caption="Scan this QR code to connect with me"
      noLink={
        <div className="flex size-[200px] flex-col items-center justify-center gap-2 px-3 text-center text-sm font-medium text-muted-foreground">
          <Link2Off className="size-6" aria-hidden />
          You have no link yet. Make one with New link.
        </div>
      }
      linkLabel="Your profile link: "
      copyLabel="Copy link"
      copying={busy === 'copy'}
      onCopy={() => void sharing.copy()}
    >
      <Button variant="outline" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden />
        New link
      </Button>

      {link !== null && sharing.env.share && (
        <Button
          variant="outline"
          onClick={() => void sharing.share().then(afterShare)}
          loading={busy === 'share'}
        >
          {busy !== 'share' && <Share2 aria-hidden />}
          Share
        </Button>
      )}

      {link !== null && sharing.deviceSupported && (
        <section
          aria-label="Share by tapping phones"
          className="flex flex-col gap-2 rounded-2xl bg-primary-soft p-3 text-primary-soft-foreground"
        >
          {linked ? (
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
            <Button onClick={() => void onDeviceConnect()} loading={busy === 'device'}>
              {busy !== 'device' && <Nfc aria-hidden />}
              {busy === 'device' ? 'Preparing NFC...' : 'DEVICE-CONNECT'}
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
    </ShareLinkDialog>
  );
}
