import { Flag, MessageCircle, Reply } from 'lucide-react';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useSafety } from '@/lib/safety';
import { useCurrentUser } from '@/lib/session';
import { allRows } from '@/lib/api/pages';
import type { Feedback, Project } from '../../api/types';
import { usePostFeedback } from '../../hooks/use-project-actions';
import { formatDate } from '../../lib/format';
import { CollapsibleSection } from './collapsible-section';
import { useFeedback } from '../../hooks/use-project-reads';

export interface Thread {
  comment: Feedback;
  replies: Feedback[];
}

/**
 * Top-level comments, newest first, each with its replies oldest first (a reply to a reply joins its thread). A
 * reply whose comment is not loaded yet waits for it.
 */
export function threadsOf(items: readonly Feedback[]): Thread[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const rootOf = (item: Feedback): Feedback | undefined => {
    let current: Feedback | undefined = item;
    for (let hops = 0; current?.parentId != null && hops < 20; hops += 1)
      current = byId.get(current.parentId);
    return current;
  };
  const threads = new Map<number, Thread>();
  for (const item of items) if (item.parentId == null) threads.set(item.id, { comment: item, replies: [] });
  for (const item of items) {
    if (item.parentId == null) continue;
    const root = rootOf(item);
    if (root) threads.get(root.id)?.replies.push(item);
  }
  for (const thread of threads.values())
    thread.replies.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return [...threads.values()];
}

/** Community Feedback (spec 001 §2.5, §2.1): comments with their replies, and Reply (Post Reply / Cancel). */
export function FeedbackSection({ project }: { project: Project }) {
  const feedback = useFeedback(project.id);
  const threads = threadsOf(allRows(feedback.data));

  return (
    <CollapsibleFeedback count={threads.length} more={feedback.hasNextPage} loaded={feedback.isSuccess}>
      {feedback.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading feedback" className="space-y-2">
          <Skeleton className="h-20 w-full rounded-xl" />
        </div>
      ) : feedback.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm font-semibold">The feedback could not be loaded.</p>
          <Button variant="outline" onClick={() => void feedback.refetch()} loading={feedback.isRefetching}>
            Retry
          </Button>
        </div>
      ) : threads.length === 0 ? (
        <p className="py-4 text-center font-display text-sm font-extrabold tracking-wide text-muted-foreground">
          NO FEEDBACK YET
        </p>
      ) : (
        <ol className="space-y-4">
          {threads.map((thread) => (
            <li key={thread.comment.id}>
              <FeedbackThread projectId={project.id} thread={thread} />
            </li>
          ))}
        </ol>
      )}
      {feedback.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          onClick={() => void feedback.fetchNextPage()}
          loading={feedback.isFetchingNextPage}
        >
          Load more feedback
        </Button>
      )}
    </CollapsibleFeedback>
  );
}

function CollapsibleFeedback({
  count,
  more,
  loaded,
  children,
}: {
  count: number;
  more: boolean;
  loaded: boolean;
  children: ReactNode;
}) {
  return (
    <CollapsibleSection
      title="Community Feedback"
      icon={MessageCircle}
      tone="bg-explorer-soft text-explorer-ink"
      defaultOpen={false}
      summary={
        loaded
          ? count === 0
            ? 'No feedback yet'
            : `${count}${more ? '+' : ''} ${count === 1 ? 'conversation' : 'conversations'}`
          : 'What the community says'
      }
    >
      {children}
    </CollapsibleSection>
  );
}

function Comment({ item, small = false }: { item: Feedback; small?: boolean }) {
  const name = item.authorName?.trim() || 'Anonymous User';
  const safety = useSafety();
  const { user } = useCurrentUser();
  const canReport = safety !== null && user !== null && item.authorId !== user.id;
  return (
    <div className="flex gap-3">
      <Avatar name={name} src={item.authorProfileImage} size="sm" className={small ? 'size-8' : undefined} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
            <span className="text-sm font-bold">{name}</span>
            <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
              {formatDate(item.createdAt)}
            </time>
          </p>
          {canReport && (
            <Button
              variant="ghost"
              size="icon"
              className="-my-2.5 -mr-2 shrink-0 text-muted-foreground hover:text-destructive"
              aria-label={`Report feedback from ${name}`}
              aria-haspopup="dialog"
              onClick={() => safety.report({ type: 'feedback', id: item.id, authorName: name })}
            >
              <Flag className="size-4" aria-hidden />
            </Button>
          )}
        </div>
        <p className="mt-0.5 whitespace-pre-line break-words text-sm">{item.content}</p>
        {item.imageUrl && (
          <img
            src={item.imageUrl}
            alt={`Shared by ${name}`}
            loading="lazy"
            className="mt-2 max-h-52 rounded-lg object-cover"
          />
        )}
      </div>
    </div>
  );
}

function FeedbackThread({ projectId, thread }: { projectId: number; thread: Thread }) {
  const [replying, setReplying] = useState(false);
  const name = thread.comment.authorName?.trim() || 'Anonymous User';
  return (
    <article aria-label={`Feedback from ${name}`} className="space-y-2">
      <Comment item={thread.comment} />
      <div className="ml-12 space-y-3">
        {!replying && (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3"
            onClick={() => setReplying(true)}
            aria-label={`Reply to ${name}`}
          >
            <Reply aria-hidden />
            Reply
          </Button>
        )}
        {replying && (
          <ReplyBox
            projectId={projectId}
            parentId={thread.comment.id}
            to={name}
            onDone={() => setReplying(false)}
          />
        )}
        {thread.replies.length > 0 && (
          <ol className="space-y-3 border-l-2 border-border pl-3" aria-label={`Replies to ${name}`}>
            {thread.replies.map((reply) => (
              <li key={reply.id}>
                <Comment item={reply} small />
              </li>
            ))}
          </ol>
        )}
      </div>
    </article>
  );
}

function ReplyBox({
  projectId,
  parentId,
  to,
  onDone,
}: {
  projectId: number;
  parentId: number;
  to: string;
  onDone: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const post = usePostFeedback(projectId);
  const blank = text.trim() === '';
  // The reply box takes the focus when it opens (the Reply button that opened it is gone).
  const focusOnMount = useCallback((element: HTMLTextAreaElement | null) => element?.focus(), []);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (blank) return;
        post.mutate({ content: text, parentId }, { onSuccess: onDone });
      }}
      className="space-y-2"
    >
      <label htmlFor={id} className="sr-only">
        Reply to {to}
      </label>
      <Textarea
        id={id}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`Reply to ${to}…`}
        ref={focusOnMount}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={post.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blank} loading={post.isPending}>
          Post Reply
        </Button>
      </div>
    </form>
  );
}
