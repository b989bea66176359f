import { Heart, Info } from 'lucide-react';
import type { Ref } from 'react';
import type { Project } from '../api/types';
import { supportersText } from '../lib/text';
import { ProjectImage } from '@/components/projects/project-image';
import { PhaseBadge } from '@/components/projects/phase-badge';
import { CategoryChip, LookingForTags } from '@/components/projects/project-bits';

/**
 * The overlays a drag fades in are the children of this element, in this order (the deck sets their opacity itself,
 * frame by frame).
 */
export const STAMP_ORDER = ['right', 'left', 'up'] as const;

const stamp =
  'pointer-events-none absolute rounded-xl border-4 bg-card/85 px-3 py-1 font-display text-2xl font-black uppercase tracking-wider opacity-0 shadow-soft';

/**
 * One card of the deck (spec 001 §2.1): the image, category, phase, title, owner, description and at most two
 * looking-for tags then '+N'. The top card carries the SUPPORT / PASS / VIEW SUPPORTED overlays and a details
 * button; the cards behind are pictures only.
 */
export function ProjectCard({
  project,
  stampsRef,
  onDetails,
  titleId,
}: {
  project: Project;
  /** The top card's overlays (SUPPORT, PASS, VIEW SUPPORTED). */
  stampsRef?: Ref<HTMLSpanElement>;
  onDetails?: () => void;
  titleId?: string;
}) {
  const owner = project.ownerName.trim() || `${project.ownerFirstName} ${project.ownerLastName}`.trim();
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-lift">
      <div className="relative min-h-0 flex-1 bg-muted">
        <ProjectImage
          url={project.imageUrls[0]}
          title={project.title}
          eager
          className="absolute inset-0 size-full"
          placeholderClassName="text-7xl"
        />
        <CategoryChip
          category={project.category}
          className="absolute left-3 top-3 bg-card/90 text-foreground shadow-soft backdrop-blur-sm"
        />
        <span className="absolute right-3 top-3 inline-flex items-center gap-1 rounded-full bg-card/90 px-2.5 py-1 text-xs font-bold text-foreground shadow-soft backdrop-blur-sm">
          <Heart className="size-3.5 fill-current text-destructive" aria-hidden />
          <span className="sr-only">{supportersText(project.supporterCount)}</span>
          <span aria-hidden>{project.supporterCount.toLocaleString('en-GB')}</span>
        </span>
        {stampsRef && (
          <span ref={stampsRef} aria-hidden>
            <span className={`${stamp} left-4 top-14 -rotate-12 border-success text-success`}>SUPPORT</span>
            <span className={`${stamp} right-4 top-14 rotate-12 border-destructive text-destructive`}>
              PASS
            </span>
            <span
              className={`${stamp} inset-x-0 bottom-4 mx-auto w-fit border-primary text-center text-xl text-primary`}
            >
              VIEW SUPPORTED
            </span>
          </span>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1.5 px-4 pb-3 pt-3.5">
        <div className="flex items-center gap-2">
          <PhaseBadge phase={project.phase} />
          {owner && <span className="truncate text-xs font-medium text-muted-foreground">by {owner}</span>}
        </div>
        <h3 id={titleId} className="line-clamp-1 font-display text-2xl font-extrabold leading-tight">
          {project.title}
        </h3>
        <p className="line-clamp-3 text-sm leading-snug text-muted-foreground">
          {project.description.trim() || 'No description provided'}
        </p>
        <div className="flex min-h-9 items-end gap-2 pt-1">
          <LookingForTags tags={project.lookingFor} limit={2} className="flex-nowrap overflow-hidden" />
          {onDetails && (
            <button
              type="button"
              onClick={onDetails}
              aria-label={`Details of ${project.title}`}
              className="-mb-1.5 -mr-2 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Info className="size-5" aria-hidden />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
