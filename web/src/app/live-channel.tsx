import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLiveFrame } from '@/lib/live-cache';
import { liveChannel } from '@/lib/ws';

/**
 * Keeps the app's live channel open while it is mounted (the signed-in routes render it once, keyed by the user):
 * signing out unmounts it, which closes the socket. Every frame goes through the one frame → cache mapping.
 */
export function LiveChannel() {
  const queryClient = useQueryClient();

  useEffect(() => liveChannel.subscribe((frame) => applyLiveFrame(queryClient, frame)), [queryClient]);

  useEffect(() => {
    liveChannel.start();
    return () => liveChannel.stop();
  }, []);

  return null;
}
