import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidatePath } from '@/lib/api/query-keys';
import { toastAfterCurrent } from '@/lib/toast';
import { REWARDS_KEY, rewardsQuery } from '../api/rewards';
import type { DailyReward, RewardsResponse } from '../api/types';
import { dailyBonusToast } from '../lib/announce';

/**
 * The 'Daily Login Bonus!' toast (spec 000 §8), mounted once in the signed-in app: asks for /api/rewards once per
 * session (the first call of a UTC day pays the bonus and reports it, once, in `dailyReward`) and toasts every
 * bonus an answer of that path brings, wherever it was asked for (this prefetch, or the Progress screen if it
 * asked first). The prefetch does not keep the query observed, so later coin changes refetch it only while the
 * Progress screen shows it.
 */
const REWARDS_HASH = hashKey(REWARDS_KEY);

export function useDailyLoginBonus(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    // An answer is kept in the cache and rewritten after each claim; announce each bonus object once.
    const announced = new WeakSet<DailyReward>();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== REWARDS_HASH) return;
      const bonus = (event.action.data as RewardsResponse | undefined)?.dailyReward;
      if (!bonus || announced.has(bonus)) return;
      announced.add(bonus);
      // After whatever the sign-in itself said ('Connected!'), not over it.
      toastAfterCurrent(dailyBonusToast(bonus.coins, bonus.newStreak));
      // The answer that paid the bonus also gave its notifications (an achievement, a level): the badge asks
      // again now rather than rely on their frames alone.
      void invalidatePath(queryClient, '/api/notifications');
    });
    void queryClient.prefetchQuery(rewardsQuery());
    return unsubscribe;
  }, [queryClient]);
}
