import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { currentToast, dismissToast } from '@/lib/toast';
import {
  announceEarning,
  claimFailed,
  dailyBonusToast,
  LEVEL_UP_DELAY_MS,
  scratchFailed,
  scratchRewardToast,
  spendFailed,
} from './announce';

describe('reward toasts (spec 000 §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('shows the reward at once when no level is crossed', () => {
    announceEarning(scratchRewardToast(42), 100, 142);
    expect(currentToast()).toMatchObject({
      title: 'Scratch Card Reward!',
      description: 'You earned 42 coins',
    });
  });

  it("shows 'Level Up!' first and the reward 2 seconds later when a level is crossed", () => {
    announceEarning(scratchRewardToast(80), 4950, 5030);
    expect(currentToast()).toMatchObject({
      title: 'Level Up!',
      description: 'Congratulations! You reached Fresher II',
    });
    vi.advanceTimersByTime(LEVEL_UP_DELAY_MS - 1);
    expect(currentToast()?.title).toBe('Level Up!');
    vi.advanceTimersByTime(1);
    expect(currentToast()).toMatchObject({
      title: 'Scratch Card Reward!',
      description: 'You earned 80 coins',
    });
  });

  it('words the daily bonus with the coins and the streak in days', () => {
    expect(dailyBonusToast(10, 1)).toMatchObject({
      title: 'Daily Login Bonus!',
      description: 'Welcome back! You earned 10 coins. Streak: 1 day',
    });
    expect(dailyBonusToast(10, 7).description).toBe('Welcome back! You earned 10 coins. Streak: 7 days');
  });

  it('words the error toasts', () => {
    scratchFailed(new TypeError('Failed to fetch'));
    expect(currentToast()).toMatchObject({
      title: 'Error',
      description: 'Failed to process scratch card',
      variant: 'destructive',
    });
    claimFailed(new ApiError(400, '', null));
    expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to claim reward' });
    spendFailed(new ApiError(400, '{"message":"Not enough coins"}', { message: 'Not enough coins' }));
    expect(currentToast()).toMatchObject({ title: 'Error', description: 'Not enough coins' });
    spendFailed(new TypeError('Failed to fetch'));
    expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to spend coins' });
  });
});
