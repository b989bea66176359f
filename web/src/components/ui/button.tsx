import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';

export const buttonVariants = cva(
  [
    'relative inline-flex min-w-11 select-none items-center justify-center gap-2 whitespace-nowrap font-display font-semibold',
    'transition-[transform,background-color,color,box-shadow] duration-150 ease-out active:scale-[0.97]',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-[1.15em] [&_svg]:shrink-0',
  ].join(' '),
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-soft hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border-2 border-border bg-card text-foreground hover:border-primary hover:text-primary',
        ghost: 'bg-transparent text-foreground hover:bg-muted',
        destructive: 'bg-destructive text-destructive-foreground shadow-soft hover:bg-destructive-hover',
        link: 'bg-transparent text-primary underline-offset-4 hover:underline active:scale-100',
      },
      size: {
        // Every size is a 44 px tap target at least (shared/STYLE.md); sm is the compact one, not a smaller target.
        sm: 'min-h-11 rounded-md px-3 text-sm',
        md: 'min-h-11 rounded-lg px-5 text-sm tracking-wide',
        lg: 'min-h-13 rounded-xl px-7 text-base tracking-wide',
        icon: 'size-11 rounded-full p-0',
      },
    },
    compoundVariants: [{ variant: 'link', class: 'min-h-11 px-1' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export interface ButtonProps
  extends
    ButtonHTMLAttributes<HTMLButtonElement>,
    Omit<VariantProps<typeof buttonVariants>, 'variant' | 'size'> {
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
  size?: 'sm' | 'md' | 'lg' | 'icon';
  /** Shows a spinner, disables the button and sets aria-busy. Keep the label (e.g. 'LOGGING IN...') as children. */
  loading?: boolean;
  /** Render the child element (e.g. a link) with button styles. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  (
    { className, variant, size, loading = false, asChild = false, disabled, children, type, ...props },
    ref,
  ) => {
    if (asChild) {
      return (
        <Slot ref={ref} className={cn(buttonVariants({ variant, size }), className)} {...props}>
          {children}
        </Slot>
      );
    }
    return (
      <button
        ref={ref}
        type={type ?? 'button'}
        className={cn(buttonVariants({ variant, size }), className)}
        disabled={disabled || loading}
        aria-busy={loading || undefined}
        {...props}
      >
        {loading && <Spinner size="sm" label="" />}
        {children}
      </button>
    );
  },
);
Button.displayName = 'Button';
