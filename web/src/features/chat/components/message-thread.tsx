import { ChevronDown, MessageCircle } from 'lucide-react';
import { Fragment, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { Message } from '../api/types';
import { dayKey, dayLabel } from '../lib/format';
import type { OutgoingState, PendingMessage } from '../lib/outbox';
import type { Outgoing } from '../hooks/use-outbox';
import { MessageBubble } from './message-bubble';

/**
 * A message not stored yet, drawn as my message (its id is a placeholder below every real one). A file shows its
 * name, a voice message says so: there is no address to show them by until they are uploaded.
 */
function pendingAsMessage(pending: PendingMessage, me: number, index: number): Message {
  const { file } = pending;
  return {
    id: -1 - index,
    clientId: pending.clientId,
    conversationId: 0,
    senderId: me,
    senderName: '',
    content: file ? (file.kind === 'audio' ? 'Voice message' : file.name) : pending.content,
    messageType: file?.kind ?? 'text',
    attachmentType: file?.kind ?? null,
    attachmentName: file?.name ?? null,
    createdAt: pending.createdAt,
  };
}

/** Messages of one sender this close together form a run: one avatar, one name. */
const RUN_GAP_MS = 5 * 60_000;
/** Within this distance of the bottom the thread follows new messages; further up it offers a jump instead. */
const BOTTOM_SLACK_PX = 96;
/** Older messages load when the reader scrolls within this distance of the top. */
const TOP_SLACK_PX = 320;

function sameRun(a: Message | undefined, b: Message | undefined): boolean {
  if (!a || !b || a.senderId !== b.senderId || dayKey(a.createdAt) !== dayKey(b.createdAt)) return false;
  return Math.abs(Date.parse(b.createdAt) - Date.parse(a.createdAt)) < RUN_GAP_MS;
}

export interface MessageThreadProps {
  messages: Message[];
  /** My messages not stored yet, oldest first: shown after the rest, marked as they stand (sending, waiting, failed). */
  outgoing?: readonly Outgoing[];
  /** A message that was not sent (by its client id): send it again, or give it up. */
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
  me: number;
  /** Project and room chats name the sender of each run. */
  isGroup: boolean;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  loadOlder: () => void;
  onActions: (message: Message) => void;
  /** Others' messages have options too (Report): shown only where the app offers them. */
  othersHaveOptions?: boolean;
  onOpenImage: (url: string, name: string) => void;
  roleOf: (senderId: number) => string | null | undefined;
  /** 'typing…' (or who is typing), under the last message. */
  typing: ReactNode;
}

/**
 * The scrolling thread: days apart, runs grouped, the newest at the bottom. It starts at the bottom, follows new
 * messages while the reader is there (otherwise a button offers them), and loads older pages as the reader
 * scrolls up, keeping what they look at in place (the height added above is added to the scroll position).
 */
export function MessageThread({
  messages: stored,
  outgoing = [],
  onRetry,
  onDiscard,
  me,
  isGroup,
  hasOlder,
  isLoadingOlder,
  loadOlder,
  onActions,
  othersHaveOptions = false,
  onOpenImage,
  roleOf,
  typing,
}: MessageThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });
  const [showJump, setShowJump] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const states = useMemo(
    () => new Map<string, OutgoingState>(outgoing.map(({ pending, state }) => [pending.clientId, state])),
    [outgoing],
  );
  const messages = useMemo(
    () => [...stored, ...outgoing.map(({ pending }, index) => pendingAsMessage(pending, me, index))],
    [stored, outgoing, me],
  );

  const first = messages[0]?.id;
  const last = messages[messages.length - 1];
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    if (before.last === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last?.id === before.last) {
      // Older messages came in above: stay on the same message.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last && last.id !== before.last) {
      if (atBottom.current || last.senderId === me) element.scrollTop = element.scrollHeight;
      else setUnseen((count) => count + 1);
    }
    previous.current = { first, last: last?.id, height: element.scrollHeight };
  }, [first, last, me]);

  // A message of mine turning failed grows by its Retry and Delete: a reader at the bottom stays there, to see them.
  const outgoingStates = outgoing.map(({ state }) => state).join();
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
    if (element) previous.current.height = element.scrollHeight;
  }, [outgoingStates]);

  // 'typing…' appearing at the bottom keeps a reader who is at the bottom there.
  const hasTyping = Boolean(typing);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
    if (element) previous.current.height = element.scrollHeight;
  }, [hasTyping]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    atBottom.current = bottom;
    setShowJump(!bottom);
    if (bottom) setUnseen(0);
    if (element.scrollTop < TOP_SLACK_PX && hasOlder && !isLoadingOlder) loadOlder();
  }

  function jumpToLatest() {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    setUnseen(0);
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label="Messages"
        // The thread scrolls by keyboard too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="chat-wallpaper h-full overflow-y-auto overscroll-contain px-2 pb-3 pt-2 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <div className="flex min-h-full flex-col justify-end gap-0.5">
          {hasOlder && (
            <div className="flex justify-center py-2">
              <button
                type="button"
                onClick={loadOlder}
                disabled={isLoadingOlder}
                className="inline-flex min-h-11 items-center gap-2 rounded-full bg-card/90 px-4 text-xs font-semibold text-muted-foreground shadow-soft hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-80"
              >
                {isLoadingOlder && <Spinner size="sm" label="" />}
                {isLoadingOlder ? 'Loading earlier messages…' : 'Load earlier messages'}
              </button>
            </div>
          )}
          {messages.map((message, index) => {
            const before = messages[index - 1];
            const after = messages[index + 1];
            const newDay = !before || dayKey(before.createdAt) !== dayKey(message.createdAt);
            const startsRun = newDay || !sameRun(before, message);
            const endsRun = !sameRun(message, after);
            const clientId = message.clientId;
            const state = clientId != null ? states.get(clientId) : undefined;
            return (
              // A message sent from the queue keeps its place (and its element) as its stored copy replaces it.
              <Fragment key={message.clientId ?? message.id}>
                {newDay && (
                  <div className="sticky top-1 z-10 my-2 flex justify-center">
                    <span className="rounded-full bg-card/90 px-3 py-1 font-display text-[0.6875rem] font-bold uppercase tracking-wider text-muted-foreground shadow-soft backdrop-blur">
                      {dayLabel(message.createdAt)}
                    </span>
                  </div>
                )}
                <div className={cn(startsRun && !newDay && 'mt-2')}>
                  <MessageBubble
                    message={message}
                    mine={message.senderId === me}
                    showName={isGroup && startsRun}
                    showAvatar={endsRun}
                    onActions={onActions}
                    outgoing={state}
                    onRetry={clientId != null ? () => onRetry?.(clientId) : undefined}
                    onDiscard={clientId != null ? () => onDiscard?.(clientId) : undefined}
                    hasOptions={!state && (message.senderId === me || othersHaveOptions)}
                    onOpenImage={onOpenImage}
                    senderRole={roleOf(message.senderId)}
                  />
                </div>
              </Fragment>
            );
          })}
          {typing && <div className="mt-2 pl-10">{typing}</div>}
        </div>
      </div>
      {showJump && (
        <button
          type="button"
          onClick={jumpToLatest}
          aria-label={unseen > 0 ? `Scroll to latest, ${unseen} new` : 'Scroll to latest'}
          className="absolute bottom-3 right-3 inline-flex size-11 animate-pop items-center justify-center rounded-full border border-border bg-card text-foreground shadow-lift focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronDown className="size-5" aria-hidden />
          {unseen > 0 && (
            <span
              aria-hidden
              className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.6875rem] font-bold text-primary-foreground"
            >
              {unseen}
            </span>
          )}
        </button>
      )}
    </div>
  );
}

/** An empty chat (spec 000 §2). */
export function EmptyThread() {
  return (
    <div className="chat-wallpaper flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-8 text-center">
      <span className="flex size-16 items-center justify-center rounded-3xl bg-primary-soft text-primary-soft-foreground shadow-soft">
        <MessageCircle className="size-8" aria-hidden />
      </span>
      <p className="max-w-60 font-display text-base font-bold text-foreground">
        No messages yet. Start a conversation!
      </p>
    </div>
  );
}
