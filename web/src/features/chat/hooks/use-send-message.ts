import { useCallback, useMemo, useRef } from 'react';
import { errorStatus, failureText, serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { liveChannel } from '@/lib/ws';
import type { AttachmentKind } from '../api/types';
import { toChatRef, type OpenChat } from '../lib/chat-ref';
import { outbox } from '../lib/outbox';

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

/** The spec's toast for a file that could not be uploaded (spec 000 §8). */
export function uploadFailed(error?: unknown): void {
  toast({
    title: 'Upload Failed',
    description: failureText(error, 'Failed to upload file. Please try again.'),
    variant: 'destructive',
  });
}

/**
 * Sending to the open chat. Everything sent joins the queue (../lib/outbox.ts) and shows in the chat at once:
 * "Sending…", then the stored message; "Waiting to send" with no network; "Not sent" with Retry when a try failed.
 * Nothing here waits for the network, so Send and Enter are never held up by a message still on its way, and the
 * field clears at once (the text is in the thread, and stays there until it is stored or discarded).
 */
export function useSendMessage(chat: OpenChat) {
  const sendText = useCallback((content: string) => void outbox.add(chat, content), [chat]);
  const sendFile = useCallback(
    (blob: Blob, name: string, kind: AttachmentKind) => {
      // The server would refuse it whatever the network: said now, and not queued.
      if (blob.size > MAX_UPLOAD_BYTES) {
        uploadFailed();
        return;
      }
      outbox.add(chat, '', { file: { blob, name, kind } });
    },
    [chat],
  );
  return useMemo(
    () => ({
      sendText,
      sendFile,
      /** Sends a failed message again, under the same client id (stored once, however often it is sent). */
      retry: (clientId: string) => outbox.retry(clientId),
      /** Gives up a message that was not sent (its chat's later messages then go). */
      discard: (clientId: string) => outbox.remove(clientId),
    }),
    [sendText, sendFile],
  );
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
