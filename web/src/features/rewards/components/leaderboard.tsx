import { Coins, Crown, Trophy } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { LeaderboardEntry } from '../api/types';
import { formatCoins } from '../lib/levels';
import { Section } from './section';

/** Gold, silver and bronze chips for the podium; a plain number after. */
const PODIUM = [
  'bg-coin text-coin-foreground',
  'bg-secondary text-secondary-foreground ring-1 ring-input',
  'bg-innovator-soft text-innovator-ink',
] as const;

function fullName(entry: LeaderboardEntry): string {
  return `${entry.firstName} ${entry.lastName}`.trim() || entry.username;
}

/** TOP EARNERS (spec 000 §2, §9): the top ten by coins, in a list that scrolls beyond 256 px. */
export function Leaderboard({
  entries,
  currentUserId,
}: {
  entries: LeaderboardEntry[];
  currentUserId: number;
}) {
  return (
    <Section id="leaderboard-heading" title="TOP EARNERS" icon={Trophy} tone="bg-coin-soft text-coin-ink">
      {entries.length === 0 ? (
        <div className="flex min-h-28 flex-col items-center justify-center gap-1 rounded-xl bg-muted/50 text-center">
          <Trophy className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-display text-sm font-extrabold tracking-wide text-muted-foreground">
            NO LEADERBOARD DATA
          </p>
        </div>
      ) : (
        <div
          role="region"
          aria-label="Top earners, by coins"
          // A scrolling region must be reachable by keyboard (WCAG 2.1.1) when nothing in it takes focus.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="-mx-1 max-h-64 overflow-y-auto overscroll-contain rounded-xl px-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ol className="space-y-1.5 py-0.5">
            {entries.map((entry, index) => {
              const me = entry.id === currentUserId;
              const name = fullName(entry);
              return (
                <li
                  key={entry.id}
                  className={cn(
                    'flex min-h-14 items-center gap-3 rounded-xl px-2.5 py-2',
                    me
                      ? 'bg-primary-soft text-primary-soft-foreground'
                      : index < 3
                        ? 'bg-muted/50'
                        : undefined,
                  )}
                >
                  <span
                    className={cn(
                      'flex size-7 shrink-0 items-center justify-center rounded-full font-display text-sm font-extrabold tabular-nums',
                      PODIUM[index] ?? 'text-muted-foreground',
                    )}
                  >
                    <span className="sr-only">Rank </span>
                    {index + 1}
                  </span>
                  <span className="relative">
                    <Avatar name={name} src={entry.profileImageUrl} size="sm" aria-hidden />
                    {index === 0 && (
                      <Crown
                        className="absolute -right-1.5 -top-2.5 size-4 rotate-12 fill-coin text-coin-ink"
                        aria-hidden
                      />
                    )}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-1.5 font-display font-bold leading-tight">
                      <span className="truncate">{name}</span>
                      {me && <Badge className="shrink-0 bg-primary text-primary-foreground">You</Badge>}
                    </p>
                    <p className={cn('truncate text-xs', me ? undefined : 'text-muted-foreground')}>
                      @{entry.username}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end">
                    <span className="inline-flex items-center gap-1 font-display font-extrabold tabular-nums">
                      <Coins className="size-4 text-coin-ink" aria-hidden />
                      {formatCoins(entry.coins)}
                      <span className="sr-only"> coins</span>
                    </span>
                    <span
                      className={cn('text-[0.7rem] tabular-nums', me ? undefined : 'text-muted-foreground')}
                    >
                      {formatCoins(entry.totalCoinsEarned)} earned
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Section>
  );
}
