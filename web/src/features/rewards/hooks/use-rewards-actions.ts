import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorStatus } from '@/lib/api/client';
import { invalidatePath } from '@/lib/api/query-keys';
import { CURRENT_USER_KEY } from '@/lib/session';
import { toast } from '@/lib/toast';
import { REWARDS_KEY, claimRewardMutation, scratchMutation, spendCoinsMutation } from '../api/rewards';
import type { RewardsResponse } from '../api/types';
import {
  announceEarning,
  claimFailed,
  rewardClaimedToast,
  scratchFailed,
  scratchRewardToast,
  spendFailed,
  storeClaimedToast,
} from '../lib/announce';

function rewardsNow(queryClient: QueryClient): RewardsResponse | undefined {
  return queryClient.getQueryData<RewardsResponse>(REWARDS_KEY);
}

/** Writes the answer of a coin call into the screen at once, then asks the server for the rest (level, tasks…). */
function applyBalance(queryClient: QueryClient, change: (data: RewardsResponse) => RewardsResponse): void {
  queryClient.setQueryData<RewardsResponse>(REWARDS_KEY, (old) => (old ? change(old) : old));
  void invalidatePath(queryClient, '/api/rewards');
  // The server pushes `user_updated` too; this covers a socket that is down.
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, exact: true });
}

/** Scratch the day's card: the reward toast (after 'Level Up!' when the coins cross a level), or the error toast. */
export function useScratchCard() {
  const queryClient = useQueryClient();
  return useMutation({
    ...scratchMutation(),
    onSuccess: (result) => {
      const before = rewardsNow(queryClient)?.user.lifetimeCoins ?? result.newLifetimeTotal - result.reward;
      applyBalance(queryClient, (data) => ({
        ...data,
        canScratchToday: false,
        user: {
          ...data.user,
          coins: result.newTotal,
          lifetimeCoins: result.newLifetimeTotal,
          lastScratchDate: new Date().toISOString(),
        },
      }));
      announceEarning(scratchRewardToast(result.reward), before, result.newLifetimeTotal);
    },
    onError: (error) => {
      scratchFailed(error);
      // Scratched elsewhere already (400): show the card as used.
      if (errorStatus(error) === 400) void invalidatePath(queryClient, '/api/rewards');
    },
  });
}

/** Claim a store reward for its cost: 'Reward Claimed!', or the server's reason (not enough coins, …). */
export function useSpendCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    ...spendCoinsMutation(),
    onSuccess: (result) => {
      applyBalance(queryClient, (data) => ({ ...data, user: { ...data.user, coins: result.newBalance } }));
      toast(storeClaimedToast(result.rewardName, result.spentAmount));
    },
    onError: (error) => {
      spendFailed(error);
      void invalidatePath(queryClient, '/api/rewards');
    },
  });
}

/**
 * CLAIM: collect the coins of a completed achievement or of today's completed daily tasks (the same call, by id):
 * 'Reward Claimed!' with the coins the answer says (after 'Level Up!' when they cross a level), the balance at once.
 * Daily tasks pay only when claimed (shared/API.md "Coins").
 */
export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    ...claimRewardMutation(),
    onSuccess: (result, rewardId) => {
      const data = rewardsNow(queryClient);
      const name =
        data?.achievements.find((a) => a.id === rewardId)?.name ??
        data?.dailyTasks.find((t) => t.id === rewardId)?.name ??
        result.rewardName;
      // Without the screen's data there is no total to compare: no level-up notice.
      const before = data?.user.lifetimeCoins ?? null;
      const after = (before ?? 0) + result.coinsEarned;
      applyBalance(queryClient, (old) => ({
        ...old,
        user: {
          ...old.user,
          coins: result.newBalance,
          lifetimeCoins: old.user.lifetimeCoins + result.coinsEarned,
        },
        achievements: old.achievements.map((a) => (a.id === rewardId ? { ...a, claimed: true } : a)),
        dailyTasks: old.dailyTasks.map((t) => (t.id === rewardId ? { ...t, claimable: 0 } : t)),
      }));
      announceEarning(rewardClaimedToast(name, result.coinsEarned), before ?? after, after);
    },
    onError: (error) => {
      claimFailed(error);
      void invalidatePath(queryClient, '/api/rewards');
    },
  });
}
