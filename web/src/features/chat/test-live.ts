import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createFrameRouter } from '@/lib/live';
import { liveChannel } from '@/lib/ws';
import { chatLive } from './live';

const routeChatFrame = createFrameRouter([chatLive]);

/**
 * For tests: the live channel open while mounted, as the app keeps it (src/app/live-channel.tsx), its frames handed
 * to the chat's handlers. A feature never imports the app, so its tests route the frames they are about themselves.
 */
export function ChatLiveChannel(): null {
  const queryClient = useQueryClient();
  useEffect(() => liveChannel.subscribe((frame) => routeChatFrame(frame, { queryClient })), [queryClient]);
  useEffect(() => {
    liveChannel.start();
    return () => liveChannel.stop();
  }, []);
  return null;
}
