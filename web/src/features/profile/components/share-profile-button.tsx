import { QrCode } from 'lucide-react';
import { useCallback, useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import type { ShareProfileDialogProps } from './share-profile-dialog';

/** The dialog and its QR library are one chunk, fetched when the button is first pointed at, focused or tapped. */
const loadDialog = () => import('./share-profile-dialog');

/** Share Profile: opens Share Your Profile (spec 000 §2). */
export function ShareProfileButton({ link }: { link: string | null }) {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<ShareProfileDialogProps> | null>(null);
  const preload = useCallback(() => void loadDialog().catch(() => undefined), []);

  const openDialog = () => {
    setOpen(true);
    if (Dialog) return;
    loadDialog().then(
      (module) => setDialog(() => module.default),
      (error: unknown) => {
        console.error('The share dialog could not be loaded', error);
        setOpen(false);
        toast({ title: 'Error', description: 'Failed to generate QR code', variant: 'destructive' });
      },
    );
  };

  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        aria-haspopup="dialog"
        onClick={openDialog}
        onPointerEnter={preload}
        onFocus={preload}
        loading={open && !Dialog}
      >
        {!(open && !Dialog) && <QrCode aria-hidden />}
        Share Profile
      </Button>
      {Dialog && <Dialog link={link} open={open} onOpenChange={setOpen} />}
    </>
  );
}
