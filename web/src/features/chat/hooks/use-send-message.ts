import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { errorStatus, failureText, serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { toast } from '@/lib/toast';
import { liveChannel } from '@/lib/ws';
import { sendMessage, uploadFile } from '../api/chat';
import type { AttachmentKind, Message, MessageBody } from '../api/types';
import { toChatRef, type OpenChat } from '../lib/chat-ref';
import { isNetworkFailure, newClientId, outbox } from '../lib/outbox';
import { upsertMessage } from './use-chat-messages';

/** Uploads larger than this are refused by the server (API.md "Uploads"): said before sending them. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The spec's toast for a message that could not be sent (spec 000 §8). */
export function sendFailed(chat: OpenChat, error: unknown): void {
  const fallback = chat.kind === 'project' ? 'Failed to send project message' : 'Failed to send message';
  // A block (403) or too many messages (429) is the server's to explain (shared/API.md "Safety").
  const status = errorStatus(error);
  toast({
    title: 'Error',
    description: status === 403 || status === 429 ? serverMessage(error, fallback) : fallback,
    variant: 'destructive',
  });
}

function uploadFailed(error?: unknown): void {
  toast({
    title: 'Upload Failed',
    description: failureText(error, 'Failed to upload file. Please try again.'),
    variant: 'destructive',
  });
}

/**
 * Sending to the open chat: text (`send`), and a file (`sendFile`: uploaded, then sent as an image, a document or
 * a voice message). What was sent goes into the chat at once; the frame that follows carries the same message
 * (../live.ts), so it shows once. Failures have the spec's toasts (spec 000 §8). Text typed with no network, or behind messages still
 * waiting, joins the queue (../lib/outbox.ts) and shows as "Waiting to send" until it is sent.
 */
export function useSendMessage(chat: OpenChat) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: MessageBody) => sendMessage(chat, body),
    // Sent now or not at all: a send the network cut off joins the queue instead of pausing here.
    networkMode: 'always',
    onSuccess: (message: Message) => {
      upsertMessage(queryClient, chat, message);
      void invalidatePath(queryClient, '/api/conversations');
    },
    onError: (error, body) => {
      if (!(body.clientId && isNetworkFailure(error))) sendFailed(chat, error);
    },
  });
  const upload = useMutation({
    mutationFn: async ({ file, name, kind }: { file: Blob; name: string; kind: AttachmentKind }) => {
      if (file.size > MAX_UPLOAD_BYTES) throw new Error('too big');
      const attachmentUrl = await uploadFile(file, name);
      return { attachmentUrl, attachmentType: kind, attachmentName: name };
    },
    onError: uploadFailed,
  });

  const sendFile = useCallback(
    async (file: Blob, name: string, kind: AttachmentKind) => {
      let attachment: Awaited<ReturnType<typeof upload.mutateAsync>>;
      try {
        attachment = await upload.mutateAsync({ file, name, kind });
      } catch {
        return;
      }
      await send.mutateAsync({ content: '', ...attachment }).catch(() => {});
    },
    [send, upload],
  );

  return {
    /** Sends text; resolves true when it was sent or queued to be sent. */
    sendText: async (content: string) => {
      // After messages still waiting (in any chat) it waits too: they go out in the order they were typed.
      if (!onlineManager.isOnline() || outbox.items().length > 0) {
        outbox.add(chat, content);
        return true;
      }
      const clientId = newClientId();
      try {
        await send.mutateAsync({ content, clientId });
        return true;
      } catch (error) {
        // The network went on the way: it may even have been stored; the queue sends it again under the same id.
        if (!isNetworkFailure(error)) return false;
        outbox.add(chat, content, clientId);
        return true;
      }
    },
    sendFile,
    isSending: send.isPending,
    isUploading: upload.isPending,
  };
}

/** At most one typing frame a second (the server passes on no more). */
export const TYPING_INTERVAL_MS = 1_000;

/** Tells the chat's other members that I am typing: call on every keystroke, it sends at most once a second. */
export function useTypingSignal(chat: OpenChat): () => void {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_INTERVAL_MS) return;
    last.current = now;
    liveChannel.send({ type: 'typing', chat: toChatRef(chat) });
  }, [chat]);
}
