import { ChevronRight, Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { Project } from '../api/types';
import { categoryLabel } from '../lib/project-display';
import { supportersText } from '../lib/text';
import { ProjectImage } from '@/components/projects/project-image';
import { PhaseBadge } from '@/components/projects/phase-badge';
import { useSupportedProjects } from '../hooks/use-project-detail';

/**
 * 'projects you follow' (spec 001 §2.1): the projects the person supports, each with its image or initial, title,
 * category, phase and supporter count; a tap opens its details. Swipe up (or ↑, or FOLLOWING) opens it.
 */
export default function SupportedDialog({
  onClose,
  onOpenProject,
}: {
  onClose: () => void;
  onOpenProject: (project: Project) => void;
}) {
  const query = useSupportedProjects();
  const projects = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="uppercase tracking-wide">projects you follow</DialogTitle>
          <DialogDescription>
            {query.isSuccess && projects.length > 0
              ? `${projects.length}${query.hasNextPage ? '+' : ''} supported ${projects.length === 1 ? 'project' : 'projects'}`
              : 'The projects you support show up here.'}
          </DialogDescription>
        </DialogHeader>

        {query.isPending && (
          <div aria-busy="true" aria-label="Loading supported projects" className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-14 rounded-xl" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </div>
            ))}
          </div>
        )}
        {query.isError && (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm font-semibold">Couldn&apos;t load your supported projects.</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        )}
        {query.isSuccess && projects.length === 0 && (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
              <Heart className="size-7" aria-hidden />
            </span>
            <p className="font-display text-sm font-extrabold tracking-[0.12em] text-muted-foreground">
              NO SUPPORTED PROJECTS YET
            </p>
          </div>
        )}
        {projects.length > 0 && (
          <ul className="-mx-2 flex flex-col">
            {projects.map((project) => (
              <li key={project.id}>
                <button
                  type="button"
                  onClick={() => onOpenProject(project)}
                  className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                >
                  <ProjectImage
                    url={project.imageUrls[0]}
                    title={project.title}
                    size="thumb"
                    className="size-14 shrink-0 rounded-xl"
                    placeholderClassName="text-2xl"
                  />
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="truncate font-display text-base font-bold">{project.title}</span>
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <span>{categoryLabel(project.category)}</span>
                      <PhaseBadge phase={project.phase} className="px-2 py-0.5 text-[0.625rem]" />
                      <span className="inline-flex items-center gap-1">
                        <Heart className="size-3" aria-hidden />
                        {supportersText(project.supporterCount)}
                      </span>
                    </span>
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            className="w-full"
          >
            Load more
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
