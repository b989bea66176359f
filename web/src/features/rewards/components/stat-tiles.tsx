import { Clock, Coins, Flame, TrendingUp, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { RewardsUser } from '../api/types';
import { useCountUp } from '../hooks/use-count-up';
import { formatCoins, MINUTES_PER_COIN } from '../lib/levels';

function Tile({
  label,
  value,
  icon: Icon,
  className,
  chip,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  className: string;
  chip: string;
}) {
  return (
    <div
      className={cn('flex min-h-[6.75rem] flex-col justify-between rounded-2xl p-3.5 shadow-soft', className)}
    >
      <dt className="flex items-start justify-between gap-2">
        <span className="font-display text-[0.7rem] font-bold uppercase leading-tight tracking-[0.12em]">
          {label}
        </span>
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', chip)}>
          <Icon className="size-[1.1rem]" strokeWidth={2.5} aria-hidden />
        </span>
      </dt>
      <dd className="font-display text-[1.75rem] font-extrabold leading-none tracking-tight tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/** The four stat tiles (spec 000 §2): Your Coins, Lifetime Coins, Day Streak, Approx. Mins (= lifetime × 4). */
export function StatTiles({ user }: { user: RewardsUser }) {
  const coins = useCountUp(user.coins);
  const lifetime = useCountUp(user.lifetimeCoins);
  const minutes = useCountUp(user.lifetimeCoins * MINUTES_PER_COIN);

  return (
    <dl className="grid grid-cols-2 gap-3">
      <Tile
        label="Your Coins"
        value={formatCoins(coins)}
        icon={Coins}
        className="bg-coin text-coin-foreground"
        chip="bg-coin-foreground/10"
      />
      <Tile
        label="Lifetime Coins"
        value={formatCoins(lifetime)}
        icon={TrendingUp}
        className="border border-border bg-card text-card-foreground"
        chip="bg-primary-soft text-primary-soft-foreground"
      />
      <Tile
        label="Day Streak"
        value={formatCoins(user.streakDays)}
        icon={Flame}
        className="border border-border bg-card text-card-foreground"
        chip="bg-innovator-soft text-innovator-ink"
      />
      <Tile
        label="Approx. Mins"
        value={formatCoins(minutes)}
        icon={Clock}
        className="border border-border bg-card text-card-foreground"
        chip="bg-explorer-soft text-explorer-ink"
      />
    </dl>
  );
}
