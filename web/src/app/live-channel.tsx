import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveChannel } from '@/lib/ws';
import { routeLiveFrame } from '@/app/live-frames';

/**
 * Keeps the app's live channel open while it is mounted (the signed-in routes render it once, keyed by the user):
 * signing out unmounts it, which closes the socket. Every frame goes to the features' handlers.
 */
export function LiveChannel() {
  const queryClient = useQueryClient();

  useEffect(() => liveChannel.subscribe((frame) => routeLiveFrame(frame, { queryClient })), [queryClient]);

  useEffect(() => {
    liveChannel.start();
    return () => liveChannel.stop();
  }, []);

  return null;
}
