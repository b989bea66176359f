import { useCallback, useState, type ComponentType } from 'react';
import { toast } from '@/lib/toast';

/**
 * A share dialog whose module (with its QR library) is a chunk of its own: fetched when its button is first pointed
 * at or focused (`preload`), opened on a tap (`loading` until it arrives). If it cannot be fetched, the dialog
 * closes with 'Failed to generate QR code'. `load` must be the same function on every render.
 */
export function useShareDialog<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const preload = useCallback(() => void load().catch(() => undefined), [load]);

  const openDialog = () => {
    setOpen(true);
    if (Dialog) return;
    load().then(
      (module) => setDialog(() => module.default),
      (error: unknown) => {
        console.error('The share dialog could not be loaded', error);
        setOpen(false);
        toast({ title: 'Error', description: 'Failed to generate QR code', variant: 'destructive' });
      },
    );
  };

  return { open, setOpen, Dialog, preload, openDialog, loading: open && !Dialog };
}
