import { Check, Info } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { Level } from '../api/types';
import { formatCoins, LEVELS, levelProgress } from '../lib/levels';
import { LevelBurst } from './level-burst';

/**
 * The level bar (spec 000 §2, §9): coins within the current level over the span to the next, 'MAX LEVEL' at the
 * top, and the 'Level System' dialog. A level reached while the screen is open bursts.
 */
export function LevelCard({ level, lifetimeCoins }: { level: Level; lifetimeCoins: number }) {
  const progress = levelProgress(lifetimeCoins, level);

  // Level-ups seen while mounted: each one replays the burst (state adjusted during render, not in an effect).
  const [seenLevel, setSeenLevel] = useState(level.number);
  const [bursts, setBursts] = useState(0);
  if (level.number !== seenLevel) {
    setSeenLevel(level.number);
    if (level.number > seenLevel) setBursts((count) => count + 1);
  }

  return (
    <section
      aria-labelledby="level-heading"
      className="relative isolate overflow-hidden rounded-2xl bg-brand-violet p-4 text-on-solid shadow-lift"
    >
      <span
        aria-hidden
        className="absolute -right-12 -top-16 -z-10 size-44 rounded-full bg-brand-orange/45 blur-2xl"
      />
      <span
        aria-hidden
        className="absolute -bottom-20 -left-10 -z-10 size-40 rounded-full bg-on-solid/10 blur-2xl"
      />

      <div className="flex items-center gap-3">
        <span className="relative flex size-14 shrink-0 flex-col items-center justify-center rounded-2xl bg-on-solid/15 ring-1 ring-on-solid/25">
          <span className="font-display text-[0.6rem] font-bold uppercase tracking-widest">Level</span>
          <span className="font-display text-2xl font-extrabold leading-none tabular-nums">
            {level.number}
          </span>
          {bursts > 0 && <LevelBurst key={bursts} />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-display text-[0.7rem] font-bold uppercase tracking-[0.16em]">Your level</p>
          <h3 id="level-heading" className="truncate font-display text-2xl font-extrabold leading-tight">
            {level.name}
          </h3>
        </div>
        <LevelSystemDialog current={level.number} />
      </div>

      <div className="mt-4">
        <div
          role="progressbar"
          aria-label={progress.isMax ? 'MAX LEVEL' : `Progress to ${level.nextName ?? 'the next level'}`}
          aria-valuemin={0}
          aria-valuemax={progress.isMax ? 100 : progress.span}
          aria-valuenow={progress.isMax ? 100 : progress.within}
          className="h-3.5 overflow-hidden rounded-full bg-on-solid/20 p-0.5"
        >
          <div
            className="h-full min-w-2.5 rounded-full bg-coin shadow-[0_0_12px_var(--coin)] transition-[width] duration-700 ease-out"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-3 text-sm font-semibold">
          {progress.isMax ? (
            <>
              <span className="font-display font-extrabold tracking-widest">MAX LEVEL</span>
              <span className="tabular-nums">{formatCoins(lifetimeCoins)} lifetime coins</span>
            </>
          ) : (
            <>
              <span className="tabular-nums">
                {formatCoins(progress.within)} / {formatCoins(progress.span)}
              </span>
              <span className="text-right">
                <span className="tabular-nums">{formatCoins(progress.remaining)}</span> to {level.nextName}
              </span>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** 'Level System': the eleven levels with their floors, the current one highlighted (spec 000 §2, §9). */
export function LevelSystemDialog({ current }: { current: number }) {
  return (
    <Dialog>
      <DialogTrigger
        aria-label="Level System"
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-on-solid/15 text-on-solid transition-colors hover:bg-on-solid/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-on-solid"
      >
        <Info className="size-5" aria-hidden />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Level System</DialogTitle>
          <DialogDescription>
            Climb eleven levels with the coins you earn in all time. One coin is about 4 minutes of effort, so
            Legend is 10,000 hours.
          </DialogDescription>
        </DialogHeader>
        <p className="-mb-2 flex justify-between px-3 font-display text-[0.7rem] font-bold uppercase tracking-[0.12em] text-muted-foreground">
          <span>Level</span>
          <span>Lifetime coins</span>
        </p>
        <ol className="space-y-1.5">
          {LEVELS.map((entry, index) => {
            const number = index + 1;
            const isCurrent = number === current;
            const reached = number < current;
            return (
              <li
                key={entry.name}
                aria-current={isCurrent ? 'step' : undefined}
                className={cn(
                  'flex min-h-12 items-center gap-3 rounded-xl px-3 py-2',
                  isCurrent
                    ? 'bg-primary-soft text-primary-soft-foreground ring-2 ring-primary'
                    : 'bg-muted/60',
                )}
              >
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-lg font-display text-sm font-extrabold tabular-nums',
                    isCurrent
                      ? 'bg-primary text-primary-foreground'
                      : reached
                        ? 'bg-coin text-coin-foreground'
                        : 'bg-card text-muted-foreground',
                  )}
                >
                  {reached ? (
                    <>
                      <Check className="size-4" strokeWidth={3} aria-hidden />
                      <span className="sr-only">Reached:</span>
                    </>
                  ) : (
                    number
                  )}
                </span>
                <span className="flex-1 font-display font-bold">{entry.name}</span>
                {isCurrent && <Badge className="bg-primary text-primary-foreground">You</Badge>}
                <span
                  className={cn(
                    'font-display text-sm font-semibold tabular-nums',
                    isCurrent ? undefined : 'text-muted-foreground',
                  )}
                >
                  {formatCoins(entry.floor)}
                </span>
              </li>
            );
          })}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
