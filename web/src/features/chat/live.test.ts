import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { presenceKey, type MessagesData } from './api/chat';
import { chatLive } from './live';
import { makeMessage } from './test-data';

const route = createFrameRouter([chatLive]);

describe('the chat frames', () => {
  it('presence sets the ONLINE marker without a refetch', () => {
    const queryClient = new QueryClient();
    route({ type: 'presence', userId: 8, online: true }, { queryClient });
    expect(queryClient.getQueryData(presenceKey(8))).toEqual({ userId: 8, online: true });
    route({ type: 'presence', userId: 8, online: false }, { queryClient });
    expect(queryClient.getQueryData(presenceKey(8))).toEqual({ userId: 8, online: false });
  });

  it('a removed message leaves every cached history at once; an edit refetches the histories holding it', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const data: MessagesData = {
      pages: [{ items: [makeMessage({ id: 1 }), makeMessage({ id: 2 })], nextCursor: null }],
      pageParams: [null],
    };
    queryClient.setQueryData(['/api/messages/8'], data);
    queryClient.setQueryData(['/api/projects/5/messages'], {
      ...data,
      pages: [{ items: [], nextCursor: null }],
    });
    route({ type: 'message_deleted', id: 1, conversationId: 100 }, { queryClient });
    const left = queryClient.getQueryData<MessagesData>(['/api/messages/8']);
    expect(left?.pages[0]?.items.map((m) => m.id)).toEqual([2]);

    route({ type: 'message_updated', id: 2, conversationId: 100 }, { queryClient });
    expect(queryClient.getQueryState(['/api/messages/8'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/projects/5/messages'])?.isInvalidated).toBe(false);
  });
});
