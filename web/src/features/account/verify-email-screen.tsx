import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, MailCheck } from 'lucide-react';
import { MessageScreen } from '@/components/message-screen';
import { serverMessage } from '@/lib/api/client';
import { CURRENT_USER_KEY, type User } from '@/lib/session';
import { verifyEmail } from './api/account';
import { useOnce, Working } from './link-token';

/**
 * `/verify-email?token=`: the link mailed at sign-up or for a new address. Works signed in or not; a signed-in
 * person's account shows the new address at once.
 */
export default function VerifyEmailScreen({ embedded = false }: { embedded?: boolean }) {
  const queryClient = useQueryClient();
  const verified = useOnce(verifyEmail, (user) => {
    if (queryClient.getQueryData<User | null>(CURRENT_USER_KEY))
      queryClient.setQueryData(CURRENT_USER_KEY, user);
  });
  if (verified.isIdle || verified.isPending) return <Working label="Verifying your email…" />;
  if (verified.isError)
    return (
      <MessageScreen
        embedded={embedded}
        icon={CircleAlert}
        title="This link did not work"
        message={serverMessage(
          verified.error,
          'This link is invalid or has expired. Please ask for a new one.',
        )}
        action={embedded ? 'Go to Settings' : 'Go to Grow'}
        href={embedded ? '/settings' : '/'}
      />
    );
  return (
    <MessageScreen
      embedded={embedded}
      icon={MailCheck}
      title="Email verified"
      message={`${verified.data.email} is your Grow address now.`}
      action="Continue to Grow"
      href="/"
    />
  );
}
