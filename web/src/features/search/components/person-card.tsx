import { MoreHorizontal } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { isRole } from '@/lib/roles';
import { useSafety } from '@/lib/safety';
import type { Person } from '../api/types';
import type { ConnectState } from '../hooks/use-connect';
import { personName } from '../lib/people';
import { ConnectButton } from './connect-button';
import { DistanceChip } from './distance-chip';
import { RoleBadge } from './role-badge';
import { SkillChips } from './skill-chips';

/**
 * A person in the results grid (spec 001 §2.2): avatar, name, role badge, up to 3 skills and '+N', CONNECT; and
 * their "More" menu (Block, Report) where the app offers it.
 */
export function PersonCard({
  person,
  state,
  onConnect,
}: {
  person: Person;
  state: ConnectState;
  onConnect: () => void;
}) {
  const name = personName(person);
  const safety = useSafety();
  return (
    <article
      aria-label={name}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-soft"
    >
      <div className="flex items-start gap-3">
        <Avatar
          name={name}
          src={person.profileImageUrl}
          role={isRole(person.role) ? person.role : undefined}
          size="md"
          className="size-12"
          aria-hidden
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="truncate font-display text-base font-bold leading-tight">{name}</h3>
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <RoleBadge role={person.role} />
            {person.location?.trim() && (
              <span className="min-w-0 truncate text-xs text-muted-foreground">{person.location.trim()}</span>
            )}
          </div>
        </div>
        {safety && (
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2 -mt-2 shrink-0 text-muted-foreground"
            aria-label={`More options for ${name}`}
            aria-haspopup="dialog"
            onClick={() => safety.personMenu(person)}
          >
            <MoreHorizontal aria-hidden />
          </Button>
        )}
      </div>
      <SkillChips skills={person.skills} />
      <div className="mt-auto flex items-center justify-between gap-2">
        <DistanceChip km={person.distanceKm} />
        <ConnectButton kind="person" state={state} name={name} onSend={onConnect} className="ml-auto" />
      </div>
    </article>
  );
}
