import { Coins, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { StoreReward } from '../api/types';
import { useSpendCoins } from '../hooks/use-rewards-actions';
import { formatCoins } from '../lib/levels';
import { rewardIcon } from '../lib/icons';
import { MiniBar, Section } from './section';

/** spec 000 §5: claiming is enabled only if the balance is at least the cost. */
export function canAfford(balance: number, cost: number): boolean {
  return balance >= cost;
}

/**
 * REWARD STORE (spec 000 §2, §5, §9), cheapest first: CLAIM when the balance covers the cost, otherwise the button
 * reads 'NOT ENOUGH' and a bar shows how far there is to go. A claim is confirmed first (it spends thousands).
 */
export function RewardStore({ rewards, balance }: { rewards: StoreReward[]; balance: number }) {
  const [chosen, setChosen] = useState<StoreReward | null>(null);
  const spend = useSpendCoins();
  const sorted = [...rewards].sort((a, b) => a.cost - b.cost);

  const confirm = () => {
    if (!chosen) return;
    spend.mutate({ rewardName: chosen.name, amount: chosen.cost }, { onSettled: () => setChosen(null) });
  };

  return (
    <Section
      id="store-heading"
      title="REWARD STORE"
      icon={ShoppingBag}
      tone="bg-innovator-soft text-innovator-ink"
      aside={
        <span className="inline-flex items-center gap-1 rounded-full bg-coin-soft px-2.5 py-1 font-display text-sm font-extrabold tabular-nums text-coin-ink">
          <Coins className="size-3.5" aria-hidden />
          {formatCoins(balance)}
          <span className="sr-only"> coins to spend</span>
        </span>
      }
    >
      <ul className="grid grid-cols-2 gap-2.5">
        {sorted.map((reward) => {
          const Icon = rewardIcon(reward.icon);
          const affordable = canAfford(balance, reward.cost);
          const nameId = `store-${reward.id}`;
          return (
            <li
              key={reward.id}
              className="flex flex-col rounded-xl border border-border bg-background/60 p-3"
              data-testid="store-item"
            >
              <div className="flex items-start justify-between gap-2">
                <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
                  <Icon className="size-5" strokeWidth={2.25} aria-hidden />
                </span>
                <span className="inline-flex items-center gap-1 rounded-full bg-coin-soft px-2 py-0.5 font-display text-xs font-extrabold tabular-nums text-coin-ink">
                  <Coins className="size-3.5" aria-hidden />
                  {formatCoins(reward.cost)}
                  <span className="sr-only"> coins</span>
                </span>
              </div>
              <p id={nameId} className="mt-2 min-h-10 font-display text-sm font-bold leading-tight">
                {reward.name}
              </p>
              <div className="mt-auto pt-1.5">
                {affordable ? (
                  <p className="flex h-[1.375rem] items-center text-xs font-semibold text-success">
                    Ready to claim
                  </p>
                ) : (
                  <>
                    <MiniBar
                      value={balance}
                      max={reward.cost}
                      label={`Coins towards ${reward.name}`}
                      fill="bg-coin"
                      className="h-1.5"
                    />
                    <p className="mt-0.5 text-[0.7rem] font-medium tabular-nums text-muted-foreground">
                      {formatCoins(reward.cost - balance)} to go
                    </p>
                  </>
                )}
                <Button
                  size="sm"
                  variant={affordable ? 'primary' : 'secondary'}
                  className="mt-2 w-full"
                  disabled={!affordable}
                  aria-describedby={nameId}
                  onClick={() => setChosen(reward)}
                >
                  {affordable ? 'CLAIM' : 'NOT ENOUGH'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>

      <Dialog open={chosen !== null} onOpenChange={(open) => !open && !spend.isPending && setChosen(null)}>
        {chosen && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Claim {chosen.name}?</DialogTitle>
              <DialogDescription>{chosen.description}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-2 rounded-xl bg-muted/60 p-3 text-sm">
              <dt className="text-muted-foreground">Cost</dt>
              <dd className="text-right font-display font-bold tabular-nums">
                {formatCoins(chosen.cost)} coins
              </dd>
              <dt className="text-muted-foreground">Your balance</dt>
              <dd className="text-right font-display font-bold tabular-nums">{formatCoins(balance)} coins</dd>
              <dt className="text-muted-foreground">Left after</dt>
              <dd className="text-right font-display font-bold tabular-nums">
                {formatCoins(Math.max(0, balance - chosen.cost))} coins
              </dd>
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={() => setChosen(null)} disabled={spend.isPending}>
                CANCEL
              </Button>
              <Button onClick={confirm} loading={spend.isPending}>
                CLAIM REWARD
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </Section>
  );
}
