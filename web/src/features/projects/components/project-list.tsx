import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { CloudOff, FolderSearch, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { allRows, type Pages } from '@/lib/api/pages';
import type { Project } from '../api/types';
import { filterProjects } from '../lib/search';
import { ProjectCard } from './project-card';

/** A card-shaped message in a list: empty, nothing matching, failed. */
export function ListMessage({
  icon: Icon,
  title,
  children,
  tone = 'bg-primary-soft text-primary-soft-foreground',
  action,
  role,
}: {
  icon: typeof CloudOff;
  title: string;
  children?: ReactNode;
  tone?: string;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div
      role={role}
      className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-10 text-center"
    >
      <span className={`mb-4 flex size-14 items-center justify-center rounded-2xl ${tone}`}>
        <Icon className="size-7" aria-hidden />
      </span>
      <h3 className="font-display text-lg font-extrabold">{title}</h3>
      {children && <div className="mt-1 max-w-xs text-sm text-muted-foreground">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

function CardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card shadow-soft">
      <Skeleton className="aspect-[16/9] w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-2 w-full" />
        <div className="flex gap-2">
          <Skeleton className="h-11 w-24" />
          <Skeleton className="h-11 w-20" />
          <Skeleton className="h-11 flex-1" />
        </div>
      </div>
    </div>
  );
}

/**
 * One tab's projects (spec 001 §2.3), filtered by the search box: 'Loading projects...', 'Error loading projects'
 * with Retry, 'No projects found' with a hint, or the cards (and Load more while pages remain).
 */
export function ProjectList({
  query,
  search,
  emptyHint,
  emptyAction,
  showOwner = false,
}: {
  query: UseInfiniteQueryResult<Pages<Project>>;
  search: string;
  emptyHint: ReactNode;
  emptyAction?: ReactNode;
  showOwner?: boolean;
}) {
  const { data, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    query;

  if (isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          Loading projects...
        </p>
        <CardSkeleton />
        <CardSkeleton />
      </div>
    );
  }
  if (isError) {
    return (
      <ListMessage
        role="alert"
        icon={CloudOff}
        title="Error loading projects"
        tone="bg-destructive-soft text-destructive-soft-foreground"
        action={
          <Button onClick={() => void refetch()} loading={isRefetching}>
            Retry
          </Button>
        }
      >
        Check your connection, then try again.
      </ListMessage>
    );
  }

  const projects = allRows(data);
  const shown = filterProjects(projects, search);
  if (projects.length === 0) {
    return (
      <ListMessage icon={FolderSearch} title="No projects found" action={emptyAction}>
        {emptyHint}
      </ListMessage>
    );
  }

  return (
    <div className="space-y-4">
      {search.trim() && (
        <p role="status" className="text-sm font-medium text-muted-foreground">
          {shown.length === 1 ? '1 project matches' : `${shown.length} projects match`} “{search.trim()}”
        </p>
      )}
      {shown.length === 0 ? (
        <ListMessage icon={SearchX} title="No projects found">
          Nothing matches “{search.trim()}”. Try another word from a title or description.
        </ListMessage>
      ) : (
        <ul className="space-y-4">
          {shown.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} showOwner={showOwner} />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && (
        <Button
          variant="outline"
          className="w-full"
          onClick={() => void fetchNextPage()}
          loading={isFetchingNextPage}
        >
          Load more projects
        </Button>
      )}
    </div>
  );
}
