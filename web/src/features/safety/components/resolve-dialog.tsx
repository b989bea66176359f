import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { ResolveAction } from '../api/safety';
import type { AdminReport } from '../api/types';
import { firstNameOf } from '../lib/words';

/** The question, the consequence and the button of each judgement. */
function wording(report: AdminReport, action: ResolveAction) {
  switch (action) {
    case 'dismiss':
      return {
        title: 'Dismiss this report?',
        text: 'The report is closed and the content stays as it is.',
        button: 'Dismiss',
      };
    case 'remove':
      return {
        title: `Remove this ${report.targetType}?`,
        text: 'It will be deleted for everyone.',
        button: 'Remove',
      };
    case 'suspend':
      return {
        title: `Suspend ${report.subject ? firstNameOf(report.subject) : 'this person'}?`,
        text: 'They will be signed out everywhere and unable to log in.',
        button: 'Suspend',
      };
  }
}

/** Every judgement on a report asks first (issue 18: "with a confirm step"). */
export function ResolveDialog({
  report,
  action,
  pending,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  report: AdminReport;
  action: ResolveAction;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const words = wording(report, action);
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="break-words">{words.title}</DialogTitle>
          <DialogDescription>{words.text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant={action === 'dismiss' ? 'primary' : 'destructive'}
            onClick={onConfirm}
            loading={pending}
          >
            {words.button}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
