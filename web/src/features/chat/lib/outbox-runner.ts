import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { endSessionOnSignedOutAnswer, isSignedOutAnswer } from '@/lib/session';
import { liveChannel } from '@/lib/ws';
import { uploadFile } from '@/resources/uploads';
import { sendMessage } from '../api/chat';
import type { Message } from '../api/types';
import { noteSentMessage } from '../hooks/use-chat-messages';
import { sendFailed, uploadFailed } from '../hooks/use-send-message';
import { createOutboxSender, outbox, type PendingMessage } from './outbox';

/** Uploads a queued file (once: a retry after the upload went through only sends the message), then sends it. */
async function sendPending(pending: PendingMessage): Promise<Message> {
  const { file } = pending;
  if (!file) return sendMessage(pending.chat, { content: pending.content, clientId: pending.clientId });
  let attachment = file.uploaded;
  if (!attachment) {
    attachment = {
      attachmentUrl: await uploadFile(file.blob, file.name),
      attachmentType: file.kind,
      attachmentName: file.name,
    };
    outbox.uploaded(pending.clientId, attachment);
  }
  return sendMessage(pending.chat, { content: '', ...attachment, clientId: pending.clientId });
}

/**
 * Sends the signed-in person's queue (./outbox.ts): at once when there is a network, else when it comes back. A
 * message that failed for want of a network is tried again when the browser says the network is back, or the live
 * channel opens again (the server is reachable). Returns the function that stops it (at sign-out, or another
 * person).
 */
function run(queryClient: QueryClient, userId: number): () => void {
  outbox.open(userId);
  const sender = createOutboxSender({
    outbox,
    send: sendPending,
    // One POST and nothing more: the history and the conversation list take the stored message in place.
    onDelivered: (pending, message) => noteSentMessage(queryClient, pending.chat, message),
    onFailed: (pending, error) => {
      // A session that ended is ended everywhere (the queue is cleared with it); nothing to say about the message.
      if (isSignedOutAnswer(error)) {
        endSessionOnSignedOutAnswer(queryClient, error);
        return;
      }
      if (pending.file && !pending.file.uploaded) uploadFailed(error);
      else sendFailed(pending.chat, error);
    },
    isOnline: () => onlineManager.isOnline(),
  });
  const flush = () => void sender.flush();
  const networkBack = () => {
    outbox.retryAll('network');
    flush();
  };
  const stopQueue = outbox.subscribe(flush);
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) networkBack();
  });
  const stopLive = liveChannel.subscribeStatus(() => {
    if (liveChannel.getStatus() === 'open') networkBack();
  });
  // Messages that failed for want of a network before a reload are tried again now.
  outbox.retryAll('network');
  flush();
  return () => {
    sender.stop();
    stopQueue();
    stopOnline();
    stopLive();
    outbox.close();
  };
}

let current: { queryClient: QueryClient; userId: number; users: number; stop: () => void } | null = null;

/**
 * Starts sending the person's queue, or joins the sender already running for them: the app starts it for the whole
 * session (../outbox-sender.tsx) and an open chat for as long as it is open, so a message typed in it always goes.
 * Returns the function that leaves it; the last to leave stops it. Another person's (or another cache's) sender is
 * stopped first.
 */
export function startOutbox(queryClient: QueryClient, userId: number): () => void {
  if (current && (current.queryClient !== queryClient || current.userId !== userId)) {
    current.stop();
    current = null;
  }
  const entry = (current ??= { queryClient, userId, users: 0, stop: run(queryClient, userId) });
  entry.users += 1;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    entry.users -= 1;
    if (entry.users > 0 || current !== entry) return;
    entry.stop();
    current = null;
  };
}
