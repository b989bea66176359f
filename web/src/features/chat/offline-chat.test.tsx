import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { http } from '@/test/http';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPersistedCache } from '@/lib/persisted-cache';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER_KEY } from '@/lib/session';
import { makeUser } from '@/test/fixtures';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { Message } from './api/types';
import IdeateScreen from './ideate-screen';
import { outbox } from './lib/outbox';
import { OutboxSender } from './outbox-sender';
import { makeConnection, makeMessage } from './test-data';
import { ChatLiveChannel } from './test-live';

setupMswServer();
afterEach(() => {
  onlineManager.setOnline(true);
  outbox.close();
  clearPersistedCache();
});

const ME = makeUser({ id: 7, firstName: 'Ada', lastName: 'Lovelace' });
const LAZY = { timeout: 5000 };
const WAITING = 'Waiting to send';

/** A chat with Bob whose server stores a message once per client id (a resend answers 200 with it). */
function serveChat(history: Message[] = []) {
  const posts: { content: string; clientId?: string }[] = [];
  server.use(
    http.get('/api/conversations', () => HttpResponse.json([])),
    http.get('/api/projects', () => HttpResponse.json([])),
    http.get('/api/projects/collaborating', () => HttpResponse.json([])),
    http.get('/api/communities', () => HttpResponse.json([])),
    http.get('/api/connections/with-users', () => HttpResponse.json([makeConnection()])),
    http.get('/api/users/:id/presence', () => HttpResponse.json({ userId: 8, online: false })),
    http.get('/api/messages/:id', () => HttpResponse.json(history)),
    http.post('/api/messages', async ({ request }) => {
      const body = (await request.json()) as { content: string; clientId?: string };
      posts.push(body);
      const earlier = history.find((message) => message.clientId === body.clientId);
      if (earlier) return HttpResponse.json(earlier, { status: 200 });
      const message = makeMessage({
        id: 500 + history.length,
        senderId: ME.id,
        senderName: 'Ada Lovelace',
        content: body.content,
        clientId: body.clientId ?? null,
      });
      history.push(message);
      return HttpResponse.json(message, { status: 201 });
    }),
  );
  return posts;
}

function openChatWithBob() {
  return renderWithProviders(
    <>
      <OutboxSender userId={ME.id} />
      <IdeateScreen user={ME} />
    </>,
    { path: '/ideate?chat=8' },
  );
}

const composer = () => screen.getByRole('textbox', { name: 'Message' });
/** The texts of the thread's bubbles, top to bottom, each with its waiting mark if it has one. */
function thread(): string[] {
  const log = screen.getByRole('log', { name: 'Messages' });
  return within(log)
    .queryAllByText(/^(First|Second|Stored)/)
    .map((element) => {
      const bubble = element.closest('div');
      return `${element.textContent}${bubble && within(bubble).queryByText(WAITING) ? ` (${WAITING})` : ''}`;
    });
}

describe('a chat with no network', () => {
  it('keeps what is typed as "Waiting to send", in order, and sends it once, in order, when the network is back', async () => {
    const posts = serveChat();
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);

    act(() => onlineManager.setOnline(false));
    await userEvent.type(composer(), 'First, typed offline{Enter}');
    await userEvent.type(composer(), 'Second, typed offline{Enter}');
    await waitFor(() =>
      expect(thread()).toEqual([`First, typed offline (${WAITING})`, `Second, typed offline (${WAITING})`]),
    );
    expect(composer()).toHaveValue('');
    expect(posts).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(thread()).toEqual(['First, typed offline', 'Second, typed offline']));
    expect(posts.map((post) => post.content)).toEqual(['First, typed offline', 'Second, typed offline']);
    expect(new Set(posts.map((post) => post.clientId)).size).toBe(2);
    expect(screen.queryByText(WAITING)).toBeNull();
  });

  it('opened with no network and nothing kept, it says its messages load online; what is typed waits, then goes', async () => {
    const posts = serveChat();
    onlineManager.setOnline(false);
    openChatWithBob();
    expect(
      await screen.findByText("Messages load when you're back online", undefined, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading messages')).toBeNull();

    await userEvent.type(composer(), 'First, typed offline{Enter}');
    await waitFor(() => expect(thread()).toEqual([`First, typed offline (${WAITING})`]));
    expect(posts).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(thread()).toEqual(['First, typed offline']));
    expect(posts.map((post) => post.content)).toEqual(['First, typed offline']);
  });

  it('a waiting message the history already holds (its answer was lost) shows once, never as two bubbles', async () => {
    const stored = makeMessage({
      id: 41,
      senderId: ME.id,
      senderName: 'Ada Lovelace',
      content: 'Stored before the answer was lost',
      clientId: 'lost-answer-1',
    });
    const posts = serveChat([stored]);
    onlineManager.setOnline(false);
    outbox.open(ME.id);
    outbox.add({ kind: 'direct', userId: 8 }, 'Stored before the answer was lost', {
      clientId: 'lost-answer-1',
    });
    onlineManager.setOnline(true);
    openChatWithBob();

    await waitFor(() => expect(thread()).toEqual(['Stored before the answer was lost']), LAZY);
    await waitFor(() => expect(outbox.items()).toEqual([]));
    // Sent again or not, it is stored once: the server answers a known client id with the stored message.
    expect(posts.every((post) => post.clientId === 'lost-answer-1')).toBe(true);
    expect(thread()).toEqual(['Stored before the answer was lost']);
  });

  it('a waiting message whose frame comes (it was stored, its answer lost) shows once and leaves the queue', async () => {
    const live = liveServer({ userId: ME.id });
    const posts = serveChat();
    server.use(live.handler);
    // Signed in as Ada: the app reads who is signed in before anything else.
    const queryClient = createQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, ME);
    renderWithProviders(
      <>
        <ChatLiveChannel />
        <OutboxSender userId={ME.id} />
        <IdeateScreen user={ME} />
      </>,
      { path: '/ideate?chat=8', queryClient },
    );
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    await waitFor(() => expect(live.openCount()).toBe(1));

    act(() => onlineManager.setOnline(false));
    await userEvent.type(composer(), 'First, typed offline{Enter}');
    await waitFor(() => expect(thread()).toEqual([`First, typed offline (${WAITING})`]));
    const [pending] = outbox.items();
    const stored = makeMessage({
      id: 600,
      senderId: ME.id,
      receiverId: 8,
      senderName: 'Ada Lovelace',
      content: 'First, typed offline',
      clientId: pending!.clientId,
    });
    live.push({ type: 'chat_message', id: 600, conversationId: 100, senderId: ME.id, message: stored });

    await waitFor(() => expect(thread()).toEqual(['First, typed offline']));
    await waitFor(() => expect(outbox.items()).toEqual([]));
    act(() => onlineManager.setOnline(true));
    expect(posts).toEqual([]);
  });
});
