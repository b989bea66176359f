import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A card-shaped part of the Progress screen, titled in the spec's uppercase words ('TOP EARNERS', …). */
export function Section({
  id,
  title,
  icon: Icon,
  tone,
  description,
  aside,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  /** Tailwind classes of the icon chip (background + text colour). */
  tone: string;
  /** A line under the title. */
  description?: string;
  /** Shown at the end of the title row (a count, a hint). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-soft',
        className,
      )}
    >
      <div className="mb-3 flex min-h-9 items-center gap-2.5">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl', tone)}>
          <Icon className="size-5" strokeWidth={2.25} aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={id} className="font-display text-base font-extrabold uppercase leading-tight tracking-wide">
            {title}
          </h3>
          {description && <p className="text-xs text-muted-foreground">{description}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A thin progress bar with an accessible name (a task, an achievement, a store goal). */
export function MiniBar({
  value,
  max,
  label,
  className,
  fill = 'bg-primary',
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
  fill?: string;
}) {
  const clamped = Math.min(Math.max(value, 0), Math.max(max, 0));
  const percent = max > 0 ? (clamped / max) * 100 : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500 ease-out', fill)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
