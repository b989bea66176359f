import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { visibleLookingFor } from '../lib/labels';

/** The parts the join screen and the signed-out public card share. */

const LOOKING_FOR_BADGE: Record<string, 'innovator' | 'collaborator' | 'explorer'> = {
  Innovator: 'innovator',
  Collaborator: 'collaborator',
  Explorer: 'explorer',
};

/** 'Loading project...' over the shape of the card to come. */
export function ProjectLoading({ rounded = 'rounded-2xl' }: { rounded?: string }) {
  return (
    <>
      <p role="status" className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
        <Spinner size="sm" label="" />
        Loading project...
      </p>
      <Skeleton className={`aspect-[16/9] w-full ${rounded}`} />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </>
  );
}

/** The project's picture at 16:9, or its initial on the brand gradient when it has none; `children` lie over it. */
export function ProjectCover({
  title,
  src,
  children,
}: {
  title: string;
  src: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="relative aspect-[16/9] w-full overflow-hidden bg-muted">
      {src ? (
        <img src={src} alt={`${title} cover`} className="size-full object-cover" />
      ) : (
        <div
          aria-hidden
          className="flex size-full items-center justify-center bg-gradient-to-br from-brand-violet to-innovator font-display text-7xl font-extrabold text-on-solid"
        >
          {title.trim().charAt(0).toUpperCase()}
        </div>
      )}
      {children}
    </div>
  );
}

/** "WE'RE LOOKING FOR:" and the roles as badges (never Investor, spec 000 §2); nothing when none is left. */
export function LookingFor({ roles, heading: Heading }: { roles: readonly string[]; heading: 'h2' | 'h4' }) {
  const shown = visibleLookingFor(roles);
  if (shown.length === 0) return null;
  return (
    <div>
      <Heading className="mb-2 font-display text-xs font-extrabold tracking-[0.14em] text-muted-foreground">
        WE&apos;RE LOOKING FOR:
      </Heading>
      <ul className="flex flex-wrap gap-1.5">
        {shown.map((role) => (
          <li key={role}>
            <Badge variant={LOOKING_FOR_BADGE[role] ?? 'default'}>{role}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
