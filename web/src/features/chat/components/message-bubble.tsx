import {
  AlertCircle,
  Check,
  Clock,
  FileText,
  ImageIcon,
  LoaderCircle,
  Mic,
  MoreVertical,
  RotateCw,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { isRole } from '@/lib/roles';
import type { Message } from '../api/types';
import { messageTime } from '../lib/format';
import type { OutgoingState } from '../lib/outbox';
import { DocumentChip, ImageAttachment, VoicePlayer } from './attachments';

/** What a message not stored yet shows in place of its time and tick. */
const OUTGOING: Record<OutgoingState, { icon: ReactNode; text: string }> = {
  sending: {
    icon: <LoaderCircle className="size-3 motion-safe:animate-spin" aria-hidden />,
    text: 'Sending…',
  },
  waiting: { icon: <Clock className="size-3" aria-hidden />, text: 'Waiting to send' },
  failed: { icon: <AlertCircle className="size-3.5" aria-hidden />, text: 'Not sent' },
};

const PENDING_FILE_ICON: Record<string, ReactNode> = {
  image: <ImageIcon className="size-4 shrink-0" aria-hidden />,
  document: <FileText className="size-4 shrink-0" aria-hidden />,
  audio: <Mic className="size-4 shrink-0" aria-hidden />,
};

/** The first words of a message, to tell which one a button is about ('Retry sending: See you at the…'). */
function firstWords(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > 6 ? `${words.slice(0, 6).join(' ')}…` : words.join(' ');
}

const failedAction =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold shadow-soft transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export interface BubbleProps {
  message: Message;
  mine: boolean;
  /** The first message of a run by one sender: the group chats name them. */
  showName: boolean;
  /** The last message of a run: the avatar sits beside it, and the bubble gets its tail. */
  showAvatar: boolean;
  onOpenImage: (url: string, name: string) => void;
  onActions: (message: Message) => void;
  /** Whether the options button shows (always on my own; on others' where Report is offered). */
  hasOptions?: boolean;
  /** The sender's role, when known (the avatar's colour). */
  senderRole?: string | null;
  /** Mine, not stored yet: "Sending…", "Waiting to send" or "Not sent" in place of its time and tick. */
  outgoing?: OutgoingState;
  /** A message that was not sent: sends it again (Retry), or gives it up (Delete). */
  onRetry?: () => void;
  onDiscard?: () => void;
}

/**
 * One message (spec 000 §2): my own on the right; everyone else's on the left with their avatar and the time.
 * A long press (or the options button) on my own opens edit and delete; on someone else's, Report.
 */
export function MessageBubble({
  message,
  mine,
  showName,
  showAvatar,
  onOpenImage,
  onActions,
  hasOptions = mine,
  senderRole,
  outgoing,
  onRetry,
  onDiscard,
}: BubbleProps) {
  const time = messageTime(message.createdAt);
  const kind = message.attachmentUrl ? message.attachmentType : 'text';
  const hasText = message.content.trim().length > 0;
  const media = kind === 'image';
  // A file not uploaded yet has no address to show it by: its name (or "Voice message") and what kind it is.
  const pendingFile = outgoing && !message.attachmentUrl ? message.attachmentType : null;
  const failed = outgoing === 'failed';

  const body = (
    <div
      onContextMenu={
        hasOptions
          ? (event) => {
              event.preventDefault();
              onActions(message);
            }
          : undefined
      }
      className={cn(
        'relative max-w-[78%] rounded-2xl text-[0.9375rem] leading-snug shadow-soft',
        media ? 'p-1' : 'px-3 py-2',
        mine ? 'bg-primary text-primary-foreground' : 'border border-border/60 bg-card text-card-foreground',
        showAvatar && (mine ? 'rounded-br-md' : 'rounded-bl-md'),
      )}
    >
      {showName && !mine && (
        <p
          className={cn('mb-0.5 truncate font-display text-xs font-bold text-primary', media && 'px-2 pt-1')}
        >
          {message.senderName}
        </p>
      )}
      {kind === 'image' && <ImageAttachment message={message} onOpen={onOpenImage} />}
      {kind === 'document' && <DocumentChip message={message} mine={mine} />}
      {kind === 'audio' && <VoicePlayer message={message} mine={mine} />}
      {hasText && (
        <p
          className={cn(
            'whitespace-pre-wrap break-words [overflow-wrap:anywhere]',
            media && 'px-2 pt-1',
            pendingFile && 'flex items-center gap-2 font-medium',
          )}
        >
          {pendingFile && PENDING_FILE_ICON[pendingFile]}
          {message.content}
        </p>
      )}
      <p
        // My message's state is read out as it changes (sending, not sent, sent).
        aria-live={mine ? 'polite' : undefined}
        className={cn(
          'mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem] leading-none',
          mine ? 'text-primary-foreground/80' : 'text-muted-foreground',
          failed && 'font-bold text-primary-foreground',
          media && 'px-2 pb-1',
        )}
      >
        {outgoing ? (
          <>
            {OUTGOING[outgoing].icon}
            <span>{OUTGOING[outgoing].text}</span>
          </>
        ) : (
          <>
            {message.editedAt && <span>edited</span>}
            <time dateTime={message.createdAt}>{time}</time>
            {mine && <Check className="size-3.5" aria-label="Sent" />}
          </>
        )}
      </p>
    </div>
  );

  const options = hasOptions && (
    <button
      type="button"
      onClick={() => onActions(message)}
      aria-label="Message options"
      aria-haspopup="dialog"
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground/70 transition-opacity hover:bg-muted hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100"
    >
      <MoreVertical className="size-4" aria-hidden />
    </button>
  );

  if (mine && failed) {
    const about = firstWords(message.content);
    return (
      <div className="flex flex-col items-end gap-1.5 pb-1">
        <div className="flex items-center justify-end gap-1.5">
          <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden />
          {body}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={onDiscard}
            aria-label={`Delete unsent message: ${about}`}
            className={cn(
              failedAction,
              'border border-border bg-card text-muted-foreground hover:text-foreground',
            )}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </button>
          <button
            type="button"
            onClick={onRetry}
            aria-label={`Retry sending: ${about}`}
            className={cn(
              failedAction,
              'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
            )}
          >
            <RotateCw className="size-4" aria-hidden />
            Retry
          </button>
        </div>
      </div>
    );
  }

  if (mine) {
    return (
      <div className="group flex items-center justify-end gap-0.5">
        {options}
        {body}
      </div>
    );
  }

  return (
    <div className="group flex items-end gap-2">
      {showAvatar ? (
        <Avatar
          name={message.senderName || 'Someone'}
          src={message.senderProfileImageUrl}
          role={isRole(senderRole) ? senderRole : undefined}
          size="sm"
          className="size-8 text-[0.6875rem]"
        />
      ) : (
        <span aria-hidden className="w-8 shrink-0" />
      )}
      {body}
      {options && <span className="-ml-1.5 self-center">{options}</span>}
    </div>
  );
}
