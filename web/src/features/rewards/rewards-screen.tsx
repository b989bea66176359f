import { useQuery } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import type { User } from '@/lib/session';
import { rewardsQuery } from './api/rewards';
import { Achievements } from './components/achievements';
import { DailyTasks } from './components/daily-tasks';
import { EarnGuide } from './components/earn-guide';
import { Leaderboard } from './components/leaderboard';
import { LevelCard } from './components/level-card';
import { RewardsSkeleton } from './components/rewards-skeleton';
import { RewardStore } from './components/reward-store';
import { ScratchCard } from './components/scratch-card';
import { StatTiles } from './components/stat-tiles';

/**
 * The Progress screen at /rewards (spec 000 §2): stat tiles, the level bar, the daily scratch card, today's tasks,
 * achievements, TOP EARNERS, the REWARD STORE and HOW TO EARN COINS. The shell's header holds the page's h1.
 */
export default function RewardsScreen({ user }: { user: User }) {
  const { data, isError, refetch, isRefetching } = useQuery(rewardsQuery());
  const refresh = useCallback(() => void refetch(), [refetch]);

  return (
    <div className="space-y-4">
      <div className="pb-1 pt-1">
        <h2 className="font-display text-4xl font-extrabold tracking-tight">Progress</h2>
        <p className="mt-1 font-display text-xs font-bold tracking-[0.16em] text-primary">
          EARN COINS • CLAIM REWARDS • LEVEL UP
        </p>
      </div>

      {data ? (
        <>
          <StatTiles user={data.user} />
          <LevelCard level={data.level} lifetimeCoins={data.user.lifetimeCoins} />
          <ScratchCard
            canScratch={data.canScratchToday}
            lastScratchDate={data.user.lastScratchDate}
            onReadyAgain={refresh}
          />
          <DailyTasks tasks={data.dailyTasks} />
          <Leaderboard entries={data.leaderboard} currentUserId={user.id} />
          <RewardStore rewards={data.store} balance={data.user.coins} />
          <Achievements achievements={data.achievements} />
          <EarnGuide />
        </>
      ) : isError ? (
        <div className="flex flex-col items-center rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-soft">
          <span className="mb-4 flex size-16 items-center justify-center rounded-2xl bg-destructive-soft text-destructive-soft-foreground">
            <CloudOff className="size-8" aria-hidden />
          </span>
          <h3 className="font-display text-xl font-extrabold">Your progress could not be loaded</h3>
          <p className="mt-1 text-sm text-muted-foreground">Check your connection, then try again.</p>
          <Button className="mt-5" onClick={refresh} loading={isRefetching}>
            Retry
          </Button>
        </div>
      ) : (
        <RewardsSkeleton />
      )}
    </div>
  );
}
