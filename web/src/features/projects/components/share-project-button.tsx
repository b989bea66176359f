import { QrCode } from 'lucide-react';
import { useCallback, useState, type ComponentType } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import type { ShareProjectDialogProps } from './share-project-dialog';

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
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<ShareProjectDialogProps> | null>(null);
  const preload = useCallback(() => void loadDialog().catch(() => undefined), []);
  const loading = open && !Dialog;

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
