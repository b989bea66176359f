import { EyeOff, Lock, Settings2, Users } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Project } from '../api/types';
import { categoryLabel } from '@/lib/projects/categories';
import { ImageCarousel } from '@/components/projects/image-carousel';
import { PdfButton } from './pdf-button';
import { PhaseBadge } from '@/components/projects/phase-badge';
import { ShareProjectButton } from './share-project-button';
import { TaskProgress } from './task-progress';

/** Where a project's management view is. */
export function manageHref(projectId: number): string {
  return `/create?manage=${projectId}`;
}

/**
 * A project on the projects screen (spec 001 §2.3): image carousel (or the initial-and-category placeholder), phase
 * badge, title, two-line description, task progress, and Share, PDF and Manage.
 */
export function ProjectCard({ project, showOwner = false }: { project: Project; showOwner?: boolean }) {
  const headingId = `project-${project.id}-title`;
  const owned = project.myRole === 'owner';
  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-soft"
    >
      <ImageCarousel
        images={project.imageUrls}
        title={project.title}
        category={project.category}
        thumbnails
        className="aspect-[16/9] w-full"
        overlay={
          <div className="pointer-events-none absolute inset-x-2 top-2 flex items-start justify-between gap-2">
            <PhaseBadge phase={project.phase} className="shadow-soft" />
            <div className="flex flex-col items-end gap-1">
              {owned && !project.isPublished && (
                <span className="inline-flex items-center gap-1 rounded-full bg-card/90 px-2 py-1 text-[0.6875rem] font-bold uppercase tracking-wide text-foreground shadow-soft backdrop-blur">
                  <EyeOff className="size-3" aria-hidden />
                  Unpublished
                </span>
              )}
              {project.isProtected && (
                <span className="inline-flex items-center gap-1 rounded-full bg-card/90 px-2 py-1 text-[0.6875rem] font-bold uppercase tracking-wide text-foreground shadow-soft backdrop-blur">
                  <Lock className="size-3" aria-hidden />
                  Protected
                </span>
              )}
            </div>
          </div>
        }
      />
      <div className="space-y-3 p-4">
        <div className="space-y-1">
          <h3 id={headingId} className="font-display text-xl font-extrabold leading-tight tracking-tight">
            {project.title}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 text-xs font-semibold text-muted-foreground">
            <span>{categoryLabel(project.category)}</span>
            {showOwner && (
              <>
                <span aria-hidden>·</span>
                <span>by {project.ownerName}</span>
              </>
            )}
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden />
              {project.collaboratorCount + 1} on the team
            </span>
          </p>
        </div>
        <p className={cn('line-clamp-2 text-sm', !project.description && 'italic text-muted-foreground')}>
          {project.description || 'No description provided'}
        </p>
        <TaskProgress completed={project.completedTaskCount} total={project.taskCount} />
        <div className="flex gap-2 pt-1">
          <ShareProjectButton projectId={project.id} title={project.title} />
          <PdfButton project={project} />
          <Link
            href={manageHref(project.id)}
            className={cn(buttonVariants({ variant: 'primary' }), 'flex-1')}
            aria-label={`Manage ${project.title}`}
          >
            <Settings2 aria-hidden />
            Manage
          </Link>
        </div>
      </div>
    </article>
  );
}
