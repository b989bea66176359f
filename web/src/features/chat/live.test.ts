import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '@/test/http';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { server, setupMswServer } from '@/test/server';
import { messagesQuery, presenceKey, type MessagesData } from './api/chat';
import { flattenMessages } from './hooks/use-chat-messages';
import { chatLive } from './live';
import { makeMessage } from './test-data';

setupMswServer();
const route = createFrameRouter([chatLive]);
const idsOf = (data: unknown) => flattenMessages(data as MessagesData | undefined).map((m) => m.id);

/** A direct chat's history paged by two (newest first), recording each read. */
function serveHistory(ids: number[]) {
  const reads: string[] = [];
  server.use(
    http.get('/api/messages/:id', ({ request }) => {
      const url = new URL(request.url);
      reads.push(url.search);
      const cursor = url.searchParams.get('cursor');
      const older = cursor ? ids.filter((id) => id < Number(cursor)) : ids;
      const page = older.slice(-2);
      const next = older.length > page.length ? `</api/messages/8?cursor=${page[0]}>; rel="next"` : null;
      return HttpResponse.json(
        page.map((id) => makeMessage({ id, content: `message ${id}` })),
        { headers: next ? { Link: next } : {} },
      );
    }),
  );
  return reads;
}

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

    route(
      {
        type: 'message_updated',
        id: 2,
        conversationId: 100,
        message: makeMessage({ id: 2, content: 'Edited' }),
      },
      { queryClient },
    );
    expect(queryClient.getQueryState(['/api/messages/8'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/projects/5/messages'])?.isInvalidated).toBe(false);
  });

  it('a new message reads only the newest page of an open chat, and the older pages stay loaded', async () => {
    const ids = [1, 2, 3, 4];
    const reads = serveHistory(ids);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    const open = new InfiniteQueryObserver(queryClient, messagesQuery({ kind: 'direct', userId: 8 }));
    const stop = open.subscribe(() => {});
    await waitFor(() => expect(open.getCurrentResult().isSuccess).toBe(true));
    await open.fetchNextPage();
    expect(idsOf(open.getCurrentResult().data)).toEqual([1, 2, 3, 4]);
    reads.length = 0;

    ids.push(5);
    route(
      {
        type: 'chat_message',
        id: 5,
        conversationId: 100,
        senderId: 8,
        message: makeMessage({ id: 5, senderId: 8 }),
      },
      { queryClient },
    );
    await waitFor(() => expect(idsOf(open.getCurrentResult().data)).toEqual([1, 2, 3, 4, 5]));
    // One read of the newest page, none of the page before it.
    expect(reads).toEqual(['?limit=30']);
    expect(open.getCurrentResult().hasNextPage).toBe(false);
    stop();
  });
});
