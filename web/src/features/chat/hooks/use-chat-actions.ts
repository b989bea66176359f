import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { toast } from '@/lib/toast';
import { requestConnection } from '@/resources/connections';
import { deleteMessage, editMessage, joinCommunity, leaveCommunity } from '../api/chat';
import type { Message } from '../api/types';
import type { OpenChat } from '../lib/chat-ref';
import { dropMessage, upsertMessage } from './use-chat-messages';

/** What the chat screen shows once an action went through (its dialogs and notices). */
export interface ChatActionEvents {
  onEdited: () => void;
  onDeleted: () => void;
  onRequestSent: () => void;
  onJoined: () => void;
}

function failed(error: unknown, fallback: string) {
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });
}

/**
 * What one can do in an open chat besides sending: edit or delete one's message, ask the person to connect, join
 * or leave the room. Each writes what it changed into the cache (or reads it again) and says when it fails.
 */
export function useChatActions(chat: OpenChat, events: ChatActionEvents) {
  const queryClient = useQueryClient();
  const edit = useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => editMessage(id, content),
    onSuccess: (message) => {
      upsertMessage(queryClient, chat, message);
      events.onEdited();
    },
    onError: (error) => failed(error, 'Failed to edit message'),
  });
  const remove = useMutation({
    mutationFn: (message: Message) => deleteMessage(message.id),
    onSuccess: (_, message) => {
      dropMessage(queryClient, chat, message.id);
      void invalidatePath(queryClient, '/api/conversations');
      events.onDeleted();
    },
    onError: (error) => failed(error, 'Failed to delete message'),
  });
  const connect = useMutation({
    mutationFn: () => requestConnection(chat.kind === 'direct' ? chat.userId : 0),
    onSuccess: () => {
      void invalidatePath(queryClient, '/api/connections');
      events.onRequestSent();
    },
    onError: (error) => failed(error, 'Failed to send connection request'),
  });
  const join = useMutation({
    mutationFn: () => joinCommunity(chat.kind === 'room' ? chat.slug : ''),
    onSuccess: async () => {
      await invalidatePath(queryClient, '/api/communities');
      events.onJoined();
    },
    onError: (error) => failed(error, 'Failed to join community'),
  });
  const leave = useMutation({
    mutationFn: () => leaveCommunity(chat.kind === 'room' ? chat.slug : ''),
    onSuccess: () => void invalidatePath(queryClient, '/api/conversations'),
    // Still a member, or not: the room's state is read again from the server either way.
    onSettled: () => invalidatePath(queryClient, '/api/communities'),
    onError: (error) => failed(error, 'Failed to leave community'),
  });
  return { edit, remove, connect, join, leave };
}
