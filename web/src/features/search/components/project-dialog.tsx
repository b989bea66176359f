import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Check, Handshake, Heart, UserPlus, X } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { ImageCarousel } from '@/components/projects/image-carousel';
import { ReportProjectButton } from '@/components/safety/report-project-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { categoryLabel } from '@/lib/projects/categories';
import { phaseLabel, phaseTone } from '@/lib/projects/phases';
import { useSafety } from '@/lib/safety';
import { toast } from '@/lib/toast';
import { projectQuery } from '@/lib/projects/queries';
import type { Project } from '../api/types';
import type { ConnectState } from '../hooks/use-connect';
import { FETCH_PROJECT_FAILED_TOAST } from '../lib/announce';
import { ownerName } from '../lib/people';

/** '3 Mar 2026'; an unreadable value gives ''. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

const chip =
  'inline-flex items-center rounded-full px-2.5 py-1 font-display text-[0.6875rem] font-bold uppercase leading-none tracking-wider';
const label = 'font-display text-xs font-bold uppercase tracking-[0.12em] text-muted-foreground';

/**
 * A project from the results (spec 001 §2.2): image carousel, category, phase, description, looking-for, created
 * date and supporter count, with 'Connect with Owner' and 'Request to Collaborate'. Opens at once from the search
 * answer and refreshes from `GET /api/projects/{id}` ('Failed to fetch project' when that fails).
 */
export function ProjectDialog({
  projectId,
  initial,
  ownerState,
  projectState,
  onConnectOwner,
  onCollaborate,
  onClose,
}: {
  projectId: number;
  initial?: Project;
  ownerState: (project: Project) => ConnectState;
  projectState: (project: Project) => ConnectState;
  onConnectOwner: (project: Project) => void;
  onCollaborate: (project: Project) => void;
  onClose: () => void;
}) {
  const query = useQuery({ ...projectQuery(projectId), placeholderData: initial });
  // A failed refresh keeps what the search answer already said about it.
  const project = query.data ?? initial;
  const { isError, errorUpdatedAt } = query;

  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast(FETCH_PROJECT_FAILED_TOAST);
  }, [isError, errorUpdatedAt]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent hideClose className="gap-0 p-0 pt-3 sm:max-w-xl sm:pt-0">
        <DialogPrimitive.Close
          aria-label="Close"
          className="sticky top-2 z-10 -mb-11 mr-2 inline-flex size-11 shrink-0 items-center justify-center self-end rounded-full focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-card/90 text-foreground shadow-soft backdrop-blur-sm">
            <X className="size-5" aria-hidden />
          </span>
        </DialogPrimitive.Close>
        {project ? (
          <ProjectDetails
            project={project}
            ownerState={ownerState(project)}
            projectState={projectState(project)}
            onConnectOwner={() => onConnectOwner(project)}
            onCollaborate={() => onCollaborate(project)}
          />
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 px-6 pb-8 pt-10 text-center">
            <DialogTitle>Failed to fetch project</DialogTitle>
            <DialogDescription>It may have been unpublished or deleted.</DialogDescription>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div aria-busy="true" aria-label="Loading project" className="flex flex-col gap-3 pb-8">
            <DialogTitle className="sr-only">Loading project</DialogTitle>
            <Skeleton className="aspect-[16/10] w-full rounded-none" />
            <div className="flex flex-col gap-3 px-5">
              <Skeleton className="h-7 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProjectDetails({
  project,
  ownerState,
  projectState,
  onConnectOwner,
  onCollaborate,
}: {
  project: Project;
  ownerState: ConnectState;
  projectState: ConnectState;
  onConnectOwner: () => void;
  onCollaborate: () => void;
}) {
  const description = project.description.trim();
  const created = formatDate(project.createdAt);
  const owner = ownerName(project);
  const lookingFor = project.lookingFor.filter((tag) => tag.trim() !== '');
  const safety = useSafety();
  return (
    <>
      <ImageCarousel
        images={project.imageUrls}
        title={project.title}
        category={project.category}
        className="aspect-[16/10] w-full shrink-0"
      />
      <div className="flex flex-col gap-5 px-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-4">
        <div className="flex flex-col gap-1">
          <DialogTitle className="text-2xl font-extrabold leading-tight">{project.title}</DialogTitle>
          <DialogDescription>{`by ${owner}`}</DialogDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn(chip, 'bg-primary-soft text-primary-soft-foreground')}>
            <span className="sr-only">Category: </span>
            {categoryLabel(project.category)}
          </span>
          <span className={cn(chip, phaseTone(project.phase))}>
            <span className="sr-only">Phase: </span>
            {phaseLabel(project.phase)}
          </span>
        </div>

        <section aria-labelledby={`about-${project.id}`} className="flex flex-col gap-1.5">
          <h3 id={`about-${project.id}`} className={label}>
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
            <h3 id={`looking-${project.id}`} className={label}>
              Looking for
            </h3>
            <ul aria-label="Looking for" className="flex flex-wrap gap-1.5">
              {lookingFor.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full border border-border bg-background px-2.5 py-1 text-xs font-semibold"
                >
                  {tag}
                </li>
              ))}
            </ul>
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
              {project.supporterCount.toLocaleString('en-GB')}
            </dd>
          </div>
        </dl>

        {projectState === 'own' ? (
          <p className="rounded-xl bg-primary-soft px-4 py-3 text-sm font-semibold text-primary-soft-foreground">
            This is your project. Manage it from Create.
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <ActionButton
              state={ownerState}
              onClick={onConnectOwner}
              icon={<UserPlus aria-hidden />}
              variant="outline"
            >
              Connect with Owner
            </ActionButton>
            <ActionButton state={projectState} onClick={onCollaborate} icon={<Handshake aria-hidden />}>
              Request to Collaborate
            </ActionButton>
            {safety && <ReportProjectButton project={project} className="mt-1 self-center" />}
          </div>
        )}
      </div>
    </>
  );
}

/** A dialog action that shows SENT (disabled, with a tick) once its request exists. */
function ActionButton({
  state,
  onClick,
  icon,
  variant = 'primary',
  children,
}: {
  state: ConnectState;
  onClick: () => void;
  icon: ReactNode;
  variant?: 'primary' | 'outline';
  children: string;
}) {
  if (state === 'own') return null;
  const sent = state === 'sent';
  return (
    <Button
      size="lg"
      variant={sent ? 'secondary' : variant}
      onClick={onClick}
      disabled={sent}
      loading={state === 'sending'}
      className={sent ? 'bg-success-soft text-success-soft-foreground disabled:opacity-100' : undefined}
    >
      {sent ? <Check aria-hidden /> : state !== 'sending' && icon}
      {children}
      {sent && (
        <span className="rounded-full bg-card/70 px-2 py-0.5 text-[0.6875rem] font-bold tracking-wider">
          SENT
        </span>
      )}
    </Button>
  );
}
