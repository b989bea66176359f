import type { Query, QueryClient } from '@tanstack/react-query';
import { apiKey, invalidatePath } from '@/lib/api/query-keys';
import { liveFeature } from '@/lib/live';
import { CURRENT_USER_KEY, type User } from '@/lib/session';
import { markConversationRead, presenceKey, type MessagesData } from './api/chat';
import type { Conversation, Message, Presence } from './api/types';
import {
  isConversationList,
  noteInConversationList,
  placeMessage,
  replaceMessage,
} from './hooks/use-chat-messages';
import { messagesPath, type OpenChat } from './lib/chat-ref';
import { timeOf } from './lib/sort';
import { noteTyping, stopTyping } from './lib/typing';

/**
 * The chat area's live frames (API.md "Live channel", "Messages beyond the spec"; issue 32 "Frames carry what
 * changed"). A message frame carries the message as the history shows it, so nothing is read again:
 * - the message joins every cached history of its chat (once, by id; my own copy, by client id). A history not in
 *   the cache is left alone: it is read when the chat is opened. One cached but not on screen gets the message too,
 *   so the chat shows it the moment it opens; opening reads its newest page anyway (`refetchOnMount: 'always'`,
 *   the read that marks it read), so nothing stays stale by it.
 * - a chat open and on screen (its history in use, the page visible) is marked read up to the message with one
 *   `POST /api/conversations/{id}/read`; one open while the page is hidden is marked read once the page is seen.
 * - the conversation list takes the message as its last one (unread unless read or mine: sending marks a chat read
 *   for its sender) and moves it to the top; a conversation the list does not hold yet (a first message) reads the
 *   list again.
 * An edit replaces the message where it is cached; a removal takes it out of every history at once. Typing is noted
 * for a few seconds. After a reconnect every live query is read again (src/lib/live.ts), so nothing sent meanwhile
 * is lost.
 */

/** The query keys of message histories: direct (`/api/messages/{id}`), project and room chats. */
const HISTORY = /^\/api\/(messages\/\d+|projects\/\d+\/messages|communities\/[^/]+\/messages)$/;

function isHistoryKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && HISTORY.test(key[0]);
}

function currentUserId(queryClient: QueryClient): number | null {
  return queryClient.getQueryData<User | null>(CURRENT_USER_KEY)?.id ?? null;
}

function isPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

function historyOf(queryClient: QueryClient, chat: OpenChat): Query<MessagesData> | undefined {
  return queryClient
    .getQueryCache()
    .find<MessagesData>({ queryKey: apiKey(messagesPath(chat)), exact: true });
}

function holds(data: MessagesData | undefined, id: number): boolean {
  return data?.pages.some((page) => page.items.some((message) => message.id === id)) ?? false;
}

/**
 * Puts the message into a cached history. A read under way (the first page, an older one, a reconnect's refetch)
 * may have been answered before the message was stored and would write over it: it goes in again once that read
 * is in.
 */
async function keepInHistory(queryClient: QueryClient, query: Query<MessagesData>, message: Message) {
  const place = () =>
    queryClient.setQueryData<MessagesData>(query.queryKey, (data) =>
      data ? placeMessage(data, message) : data,
    );
  place();
  while (query.state.fetchStatus !== 'idle' && query.promise) {
    await query.promise.catch(() => undefined);
    place();
  }
}

/**
 * Read marks go out at most once every READ_EVERY_MS per conversation: the first at once, the newest of those that
 * come meanwhile when the time is up. A busy room open on screen so stays within the server's budget for read marks
 * (as many as one person may send messages: one every two seconds), and the mark still ends on the newest message.
 */
const READ_EVERY_MS = 2000;
type ReadsWaiting = Map<number, { messageId: number | null }>;
/** Per app (query client): the conversations whose last mark went out less than READ_EVERY_MS ago. */
const readsWaitingOf = new WeakMap<QueryClient, ReadsWaiting>();

function readsWaiting(queryClient: QueryClient): ReadsWaiting {
  let waiting = readsWaitingOf.get(queryClient);
  if (!waiting) readsWaitingOf.set(queryClient, (waiting = new Map<number, { messageId: number | null }>()));
  return waiting;
}

function sendReadMark(queryClient: QueryClient, conversationId: number, messageId: number): void {
  // Refused (no longer a member, the conversation gone) or not sent: the list is read again as the server has it.
  markConversationRead(conversationId, messageId).catch(() =>
    invalidatePath(queryClient, '/api/conversations'),
  );
  const waitingHere = readsWaiting(queryClient);
  waitingHere.set(conversationId, { messageId: null });
  setTimeout(() => {
    const waiting = waitingHere.get(conversationId);
    waitingHere.delete(conversationId);
    if (waiting?.messageId != null) sendReadMark(queryClient, conversationId, waiting.messageId);
  }, READ_EVERY_MS);
}

/** The conversation seen up to this message: told to the server, and the list's unread mark taken off. */
function markRead(queryClient: QueryClient, conversationId: number, messageId: number): void {
  const unread = (c: Conversation) => c.id === conversationId && c.hasUnreadMessages;
  queryClient.setQueriesData<Conversation[]>(
    { predicate: (query) => isConversationList(query.queryKey) },
    (list) =>
      list?.some(unread) ? list.map((c) => (unread(c) ? { ...c, hasUnreadMessages: false } : c)) : list,
  );
  const waiting = readsWaiting(queryClient).get(conversationId);
  if (waiting) waiting.messageId = Math.max(waiting.messageId ?? 0, messageId);
  else sendReadMark(queryClient, conversationId, messageId);
}

/**
 * Chats that were open while the page was hidden, by conversation: the newest message that came meanwhile and the
 * history that shows it. They are marked read once the page is visible again, if still open.
 */
const unseen = new Map<number, { queryClient: QueryClient; queryHash: string; messageId: number }>();
let watchingVisibility = false;

function markReadWhenSeen(queryClient: QueryClient, query: Query<MessagesData>, message: Message): void {
  const earlier = unseen.get(message.conversationId);
  if (!earlier || earlier.messageId < message.id)
    unseen.set(message.conversationId, { queryClient, queryHash: query.queryHash, messageId: message.id });
  if (watchingVisibility || typeof document === 'undefined') return;
  watchingVisibility = true;
  document.addEventListener('visibilitychange', () => {
    if (!isPageVisible()) return;
    for (const [conversationId, { queryClient: client, queryHash, messageId }] of unseen) {
      unseen.delete(conversationId);
      if (client.getQueryCache().get(queryHash)?.isActive()) markRead(client, conversationId, messageId);
    }
  });
}

/**
 * A new message in one of my chats (`chats`: where it may be shown; a direct message names both people). Its sender
 * stopped typing; it joins the cached histories, the conversation list, and the read mark when it is on screen.
 */
function receive(queryClient: QueryClient, chats: readonly OpenChat[], typingIn: OpenChat, message: Message) {
  stopTyping(messagesPath(typingIn), message.senderId);
  const shownIn = chats.flatMap((chat) => historyOf(queryClient, chat) ?? []);
  const open = shownIn.find((query) => query.isActive());
  // Shown already (the same frame twice): it was read, or marked read, when it came in.
  const shown = open !== undefined && holds(open.state.data, message.id);
  for (const query of shownIn) void keepInHistory(queryClient, query, message);
  // My own message (sent from this tab or another) was marked read by sending it.
  const mine = message.senderId === currentUserId(queryClient);
  const seen = !mine && open !== undefined && isPageVisible();
  if (!noteInConversationList(queryClient, message, !(mine || seen)))
    void invalidatePath(queryClient, '/api/conversations');
  if (mine || !open || shown) return;
  if (seen) markRead(queryClient, message.conversationId, message.id);
  else markReadWhenSeen(queryClient, open, message);
}

/**
 * The direct chat a message is shown in: for its receiver the chat is named by the sender, for the sender's other
 * tabs by the receiver. Not knowing who I am (not yet read), both: a chat with myself is never cached.
 */
function directChats(queryClient: QueryClient, message: Message): OpenChat[] {
  const me = currentUserId(queryClient);
  const people = new Set([message.senderId, message.receiverId]);
  return [...people].flatMap((userId) =>
    userId == null || userId === me ? [] : [{ kind: 'direct' as const, userId }],
  );
}

export const chatLive = liveFeature('chat', {
  chat_message: ({ message }, { queryClient }) => {
    // Typing is shown in the chat named by the one typing (./lib/typing.ts).
    receive(
      queryClient,
      directChats(queryClient, message),
      { kind: 'direct', userId: message.senderId },
      message,
    );
  },
  project_message: ({ message, projectId }, { queryClient }) => {
    const chat: OpenChat = { kind: 'project', projectId };
    receive(queryClient, [chat], chat, message);
  },
  community_message: ({ message, room }, { queryClient }) => {
    const chat: OpenChat = { kind: 'room', slug: room };
    receive(queryClient, [chat], chat, message);
  },
  message_updated: ({ message }, { queryClient }) => {
    queryClient.setQueriesData<MessagesData>(
      { predicate: (query) => isHistoryKey(query.queryKey) },
      (data) => (data ? replaceMessage(data, message) : data),
    );
    // The list shows the conversation's last message: the edited one, when it is the last (the same time).
    const isLast = (c: Conversation) =>
      c.id === message.conversationId &&
      c.lastMessage !== message.content &&
      timeOf(c.lastMessageAt) === timeOf(message.createdAt);
    queryClient.setQueriesData<Conversation[]>(
      { predicate: (query) => isConversationList(query.queryKey) },
      (list) =>
        list?.some(isLast) ? list.map((c) => (isLast(c) ? { ...c, lastMessage: message.content } : c)) : list,
    );
  },
  message_deleted: (frame, { queryClient }) => {
    queryClient.setQueriesData<MessagesData>(
      { predicate: (query) => isHistoryKey(query.queryKey) },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((m) => m.id !== frame.id) })),
        },
    );
    // The list's last message may have been this one: which one is last now, the server says.
    void invalidatePath(queryClient, '/api/conversations');
  },
  // Someone is typing in one of my chats: 'typing…' for a few seconds (./lib/typing.ts). A direct chat is named by
  // the other person, who is the one typing.
  typing: (frame) => noteTyping(messagesPath(frame.chat), frame.userId),
  // A connection or chat partner came online or went offline: the 'ONLINE' marker, without a refetch.
  presence: (frame, { queryClient }) => {
    queryClient.setQueryData<Presence>(presenceKey(frame.userId), {
      userId: frame.userId,
      online: frame.online,
    });
  },
});
