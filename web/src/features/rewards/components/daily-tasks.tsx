import { Check, Coins, ListChecks } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { DailyTask } from '../api/types';
import { useClaimReward } from '../hooks/use-rewards-actions';
import { formatCoins } from '../lib/levels';
import { Section } from './section';

/**
 * Today's tasks with today's progress (spec 000 §3: reward default 10, maxDaily default 1; resets daily). A daily
 * task pays only when claimed (shared/API.md "Coins"): completions not yet claimed (`claimable`) show CLAIM, the
 * same call as an achievement's.
 */
export function DailyTasks({ tasks }: { tasks: DailyTask[] }) {
  const claim = useClaimReward();
  const active = tasks.filter((task) => task.isActive);
  const done = active.filter((task) => task.completedCount >= task.maxDaily).length;

  return (
    <Section
      id="tasks-heading"
      title="DAILY TASKS"
      icon={ListChecks}
      tone="bg-collaborator-soft text-collaborator-ink"
      aside={
        <span className="font-display text-sm font-bold tabular-nums text-muted-foreground">
          {done}/{active.length} done
        </span>
      }
    >
      {active.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tasks today. Check back tomorrow.</p>
      ) : (
        <ul className="space-y-2">
          {active.map((task) => {
            const count = Math.min(task.completedCount, task.maxDaily);
            const complete = count >= task.maxDaily;
            const claimable = task.claimable > 0 ? task.claimable : 0;
            const nameId = `daily-task-${task.id}`;
            return (
              <li
                key={task.id}
                className={cn(
                  'flex items-center gap-3 rounded-xl p-3',
                  claimable > 0 ? 'bg-coin-soft ring-2 ring-coin' : 'bg-muted/50',
                )}
              >
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2',
                    complete ? 'border-success bg-success text-success-foreground' : 'border-input bg-card',
                  )}
                >
                  {complete && <Check className="size-4" strokeWidth={3.5} aria-hidden />}
                </span>
                <div className="min-w-0 flex-1">
                  <p
                    id={nameId}
                    className={cn(
                      'font-display font-bold leading-tight',
                      complete && claimable === 0 && 'text-muted-foreground line-through decoration-2',
                    )}
                  >
                    {task.name}
                    {complete && <span className="sr-only"> (done)</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">{task.description}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-0.5">
                  {claimable > 0 ? (
                    <Button
                      size="sm"
                      className="bg-coin text-coin-foreground hover:bg-coin/85"
                      aria-describedby={nameId}
                      loading={claim.isPending && claim.variables === task.id}
                      disabled={claim.isPending}
                      onClick={() => claim.mutate(task.id)}
                    >
                      CLAIM +{formatCoins(task.reward * claimable)}
                    </Button>
                  ) : (
                    <span className="inline-flex items-center gap-1 font-display text-sm font-extrabold text-coin-ink">
                      <Coins className="size-3.5" aria-hidden />+{task.reward}
                    </span>
                  )}
                  <span className="text-xs font-semibold tabular-nums text-muted-foreground">
                    {count}/{task.maxDaily}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
