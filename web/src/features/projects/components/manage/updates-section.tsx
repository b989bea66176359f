import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { allRows } from '@/lib/api/pages';
import type { Project, ProjectUpdate } from '../../api/types';
import { formatDate, preview } from '../../lib/format';
import { CollapsibleSection } from './collapsible-section';
import { PostUpdateDialog } from './post-update-dialog';
import { useUpdates } from '../../hooks/use-project-reads';

/** Project Updates (spec 001 §2.5): newest first; the owner posts them (each supporter is notified). */
export function UpdatesSection({ project, isOwner }: { project: Project; isOwner: boolean }) {
  const updates = useUpdates(project.id);
  const [posting, setPosting] = useState(false);
  const rows = allRows(updates.data);

  return (
    <CollapsibleSection
      title="Project Updates"
      icon={Megaphone}
      tone="bg-innovator-soft text-innovator-ink"
      defaultOpen={false}
      summary={
        updates.isSuccess
          ? rows.length === 0
            ? 'No updates yet'
            : `${rows.length}${updates.hasNextPage ? '+' : ''} ${rows.length === 1 ? 'update' : 'updates'}`
          : 'News for your supporters'
      }
      action={
        isOwner ? (
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => setPosting(true)}
            aria-haspopup="dialog"
          >
            <Plus aria-hidden />
            Post Update
          </Button>
        ) : undefined
      }
    >
      {updates.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading updates" className="space-y-2">
          <Skeleton className="h-20 w-full rounded-xl" />
        </div>
      ) : updates.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm font-semibold">The updates could not be loaded.</p>
          <Button variant="outline" onClick={() => void updates.refetch()} loading={updates.isRefetching}>
            Retry
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="font-display text-sm font-extrabold tracking-wide text-muted-foreground">
            NO UPDATES YET
          </p>
          {isOwner && (
            <p className="max-w-xs text-xs text-muted-foreground">
              Post one to tell your supporters what&apos;s new: each of them is notified.
            </p>
          )}
        </div>
      ) : (
        <ol className="space-y-3">
          {rows.map((update) => (
            <li key={update.id}>
              <UpdateItem update={update} />
            </li>
          ))}
        </ol>
      )}
      {updates.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          onClick={() => void updates.fetchNextPage()}
          loading={updates.isFetchingNextPage}
        >
          Load more updates
        </Button>
      )}
      {isOwner && <PostUpdateDialog projectId={project.id} open={posting} onOpenChange={setPosting} />}
    </CollapsibleSection>
  );
}

/** An update: title, date, content cut at 100 characters (tap to read it all), optional image. */
function UpdateItem({ update }: { update: ProjectUpdate }) {
  const [expanded, setExpanded] = useState(false);
  const short = preview(update.content);
  return (
    <article aria-label={update.title} className="rounded-xl border border-border bg-background/60 p-3">
      <div className="flex items-baseline justify-between gap-2">
        <h4 className="min-w-0 break-words font-display text-sm font-extrabold">{update.title}</h4>
        <time dateTime={update.createdAt} className="shrink-0 text-xs text-muted-foreground">
          {formatDate(update.createdAt)}
        </time>
      </div>
      <p className="mt-1 whitespace-pre-line break-words text-sm">{expanded ? update.content : short.text}</p>
      {short.cut && (
        <Button
          variant="link"
          size="sm"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
        >
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      )}
      {update.imageUrl && (
        <img
          src={update.imageUrl}
          alt={`Shared with the update “${update.title}”`}
          loading="lazy"
          className="mt-2 max-h-64 w-full rounded-lg object-cover"
        />
      )}
    </article>
  );
}
