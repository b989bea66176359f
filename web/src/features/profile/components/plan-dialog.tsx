import { Check } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { Role } from '@/lib/roles';
import { useChangePlan } from '../hooks/use-profile-actions';
import { PLANS } from '../lib/plans';

/**
 * Choose Your Plan (spec 000 §2, §3, §4): three plan cards; a click changes the role at once (no payment is taken
 * on this screen), closes the dialog and says 'Plan Updated!'.
 */
export function PlanDialog({
  role,
  open,
  onOpenChange,
}: {
  role: Role;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const change = useChangePlan();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose Your Plan</DialogTitle>
          <DialogDescription>Pick how you want to grow. You can switch at any time.</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-3">
          {PLANS.map((plan) => {
            const current = plan.role === role;
            const pending = change.isPending && change.variables === plan.role;
            const Icon = plan.icon;
            return (
              <li key={plan.role}>
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  aria-busy={pending || undefined}
                  disabled={change.isPending}
                  onClick={() => change.mutate(plan.role, { onSuccess: () => onOpenChange(false) })}
                  className={cn(
                    'relative flex w-full gap-3 rounded-2xl border-2 border-border bg-card p-4 text-left transition-[transform,border-color,background-color] duration-150 active:scale-[0.99]',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70',
                    current ? plan.current : 'hover:border-muted-foreground/40',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-11 shrink-0 items-center justify-center rounded-xl text-on-solid',
                      plan.disc,
                    )}
                  >
                    {pending ? <Spinner size="sm" label="" /> : <Icon className="size-5" />}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-display text-base font-extrabold tracking-wide">
                        {plan.title}
                      </span>
                      <span className="font-display text-lg font-extrabold tabular-nums">
                        {plan.price}
                        {plan.per && (
                          <span className="text-xs font-semibold text-muted-foreground">{plan.per}</span>
                        )}
                      </span>
                    </span>
                    {current && (
                      <span className="w-fit rounded-full bg-foreground px-2 py-0.5 font-display text-[11px] font-bold uppercase tracking-wider text-background">
                        Current plan
                      </span>
                    )}
                    <span className="mt-1 flex flex-col gap-1 text-sm">
                      {plan.features.map((feature) => (
                        <span key={feature} className="flex items-center gap-1.5">
                          <Check className="size-4 shrink-0 text-success" strokeWidth={3} aria-hidden />
                          {feature}
                        </span>
                      ))}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
