import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { SafetyPerson } from '@/lib/safety';
import { useBlock } from '../hooks/use-safety-actions';
import { firstNameOf } from '../lib/words';

export interface BlockDialogProps {
  person: SafetyPerson;
  onClose: () => void;
  /** After the block went through (the dialog closes itself first). */
  onBlocked?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Blocking asks first, and says what it does (shared/API.md "Safety"). */
export function BlockDialog({ person, onClose, onBlocked, onCloseAutoFocus }: BlockDialogProps) {
  const block = useBlock();
  const firstName = firstNameOf(person);

  const confirm = () =>
    block.mutate(person, {
      onSuccess: () => {
        onClose();
        onBlocked?.();
      },
    });

  return (
    <Dialog open onOpenChange={(open) => !open && !block.isPending && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <span
            aria-hidden
            className="mb-1 flex size-11 items-center justify-center rounded-2xl bg-destructive-soft text-destructive-soft-foreground"
          >
            <Ban className="size-5" />
          </span>
          <DialogTitle className="break-words">{`Block ${firstName}?`}</DialogTitle>
          <DialogDescription>
            {`${firstName} won't be able to message you, send you requests or find you in search. Any connection between you ends. They won't be told you blocked them.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={block.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} loading={block.isPending}>
            Block
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
