import { Ban, ChevronRight, Flag } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { safetyPersonName, type SafetyPerson } from '@/lib/safety';
import { firstNameOf } from '../lib/words';

const row =
  'flex min-h-14 w-full items-center gap-3 rounded-xl px-3 text-left font-display font-semibold transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/** A person's "More" menu: Block and Report, as a sheet (shared/STYLE.md: sheets rather than popovers). */
export function PersonMenuDialog({
  person,
  onBlock,
  onReport,
  onClose,
  onCloseAutoFocus,
}: {
  person: SafetyPerson;
  onBlock: () => void;
  onReport: () => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const name = safetyPersonName(person) || 'This person';
  const firstName = firstNameOf(person);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-2" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="truncate">{name}</DialogTitle>
          <DialogDescription>Keep Grow a good place: block or report someone.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1 pt-2">
          <button type="button" className={`${row} text-destructive`} onClick={onBlock}>
            <span className="flex size-9 items-center justify-center rounded-full bg-destructive-soft">
              <Ban className="size-5" aria-hidden />
            </span>
            <span className="flex-1">{`Block ${firstName}`}</span>
            <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
          </button>
          <button type="button" className={row} onClick={onReport}>
            <span className="flex size-9 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Flag className="size-5" aria-hidden />
            </span>
            <span className="flex-1">{`Report ${firstName}`}</span>
            <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
