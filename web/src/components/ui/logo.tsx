import { useId, type SVGAttributes } from 'react';
import { cn } from '@/lib/cn';

/** The Grow mark: a sprout on a violet-to-orange tile (the same drawing as the app icons in /public/icons). */
export function GrowMark({ className, ...props }: SVGAttributes<SVGSVGElement>) {
  const id = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-10 shrink-0', className)} {...props}>
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--brand-violet)' }} />
          <stop offset="1" style={{ stopColor: 'var(--brand-orange)' }} />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${id}-g)`} />
      <path d="M32 52V31" stroke="var(--on-solid)" strokeWidth="5" strokeLinecap="round" fill="none" />
      <path d="M32 33C32 19 41 11 53 11C53 25 45 33 32 33Z" fill="var(--on-solid)" />
      <path d="M32 39C32 29 25 23 12 23C12 33 19 39 32 39Z" fill="var(--on-solid)" fillOpacity="0.85" />
    </svg>
  );
}

/** Mark + word "Grow". */
export function GrowLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <GrowMark className={markClassName} />
      <span className="font-display text-2xl font-extrabold tracking-tight">Grow</span>
    </span>
  );
}
