import { Avatar } from '@/components/ui/avatar';
import { categoryLabel } from '@/lib/projects/categories';
import { isRole } from '@/lib/roles';
import type { SearchProject } from '../api/types';
import type { ConnectState } from '../hooks/use-connect';
import { ownerName } from '../lib/people';
import { ConnectButton } from './connect-button';
import { DistanceChip } from './distance-chip';
import { RoleBadge } from './role-badge';

/**
 * A project in the results grid (spec 001 §2.2): the owner's avatar, the project's name (opens the project dialog),
 * the owner's role badge, the sentence 'working on building a project' with its category and 'Would you like to
 * collaborate?', and COLLABORATE.
 */
export function ProjectResultCard({
  project,
  state,
  onOpen,
  onCollaborate,
}: {
  project: SearchProject;
  state: ConnectState;
  onOpen: () => void;
  onCollaborate: () => void;
}) {
  const owner = ownerName(project);
  return (
    <article
      aria-label={project.title}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-soft"
    >
      <div className="flex items-start gap-3">
        <Avatar
          name={owner}
          src={project.ownerProfileImageUrl}
          role={isRole(project.ownerRole) ? project.ownerRole : undefined}
          size="md"
          className="size-12"
          aria-hidden
        />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <h3 className="max-w-full font-display text-base font-bold leading-tight">
            <button
              type="button"
              onClick={onOpen}
              className="-my-2 inline-flex min-h-11 min-w-11 items-center text-left underline decoration-primary/40 decoration-2 underline-offset-4 [overflow-wrap:anywhere] hover:text-primary hover:decoration-primary focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {project.title}
            </button>
          </h3>
          <RoleBadge role={project.ownerRole} />
        </div>
      </div>
      <p className="text-sm leading-relaxed text-muted-foreground">
        <span className="font-semibold text-foreground">{owner}</span> is working on building a project in{' '}
        <span className="font-semibold text-foreground">{categoryLabel(project.category)}</span>. Would you
        like to collaborate?
      </p>
      <div className="mt-auto flex items-center justify-between gap-2">
        <DistanceChip km={project.distanceKm} />
        <ConnectButton
          kind="project"
          state={state}
          name={project.title}
          onSend={onCollaborate}
          className="ml-auto"
        />
      </div>
    </article>
  );
}
