import { Flag, MessageSquare, MessageSquarePlus, Reply } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useSafety } from '@/lib/safety';
import { useCurrentUser } from '@/lib/session';
import type { Feedback } from '../api/types';
import { usePostFeedback } from '../hooks/use-deck-actions';
import { authorIdentity, feedbackThreads } from '../lib/deck';
import { formatDate } from '../lib/text';
import { ListEmpty, ListError, ListSkeleton } from './detail-updates';
import { ProjectImage } from '@/components/projects/project-image';
import { useProjectFeedback } from '../hooks/use-project-detail';

/**
 * Feedback (spec 001 §2.1): comments with their author ('Anonymous User', 'U'), photo, date, text, image and Reply;
 * replies indented under them; a reply box with Post Reply and Cancel. Supporters can Leave Feedback here too.
 */
export function DetailFeedback({
  projectId,
  canLeaveFeedback,
  onLeaveFeedback,
}: {
  projectId: number;
  canLeaveFeedback: boolean;
  onLeaveFeedback: () => void;
}) {
  const query = useProjectFeedback(projectId);
  const threads = feedbackThreads(query.data?.pages.flatMap((page) => page.items) ?? []);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  const leave = canLeaveFeedback && (
    <Button variant="secondary" onClick={onLeaveFeedback} className="w-full">
      <MessageSquarePlus aria-hidden />
      Leave Feedback
    </Button>
  );

  if (query.isPending) return <ListSkeleton label="Loading feedback" />;
  if (query.isError)
    return <ListError text="Couldn't load the feedback." onRetry={() => void query.refetch()} />;
  if (threads.length === 0)
    return (
      <ListEmpty icon={<MessageSquare className="size-6" aria-hidden />} text="NO FEEDBACK YET">
        {leave}
      </ListEmpty>
    );
  return (
    <div className="flex flex-col gap-4">
      {leave}
      <ul className="flex flex-col gap-5">
        {threads.map(({ comment, replies }) => (
          <li key={comment.id} className="flex flex-col gap-3">
            <Comment
              item={comment}
              onReply={() => setReplyingTo(comment.id)}
              replying={replyingTo === comment.id}
            />
            {replies.length > 0 && (
              <ul aria-label="Replies" className="ml-5 flex flex-col gap-3 border-l-2 border-border pl-4">
                {replies.map((reply) => (
                  <li key={reply.id}>
                    <Comment item={reply} small />
                  </li>
                ))}
              </ul>
            )}
            {replyingTo === comment.id && (
              <ReplyBox projectId={projectId} parent={comment} onDone={() => setReplyingTo(null)} />
            )}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </div>
  );
}

function Comment({
  item,
  small = false,
  onReply,
  replying = false,
}: {
  item: Feedback;
  small?: boolean;
  onReply?: () => void;
  replying?: boolean;
}) {
  const author = authorIdentity(item.authorName);
  const safety = useSafety();
  const { user } = useCurrentUser();
  const canReport = safety !== null && user !== null && item.authorId !== user.id;
  return (
    <article className="flex gap-3">
      <AuthorAvatar
        photo={item.authorProfileImage}
        initials={author.initials}
        name={author.name}
        small={small}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h4 className="font-display text-sm font-bold">{author.name}</h4>
          <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
            {formatDate(item.createdAt)}
          </time>
        </div>
        <p className="whitespace-pre-line break-words text-sm leading-relaxed">{item.content}</p>
        {item.imageUrl && (
          <ProjectImage
            url={item.imageUrl}
            title="Feedback image"
            className="mt-1 max-h-56 w-full max-w-xs rounded-xl border border-border"
          />
        )}
        {((onReply && !replying) || canReport) && (
          <div className="-ml-3 flex flex-wrap items-center">
            {onReply && !replying && (
              <Button
                variant="ghost"
                size="sm"
                onClick={onReply}
                aria-label={`Reply to ${author.name}`}
                className="text-primary"
              >
                <Reply aria-hidden />
                Reply
              </Button>
            )}
            {canReport && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Report feedback from ${author.name}`}
                aria-haspopup="dialog"
                onClick={() => safety.report({ type: 'feedback', id: item.id, authorName: author.name })}
                className="text-muted-foreground hover:text-destructive"
              >
                <Flag aria-hidden />
                Report
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

function AuthorAvatar({
  photo,
  initials,
  name,
  small,
}: {
  photo: string | null | undefined;
  initials: string;
  name: string;
  small: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const size = small ? 'size-8 text-[0.6875rem]' : 'size-10 text-xs';
  if (photo && !failed)
    return (
      <img
        src={photo}
        alt={name}
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full object-cover', size)}
      />
    );
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-display font-bold text-primary-soft-foreground',
        size,
      )}
    >
      {initials}
    </span>
  );
}

function ReplyBox({
  projectId,
  parent,
  onDone,
}: {
  projectId: number;
  parent: Feedback;
  onDone: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const post = usePostFeedback(projectId);
  const content = text.trim();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className="ml-5 flex flex-col gap-2 border-l-2 border-primary pl-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!content) return;
        post.mutate({ content, parentId: parent.id }, { onSuccess: onDone });
      }}
    >
      <label htmlFor={id} className="sr-only">
        {`Reply to ${authorIdentity(parent.authorName).name}`}
      </label>
      <Textarea
        id={id}
        ref={field}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Write a reply..."
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={post.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!content} loading={post.isPending}>
          Post Reply
        </Button>
      </div>
    </form>
  );
}
