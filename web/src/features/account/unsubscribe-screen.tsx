import { BellOff, CircleAlert } from 'lucide-react';
import { MessageScreen } from '@/components/message-screen';
import { serverMessage } from '@/lib/api/client';
import { unsubscribeDigest } from './api/account';
import { useOnce, Working } from './link-token';

/** `/unsubscribe?token=`: the digest's unsubscribe link, opened in a browser (no sign-in needed). */
export default function UnsubscribeScreen({ embedded = false }: { embedded?: boolean }) {
  const done = useOnce(unsubscribeDigest);
  if (done.isIdle || done.isPending) return <Working label="Turning the digest off…" />;
  if (done.isError)
    return (
      <MessageScreen
        embedded={embedded}
        icon={CircleAlert}
        title="This link did not work"
        message={serverMessage(done.error, 'This unsubscribe link is not valid.')}
        action="Go to Grow"
      />
    );
  return (
    <MessageScreen
      embedded={embedded}
      icon={BellOff}
      title="You're unsubscribed"
      message={done.data}
      action="Go to Grow"
    />
  );
}
