import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { clearPersistedCache } from '@/lib/persisted-cache';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { Conversation, Message, MessageBody } from './api/types';
import IdeateScreen from './ideate-screen';
import { outbox } from './lib/outbox';
import { makeConnection, makeConversation, makeMessage } from './test-data';

// Issue 49, "Sends that survive a bad network": a message shows at once as "Sending…", then as sent, or as "Not
// sent" with Retry and its text kept; Send is never held up by a message on its way; one send is one POST.

setupMswServer();
afterEach(() => {
  onlineManager.setOnline(true);
  clearPersistedCache();
});

const ME = makeUser({ id: 7, firstName: 'Ada', lastName: 'Lovelace' });
const LAZY = { timeout: 5000 };

/** How the server answers a send: stored (the default), held until the test lets it go, or failed. */
type Answer = 'store' | 'hold' | 'drop' | 'refuse' | 'error';

/**
 * A chat with Bob whose server stores a message once per client id (a resend answers 200 with it). Each send takes
 * the next of `answers` (then stores). Every request is recorded, as "METHOD /path".
 */
function serveChat({
  answers = [] as Answer[],
  uploads = [] as Answer[],
  conversations = [] as Conversation[],
} = {}) {
  const history: Message[] = [];
  const posts: MessageBody[] = [];
  const requests: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = async (next: Answer | undefined) => {
    if (next === 'hold') await held;
    if (next === 'drop') return HttpResponse.error();
    if (next === 'error') return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
    if (next === 'refuse')
      return HttpResponse.json({ message: 'This person is not available' }, { status: 403 });
    return null;
  };
  const listener = ({ request }: { request: Request }) =>
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  server.events.on('request:start', listener);
  server.use(
    http.get('/api/conversations', () => HttpResponse.json(conversations)),
    http.get('/api/projects', () => HttpResponse.json([])),
    http.get('/api/projects/collaborating', () => HttpResponse.json([])),
    http.get('/api/communities', () => HttpResponse.json([])),
    http.get('/api/connections/with-users', () => HttpResponse.json([makeConnection()])),
    http.get('/api/users/:id/presence', () => HttpResponse.json({ userId: 8, online: false })),
    http.get('/api/messages/:id', () => HttpResponse.json(history)),
    http.post('/api/conversations/:id/read', () => new HttpResponse(null, { status: 204 })),
    http.post('/api/upload', async () => {
      const failed = await answer(uploads.shift());
      if (failed) return failed;
      return HttpResponse.json({
        fileUrl: '/api/files/notes.txt',
        fileUrls: ['/api/files/notes.txt'],
        files: [{ originalName: 'notes.txt', size: 1, url: '/api/files/notes.txt' }],
      });
    }),
    http.post('/api/messages', async ({ request }) => {
      const body = await request.json();
      posts.push(body);
      const earlier = history.find((message) => message.clientId === body.clientId);
      const failed = await answer(answers.shift());
      if (failed) return failed;
      if (earlier) return HttpResponse.json(earlier, { status: 200 });
      const message = makeMessage({
        id: 500 + history.length,
        senderId: ME.id,
        senderName: 'Ada Lovelace',
        content: body.content ?? '',
        clientId: body.clientId ?? null,
        attachmentUrl: body.attachmentUrl ?? null,
        attachmentType: body.attachmentType ?? null,
        attachmentName: body.attachmentName ?? null,
        messageType: body.attachmentType ?? 'text',
        createdAt: new Date().toISOString(),
      });
      history.push(message);
      return HttpResponse.json(message, { status: 201 });
    }),
  );
  onTestFinished(() => void server.events.removeListener('request:start', listener));
  return { posts, requests, release, history };
}

function openChatWithBob() {
  return renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
}

const composer = () => screen.getByRole('textbox', { name: 'Message' });
const log = () => screen.getByRole('log', { name: 'Messages' });
/** A message's bubble: its text and its footer (the time and tick, or where it stands). */
const bubbleOf = (text: string) => within(log()).getByText(text, { exact: true }).closest('div')!;

describe('sending on a bad network', () => {
  it('a message shows at once as Sending…, the field clears and Send stays free; then it shows as sent', async () => {
    const { posts, release } = serveChat({ answers: ['hold'] });
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);

    await userEvent.type(composer(), 'First, on a slow line{Enter}');
    expect(composer()).toHaveValue('');
    await waitFor(() => expect(bubbleOf('First, on a slow line')).toHaveTextContent('Sending…'));

    // The first is still on its way: the second is typed and sent all the same, and waits its turn.
    await userEvent.type(composer(), 'Second');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await userEvent.type(composer(), '{Enter}');
    expect(composer()).toHaveValue('');
    expect(bubbleOf('Second')).toHaveTextContent('Sending…');
    expect(posts.map((post) => post.content)).toEqual(['First, on a slow line']);

    release();
    await waitFor(() => expect(within(log()).queryByText('Sending…')).toBeNull());
    expect(within(bubbleOf('First, on a slow line')).getByLabelText('Sent')).toBeInTheDocument();
    expect(within(bubbleOf('Second')).getByLabelText('Sent')).toBeInTheDocument();
    expect(posts.map((post) => post.content)).toEqual(['First, on a slow line', 'Second']);
  });

  it('a connection dropped on the way: Not sent, with Retry and its text; Retry sends it under the same id', async () => {
    const { posts } = serveChat({ answers: ['drop'] });
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);

    await userEvent.type(composer(), 'Lost in the tunnel{Enter}');
    await waitFor(() => expect(bubbleOf('Lost in the tunnel')).toHaveTextContent('Not sent'));
    expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to send message' });
    const retry = within(log()).getByRole('button', { name: 'Retry sending: Lost in the tunnel' });
    // A message typed after it waits behind it: a chat reads in the order it was typed.
    await userEvent.type(composer(), 'Typed after{Enter}');
    expect(bubbleOf('Typed after')).toHaveTextContent('Waiting to send');
    expect(posts).toHaveLength(1);

    await userEvent.click(retry);
    await waitFor(() => expect(within(log()).queryByText(/Not sent|Waiting to send|Sending…/)).toBeNull());
    expect(posts.map((post) => post.content)).toEqual([
      'Lost in the tunnel',
      'Lost in the tunnel',
      'Typed after',
    ]);
    expect(posts[1]!.clientId).toBe(posts[0]!.clientId);
  });

  it('a message that failed for want of a network goes by itself when the network is back', async () => {
    const { posts } = serveChat({ answers: ['error'] });
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);

    await userEvent.type(composer(), 'Server hiccup{Enter}');
    await waitFor(() => expect(bubbleOf('Server hiccup')).toHaveTextContent('Not sent'));
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await waitFor(() => expect(within(bubbleOf('Server hiccup')).getByLabelText('Sent')).toBeInTheDocument());
    expect(posts).toHaveLength(2);
  });

  it('a message the server refuses: its toast, and the message stays with its text; Delete gives it up', async () => {
    const { posts } = serveChat({ answers: ['refuse'] });
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);

    await userEvent.type(composer(), 'Are you there?{Enter}');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'This person is not available' }),
    );
    expect(bubbleOf('Are you there?')).toHaveTextContent('Not sent');
    // Refused, it is not tried again by itself (a network coming back changes nothing).
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await delay(50);
    expect(posts).toHaveLength(1);

    await userEvent.click(
      within(log()).getByRole('button', { name: 'Delete unsent message: Are you there?' }),
    );
    await screen.findByText('No messages yet. Start a conversation!');
    expect(outbox.items()).toEqual([]);
  });

  it('a file that failed to upload stays as failed with Retry; Retry uploads it and sends it', async () => {
    const { posts } = serveChat({ uploads: ['drop'] });
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);

    await userEvent.upload(
      screen.getByLabelText('Send a document'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expect(bubbleOf('notes.txt')).toHaveTextContent('Not sent'));
    expect(currentToast()).toMatchObject({
      title: 'Upload Failed',
      description: 'Failed to upload file. Please try again.',
    });
    await userEvent.click(within(log()).getByRole('button', { name: 'Retry sending: notes.txt' }));
    expect(await within(log()).findByRole('link', { name: /notes\.txt/ })).toHaveAttribute(
      'href',
      '/api/files/notes.txt',
    );
    expect(posts).toEqual([
      expect.objectContaining({ attachmentUrl: '/api/files/notes.txt', attachmentName: 'notes.txt' }),
    ]);
  });

  it('a voice message shows at once as "Voice message", sending', async () => {
    serveChat({ uploads: ['hold'] });
    openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    act(() => {
      outbox.add({ kind: 'direct', userId: 8 }, '', {
        file: { blob: new Blob(['ogg']), name: 'voice-message-2s.webm', kind: 'audio' },
      });
    });
    await waitFor(() => expect(bubbleOf('Voice message')).toHaveTextContent('Sending…'));
    expect(screen.getByText('Uploading file...')).toBeInTheDocument();
  });
});

describe('what one send costs', () => {
  it('one sent message is one POST and no GET: the conversation list takes it in place, at the top', async () => {
    const others = makeConversation({
      id: 101,
      lastMessage: 'Older chat',
      lastMessageAt: '2025-06-02T12:00:00Z',
    });
    const withBob = makeConversation({ id: 100, lastMessageAt: '2025-06-01T12:00:00Z' });
    const { requests } = serveChat({ conversations: [others, withBob] });
    const { queryClient } = openChatWithBob();
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    // Opening the chat reads it (and the list again, for its unread marks): wait for that to end.
    await waitFor(() => expect(requests.filter((r) => r === 'GET /api/conversations')).toHaveLength(2));
    await delay(50);
    requests.length = 0;

    await userEvent.type(composer(), 'Just one request{Enter}');
    await waitFor(() =>
      expect(within(bubbleOf('Just one request')).getByLabelText('Sent')).toBeInTheDocument(),
    );
    await delay(50);
    expect(requests).toEqual(['POST /api/messages']);
    const lists = queryClient.getQueriesData<Conversation[]>({ queryKey: ['/api/conversations'] });
    expect(lists).toHaveLength(1);
    expect(lists[0]?.[1]?.map((c) => [c.id, c.lastMessage])).toEqual([
      [100, 'Just one request'],
      [101, 'Older chat'],
    ]);
  });
});
