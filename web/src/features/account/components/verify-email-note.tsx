import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api/client';
import type { User } from '@/lib/session';
import { useResendVerification } from '../hooks/use-resend-verification';

/**
 * "Verify your email" until the person has used the link mailed at sign-up (shared/API.md "Your account"), with a
 * resend (three links an hour; the server says when that is spent). Nothing once the address is verified.
 */
export function VerifyEmailNote({ user }: { user: User }) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  return (
    <section
      aria-labelledby="verify-email-title"
      className="flex gap-3 rounded-2xl border border-coin/40 bg-coin-soft p-4 text-coin-ink"
    >
      <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id="verify-email-title" className="font-display font-bold">
          Verify your email
        </h2>
        <p className="text-sm">
          We sent a link to <span className="break-all font-medium">{user.email}</span>. Open it to confirm
          the address is yours.
        </p>
        {resend.isSuccess && (
          <p role="status" className="text-sm font-medium">
            {resend.data}
          </p>
        )}
        {resend.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {serverMessage(resend.error, 'Could not send the link')}
          </p>
        )}
        <Button variant="outline" onClick={() => resend.mutate()} loading={resend.isPending}>
          Send the link again
        </Button>
      </div>
    </section>
  );
}
