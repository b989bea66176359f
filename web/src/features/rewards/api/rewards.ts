import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { apiKey } from '@/lib/api/query-keys';
import type { RewardsResponse, SpendRequest } from './types';

/**
 * `GET /api/rewards` (spec 000 §7): everything the Progress screen shows. The first call of a UTC day also pays
 * the daily login bonus and reports it, once, in `dailyReward` (src/features/rewards/hooks/use-daily-login-bonus.ts).
 *
 * The request is deliberately not tied to the query's abort signal: an answer carrying that once-a-day bonus must
 * be read even when the screen that asked has gone, or the 'Daily Login Bonus!' toast would be lost for good.
 * Live: every coin change pushes `user_updated`, which refreshes it (../live.ts), and so does every reconnect.
 */
export function rewardsQuery() {
  return queryOptions({
    queryKey: apiKey('/api/rewards'),
    queryFn: (): Promise<RewardsResponse> => unwrap(api.GET('/api/rewards')),
    meta: { live: true },
  });
}

export const REWARDS_KEY = rewardsQuery().queryKey;

/** `POST /api/rewards/scratch`: the day's card, 10 to 100 coins (400 when scratched in the last 24 h). */
export function scratchMutation() {
  return mutationOptions({
    mutationKey: ['/api/rewards/scratch'],
    mutationFn: () => unwrap(api.POST('/api/rewards/scratch')),
  });
}

/** `POST /api/user/spend-coins`: claims a store reward for exactly its cost (400 with a message otherwise). */
export function spendCoinsMutation() {
  return mutationOptions({
    mutationKey: ['/api/user/spend-coins'],
    mutationFn: (body: SpendRequest) => unwrap(api.POST('/api/user/spend-coins', { body })),
  });
}

/**
 * `POST /api/rewards/claim/{id}`: the coins of a completed achievement (once), or of today's completed daily tasks
 * not yet claimed (`claimable`); 400 'Nothing to claim yet' otherwise.
 */
export function claimRewardMutation() {
  return mutationOptions({
    mutationKey: ['/api/rewards/claim'],
    mutationFn: (rewardId: string) =>
      unwrap(api.POST('/api/rewards/claim/{name}', { params: { path: { name: rewardId } } })),
  });
}
