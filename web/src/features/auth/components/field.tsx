import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled form row: uppercase display label above the control, optional hint/status below. */
export function Field({
  id,
  label,
  children,
  hint,
}: {
  id: string;
  label: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="text-xs uppercase tracking-[0.08em] text-muted-foreground">
        {label}
      </Label>
      {children}
      {hint}
    </div>
  );
}
