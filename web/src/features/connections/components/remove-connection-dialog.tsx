import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';

/**
 * 'Remove Connection' (spec 000 §2, §4): asks before removing, says it cannot be undone and that a new request is
 * needed to reconnect.
 */
export function RemoveConnectionDialog({
  name,
  open,
  pending,
  onConfirm,
  onOpenChange,
}: {
  name: string;
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent hideClose>
        <DialogHeader className="pr-0">
          <DialogTitle>Remove Connection</DialogTitle>
          <DialogDescription>
            Are you sure you want to remove {name} from your connections? This action cannot be undone, and
            you&apos;ll need to send a new connection request to reconnect.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} loading={pending}>
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
