import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/**
 * A labelled form row: uppercase display label above the control, optional hint/status below, then an
 * optional error. The error renders as an alert with the id `${id}-error`; the control points at it itself
 * (`aria-describedby={`${id}-error`}`, `aria-invalid`) while the error is shown.
 */
export function Field({
  id,
  label,
  children,
  hint,
  error,
}: {
  id: string;
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="text-xs uppercase tracking-[0.08em] text-muted-foreground">
        {label}
      </Label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
