import { QrCode } from 'lucide-react';
import { useShareDialog } from '@/components/share/use-share-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';

/** The dialog and its QR library are one chunk, fetched when the button is first pointed at, focused or tapped. */
const loadDialog = () => import('./share-project-dialog');

/** Share: opens Share Project QR. */
export function ShareProjectButton({
  projectId,
  title,
  variant = 'outline',
  className,
  label = 'Share',
}: {
  projectId: number;
  title: string;
  variant?: ButtonProps['variant'];
  className?: string;
  label?: string;
}) {
  const { open, setOpen, Dialog, preload, openDialog, loading } = useShareDialog(loadDialog);
  return (
    <>
      <Button
        variant={variant}
        className={className}
        aria-haspopup="dialog"
        aria-label={`Share ${title}`}
        onClick={openDialog}
        onPointerEnter={preload}
        onFocus={preload}
        loading={loading}
      >
        {!loading && <QrCode aria-hidden />}
        {label}
      </Button>
      {Dialog && <Dialog projectId={projectId} title={title} open={open} onOpenChange={setOpen} />}
    </>
  );
}
