import {
  Ban,
  CircleSlash,
  FolderKanban,
  MessageCircle,
  MessageSquareText,
  Trash2,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { ReportTargetType, ResolveAction } from '../api/safety';
import type { AdminReport, ContextMessage, ReportedContent } from '../api/types';
import { dateTime, fullName, TARGET_LABELS, timeOfDay } from '../lib/words';

const TARGET_ICONS: Record<ReportTargetType, LucideIcon> = {
  user: UserRound,
  project: FolderKanban,
  message: MessageCircle,
  feedback: MessageSquareText,
};

const TARGET_BADGES: Record<ReportTargetType, BadgeVariant> = {
  user: 'explorer',
  project: 'innovator',
  message: 'collaborator',
  feedback: 'investor',
};

/**
 * One open report (issue 18): what kind of thing it is, the reason, who reported it and when, and the reported
 * content as it is now, in context; then Dismiss, Remove (not for a person) and Suspend (when there is someone to
 * suspend). Each action asks first (the parent's confirm dialog).
 */
export function ReportCard({
  report,
  onAction,
}: {
  report: AdminReport;
  onAction: (action: ResolveAction) => void;
}) {
  const Icon = TARGET_ICONS[report.targetType];
  const label = TARGET_LABELS[report.targetType];
  const reporter = report.reporter ? fullName(report.reporter) : 'A deleted account';
  const headingId = `report-${report.id}-heading`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-soft"
    >
      <div className="flex items-center gap-2">
        <Badge variant={TARGET_BADGES[report.targetType]}>
          <Icon aria-hidden />
          {label}
        </Badge>
        <time dateTime={report.createdAt} className="ml-auto text-xs font-medium text-muted-foreground">
          {dateTime(report.createdAt)}
        </time>
      </div>

      <div className="flex flex-col gap-2">
        <h3 id={headingId} className="sr-only">{`${label} report from ${reporter}`}</h3>
        <blockquote className="whitespace-pre-line break-words border-l-4 border-destructive/60 pl-3 text-[0.9375rem] font-medium leading-relaxed">
          {report.reason}
        </blockquote>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {report.reporter && (
            <Avatar
              name={reporter}
              src={report.reporter.profileImageUrl}
              role={report.reporter.role}
              size="sm"
              className="size-6 text-[0.625rem]"
              aria-hidden
            />
          )}
          <span className="min-w-0 truncate">
            Reported by <span className="font-semibold text-foreground">{reporter}</span>
          </span>
        </p>
      </div>

      <ContentPanel report={report} />

      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => onAction('dismiss')}>
          <CircleSlash aria-hidden />
          Dismiss
        </Button>
        {report.targetType !== 'user' && (
          <Button
            variant="outline"
            size="sm"
            className="flex-1 border-destructive/40 text-destructive hover:border-destructive hover:text-destructive"
            onClick={() => onAction('remove')}
          >
            <Trash2 aria-hidden />
            Remove
          </Button>
        )}
        {report.subject && (
          <Button variant="destructive" size="sm" className="flex-1" onClick={() => onAction('suspend')}>
            <Ban aria-hidden />
            Suspend
          </Button>
        )}
      </div>
    </article>
  );
}

/** The reported content as it is now: a person, a project, a message among its neighbours, a feedback item. */
function ContentPanel({ report }: { report: AdminReport }) {
  const { content, subject } = report;
  const author = subject ? fullName(subject) : null;

  if (!content.exists)
    return (
      <p className="rounded-xl border border-dashed border-border px-3 py-4 text-center text-sm italic text-muted-foreground">
        This content no longer exists
      </p>
    );

  return (
    <section
      aria-label="Reported content"
      className="flex flex-col gap-3 rounded-xl border border-border/70 bg-muted/50 p-3"
    >
      {report.targetType === 'user' ? (
        <PersonContent content={content} report={report} />
      ) : (
        <>
          <div className="flex min-w-0 items-start gap-3">
            {content.imageUrl && report.targetType === 'project' && (
              <img
                src={content.imageUrl}
                alt=""
                loading="lazy"
                className="size-16 shrink-0 rounded-lg border border-border object-cover"
              />
            )}
            <div className="min-w-0 flex-1">
              {content.title && (
                <p className="break-words font-display text-sm font-bold leading-snug">
                  {report.targetType === 'feedback' ? `On ${content.title}` : content.title}
                </p>
              )}
              {author && (
                <p className="text-xs text-muted-foreground">
                  {report.targetType === 'project' ? 'Owned by ' : 'By '}
                  <span className="font-semibold text-foreground">{author}</span>
                </p>
              )}
            </div>
          </div>
          {report.targetType === 'message' && content.context.length > 0 ? (
            <MessageContext messages={content.context} />
          ) : (
            content.text?.trim() && (
              <p className="line-clamp-6 whitespace-pre-line break-words text-sm leading-relaxed">
                {content.text}
              </p>
            )
          )}
          {content.imageUrl && report.targetType !== 'project' && (
            <img
              src={content.imageUrl}
              alt={`Attached to the reported ${report.targetType}`}
              loading="lazy"
              className="max-h-48 w-full rounded-lg border border-border bg-card object-contain"
            />
          )}
        </>
      )}
    </section>
  );
}

function PersonContent({ content, report }: { content: ReportedContent; report: AdminReport }) {
  const name = content.title?.trim() || (report.subject ? fullName(report.subject) : 'Someone');
  return (
    <div className="flex items-start gap-3">
      <Avatar
        name={name}
        src={content.imageUrl ?? report.subject?.profileImageUrl}
        role={report.subject?.role}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <p className="break-words font-display text-sm font-bold">{name}</p>
        <p className="line-clamp-4 whitespace-pre-line break-words text-sm text-muted-foreground">
          {content.text?.trim() || 'No bio'}
        </p>
      </div>
    </div>
  );
}

/** The reported message with up to a few either side, in sending order; the reported one stands out. */
function MessageContext({ messages }: { messages: readonly ContextMessage[] }) {
  return (
    <ol aria-label="The conversation around it" className="flex flex-col gap-1.5">
      {messages.map((message) => (
        <li
          key={message.id}
          aria-current={message.isReported ? 'true' : undefined}
          className={cn(
            'rounded-lg px-2.5 py-1.5 text-sm',
            message.isReported
              ? 'border border-destructive/50 bg-destructive-soft text-destructive-soft-foreground'
              : 'bg-card',
          )}
        >
          <p className="flex items-baseline gap-2 text-xs">
            <span className="min-w-0 truncate font-bold">{message.senderName}</span>
            <time
              dateTime={message.createdAt}
              className={cn(message.isReported ? 'opacity-90' : 'text-muted-foreground')}
            >
              {timeOfDay(message.createdAt)}
            </time>
            {message.isReported && (
              <span className="ml-auto shrink-0 font-display text-[0.6875rem] font-bold uppercase tracking-wider">
                Reported
              </span>
            )}
          </p>
          <p className="whitespace-pre-line break-words">{message.content}</p>
        </li>
      ))}
    </ol>
  );
}
