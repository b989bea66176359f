import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible text; pass '' when a surrounding element already announces the busy state. */
  label?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' } as const;

export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(
  ({ size = 'md', label = 'Loading', className, ...props }, ref) => (
    <span
      ref={ref}
      role={label ? 'status' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent align-middle motion-reduce:animate-[spin_1.5s_linear_infinite]',
        sizes[size],
        className,
      )}
      {...props}
    />
  ),
);
Spinner.displayName = 'Spinner';
