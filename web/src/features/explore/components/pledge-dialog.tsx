import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { Project } from '../api/types';
import { usePledge } from '../hooks/use-deck-actions';
import { formatPence } from '@/lib/money';
import { MIN_PLEDGE_PENCE, poundsToPence, upfrontPence } from '../lib/money';
import { pledgeSchema, type PledgeValues } from '../lib/pledge-rules';

/**
 * Make Investment Pledge (spec 001 §2.1, §5): pounds in the form (at least £100, in pence steps), a message, and the
 * 10 % due upfront worked out as it is typed. Confirm stays disabled until both are valid. The amount is sent as
 * integer pence, parsed from the text (never through a float).
 */
export default function PledgeDialog({
  project,
  onClose,
  onPledged,
}: {
  project: Pick<Project, 'id' | 'title'>;
  onClose: () => void;
  onPledged: () => void;
}) {
  const id = useId();
  const pledge = usePledge();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid },
  } = useForm<PledgeValues>({
    mode: 'onTouched',
    defaultValues: { amount: '', message: '' },
    resolver: zodResolver(pledgeSchema, undefined, { mode: 'sync' }),
  });
  const amountText = useWatch({ control, name: 'amount' });
  const pence = poundsToPence(amountText);
  const upfront = pence !== null && pence >= MIN_PLEDGE_PENCE ? upfrontPence(pence) : null;

  const submit = handleSubmit(({ amount, message }) => {
    const amountPence = poundsToPence(amount);
    if (amountPence === null) return;
    pledge.mutate(
      { projectId: project.id, amount: amountPence, message: message.trim() },
      {
        onSuccess: () => {
          onPledged();
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !pledge.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Make Investment Pledge</DialogTitle>
          <DialogDescription>
            Back <span className="font-semibold text-foreground">{project.title}</span>. 10% is paid upfront;
            the remaining 90% is held in escrow.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField
            id={`${id}-amount`}
            label="Pledge amount (£)"
            error={errors.amount?.message}
            hint={<p className="text-xs text-muted-foreground">Minimum £100</p>}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={100}
              step={0.01}
              placeholder="100.00"
              autoComplete="off"
              className="text-lg font-semibold tabular-nums"
              {...register('amount')}
            />
          </FormField>
          <div
            aria-live="polite"
            className="flex items-center justify-between gap-3 rounded-xl bg-investor-soft px-4 py-3 text-investor-ink"
          >
            <span className="flex items-center gap-2 text-sm font-semibold">
              <ShieldCheck className="size-4" aria-hidden />
              Upfront payment (10%)
            </span>
            <span className="font-display text-lg font-extrabold tabular-nums">
              {upfront === null ? '—' : formatPence(upfront)}
            </span>
          </div>
          <FormField id={`${id}-message`} label="Message to the team" error={errors.message?.message}>
            <Textarea
              rows={3}
              placeholder="Why you're backing them, and what you hope to see next"
              {...register('message')}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pledge.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid} loading={pledge.isPending}>
              {pledge.isPending
                ? 'PLEDGING...'
                : pence !== null && upfront !== null
                  ? `Confirm Pledge of ${formatPence(pence)}`
                  : 'Confirm Pledge'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
