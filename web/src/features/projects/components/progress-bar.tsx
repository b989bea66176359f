import { cn } from '@/lib/cn';

/** A labelled progress bar (`role="progressbar"`): task progress, phase progress. */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  className,
  fill = 'bg-primary',
}: {
  value: number;
  max: number;
  /** The bar's accessible name ('Task progress'). */
  label: string;
  /** What a screen reader says for the value ('2 of 5 tasks done'). */
  valueText: string;
  className?: string;
  fill?: string;
}) {
  const clamped = Math.min(Math.max(value, 0), Math.max(max, 0));
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500 ease-out', fill)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
