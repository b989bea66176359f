import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { failureText, serverMessage } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { coinsSentence, sentences, type CoinAnswer } from '@/lib/coins';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast } from '@/lib/toast';
import {
  acceptRequest,
  connectionRequestsQuery,
  collaborationRequestsQuery,
  rejectRequest,
  removeConnection,
} from '../api/connections';
import type { ConnectionRequest, ConnectionWithUser } from '../api/types';

/**
 * spec 000 §4: accepting or rejecting refreshes requests, collaboration requests, project requests, connections
 * and the user (`connectionCount`, coins). Everything under `/api/connections` covers the first four.
 */
export function refreshAfterAnswer(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidatePath(queryClient, '/api/connections'),
    invalidatePath(queryClient, '/api/rewards'),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true }),
  ]);
}

export type Answer = 'accept' | 'reject';

/**
 * Drops one request from a loaded list at once (the server's answer follows with the refresh); the undo puts back
 * that one request where it was, and nothing else: another answered meanwhile stays answered.
 */
function dropRequest(queryClient: QueryClient, id: number): () => void {
  const keys = [connectionRequestsQuery().queryKey, collaborationRequestsQuery().queryKey];
  const taken = keys.map((key) => {
    const list = queryClient.getQueryData<ConnectionRequest[]>(key) ?? [];
    const index = list.findIndex((item) => item.id === id);
    return index < 0 ? null : { item: list[index]!, index };
  });
  for (const key of keys)
    queryClient.setQueryData<ConnectionRequest[]>(key, (list) => list?.filter((item) => item.id !== id));
  return () =>
    keys.forEach((key, k) => {
      const was = taken[k];
      if (!was) return;
      queryClient.setQueryData<ConnectionRequest[]>(key, (list) =>
        !list || list.some((item) => item.id === id)
          ? list
          : [...list.slice(0, was.index), was.item, ...list.slice(was.index)],
      );
    });
}

/**
 * Accept or reject a connection or collaboration request (spec 000 §4: the same calls for both). Success says
 * 'Success – Request accepted/rejected successfully', and for an accept what it paid as the answer says it (or that
 * today's limit for new connections was reached); failure 'Error – Failed to process collaboration request'.
 */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/connections/{id}/answer'],
    // What the answer paid: an accept says it (`coinsEarned`, `coinsCapped`); a reject pays nothing.
    mutationFn: ({ request, answer }: { request: ConnectionRequest; answer: Answer }): Promise<CoinAnswer> =>
      answer === 'accept' ? acceptRequest(request.id) : rejectRequest(request.id).then(() => ({})),
    onMutate: async ({ request }) => {
      await queryClient.cancelQueries({
        predicate: (query) => query.queryKey[0] === '/api/connections/requests',
      });
      return dropRequest(queryClient, request.id);
    },
    onSuccess: (data, { answer }) => {
      const done = `Request ${answer === 'accept' ? 'accepted' : 'rejected'} successfully`;
      const coins = coinsSentence(data, 'connection');
      toast({
        title: 'Success',
        description: coins ? sentences(`${done}.`, coins) : done,
        variant: 'success',
      });
    },
    onError: (error, _variables, undo) => {
      undo?.();
      console.error('Answering a request failed', error);
      toast({
        title: 'Error',
        description: failureText(error, 'Failed to process collaboration request'),
        variant: 'destructive',
      });
    },
    onSettled: () => refreshAfterAnswer(queryClient),
  });
}

/**
 * Remove a connection (after the Remove Connection dialog): 'Connection Removed – The connection has been removed
 * from your network.', or 'Error' with the server's message or 'Failed to remove connection' (spec 000 §8).
 */
export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['/api/connections/{id}'],
    mutationFn: (connection: ConnectionWithUser) => removeConnection(connection.id),
    onSuccess: () => {
      toast({
        title: 'Connection Removed',
        description: 'The connection has been removed from your network.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to remove connection'),
        variant: 'destructive',
      });
    },
    onSettled: () => refreshAfterAnswer(queryClient),
  });
}
