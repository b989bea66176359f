import { CheckCircle2, CircleDot, Hourglass, XCircle, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A pledge's status (spec 001 §3: pending, active, completed; anything else grey), the same in the investor's
 * portfolio and the owner's list. A declined pledge has its own badge: grey as the spec wants, with its own icon.
 */
const LOOKS: Record<string, { tone: string; icon: LucideIcon }> = {
  pending: { tone: 'bg-coin-soft text-coin-ink', icon: Hourglass },
  active: { tone: 'bg-success-soft text-success-soft-foreground', icon: CircleDot },
  completed: { tone: 'bg-primary-soft text-primary-soft-foreground', icon: CheckCircle2 },
  declined: { tone: 'bg-muted text-muted-foreground', icon: XCircle },
};

export function PledgeStatusBadge({ status, className }: { status: string; className?: string }) {
  const name = status.trim() || 'unknown';
  const look = LOOKS[name];
  const Icon = look?.icon;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 font-display text-[0.6875rem] font-bold uppercase leading-none tracking-wider',
        look?.tone ?? 'bg-muted text-muted-foreground',
        className,
      )}
    >
      {Icon && <Icon className="size-3.5" aria-hidden />}
      <span className="sr-only">Status: </span>
      {name}
    </span>
  );
}
