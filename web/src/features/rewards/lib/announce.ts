// The rewards area's toasts, worded as spec 000 §8 quotes them.
import { failureText, serverMessage } from '@/lib/api/client';
import { toast, type ToastOptions } from '@/lib/toast';
import { formatCoins, levelReached } from './levels';

/** spec 000 §4: after a level-up notice, the reward's own notice follows this much later. */
export const LEVEL_UP_DELAY_MS = 2000;

function coins(n: number): string {
  return `${formatCoins(n)} coin${n === 1 ? '' : 's'}`;
}

function days(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`;
}

let pendingReward: ReturnType<typeof setTimeout> | null = null;

/**
 * Shows a reward's toast. When the new lifetime total crosses into a higher level (spec 000 §4), 'Level Up!'
 * comes first and the reward's toast 2 seconds later (one toast is shown at a time, spec 000 §9).
 */
export function announceEarning(reward: ToastOptions, lifetimeBefore: number, lifetimeAfter: number): void {
  if (pendingReward !== null) clearTimeout(pendingReward);
  pendingReward = null;
  const level = levelReached(lifetimeBefore, lifetimeAfter);
  if (level === null) {
    toast(reward);
    return;
  }
  toast({ title: 'Level Up!', description: `Congratulations! You reached ${level}`, variant: 'success' });
  pendingReward = setTimeout(() => {
    pendingReward = null;
    toast(reward);
  }, LEVEL_UP_DELAY_MS);
}

/** 'Daily Login Bonus!' with the coins and the streak in days. */
export function dailyBonusToast(coinsEarned: number, streakDays: number): ToastOptions {
  return {
    title: 'Daily Login Bonus!',
    description: `Welcome back! You earned ${coins(coinsEarned)}. Streak: ${days(streakDays)}`,
    variant: 'success',
  };
}

export function scratchRewardToast(reward: number): ToastOptions {
  return { title: 'Scratch Card Reward!', description: `You earned ${coins(reward)}`, variant: 'success' };
}

/** A store reward bought with coins (`spend-coins`). */
export function storeClaimedToast(rewardName: string, spent: number): ToastOptions {
  return {
    title: 'Reward Claimed!',
    description: `You claimed ${rewardName} for ${coins(spent)}`,
    variant: 'success',
  };
}

/** An achievement's or a daily task's coins collected (`rewards/claim`). */
export function rewardClaimedToast(name: string, earned: number): ToastOptions {
  return {
    title: 'Reward Claimed!',
    description: `${name}: you earned ${coins(earned)}`,
    variant: 'success',
  };
}

export function scratchFailed(error: unknown): void {
  toast({
    title: 'Error',
    description: failureText(error, 'Failed to process scratch card'),
    variant: 'destructive',
  });
}

export function claimFailed(error: unknown): void {
  toast({
    title: 'Error',
    description: failureText(error, 'Failed to claim reward'),
    variant: 'destructive',
  });
}

/** A refused spend says why (the server's message: not enough coins, …), else the generic text. */
export function spendFailed(error: unknown): void {
  toast({
    title: 'Error',
    description: serverMessage(error, 'Failed to spend coins'),
    variant: 'destructive',
  });
}
