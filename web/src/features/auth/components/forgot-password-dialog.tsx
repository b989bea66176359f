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
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { serverMessage } from '../lib/server-message';
import { Field } from './field';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The reset-password dialog (spec 000 §2): one field for an email or a username. */
export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();

  function close() {
    setValue('');
    setProblem(null);
    onOpenChange(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgotPassword.isPending) return;
    const emailOrUsername = value.trim();
    if (emailOrUsername === '') {
      setProblem('Please enter your email address or username.');
      return;
    }
    setProblem(null);
    forgotPassword.mutate(emailOrUsername, {
      onSuccess: () => {
        toast({
          title: 'Reset Email Sent',
          description: "If an account with that email exists, we've sent a password reset link.",
          variant: 'success',
        });
        close();
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to send reset email. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            Enter the email address or username of your account and we&apos;ll send you a link to choose a new
            password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <Field id="reset-email" label="Email or username" error={problem}>
            <Input
              id="reset-email"
              name="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'reset-email-error' : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                if (problem) setProblem(null);
              }}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                CANCEL
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" loading={forgotPassword.isPending}>
              {forgotPassword.isPending ? 'SENDING...' : 'SEND RESET LINK'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
