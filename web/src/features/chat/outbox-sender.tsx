import { useOutboxSender } from './hooks/use-outbox';

/** Sends the signed-in person's messages typed offline once the network is back (mounted once, keyed by user). */
export function OutboxSender({ userId }: { userId: number }) {
  useOutboxSender(userId);
  return null;
}
