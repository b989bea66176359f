import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Sends the signed-in person's queued messages (./lib/outbox.ts) for the whole session, whichever screen is open:
 * those typed offline once the network is back, those that failed for want of a network once it returns (mounted
 * once, keyed by the user). Its code loads after the app has started (nothing waits on it), so it adds nothing to
 * the first load.
 */
export function OutboxSender({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    import('./lib/outbox-runner')
      .then(({ startOutbox }) => {
        if (!unmounted) stop = startOutbox(queryClient, userId);
      })
      // Not loaded (offline before it was ever cached): the queue waits in storage for the next start.
      .catch(() => undefined);
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return null;
}
