import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../lib/login-rules';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The reset-password dialog (spec 000 §2): one field for an email or a username. */
export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    defaultValues: { emailOrUsername: '' },
    resolver: zodResolver(forgotPasswordSchema, undefined, { mode: 'sync' }),
  });
  const forgotPassword = useForgotPassword();

  function close() {
    reset();
    onOpenChange(false);
  }

  function onValid({ emailOrUsername }: ForgotPasswordValues) {
    if (forgotPassword.isPending) return;
    forgotPassword.mutate(emailOrUsername.trim(), {
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
        <form
          onSubmit={(event) => void handleSubmit(onValid)(event)}
          noValidate
          className="flex flex-col gap-5"
        >
          <FormField id="reset-email" label="Email or username" error={errors.emailOrUsername?.message}>
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              {...register('emailOrUsername')}
            />
          </FormField>
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
