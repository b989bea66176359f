import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { CURRENT_USER_KEY } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { server, setupMswServer } from '@/test/server';
import { conversationsQuery, messagesQuery, presenceKey, type MessagesData } from './api/chat';
import type { Conversation, Message } from './api/types';
import { flattenMessages, placeMessage, upsertMessage } from './hooks/use-chat-messages';
import { chatLive } from './live';
import { makeConversation, makeMessage } from './test-data';

setupMswServer();
const route = createFrameRouter([chatLive]);
const ME = makeUser({ id: 7 });
const BOB = { kind: 'direct', userId: 8 } as const;
const idsOf = (data: unknown) => flattenMessages(data as MessagesData | undefined).map((m) => m.id);
const textsOf = (data: unknown) => flattenMessages(data as MessagesData | undefined).map((m) => m.content);

/** A frame of a new direct message, as the server sends it (the message itself inside). */
function chatMessage(message: Message) {
  return {
    type: 'chat_message',
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    message,
  } as const;
}

interface Calls {
  /** The history's GETs (their query strings). */
  historyReads: string[];
  listReads: number;
  /** The read marks posted: the conversation and its body. */
  readMarks: { id: string; messageId: number }[];
}

/** Bob's chat (conversation 100) and the conversation list, counting every call. */
function serve(history: Message[], conversations: Conversation[]): Calls {
  const calls: Calls = { historyReads: [], listReads: 0, readMarks: [] };
  server.use(
    http.get('/api/messages/:id', ({ request }) => {
      calls.historyReads.push(new URL(request.url).search);
      return HttpResponse.json(history);
    }),
    http.get('/api/conversations', () => {
      calls.listReads += 1;
      return HttpResponse.json(conversations);
    }),
    http.post('/api/conversations/:id/read', async ({ request, params }) => {
      const { messageId } = await request.json();
      calls.readMarks.push({ id: String(params.id), messageId });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const CLEO_CHAT = makeConversation({
  id: 101,
  lastMessage: 'From Cleo',
  lastMessageAt: '2025-06-02T12:00:00Z',
});
const BOB_CHAT = makeConversation({ id: 100, lastMessage: 'Hi Ada', lastMessageAt: '2025-06-01T12:00:00Z' });

/** Signed in as Ada (7), with Bob's chat open on screen and the conversation list in use, both loaded. */
async function openBobsChat(history: Message[], conversations = [CLEO_CHAT, BOB_CHAT]) {
  const calls = serve(history, conversations);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(CURRENT_USER_KEY, ME);
  const chat = new InfiniteQueryObserver(queryClient, messagesQuery(BOB));
  const list = new QueryObserver(queryClient, conversationsQuery());
  const stops = [chat.subscribe(() => {}), list.subscribe(() => {})];
  await waitFor(() =>
    expect(chat.getCurrentResult().isSuccess && list.getCurrentResult().isSuccess).toBe(true),
  );
  return {
    queryClient,
    calls,
    chat: () => chat.getCurrentResult().data,
    list: () => list.getCurrentResult().data ?? [],
    close: () => stops.forEach((stop) => stop()),
  };
}

const hello = makeMessage({ id: 1, senderId: 8, content: 'Hi Ada' });

describe('the chat frames', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('presence sets the ONLINE marker without a refetch', () => {
    const queryClient = new QueryClient();
    route({ type: 'presence', userId: 8, online: true }, { queryClient });
    expect(queryClient.getQueryData(presenceKey(8))).toEqual({ userId: 8, online: true });
    route({ type: 'presence', userId: 8, online: false }, { queryClient });
    expect(queryClient.getQueryData(presenceKey(8))).toEqual({ userId: 8, online: false });
  });

  it('a new message joins the open chat without reading it again, is marked read with one POST, and tops the list', async () => {
    const open = await openBobsChat([hello]);
    const fresh = makeMessage({
      id: 5,
      senderId: 8,
      content: 'Fresh news',
      createdAt: '2025-06-03T09:00:00Z',
    });
    route(chatMessage(fresh), { queryClient: open.queryClient });

    expect(idsOf(open.chat())).toEqual([1, 5]);
    await waitFor(() => expect(open.calls.readMarks).toEqual([{ id: '100', messageId: 5 }]));
    expect(open.list().map((c) => [c.id, c.lastMessage, c.lastMessageAt, c.hasUnreadMessages])).toEqual([
      [100, 'Fresh news', '2025-06-03T09:00:00Z', false],
      [101, 'From Cleo', '2025-06-02T12:00:00Z', false],
    ]);
    // Nothing was read again: the history and the list each once, when they were first shown.
    expect(open.calls.historyReads).toEqual(['?limit=30']);
    expect(open.calls.listReads).toBe(1);
    open.close();
  });

  it('the same frame twice shows the message once and marks it read once', async () => {
    const open = await openBobsChat([hello]);
    const fresh = makeMessage({ id: 5, senderId: 8, content: 'Fresh news' });
    route(chatMessage(fresh), { queryClient: open.queryClient });
    route(chatMessage(fresh), { queryClient: open.queryClient });

    expect(idsOf(open.chat())).toEqual([1, 5]);
    await waitFor(() => expect(open.calls.readMarks).toHaveLength(1));
    expect(open.calls.historyReads).toHaveLength(1);
    open.close();
  });

  it('a burst of messages in an open chat sends one read mark at once and one for the newest two seconds later', async () => {
    const open = await openBobsChat([hello]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      for (const id of [5, 6, 7]) {
        route(chatMessage(makeMessage({ id, senderId: 8, content: `News ${id}` })), {
          queryClient: open.queryClient,
        });
      }
      await waitFor(() => expect(open.calls.readMarks).toEqual([{ id: '100', messageId: 5 }]));
      await vi.advanceTimersByTimeAsync(1900);
      expect(open.calls.readMarks).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      await waitFor(() =>
        expect(open.calls.readMarks).toEqual([
          { id: '100', messageId: 5 },
          { id: '100', messageId: 7 },
        ]),
      );
      // Quiet for two more seconds: nothing else goes out.
      await vi.advanceTimersByTimeAsync(2500);
      expect(open.calls.readMarks).toHaveLength(2);
      expect(idsOf(open.chat())).toEqual([1, 5, 6, 7]);
    } finally {
      vi.useRealTimers();
      open.close();
    }
  });

  it('my own message, put in by the answer to my send, is not doubled by its frame, nor marked read again', async () => {
    const open = await openBobsChat([hello]);
    const mine = makeMessage({ id: 901, senderId: 7, receiverId: 8, content: 'Once only', clientId: 'c-1' });
    // The answer first, then the frame (every tab of mine gets it, this one too) …
    upsertMessage(open.queryClient, BOB, mine);
    route(chatMessage(mine), { queryClient: open.queryClient });
    // … or the frame first (another tab sent it, or the frame outran the answer), then the answer.
    const second = makeMessage({ id: 902, senderId: 7, receiverId: 8, content: 'Twice?', clientId: 'c-2' });
    route(chatMessage(second), { queryClient: open.queryClient });
    upsertMessage(open.queryClient, BOB, second);

    expect(textsOf(open.chat())).toEqual(['Hi Ada', 'Once only', 'Twice?']);
    // Sending marked it read: no read mark is posted, and the list shows it as read.
    expect(open.calls.readMarks).toEqual([]);
    expect(open.list()[0]).toMatchObject({ id: 100, lastMessage: 'Twice?', hasUnreadMessages: false });
    expect(open.calls.historyReads).toHaveLength(1);
    open.close();
  });

  it('a stored message takes the place of my copy with its client id', () => {
    const copy = makeMessage({ id: 901, senderId: 7, content: 'Sent offline', clientId: 'c-9' });
    const data: MessagesData = { pages: [{ items: [hello, copy], nextCursor: null }], pageParams: [null] };
    const stored = { ...copy, id: 903 };
    expect(flattenMessages(placeMessage(data, stored))).toEqual([hello, stored]);
    // Someone else's message with the same client id is another message.
    const theirs = makeMessage({ id: 904, senderId: 8, clientId: 'c-9' });
    expect(idsOf(placeMessage(data, theirs))).toEqual([1, 901, 904]);
  });

  it('a message joins the newest page in sending order, and the older pages stay as they are', () => {
    const data: MessagesData = {
      pages: [
        { items: [makeMessage({ id: 5 }), makeMessage({ id: 8 })], nextCursor: '5' },
        { items: [makeMessage({ id: 2 }), makeMessage({ id: 3 })], nextCursor: null },
      ],
      pageParams: [null, '5'],
    };
    const placed = placeMessage(placeMessage(data, makeMessage({ id: 9 })), makeMessage({ id: 7 }));
    expect(idsOf(placed)).toEqual([2, 3, 5, 7, 8, 9]);
    expect(placed.pages[1]).toBe(data.pages[1]);
  });

  it('a message for a chat that is cached but not open joins it and stays unread, with no read mark', async () => {
    const calls = serve([], []);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData(CURRENT_USER_KEY, ME);
    queryClient.setQueryData(messagesQuery(BOB).queryKey, {
      pages: [{ items: [hello], nextCursor: null }],
      pageParams: [null],
    });
    queryClient.setQueryData(conversationsQuery().queryKey, [CLEO_CHAT, BOB_CHAT]);
    const fresh = makeMessage({ id: 5, senderId: 8, content: 'While away' });
    route(chatMessage(fresh), { queryClient });

    expect(idsOf(queryClient.getQueryData(messagesQuery(BOB).queryKey))).toEqual([1, 5]);
    expect(queryClient.getQueryData(conversationsQuery().queryKey)?.[0]).toMatchObject({
      id: 100,
      lastMessage: 'While away',
      hasUnreadMessages: true,
    });
    // A chat with no cached history is left alone (it is read when opened).
    const other = makeMessage({ id: 6, senderId: 9, conversationId: 101, content: 'From Cleo again' });
    route(chatMessage(other), { queryClient });
    expect(queryClient.getQueryData(messagesQuery({ kind: 'direct', userId: 9 }).queryKey)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual({ historyReads: [], listReads: 0, readMarks: [] });
  });

  it('a chat open while the page is hidden is marked read once the page is seen again', async () => {
    const open = await openBobsChat([hello]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    route(chatMessage(makeMessage({ id: 5, senderId: 8 })), { queryClient: open.queryClient });
    route(chatMessage(makeMessage({ id: 6, senderId: 8 })), { queryClient: open.queryClient });
    expect(idsOf(open.chat())).toEqual([1, 5, 6]);
    expect(open.list()[0]).toMatchObject({ id: 100, hasUnreadMessages: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open.calls.readMarks).toEqual([]);

    Reflect.deleteProperty(document, 'visibilityState');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(open.calls.readMarks).toEqual([{ id: '100', messageId: 6 }]));
    expect(open.list()[0]).toMatchObject({ id: 100, hasUnreadMessages: false });
    open.close();
  });

  it('a first message, of a conversation the list does not hold yet, reads the list again', async () => {
    const open = await openBobsChat([], [CLEO_CHAT]);
    route(chatMessage(makeMessage({ id: 5, senderId: 8 })), { queryClient: open.queryClient });
    await waitFor(() => expect(open.calls.listReads).toBe(2));
    expect(open.calls.historyReads).toHaveLength(1);
    open.close();
  });

  it('a project or room message joins that chat', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, ME);
    const empty: MessagesData = { pages: [{ items: [], nextCursor: null }], pageParams: [null] };
    queryClient.setQueryData(['/api/projects/5/messages'], empty);
    queryClient.setQueryData(['/api/communities/tech/messages'], empty);
    serve([], []);
    const inProject = makeMessage({
      id: 11,
      senderId: 7,
      receiverId: null,
      projectId: 5,
      conversationId: 300,
    });
    route(
      { type: 'project_message', id: 11, conversationId: 300, senderId: 7, projectId: 5, message: inProject },
      { queryClient },
    );
    const inRoom = makeMessage({ id: 12, senderId: 7, receiverId: null, room: 'tech', conversationId: 400 });
    route(
      { type: 'community_message', id: 12, conversationId: 400, senderId: 7, room: 'tech', message: inRoom },
      { queryClient },
    );
    expect(idsOf(queryClient.getQueryData(['/api/projects/5/messages']))).toEqual([11]);
    expect(idsOf(queryClient.getQueryData(['/api/communities/tech/messages']))).toEqual([12]);
  });

  it('an edit changes the text in place in the open chat and the list, without reading either again', async () => {
    const open = await openBobsChat(
      [hello, makeMessage({ id: 2, senderId: 8, content: 'Last one' })],
      [makeConversation({ id: 100, lastMessage: 'Last one', lastMessageAt: '2025-06-01T12:00:00.000Z' })],
    );
    const edited = makeMessage({
      id: 2,
      senderId: 8,
      content: 'Last one, edited',
      createdAt: '2025-06-01T12:00:00.000Z',
      editedAt: '2025-06-01T12:05:00.000Z',
    });
    route(
      { type: 'message_updated', id: 2, conversationId: 100, message: edited },
      { queryClient: open.queryClient },
    );

    expect(textsOf(open.chat())).toEqual(['Hi Ada', 'Last one, edited']);
    expect(open.list()[0]?.lastMessage).toBe('Last one, edited');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open.calls.historyReads).toHaveLength(1);
    expect(open.calls.listReads).toBe(1);
    open.close();
  });

  it('a removed message leaves every cached history at once', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const data: MessagesData = {
      pages: [{ items: [makeMessage({ id: 1 }), makeMessage({ id: 2 })], nextCursor: null }],
      pageParams: [null],
    };
    queryClient.setQueryData(['/api/messages/8'], data);
    route({ type: 'message_deleted', id: 1, conversationId: 100 }, { queryClient });
    expect(idsOf(queryClient.getQueryData(['/api/messages/8']))).toEqual([2]);
  });
});
