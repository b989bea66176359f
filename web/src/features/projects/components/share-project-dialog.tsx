import { Nfc, Share2 } from 'lucide-react';
import { ShareLinkDialog } from '@/components/share/share-link-dialog';
import { Button } from '@/components/ui/button';
import type { ShareEnv } from '@/lib/share/share-methods';
import { useShareLink } from '@/lib/share/use-share-link';

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

/**
 * Share Project QR (spec 001 §2.3, §2.5, §4): the QR code of the project's join link, the link with Copy, the
 * native share sheet, and sharing by tapping phones. Loaded lazily with its QR library.
 */
export default function ShareProjectDialog({
  projectId,
  title,
  open,
  onOpenChange,
  env,
}: ShareProjectDialogProps) {
  const link = joinLink(projectId);
  const sharing = useShareLink({
    link,
    what: 'Project',
    text: { title: `Join ${title} on Grow`, text: `Scan or open this link to join ${title}` },
    env,
    open,
  });
  const { busy } = sharing;

  return (
    <ShareLinkDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Project QR"
      description={`Anyone who scans it opens ${title} and can ask to join the team.`}
      link={link}
      qrAlt={`QR code of the link to join ${title}`}
      qrTestId="project-qr"
      caption={`Scan to join ${title}`}
      linkLabel="Join link: "
      linkTestId="project-join-link"
      copying={busy === 'copy'}
      onCopy={() => void sharing.copy()}
    >
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          onClick={() => void sharing.share()}
          loading={busy === 'share'}
          disabled={busy !== null && busy !== 'share'}
        >
          {busy !== 'share' && <Share2 aria-hidden />}
          Share link
        </Button>
        <Button
          variant="secondary"
          onClick={() => void sharing.shareFromDevice()}
          loading={busy === 'device'}
          disabled={busy !== null && busy !== 'device'}
        >
          {busy !== 'device' && <Nfc aria-hidden />}
          {busy === 'device' ? 'Preparing NFC...' : 'Tap to share'}
        </Button>
      </div>
      <p className="text-center text-xs text-muted-foreground">
        Tap to share: hold devices together to share instantly!
      </p>
    </ShareLinkDialog>
  );
}
