import { Megaphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { ProjectUpdate } from '../api/types';
import { formatDate, previewText } from '../lib/text';
import { ProjectImage } from '@/components/projects/project-image';
import { useProjectUpdates } from '../hooks/use-project-detail';

/** Updates (spec 001 §2.1): title, date, the first 100 characters (a tap shows the rest), an optional image. */
export function DetailUpdates({ projectId }: { projectId: number }) {
  const query = useProjectUpdates(projectId);
  const updates = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) return <ListSkeleton label="Loading updates" />;
  if (query.isError)
    return <ListError text="Couldn't load the updates." onRetry={() => void query.refetch()} />;
  if (updates.length === 0)
    return <ListEmpty icon={<Megaphone className="size-6" aria-hidden />} text="NO UPDATES YET" />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {updates.map((update) => (
          <li key={update.id}>
            <UpdateItem update={update} />
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

function UpdateItem({ update }: { update: ProjectUpdate }) {
  const [open, setOpen] = useState(false);
  const preview = previewText(update.content);
  return (
    <article className="overflow-hidden rounded-xl border border-border bg-card">
      {update.imageUrl && (
        <ProjectImage url={update.imageUrl} title={update.title} className="aspect-[2/1] w-full" />
      )}
      <div className="flex flex-col gap-1.5 p-4">
        <div className="flex items-baseline justify-between gap-3">
          <h4 className="font-display text-base font-bold leading-snug">{update.title}</h4>
          <time dateTime={update.createdAt} className="shrink-0 text-xs text-muted-foreground">
            {formatDate(update.createdAt)}
          </time>
        </div>
        {preview.truncated ? (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((old) => !old)}
            className="-mx-2 -mb-2 rounded-lg px-2 pb-2 text-left focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="block whitespace-pre-line text-sm leading-relaxed text-muted-foreground">
              {open ? update.content : preview.text}
            </span>
            <span className="mt-1 inline-flex min-h-6 items-center text-xs font-bold text-primary">
              {open ? 'Show less' : 'Read more'}
            </span>
          </button>
        ) : (
          <p className="whitespace-pre-line text-sm leading-relaxed text-muted-foreground">
            {update.content}
          </p>
        )}
      </div>
    </article>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      {[0, 1].map((row) => (
        <div key={row} className="flex flex-col gap-2 rounded-xl border border-border p-4">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-4/5" />
        </div>
      ))}
    </div>
  );
}

export function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-sm font-semibold">{text}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function ListEmpty({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        {icon}
      </span>
      <p className="font-display text-sm font-extrabold tracking-[0.12em] text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
