import { useQuery } from '@tanstack/react-query';
import { conversationsQuery } from '../api/chat';

/**
 * True while any of my conversations has unread messages: the red dot on the Ideate tab (spec 001 §2.7). Live:
 * every message frame writes the conversation list (../live.ts), and opening a chat (which marks it read) reads it.
 */
export function useHasUnreadConversations(): boolean {
  const { data } = useQuery(conversationsQuery());
  return data?.some((conversation) => conversation.hasUnreadMessages) ?? false;
}
