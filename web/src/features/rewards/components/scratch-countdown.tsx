import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/hooks/use-now';
import { describeCountdown, formatCountdown, nextScratchTime } from '../lib/countdown';

/**
 * Time to the next card (spec 000 §4): a live `hh mm ss` countdown to 24 hours after the last scratch; at zero
 * 'Ready!', and `onReady` (once per last scratch) to ask the server again; 'Check back tomorrow' without a date.
 */
export function ScratchCountdown({
  lastScratchDate,
  onReady,
  className,
}: {
  lastScratchDate: string | null | undefined;
  onReady: () => void;
  className?: string;
}) {
  const target = nextScratchTime(lastScratchDate);
  const now = useNow(1000, target !== null);
  const remaining = target === null ? null : target - now;
  const ready = remaining !== null && remaining <= 0;

  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (ready && target !== null && asked.current !== target) {
      asked.current = target;
      onReady();
    }
  }, [ready, target, onReady]);

  if (remaining === null) {
    return <p className={cn('font-display font-extrabold', className)}>Check back tomorrow</p>;
  }
  if (ready) {
    return <p className={cn('font-display font-extrabold text-success', className)}>Ready!</p>;
  }
  return (
    <p className={cn('flex flex-col items-center', className)}>
      <span className="text-xs font-semibold uppercase tracking-[0.14em] text-muted-foreground">
        Next card in
      </span>
      <span
        aria-hidden
        className="font-display text-2xl font-extrabold tabular-nums"
        data-testid="scratch-countdown"
      >
        {formatCountdown(remaining)}
      </span>
      <span className="sr-only">{describeCountdown(remaining)}</span>
    </p>
  );
}
