import { MapPin, MoreHorizontal, Pause, Play } from 'lucide-react';
import { useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { isRole } from '@/lib/roles';
import { useSafety } from '@/lib/safety';
import type { Person } from '../api/types';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import type { ConnectState } from '../hooks/use-connect';
import { personName } from '../lib/people';
import { ConnectButton } from './connect-button';
import { DistanceChip } from './distance-chip';
import { RoleBadge } from './role-badge';
import { SkillChips } from './skill-chips';

/**
 * "Who's near you?" (spec 001 §2.2): people nearest first, in a row that drifts by itself; held while touched,
 * hovered or focused, stopped with the pause button, still under prefers-reduced-motion.
 */
export function NearbyCarousel({
  people,
  from,
  reducedMotion,
  stateOf,
  onConnect,
}: {
  people: readonly Person[];
  /** Where the distances are measured from. */
  from: 'device' | 'profile';
  reducedMotion: boolean;
  stateOf: (person: Person) => ConnectState;
  onConnect: (person: Person) => void;
}) {
  const scroller = useRef<HTMLUListElement>(null);
  const { handlers, stopped, toggle } = useAutoScroll(scroller, !reducedMotion && people.length > 1);
  const safety = useSafety();

  return (
    <section aria-labelledby="nearby-heading" className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="nearby-heading" className="font-display text-xl font-extrabold tracking-tight">
            Who's near you?
          </h2>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            {from === 'device'
              ? 'Nearest first, from where you are'
              : 'Nearest first, from your profile location'}
          </p>
        </div>
        {!reducedMotion && people.length > 1 && (
          <Button
            variant="ghost"
            size="icon"
            onClick={toggle}
            aria-label={stopped ? 'Play auto-scroll' : 'Pause auto-scroll'}
            aria-pressed={stopped}
            className="shrink-0 text-muted-foreground"
          >
            {stopped ? <Play aria-hidden /> : <Pause aria-hidden />}
          </Button>
        )}
      </div>
      <ul
        ref={scroller}
        aria-label="People near you, nearest first"
        {...handlers}
        className="-mx-4 flex gap-3 overflow-x-auto scroll-px-4 px-4 pb-3 pt-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {people.map((person) => {
          const name = personName(person);
          return (
            <li
              key={person.id}
              className="relative flex w-[11rem] shrink-0 flex-col items-center gap-2 rounded-2xl border border-border bg-card p-3.5 text-center text-card-foreground shadow-soft"
            >
              {safety && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="absolute right-0.5 top-0.5 text-muted-foreground"
                  aria-label={`More options for ${name}`}
                  aria-haspopup="dialog"
                  onClick={() => safety.personMenu(person)}
                >
                  <MoreHorizontal aria-hidden />
                </Button>
              )}
              <Avatar
                name={name}
                src={person.profileImageUrl}
                role={isRole(person.role) ? person.role : undefined}
                className="size-16 text-lg ring-4 ring-background"
                aria-hidden
              />
              <h3 className="w-full truncate font-display text-[0.9375rem] font-bold leading-tight">
                {name}
              </h3>
              <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
                <RoleBadge role={person.role} />
                <DistanceChip km={person.distanceKm} />
              </div>
              <SkillChips skills={person.skills} compact className="justify-center" />
              <ConnectButton
                kind="person"
                state={stateOf(person)}
                name={name}
                onSend={() => onConnect(person)}
                className="mt-auto w-full"
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
