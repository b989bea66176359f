import * as DialogPrimitive from '@radix-ui/react-dialog';
import { CalendarDays, Heart, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import type { components } from '@/lib/api/schema';
import { cn } from '@/lib/cn';
import { ImageCarousel } from './image-carousel';
import { PhaseBadge } from './phase-badge';
import { CategoryChip, LookingForTags } from './project-bits';

type Project = components['schemas']['Project'];

/**
 * The parts of a project's dialog that every area showing one shares (explore's details, search's project): the
 * full-screen frame with its close button, the pictures and title, the facts (spec 001 §2.1, §2.2: category, phase,
 * description, looking-for, created date, supporters), the loading and the failed states. Each area composes them
 * with its own actions and reads the project through its hooks; nothing here fetches.
 */

/** The dialog, open until closed, with a close button that stays in reach over the pictures. */
export function ProjectDialogFrame({
  onClose,
  className,
  children,
}: {
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent hideClose className={cn('gap-0 p-0 pt-3 sm:max-w-xl sm:pt-0', className)}>
        <DialogPrimitive.Close
          aria-label="Close"
          className="sticky top-2 z-10 -mb-11 mr-2 inline-flex size-11 shrink-0 items-center justify-center self-end rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-card/90 text-foreground shadow-soft backdrop-blur-sm">
            <X className="size-5" aria-hidden />
          </span>
        </DialogPrimitive.Close>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The pictures (or the initial-and-category placeholder), the title and a line under it. */
export function ProjectDialogHeader({ project, byline }: { project: Project; byline: string }) {
  return (
    <>
      <ImageCarousel
        images={project.imageUrls}
        title={project.title}
        category={project.category}
        className="aspect-[16/10] w-full shrink-0"
      />
      <div className="flex flex-col gap-1 px-5 pt-4">
        <DialogTitle className="text-2xl font-extrabold leading-tight">{project.title}</DialogTitle>
        <DialogDescription>{byline}</DialogDescription>
      </div>
    </>
  );
}

/** While the project is read: its shape, with a row for the tabs when the dialog has them. */
export function ProjectDialogLoading({ withTabs = false }: { withTabs?: boolean }) {
  return (
    <div aria-busy="true" aria-label="Loading project" className="flex flex-col gap-3 pb-8">
      <DialogTitle className="sr-only">Loading project</DialogTitle>
      <Skeleton className="aspect-[16/10] w-full rounded-none" />
      <div className="flex flex-col gap-3 px-5">
        <Skeleton className="h-7 w-2/3" />
        {withTabs && <Skeleton className="h-11 w-full" />}
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}

/** The project could not be read: what happened, and Retry when trying again can help. */
export function ProjectDialogFailed({
  title,
  description,
  onRetry,
}: {
  title: string;
  description: string;
  onRetry?: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 pb-8 pt-10 text-center">
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}

const sectionLabel = 'font-display text-xs font-bold uppercase tracking-[0.12em] text-muted-foreground';

/** '3 Mar 2026'; an unreadable value gives ''. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** '1 supporter', '12 supporters'. */
function supportersText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'supporter' : 'supporters'}`;
}

/**
 * What a project is: category and phase, About ('No description provided'), Looking for, Created and Supporters.
 */
export function ProjectFacts({ project }: { project: Project }) {
  const description = project.description.trim();
  const created = formatDate(project.createdAt);
  const lookingFor = project.lookingFor.filter((tag) => tag.trim() !== '');
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <CategoryChip category={project.category} />
        <PhaseBadge phase={project.phase} />
      </div>

      <section aria-labelledby={`about-${project.id}`} className="flex flex-col gap-1.5">
        <h3 id={`about-${project.id}`} className={sectionLabel}>
          About
        </h3>
        <p
          className={
            description
              ? 'whitespace-pre-line text-[0.9375rem] leading-relaxed'
              : 'text-sm italic text-muted-foreground'
          }
        >
          {description || 'No description provided'}
        </p>
      </section>

      {lookingFor.length > 0 && (
        <section aria-labelledby={`looking-${project.id}`} className="flex flex-col gap-2">
          <h3 id={`looking-${project.id}`} className={sectionLabel}>
            Looking for
          </h3>
          <LookingForTags tags={lookingFor} />
        </section>
      )}

      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-muted px-3.5 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <CalendarDays className="size-3.5" aria-hidden />
            Created
          </dt>
          <dd className="mt-0.5 font-display text-base font-bold">{created || '—'}</dd>
        </div>
        <div className="rounded-xl bg-muted px-3.5 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <Heart className="size-3.5" aria-hidden />
            Supporters
          </dt>
          <dd className="mt-0.5 font-display text-base font-bold tabular-nums">
            <span className="sr-only">{supportersText(project.supporterCount)}</span>
            <span aria-hidden>{project.supporterCount.toLocaleString('en-GB')}</span>
          </dd>
        </div>
      </dl>
    </>
  );
}
