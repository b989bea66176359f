import * as DialogPrimitive from '@radix-ui/react-dialog';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A full-height sheet (on Radix Dialog: focus trapped, Escape closes, the page behind hidden from assistive
 * technology): the whole screen on phones, a panel along the right edge from the `sm` breakpoint. For a screen of
 * its own that opens over the app (the notification centre); short questions use Dialog.
 */
export { Dialog as Sheet } from '@/components/ui/dialog';
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export const SheetContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
    /**
     * Keep clear of the home indicator (the bottom safe area). False where the sheet's last part runs to the bottom
     * edge and keeps clear of it itself (the chat's input bar), so the inset is not added twice.
     */
    bottomInset?: boolean;
  }
>(({ className, children, bottomInset = true, ...props }, ref) => (
  <DialogPrimitive.Portal>
    <DialogPrimitive.Overlay className="fixed inset-0 z-50 hidden bg-overlay backdrop-blur-[2px] data-[state=open]:animate-fade-in sm:block" />
    <DialogPrimitive.Content
      ref={ref}
      className={cn(
        'fixed inset-0 z-50 flex flex-col bg-background pt-safe text-foreground focus:outline-none',
        bottomInset && 'pb-safe',
        'data-[state=open]:animate-sheet-in',
        'sm:left-auto sm:w-full sm:max-w-md sm:border-l sm:border-border sm:shadow-lift',
        className,
      )}
      {...props}
    >
      {children}
    </DialogPrimitive.Content>
  </DialogPrimitive.Portal>
));
SheetContent.displayName = 'SheetContent';

/** The sheet's top bar: its close control, title and actions in one row. */
export function SheetHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'flex min-h-16 shrink-0 items-center gap-2 border-b border-border/70 bg-background/90 px-2 backdrop-blur-md',
        className,
      )}
      {...props}
    />
  );
}

export const SheetTitle = forwardRef<
  ElementRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Title
    ref={ref}
    className={cn('font-display text-xl font-extrabold leading-tight tracking-tight', className)}
    {...props}
  />
));
SheetTitle.displayName = 'SheetTitle';

export const SheetDescription = forwardRef<
  ElementRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Description
    ref={ref}
    className={cn('text-sm text-muted-foreground', className)}
    {...props}
  />
));
SheetDescription.displayName = 'SheetDescription';
