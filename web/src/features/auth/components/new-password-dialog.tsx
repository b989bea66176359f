import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { isPasswordStrongEnough, WEAK_PASSWORD_PROBLEM } from '../lib/password-strength';
import { serverMessage } from '../lib/server-message';
import { Field } from './field';
import { PasswordInput } from './password-input';
import { StrengthMeter } from './strength-meter';

export interface NewPasswordDialogProps {
  /** The token of the emailed `?reset=` link; the dialog is open while there is one. */
  token: string | null;
  /** CANCEL, ×, Escape or a click outside: the link is set aside (the page drops it from the address). */
  onCancel: () => void;
  /** The server accepted the new password. */
  onPasswordReset: () => void;
}

const MISMATCH_MESSAGE = 'Passwords do not match';

/**
 * Where the emailed reset link lands: choose a new password (same strength rule and meter as sign-up)
 * and confirm it. A failure keeps the dialog open with what was typed, so a typo can be fixed.
 */
export function NewPasswordDialog({ token, onCancel, onPasswordReset }: NewPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The mismatch message waits until something typed in the confirm field was left, or the form was sent.
  const [checkMatch, setCheckMatch] = useState(false);
  const resetPassword = useResetPassword();
  const mismatch = checkMatch && confirm !== password;

  function clearFields() {
    setPassword('');
    setConfirm('');
    setCheckMatch(false);
  }

  function cancel() {
    clearFields();
    onCancel();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resetPassword.isPending || token === null) return;
    if (!isPasswordStrongEnough(password)) {
      toast({ ...WEAK_PASSWORD_PROBLEM, variant: 'destructive' });
      return;
    }
    if (confirm !== password) {
      setCheckMatch(true);
      return;
    }
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({
            title: 'Password Updated',
            description: 'Your password has been reset. Please log in.',
            variant: 'success',
          });
          clearFields();
          onPasswordReset();
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: serverMessage(error, 'Failed to reset password. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  const pending = resetPassword.isPending;

  return (
    <Dialog open={token !== null} onOpenChange={(next) => (next ? undefined : cancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a new password</DialogTitle>
          <DialogDescription>Pick a strong password, then log in with it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <Field
            id="new-password"
            label="New password"
            hint={<StrengthMeter id="new-password-strength" password={password} />}
          >
            <PasswordInput
              id="new-password"
              name="new-password"
              autoComplete="new-password"
              placeholder="At least 8 characters"
              value={password}
              aria-describedby="new-password-strength"
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Field id="confirm-password" label="Confirm password" error={mismatch && MISMATCH_MESSAGE}>
            <PasswordInput
              id="confirm-password"
              name="confirm-password"
              autoComplete="new-password"
              placeholder="Type it again"
              value={confirm}
              aria-invalid={mismatch ? true : undefined}
              aria-describedby={mismatch ? 'confirm-password-error' : undefined}
              onChange={(e) => setConfirm(e.target.value)}
              onBlur={() => {
                if (confirm !== '') setCheckMatch(true);
              }}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                CANCEL
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" loading={pending}>
              {pending ? 'SAVING...' : 'SAVE PASSWORD'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
