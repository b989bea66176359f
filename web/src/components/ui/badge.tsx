import { cva } from 'class-variance-authority';
import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant =
  'default' | 'explorer' | 'collaborator' | 'innovator' | 'investor' | 'coin' | 'outline';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 font-display text-xs font-bold uppercase tracking-wider [&_svg]:size-3.5',
  {
    variants: {
      variant: {
        default: 'bg-primary-soft text-primary-soft-foreground',
        explorer: 'bg-explorer-soft text-explorer-ink',
        collaborator: 'bg-collaborator-soft text-collaborator-ink',
        innovator: 'bg-innovator-soft text-innovator-ink',
        investor: 'bg-investor-soft text-investor-ink',
        coin: 'bg-coin-soft text-coin-ink',
        outline: 'border border-border text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(({ className, variant, ...props }, ref) => (
  <span ref={ref} className={cn(badgeVariants({ variant }), className)} {...props} />
));
Badge.displayName = 'Badge';
