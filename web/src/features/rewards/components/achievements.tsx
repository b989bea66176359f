import { CheckCircle2, ChevronDown, Coins, Medal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Achievement } from '../api/types';
import { useClaimReward } from '../hooks/use-rewards-actions';
import { formatCoins } from '../lib/levels';
import { AchievementFallbackIcon, rewardIcon } from '../lib/icons';
import { MiniBar, Section } from './section';

/** Ready to collect first, then the nearest to completion, then the ones already collected. */
function order(a: Achievement): number {
  if (a.isCompleted && !a.claimed) return -2;
  if (a.isCompleted) return 2;
  return -Math.min(1, a.progress / Math.max(1, a.condition.target));
}

/** How many show before SHOW ALL (more when more are ready to claim). */
export const ACHIEVEMENTS_SHOWN = 4;

/** Achievements with progress bars, and a CLAIM button for completed, unclaimed ones (`rewards/claim`). */
export function Achievements({ achievements }: { achievements: Achievement[] }) {
  const claim = useClaimReward();
  const [expanded, setExpanded] = useState(false);
  const active = achievements.filter((a) => a.isActive).sort((a, b) => order(a) - order(b));
  const completed = active.filter((a) => a.isCompleted).length;
  const claimable = active.filter((a) => a.isCompleted && !a.claimed).length;
  const collapsedCount = Math.max(ACHIEVEMENTS_SHOWN, claimable);
  const shown = expanded ? active : active.slice(0, collapsedCount);

  return (
    <Section
      id="achievements-heading"
      title="ACHIEVEMENTS"
      icon={Medal}
      tone="bg-primary-soft text-primary-soft-foreground"
      aside={
        <span className="font-display text-sm font-bold tabular-nums text-muted-foreground">
          {completed}/{active.length}
        </span>
      }
    >
      <ul id="achievements-list" className="space-y-2">
        {shown.map((achievement) => {
          const Icon = rewardIcon(achievement.icon, AchievementFallbackIcon);
          const target = Math.max(1, achievement.condition.target);
          const progress = Math.min(achievement.progress, target);
          const claimable = achievement.isCompleted && !achievement.claimed;
          const nameId = `achievement-${achievement.id}`;
          return (
            <li
              key={achievement.id}
              className={cn(
                'flex items-center gap-3 rounded-xl p-3',
                claimable ? 'bg-coin-soft ring-2 ring-coin' : 'bg-muted/50',
              )}
            >
              <span
                className={cn(
                  'flex size-11 shrink-0 items-center justify-center rounded-xl',
                  achievement.isCompleted ? 'bg-coin text-coin-foreground' : 'bg-card text-muted-foreground',
                )}
              >
                <Icon className="size-5" strokeWidth={2.25} aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p id={nameId} className="font-display font-bold leading-tight">
                  {achievement.name}
                </p>
                <p className="text-xs text-muted-foreground">{achievement.description}</p>
                {!achievement.isCompleted && (
                  <div className="mt-1.5 flex items-center gap-2">
                    <MiniBar
                      value={progress}
                      max={target}
                      label={`${achievement.name} progress`}
                      className="flex-1"
                    />
                    <span className="text-xs font-semibold tabular-nums text-muted-foreground">
                      {formatCoins(progress)}/{formatCoins(target)}
                    </span>
                  </div>
                )}
              </div>
              {claimable ? (
                <Button
                  size="sm"
                  className="shrink-0 bg-coin text-coin-foreground hover:bg-coin/85"
                  aria-describedby={nameId}
                  loading={claim.isPending && claim.variables === achievement.id}
                  disabled={claim.isPending}
                  onClick={() => claim.mutate(achievement.id)}
                >
                  CLAIM +{formatCoins(achievement.reward)}
                </Button>
              ) : achievement.claimed ? (
                <span className="inline-flex shrink-0 items-center gap-1 font-display text-xs font-extrabold uppercase tracking-wide text-success">
                  <CheckCircle2 className="size-4" aria-hidden /> Claimed
                </span>
              ) : (
                <span className="inline-flex shrink-0 items-center gap-1 font-display text-sm font-extrabold text-coin-ink">
                  <Coins className="size-3.5" aria-hidden />+{formatCoins(achievement.reward)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {active.length > collapsedCount && (
        <Button
          variant="ghost"
          className="mt-2 w-full text-primary"
          aria-expanded={expanded}
          aria-controls="achievements-list"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'SHOW FEWER' : `SHOW ALL ${active.length}`}
          <ChevronDown
            className={expanded ? 'rotate-180 transition-transform' : 'transition-transform'}
            aria-hidden
          />
        </Button>
      )}
    </Section>
  );
}
