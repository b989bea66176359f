import { Slot } from '@radix-ui/react-slot';
import type { ReactElement, ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export interface FormFieldProps {
  /** The control's id; the label points at it, and the hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** One control (Input, Textarea, PasswordInput, …): it receives `id`, `aria-describedby` and `aria-invalid`. */
  children: ReactElement;
  /** Help or live status under the control (a strength meter, an availability line). */
  hint?: ReactNode;
  /** The field's error (react-hook-form's `errors.name?.message`); shown, announced and tied to the control. */
  error?: string | null | false;
  /** Marks the control invalid without a message of its own (e.g. a taken username whose hint says so). */
  invalid?: boolean;
  className?: string;
}

/**
 * A labelled form row shared by every form: label above the control, an optional hint under it, then the error.
 * The control is described by the hint and the error, and is `aria-invalid` while there is an error, so a screen
 * reader reads the problem with the field. Use it with react-hook-form: `<FormField id="bio" label="Bio"
 * error={errors.bio?.message}><Textarea {...register('bio')} /></FormField>`.
 */
export function FormField({ id, label, children, hint, error, invalid = false, className }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id} className="text-xs uppercase tracking-[0.08em] text-muted-foreground">
        {label}
      </Label>
      <Slot id={id} aria-describedby={describedBy} aria-invalid={error || invalid ? true : undefined}>
        {children}
      </Slot>
      {hint ? <div id={hintId}>{hint}</div> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
