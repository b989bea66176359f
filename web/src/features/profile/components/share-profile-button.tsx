import { QrCode } from 'lucide-react';
import { useShareDialog } from '@/components/share/use-share-dialog';
import { Button } from '@/components/ui/button';

/** The dialog and its QR library are one chunk, fetched when the button is first pointed at, focused or tapped. */
const loadDialog = () => import('./share-profile-dialog');

/** Share Profile: opens Share Your Profile (spec 000 §2). */
export function ShareProfileButton({ link }: { link: string | null }) {
  const { open, setOpen, Dialog, preload, openDialog, loading } = useShareDialog(loadDialog);
  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        aria-haspopup="dialog"
        onClick={openDialog}
        onPointerEnter={preload}
        onFocus={preload}
        loading={loading}
      >
        {!loading && <QrCode aria-hidden />}
        Share Profile
      </Button>
      {Dialog && <Dialog link={link} open={open} onOpenChange={setOpen} />}
    </>
  );
}
