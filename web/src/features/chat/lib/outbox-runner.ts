import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { invalidatePath } from '@/lib/api/query-keys';
import { liveChannel } from '@/lib/ws';
import { sendMessage } from '../api/chat';
import { upsertMessage } from '../hooks/use-chat-messages';
import { sendFailed } from '../hooks/use-send-message';
import { createOutboxSender, outbox } from './outbox';

/**
 * Sends the signed-in person's queued messages (./outbox.ts): at once when there is a network, else when it comes
 * back or the live channel opens again. Returns the function that stops it (at sign-out, or another person).
 */
export function startOutbox(queryClient: QueryClient, userId: number): () => void {
  outbox.open(userId);
  const sender = createOutboxSender({
    outbox,
    send: (pending) => sendMessage(pending.chat, { content: pending.content, clientId: pending.clientId }),
    onDelivered: (pending, message) => {
      upsertMessage(queryClient, pending.chat, message);
      void invalidatePath(queryClient, '/api/conversations');
    },
    onRefused: (pending, error) => sendFailed(pending.chat, error),
    isOnline: () => onlineManager.isOnline(),
  });
  const flush = () => void sender.flush();
  const stopQueue = outbox.subscribe(() => {
    if (outbox.items().length > 0) flush();
  });
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) flush();
  });
  const stopLive = liveChannel.subscribeStatus(() => {
    if (liveChannel.getStatus() === 'open') flush();
  });
  flush();
  return () => {
    sender.stop();
    stopQueue();
    stopOnline();
    stopLive();
    outbox.close();
  };
}
