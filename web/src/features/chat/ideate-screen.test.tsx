import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPersistedCache } from '@/lib/persisted-cache';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER_KEY } from '@/lib/session';
import { SafetyContext, type BlockOptions, type ReportTarget, type SafetyPerson } from '@/lib/safety';
import { currentToast } from '@/lib/toast';
import { makeUser } from '@/test/fixtures';
import { http, type ErrorBody } from '@/test/http';
import { liveServer } from '@/test/live-server';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type {
  Collaborator,
  Community,
  ConnectionWithUser,
  Conversation,
  Message,
  Project,
} from './api/types';
import IdeateScreen from './ideate-screen';
import { resetTyping } from './lib/typing';
import {
  makeCollaborator,
  makeConnection,
  makeConversation,
  makeMessage,
  makeProject,
  ROOMS,
} from './test-data';
import { ChatLiveChannel } from './test-live';

setupMswServer();
afterEach(() => {
  resetTyping();
  // Messages not sent are kept for the next visit: each test starts with none.
  clearPersistedCache();
});

const ME = makeUser({ id: 7, firstName: 'Ada', lastName: 'Lovelace' });
const LAZY = { timeout: 5000 };

interface World {
  connections?: ConnectionWithUser[];
  conversations?: Conversation[];
  projects?: Project[];
  collaborating?: Project[];
  rooms?: Community[];
  messages?: Message[];
  team?: Collaborator[];
  messageStatus?: number;
  uploadStatus?: number;
}

interface Served {
  sent: unknown[];
  edits: { id: string; body: unknown }[];
  deletes: string[];
  joins: string[];
  uploads: number;
  messageReads: string[];
  /** Read marks posted (`POST /api/conversations/{id}/read`): the conversation and the message. */
  readMarks: { id: string; messageId: number }[];
}

/** The screen's calls, answered from `world`, recording what it sends. */
function serve(world: World = {}): Served {
  const served: Served = {
    sent: [],
    edits: [],
    deletes: [],
    joins: [],
    uploads: 0,
    messageReads: [],
    readMarks: [],
  };
  let nextId = 900;
  const messages = () => world.messages ?? [];
  const history = (request: Request) => {
    served.messageReads.push(new URL(request.url).pathname + new URL(request.url).search);
    if (world.messageStatus) {
      return HttpResponse.json<ErrorBody>({ message: 'Not allowed' }, { status: world.messageStatus });
    }
    return HttpResponse.json<Message[]>(messages());
  };
  const send = async (request: Request, extra: Partial<Message>) => {
    const body = (await request.json()) as Partial<Message>;
    served.sent.push(body);
    const message = makeMessage({
      id: (nextId += 1),
      senderId: ME.id,
      senderName: 'Ada Lovelace',
      content: body.content ?? '',
      attachmentUrl: body.attachmentUrl ?? null,
      attachmentType: body.attachmentType ?? null,
      attachmentName: body.attachmentName ?? null,
      messageType: body.attachmentType ?? 'text',
      ...extra,
    });
    world.messages = [...messages(), message];
    return HttpResponse.json<Message>(message, { status: 201 });
  };
  server.use(
    http.get('/api/conversations', () => HttpResponse.json(world.conversations ?? [])),
    http.get('/api/connections/with-users', () => HttpResponse.json(world.connections ?? [])),
    http.get('/api/projects/collaborating', () => HttpResponse.json(world.collaborating ?? [])),
    http.get('/api/projects', () => HttpResponse.json(world.projects ?? [])),
    http.get('/api/communities', () => HttpResponse.json(world.rooms ?? ROOMS)),
    http.get('/api/users/:id/presence', ({ params }) =>
      HttpResponse.json({ userId: Number(params.id), online: params.id === '8' }),
    ),
    http.get('/api/messages/:id', ({ request }) => history(request)),
    http.get('/api/projects/:id/messages', ({ request }) => history(request)),
    http.get('/api/communities/:slug/messages', ({ request }) => history(request)),
    http.post('/api/conversations/:id/read', async ({ request, params }) => {
      const { messageId } = await request.json();
      served.readMarks.push({ id: String(params.id), messageId });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/projects/:id/collaborators', () => HttpResponse.json(world.team ?? [])),
    http.get('/api/projects/:id', ({ params }) =>
      HttpResponse.json([...(world.projects ?? []), makeProject()].find((p) => p.id === Number(params.id))),
    ),
    http.post('/api/messages', ({ request }) => send(request, { receiverId: 8 })),
    http.post('/api/projects/:id/messages', ({ request, params }) =>
      send(request, { receiverId: null, projectId: Number(params.id) }),
    ),
    http.post('/api/communities/:slug/join', ({ params }) => {
      served.joins.push(String(params.slug));
      world.rooms = (world.rooms ?? ROOMS).map((room) =>
        room.slug === params.slug ? { ...room, joined: true, memberCount: room.memberCount + 1 } : room,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('/api/messages/:id', async ({ request, params }) => {
      const body = await request.json();
      served.edits.push({ id: String(params.id), body });
      const edited = messages().find((m) => m.id === Number(params.id));
      const updated = { ...edited!, content: body.content, editedAt: new Date().toISOString() };
      world.messages = messages().map((m) => (m.id === updated.id ? updated : m));
      return HttpResponse.json(updated);
    }),
    http.delete('/api/messages/:id', ({ params }) => {
      served.deletes.push(String(params.id));
      world.messages = messages().filter((m) => m.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/upload', async () => {
      served.uploads += 1;
      await delay(150);
      if (world.uploadStatus) {
        return HttpResponse.json({ message: 'Nope' }, { status: world.uploadStatus });
      }
      return HttpResponse.json({
        fileUrl: '/api/files/abc.jpg',
        fileUrls: ['/api/files/abc.jpg'],
        files: [{ originalName: 'abc.jpg', size: 1024, url: '/api/files/abc.jpg' }],
      });
    }),
  );
  return served;
}

const sheet = () => screen.getByRole('dialog');
const composer = () => screen.getByRole('textbox', { name: 'Message' });

describe('IdeateScreen, the lists', () => {
  it('lists connections with name, role, bio (or its fallback), two skills and +N, and an unread dot', async () => {
    serve({
      connections: [
        makeConnection({ id: 8, firstName: 'Bob', lastName: 'Builder', bio: 'Builds bridges.' }),
        makeConnection({
          id: 9,
          firstName: 'Cleo',
          lastName: 'Cole',
          bio: null,
          skills: ['Go'],
          role: 'innovator',
        }),
        makeConnection({ id: 10, firstName: 'Dee' }, { status: 'pending' }),
      ],
      conversations: [makeConversation({ hasUnreadMessages: true })],
    });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate' });
    await screen.findByRole('button', { name: /^Message Bob Builder\W+unread messages$/ });
    const list = screen.getByRole('list', { name: 'Your connections' });
    const items = within(list)
      .getAllByRole('listitem', { name: undefined })
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    const bob = items.find((li) => li.textContent?.includes('Bob Builder'))!;
    expect(within(bob).getByText('Builds bridges.')).toBeInTheDocument();
    expect(within(bob).getByText('Collaborator')).toBeInTheDocument();
    expect(within(bob).getByRole('list', { name: 'Skills' })).toHaveTextContent('ReactRust+2');
    expect(
      within(bob).getByRole('button', { name: /^Message Bob Builder\W+unread messages$/ }),
    ).toBeInTheDocument();
    const cleo = items.find((li) => li.textContent?.includes('Cleo Cole'))!;
    expect(within(cleo).getByText('No bio available')).toBeInTheDocument();
    expect(within(cleo).getByRole('button', { name: 'Message Cleo Cole' })).toBeInTheDocument();
    // Smart order: unread first.
    expect(items[0]).toBe(bob);
    expect(screen.queryByText('Dee Builder')).toBeNull();
  });

  it('says the empty list in the spec words, and the third tab is a placeholder', async () => {
    serve();
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate' });
    expect(await screen.findByText('Time to go connect with some exciting people!!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    expect(
      screen.getByText('Something exciting is currently being brewed... Coming soon...'),
    ).toBeInTheDocument();
  });

  it('the sort toggle cycles smart, newest, oldest and reorders', async () => {
    localStorage.removeItem('grow.ideateSort');
    serve({
      connections: [
        makeConnection({ id: 8, firstName: 'Bob' }),
        makeConnection({ id: 9, firstName: 'Cleo', lastName: 'Cole' }),
      ],
      conversations: [
        makeConversation({ id: 1, lastMessageAt: '2025-06-01T12:00:00Z', hasUnreadMessages: true }),
        makeConversation({
          id: 2,
          lastMessageAt: '2025-06-03T12:00:00Z',
          participants: [
            makeConversation().participants[0]!,
            { ...makeConversation().participants[1]!, id: 9 },
          ],
        }),
      ],
    });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate' });
    const names = async () =>
      within(await screen.findByRole('list', { name: 'Your connections' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(await names()).toEqual(['Bob Builder', 'Cleo Cole']);
    await userEvent.click(screen.getByRole('button', { name: /^Sort: Smart/ }));
    expect(await names()).toEqual(['Cleo Cole', 'Bob Builder']);
    await userEvent.click(screen.getByRole('button', { name: /^Sort: Newest/ }));
    expect(await names()).toEqual(['Bob Builder', 'Cleo Cole']);
    expect(screen.getByRole('button', { name: /^Sort: Oldest/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Sort: Oldest/ }));
    expect(screen.getByRole('button', { name: /^Sort: Smart/ })).toBeInTheDocument();
  });

  it('lists my projects and those I collaborate on with category, phase and supporters', async () => {
    serve({
      projects: [makeProject({ id: 5, title: 'Solar Oven', category: 'technology', phase: 'planning' })],
      collaborating: [
        makeProject({
          id: 6,
          title: 'Seed Bank',
          category: 'healthcare',
          phase: 'launch',
          supporterCount: 1,
        }),
      ],
      conversations: [makeConversation({ kind: 'project', projectId: 6, hasUnreadMessages: true })],
    });
    const { location } = renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate' });
    await userEvent.click(await screen.findByRole('tab', { name: /PROJECTS/ }));
    const list = await screen.findByRole('list', { name: 'Your projects' });
    expect(within(list).getByText('Technology')).toBeInTheDocument();
    expect(within(list).getByText('Planning')).toBeInTheDocument();
    expect(within(list).getByText('12 supporters')).toBeInTheDocument();
    expect(within(list).getByText('1 supporter')).toBeInTheDocument();
    await userEvent.click(
      await within(list).findByRole('button', { name: /^Message Seed Bank\W+unread messages$/ }),
    );
    expect(location()).toBe('/ideate?project=6');
  });

  it('shows the four community rooms with their member counts', async () => {
    serve();
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate' });
    const rooms = await screen.findByRole('list', { name: 'Community rooms' });
    expect(
      within(rooms).getByRole('button', { name: /Tech Innovators\s*1\.2k members/ }),
    ).toBeInTheDocument();
    expect(
      within(rooms).getByRole('button', { name: /Startup Founders\s*845 members · Joined/ }),
    ).toBeInTheDocument();
    expect(within(rooms).getByRole('button', { name: /Research Hub\s*3 members/ })).toBeInTheDocument();
    expect(within(rooms).getByRole('button', { name: /Investors\s*1 member$/ })).toBeInTheDocument();
  });
});

describe('IdeateScreen, a direct chat', () => {
  it('/ideate?chat={id} opens it full screen: the person ONLINE, the empty text and the placeholder', async () => {
    serve({ connections: [makeConnection()] });
    const { location } = renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    expect(await within(sheet()).findByRole('heading', { name: 'Bob Builder' }, LAZY)).toBeInTheDocument();
    expect(await within(sheet()).findByText('ONLINE')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet. Start a conversation!')).toBeInTheDocument();
    expect(composer()).toHaveAttribute('placeholder', 'Message this person...');
    await userEvent.click(screen.getByRole('button', { name: 'Back to messages' }));
    expect(location()).toBe('/ideate');
  });

  it('send is disabled while blank; Enter sends, Shift+Enter breaks the line', async () => {
    const served = serve({ connections: [makeConnection()] });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(composer(), '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(composer());
    await userEvent.type(composer(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(served.sent).toEqual([]);
    expect(send).toBeEnabled();
    await userEvent.type(composer(), '{Enter}');
    await waitFor(() => expect(served.sent).toHaveLength(1));
    // Each message carries an id of this client's making (the server stores it once per id).
    const { clientId, ...sent } = served.sent[0] as { clientId?: string };
    expect(sent).toEqual({ content: 'First line\nsecond line', receiverId: 8 });
    expect(clientId).toMatch(/^[\w-]{1,64}$/);
    expect(await within(screen.getByRole('log')).findByText(/First line\s+second line/)).toBeInTheDocument();
    await waitFor(() => expect(composer()).toHaveValue(''));
  });

  it('shows mine on the right, theirs with avatar and time; a frame brings a new one; typing… shows', async () => {
    const live = liveServer({ userId: ME.id });
    const world: World = {
      connections: [makeConnection()],
      messages: [
        makeMessage({ id: 1, senderId: 8, content: 'Hi Ada', createdAt: '2025-06-01T09:05:00Z' }),
        makeMessage({
          id: 2,
          senderId: 7,
          senderName: 'Ada Lovelace',
          content: 'Hi Bob',
          createdAt: '2025-06-01T09:06:00Z',
        }),
      ],
    };
    const served = serve(world);
    server.use(live.handler);
    // Signed in as Ada: the app reads who is signed in before anything else.
    const queryClient = createQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, ME);
    renderWithProviders(
      <>
        <ChatLiveChannel />
        <IdeateScreen user={ME} />
      </>,
      { path: '/ideate?chat=8', queryClient },
    );
    const log = await screen.findByRole('log', undefined, LAZY);
    expect(within(log).getByText('Hi Ada')).toBeInTheDocument();
    expect(within(log).getByText('Hi Bob')).toBeInTheDocument();
    // Theirs has the avatar (their name, as the avatar's text); mine has the options button.
    expect(within(log).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(log).getAllByRole('button', { name: 'Message options' })).toHaveLength(1);
    expect(within(log).getAllByText(/\d{2}:\d{2}/)).toHaveLength(2);

    await waitFor(() => expect(live.openCount()).toBe(1));
    live.push({ type: 'typing', chat: { kind: 'direct', userId: 8 }, userId: 8 });
    expect(await within(sheet()).findByText('typing…')).toBeInTheDocument();

    // The frame carries the message: it is shown and marked read without reading the history again.
    const fresh = makeMessage({ id: 3, senderId: 8, content: 'Fresh news' });
    world.messages = [...world.messages!, fresh];
    live.push({ type: 'chat_message', id: 3, conversationId: 100, senderId: 8, message: fresh });
    expect(await within(log).findByText('Fresh news')).toBeInTheDocument();
    await waitFor(() => expect(served.readMarks).toEqual([{ id: '100', messageId: 3 }]));
    expect(served.messageReads).toEqual(['/api/messages/8?limit=30']);
    // Their message ends their typing.
    expect(within(sheet()).queryByText('typing…')).toBeNull();

    // I send one: the frame that follows does not show it twice.
    await userEvent.type(composer(), 'Once only{Enter}');
    expect(await within(log).findByText('Once only')).toBeInTheDocument();
    live.push({
      type: 'chat_message',
      id: 901,
      conversationId: 100,
      senderId: 7,
      message: makeMessage({ id: 901, senderId: 7, content: 'Once only' }),
    });
    await waitFor(() => expect(within(log).getAllByText('Once only')).toHaveLength(1));
    expect(served.readMarks).toHaveLength(1);
    expect(served.messageReads).toHaveLength(1);

    // Someone removed a message: it goes at once.
    live.push({ type: 'message_deleted', id: 1, conversationId: 100 });
    await waitFor(() => expect(within(log).queryByText('Hi Ada')).toBeNull());
  });

  it('edits and deletes my own message', async () => {
    const served = serve({
      connections: [makeConnection()],
      messages: [makeMessage({ id: 2, senderId: 7, senderName: 'Ada Lovelace', content: 'Hello wrld' })],
    });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    const log = await screen.findByRole('log', undefined, LAZY);
    await userEvent.click(within(log).getByRole('button', { name: 'Message options' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit message' }));
    const field = screen.getByRole('textbox', { name: 'Edit your message' });
    expect(field).toHaveValue('Hello wrld');
    await userEvent.clear(field);
    await userEvent.type(field, 'Hello world{Enter}');
    await waitFor(() => expect(served.edits).toEqual([{ id: '2', body: { content: 'Hello world' } }]));
    expect(await within(log).findByText('Hello world')).toBeInTheDocument();
    expect(within(log).getByText('edited')).toBeInTheDocument();

    await userEvent.click(within(log).getByRole('button', { name: 'Message options' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete message' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete message?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(served.deletes).toEqual(['2']));
    expect(await screen.findByText('No messages yet. Start a conversation!')).toBeInTheDocument();
  });

  it('an image is uploaded (Uploading file...) and sent as an image message with a preview', async () => {
    const served = serve({ connections: [makeConnection()] });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    expect(screen.getByLabelText('Send an image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Send a document')).toHaveAttribute(
      'accept',
      '.pdf,.doc,.docx,.txt,.xls,.xlsx,.ppt,.pptx,.zip,.rar',
    );
    await userEvent.upload(
      screen.getByLabelText('Send an image'),
      new File(['png'], 'kettle.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Uploading file...')).toBeInTheDocument();
    await waitFor(() =>
      expect(served.sent).toEqual([
        {
          content: '',
          attachmentUrl: '/api/files/abc.jpg',
          attachmentType: 'image',
          attachmentName: 'kettle.png',
          receiverId: 8,
          clientId: expect.any(String) as string,
        },
      ]),
    );
    expect(await screen.findByRole('img', { name: 'kettle.png' })).toHaveAttribute(
      'src',
      '/api/files/abc.jpg',
    );
    expect(screen.queryByText('Uploading file...')).toBeNull();
  });

  it('a document shows as a chip; a failed upload says Upload Failed', async () => {
    serve({
      connections: [makeConnection()],
      uploadStatus: 415,
      messages: [
        makeMessage({
          id: 4,
          content: '',
          messageType: 'document',
          attachmentType: 'document',
          attachmentUrl: '/api/files/x.pdf',
          attachmentName: 'plan.pdf',
        }),
      ],
    });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    const chip = await screen.findByRole('link', { name: /plan\.pdf/ }, LAZY);
    expect(chip).toHaveAttribute('href', '/api/files/x.pdf');
    expect(within(chip).getByText('PDF document')).toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('Send a document'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload file. Please try again.')).toBeInTheDocument();
  });

  it('a voice message without a microphone says Recording Failed', async () => {
    serve({ connections: [makeConnection()] });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    mic.focus();
    await userEvent.keyboard('[Space>]');
    expect(await screen.findByText('Recording Failed', undefined, LAZY)).toBeInTheDocument();
    expect(
      screen.getByText('Could not access microphone. Please check your browser settings.'),
    ).toBeInTheDocument();
    await userEvent.keyboard('[/Space]');
  });

  it('a voice message with the microphone refused says access was denied', async () => {
    serve({ connections: [makeConnection()] });
    const original = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
    });
    (globalThis as { MediaRecorder?: unknown }).MediaRecorder = class {};
    try {
      renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
      await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
      const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
      mic.focus();
      await userEvent.keyboard('[Space>]');
      expect(await screen.findByText('Recording Failed', undefined, LAZY)).toBeInTheDocument();
      expect(
        screen.getByText('Microphone access denied. Please allow microphone access and try again.'),
      ).toBeInTheDocument();
      await userEvent.keyboard('[/Space]');
    } finally {
      if (original) Object.defineProperty(navigator, 'mediaDevices', original);
      else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
    }
  });

  it('a failed send says Error: Failed to send message and keeps the text in the chat, with Retry', async () => {
    serve({ connections: [makeConnection()] });
    server.use(http.post('/api/messages', () => HttpResponse.json({ message: 'no' }, { status: 500 })));
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    await userEvent.type(composer(), 'Keep me{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(within(log).getByText('Keep me')).toBeInTheDocument();
    expect(within(log).getByText('Not sent')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Retry sending: Keep me' })).toBeInTheDocument();
    // The field is free for the next message.
    expect(composer()).toHaveValue('');
  });
});

describe('IdeateScreen, project and room chats', () => {
  it('a project chat: PROJECT DISCUSSION, its placeholder and the Project Team dialog', async () => {
    serve({
      projects: [makeProject()],
      team: [
        makeCollaborator(),
        makeCollaborator({
          id: 2,
          role: '',
          user: { ...makeCollaborator().user, id: 9, firstName: 'Cleo', lastName: 'Cole' },
        }),
      ],
    });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?project=5' });
    expect(await within(sheet()).findByRole('heading', { name: 'Solar Oven' }, LAZY)).toBeInTheDocument();
    expect(within(sheet()).getByText('PROJECT DISCUSSION')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Discuss this project...',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Project team' }));
    const team = await screen.findByRole('dialog', { name: 'Project Team' });
    expect(within(team).getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect((await within(team).findAllByText('Bob Builder')).length).toBeGreaterThan(0);
    expect(within(team).getAllByText('Collaborator')).toHaveLength(2);
  });

  it('the team dialog says No collaborators yet', async () => {
    serve({ projects: [makeProject()], team: [] });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?project=5' });
    await userEvent.click(await screen.findByRole('button', { name: 'Project team' }, LAZY));
    expect(await screen.findByText('No collaborators yet')).toBeInTheDocument();
  });

  it('someone outside the team is told so, and gets no input bar', async () => {
    serve({ projects: [makeProject()], messageStatus: 403 });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?project=5' });
    expect(await screen.findByRole('heading', { name: 'Team members only' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('a viewer of the project sees neither its messages nor an input bar, and is told only the team chats here', async () => {
    const served = serve({ projects: [makeProject({ myRole: 'viewer' })], messages: [makeMessage()] });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?project=5' });
    expect(
      await screen.findByRole('heading', { name: 'Only the team chats here' }, LAZY),
    ).toBeInTheDocument();
    expect(within(sheet()).getByText(/You follow this project as a viewer\./)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(served.messageReads.filter((path) => path.startsWith('/api/projects/5/messages'))).toEqual([]);
  });

  it('a room is joined before posting: Successfully Joined!, then the community placeholder', async () => {
    const served = serve();
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?room=tech' });
    expect(
      await within(sheet()).findByRole('heading', { name: 'Tech Innovators' }, LAZY),
    ).toBeInTheDocument();
    expect(within(sheet()).getAllByText('1.2k members').length).toBeGreaterThan(0);
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'JOIN TO CHAT' }));
    const joined = await screen.findByRole('dialog', { name: 'Successfully Joined!' });
    expect(within(joined).getByText('You can now participate in discussions')).toBeInTheDocument();
    expect(served.joins).toEqual(['tech']);
    await userEvent.click(within(joined).getByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Chat with community...',
    );
  });
});

describe('Block and Report in a chat', () => {
  /** The safety area's entry points, as the app provides them (src/lib/safety.ts), recording the calls. */
  function withSafety(ui: ReactElement) {
    const calls = {
      menus: [] as { person: SafetyPerson; options?: BlockOptions }[],
      reports: [] as ReportTarget[],
    };
    const actions = {
      report: (target: ReportTarget) => void calls.reports.push(target),
      block: () => {},
      personMenu: (person: SafetyPerson, options?: BlockOptions) =>
        void calls.menus.push({ person, options }),
    };
    return { ui: <SafetyContext.Provider value={actions}>{ui}</SafetyContext.Provider>, calls };
  }

  it('a direct chat’s More menu names the person, and a block leaves the chat', async () => {
    serve({ connections: [makeConnection()] });
    const { ui, calls } = withSafety(<IdeateScreen user={ME} />);
    const { location } = renderWithProviders(ui, { path: '/ideate?chat=8' });
    await userEvent.click(
      await within(sheet()).findByRole('button', { name: 'More options for Bob Builder' }, LAZY),
    );
    expect(calls.menus).toHaveLength(1);
    expect(calls.menus[0]!.person).toEqual({ id: 8, firstName: 'Bob', lastName: 'Builder' });
    // Blocked: back to the list.
    calls.menus[0]!.options?.onBlocked?.();
    await waitFor(() => expect(location()).toBe('/ideate'));
  });

  it('someone else’s message can be reported; my own keeps edit and delete', async () => {
    serve({
      connections: [makeConnection()],
      messages: [
        makeMessage({ id: 1, senderId: 8, senderName: 'Bob Builder', content: 'Buy my course' }),
        makeMessage({ id: 2, senderId: 7, senderName: 'Ada Lovelace', content: 'No thanks' }),
      ],
    });
    const { ui, calls } = withSafety(<IdeateScreen user={ME} />);
    renderWithProviders(ui, { path: '/ideate?chat=8' });
    const log = await screen.findByRole('log', undefined, LAZY);
    const [theirs, mine] = within(log).getAllByRole('button', { name: 'Message options' });

    await userEvent.click(mine!);
    let options = await screen.findByRole('dialog', { name: 'Message options' });
    expect(within(options).getByRole('button', { name: 'Delete message' })).toBeInTheDocument();
    expect(within(options).queryByRole('button', { name: 'Report message' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message options' })).toBeNull());

    await userEvent.click(theirs!);
    options = await screen.findByRole('dialog', { name: 'Message options' });
    expect(within(options).queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(within(options).queryByRole('button', { name: 'Delete message' })).toBeNull();
    await userEvent.click(within(options).getByRole('button', { name: 'Report message' }));
    expect(calls.reports).toEqual([{ type: 'message', id: 1, senderName: 'Bob Builder' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message options' })).toBeNull());
  });

  it('a message a block refuses says the server’s words, and stays in the chat, not sent, with its text', async () => {
    serve({ connections: [makeConnection()] });
    server.use(
      http.post('/api/messages', () =>
        HttpResponse.json({ message: 'This person is not available' }, { status: 403 }),
      ),
    );
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    await userEvent.type(composer(), 'Hello?{Enter}');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'This person is not available' }),
    );
    const log = screen.getByRole('log');
    expect(within(log).getByText('Hello?')).toBeInTheDocument();
    expect(within(log).getByText('Not sent')).toBeInTheDocument();
  });

  it('without Block and Report offered, others’ messages have no options', async () => {
    serve({
      connections: [makeConnection()],
      messages: [makeMessage({ id: 1, senderId: 8, senderName: 'Bob Builder', content: 'Hi' })],
    });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    const log = await screen.findByRole('log', undefined, LAZY);
    expect(within(log).queryByRole('button', { name: 'Message options' })).toBeNull();
    expect(within(sheet()).queryByRole('button', { name: /^More options/ })).toBeNull();
  });
});

describe('Leaving a community', () => {
  it('a leave that fails says so, and the room stays joined', async () => {
    serve();
    server.use(
      http.delete('/api/communities/:slug/join', () => HttpResponse.json({ message: '' }, { status: 500 })),
    );
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?room=startups' });
    const leave = await screen.findByRole('button', { name: 'Leave Startup Founders' }, LAZY);
    await userEvent.click(leave);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to leave community',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Leave Startup Founders' })).toBeEnabled();
    expect(composer()).toBeInTheDocument();
  });
});

describe('The chat sheet on a notched phone', () => {
  /** What keeps the element clear of the home indicator: a bottom padding of the safe-area inset. */
  const insetsBottom = (element: Element) =>
    /(^|\s)pb-safe(\s|$)|safe-area-inset-bottom/.test(element.getAttribute('class') ?? '') ||
    (element.getAttribute('style') ?? '').includes('safe-area-inset-bottom');

  it('the input bar is kept clear of the home indicator once, not by the sheet as well', async () => {
    serve({ connections: [makeConnection()] });
    renderWithProviders(<IdeateScreen user={ME} />, { path: '/ideate?chat=8' });
    await screen.findByText('No messages yet. Start a conversation!', undefined, LAZY);
    const insets: Element[] = [];
    for (let element: Element | null = composer(); element; element = element.parentElement) {
      if (insetsBottom(element)) insets.push(element);
    }
    expect(insets).toHaveLength(1);
    // The one is the input bar's own, so its background runs under the home indicator.
    expect(insets[0]).toContainElement(screen.getByRole('button', { name: 'Send message' }));
    expect(insets[0]).not.toContainElement(screen.getByRole('button', { name: 'Back to messages' }));
  });
});
