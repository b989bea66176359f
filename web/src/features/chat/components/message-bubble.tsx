import { Check, Clock, MoreVertical } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { isRole } from '@/lib/roles';
import type { Message } from '../api/types';
import { messageTime } from '../lib/format';
import { DocumentChip, ImageAttachment, VoicePlayer } from './attachments';

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
  /** Mine, typed offline and not sent yet: marked "Waiting to send" instead of its time and tick. */
  waiting?: boolean;
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
  waiting = false,
}: BubbleProps) {
  const time = messageTime(message.createdAt);
  const kind = message.attachmentUrl ? message.attachmentType : 'text';
  const hasText = message.content.trim().length > 0;
  const media = kind === 'image';

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
        <p className={cn('whitespace-pre-wrap break-words [overflow-wrap:anywhere]', media && 'px-2 pt-1')}>
          {message.content}
        </p>
      )}
      <p
        className={cn(
          'mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem] leading-none',
          mine ? 'text-primary-foreground/80' : 'text-muted-foreground',
          media && 'px-2 pb-1',
        )}
      >
        {waiting ? (
          <>
            <Clock className="size-3" aria-hidden />
            <span>Waiting to send</span>
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
