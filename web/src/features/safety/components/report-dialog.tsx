import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import type { ReportTarget } from '@/lib/safety';
import { useSendReport } from '../hooks/use-safety-actions';
import { REASON_MAX, reportSubject, reportTitle } from '../lib/words';

export interface ReportDialogProps {
  target: ReportTarget;
  onClose: () => void;
  /** Where the focus goes once it closes (the control that opened it, which may sit in another dialog). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Report a person, a project, a message or a feedback item (shared/API.md "Safety"): a short reason, 1-1000
 * characters with a live count, and Send report. The reason stays when sending fails, so it can be sent again.
 */
export function ReportDialog({ target, onClose, onCloseAutoFocus }: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const send = useSendReport();
  const trimmed = reason.trim();
  const blank = trimmed === '';
  const count = reason.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || send.isPending) return;
    send.mutate({ targetType: target.type, targetId: target.id, reason: trimmed }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <span
            aria-hidden
            className="mb-1 flex size-11 items-center justify-center rounded-2xl bg-destructive-soft text-destructive-soft-foreground"
          >
            <Flag className="size-5" />
          </span>
          <DialogTitle className="break-words">{reportTitle(target)}</DialogTitle>
          <DialogDescription>
            {`${reportSubject(target)}. Tell us what's wrong: an administrator will look at it, and nobody else sees who reported it.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label
              htmlFor={`${id}-reason`}
              className="text-xs uppercase tracking-[0.08em] text-muted-foreground"
            >
              What's wrong?
            </Label>
            <Textarea
              id={`${id}-reason`}
              rows={5}
              value={reason}
              maxLength={REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              aria-describedby={`${id}-count`}
              placeholder="For example: spam, harassment, something unsafe…"
              readOnly={send.isPending}
            />
            <p
              id={`${id}-count`}
              className={cn(
                'self-end text-xs font-semibold tabular-nums text-muted-foreground',
                count >= REASON_MAX && 'text-destructive',
              )}
            >
              {`${count}/${REASON_MAX}`}
              <span className="sr-only"> characters</span>
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={blank} loading={send.isPending}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
