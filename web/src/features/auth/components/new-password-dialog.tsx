import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
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
import { FormField } from '@/components/ui/form-field';
import { serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { newPasswordSchema, type NewPasswordValues } from '../lib/login-rules';
import { WEAK_PASSWORD_PROBLEM } from '../lib/password-strength';
import { PasswordInput } from '@/components/ui/password-input';
import { StrengthMeter } from './strength-meter';

export interface NewPasswordDialogProps {
  /** The token of the emailed `?reset=` link; the dialog is open while there is one. */
  token: string | null;
  /** CANCEL, ×, Escape or a click outside: the link is set aside (the page drops it from the address). */
  onCancel: () => void;
  /** The server accepted the new password. */
  onPasswordReset: () => void;
}

const EMPTY: NewPasswordValues = { password: '', confirm: '' };

/**
 * Where the emailed reset link lands: choose a new password (same strength rule and meter as sign-up)
 * and confirm it. A failure keeps the dialog open with what was typed, so a typo can be fixed.
 */
export function NewPasswordDialog({ token, onCancel, onPasswordReset }: NewPasswordDialogProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    trigger,
    clearErrors,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(newPasswordSchema, undefined, { mode: 'sync' }),
  });
  const password = useWatch({ control, name: 'password' });
  const resetPassword = useResetPassword();
  const pending = resetPassword.isPending;

  function cancel() {
    reset(EMPTY);
    onCancel();
  }

  function onValid(values: NewPasswordValues) {
    if (pending || token === null) return;
    resetPassword.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          toast({
            title: 'Password Updated',
            description: 'Your password has been reset. Please log in.',
            variant: 'success',
          });
          reset(EMPTY);
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

  function onInvalid(invalid: FieldErrors<NewPasswordValues>) {
    // A weak password is the sign-up toast; whether the two match is asked only once it is strong enough.
    if (invalid.password) {
      clearErrors('confirm');
      toast({ ...WEAK_PASSWORD_PROBLEM, variant: 'destructive' });
    }
  }

  const confirm = register('confirm', {
    // The mismatch message waits until something typed in the confirm field was left, or the form was sent.
    onBlur: (event: { target: { value: string } }) => {
      if (event.target.value !== '') void trigger('confirm');
    },
  });

  return (
    <Dialog open={token !== null} onOpenChange={(next) => (next ? undefined : cancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a new password</DialogTitle>
          <DialogDescription>Pick a strong password, then log in with it.</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
          noValidate
          className="flex flex-col gap-5"
        >
          <FormField id="new-password" label="New password" hint={<StrengthMeter password={password} />}>
            <PasswordInput
              autoComplete="new-password"
              placeholder="At least 8 characters"
              {...register('password', { deps: errors.confirm ? ['confirm'] : [] })}
            />
          </FormField>
          <FormField id="confirm-password" label="Confirm password" error={errors.confirm?.message}>
            <PasswordInput autoComplete="new-password" placeholder="Type it again" {...confirm} />
          </FormField>
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
