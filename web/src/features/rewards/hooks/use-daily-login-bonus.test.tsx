import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeRewards } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { REWARDS_KEY, rewardsQuery } from '../api/rewards';
import type { RewardsResponse } from '../api/types';
import { useDailyLoginBonus } from './use-daily-login-bonus';

setupMswServer();

function Bonus() {
  useDailyLoginBonus();
  return <p>signed in</p>;
}

function serve(...answers: RewardsResponse[]) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/rewards', () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)]!;
      calls.count += 1;
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

describe('useDailyLoginBonus', () => {
  it("asks once and shows 'Daily Login Bonus!' with the coins and the streak in days", async () => {
    const calls = serve(makeRewards({ dailyReward: { coins: 10, newStreak: 3 } }));
    renderWithProviders(<Bonus />);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Daily Login Bonus!',
        description: 'Welcome back! You earned 10 coins. Streak: 3 days',
      }),
    );
    expect(calls.count).toBe(1);
  });

  it('shows nothing when the day was already paid', async () => {
    const calls = serve(makeRewards());
    const { queryClient } = renderWithProviders(<Bonus />);
    await waitFor(() => expect(calls.count).toBe(1));
    await waitFor(() => expect(queryClient.getQueryData(REWARDS_KEY)).toBeDefined());
    expect(currentToast()).toBeNull();
  });

  it('does not show the same bonus twice when the kept answer is rewritten', async () => {
    serve(makeRewards({ dailyReward: { coins: 10, newStreak: 1 } }));
    const { queryClient } = renderWithProviders(<Bonus />);
    await waitFor(() => expect(currentToast()?.title).toBe('Daily Login Bonus!'));
    act(() => {
      queryClient.setQueryData<RewardsResponse>(REWARDS_KEY, (old) =>
        old ? { ...old, user: { ...old.user, coins: 999 } } : old,
      );
    });
    // A different toast replaces it; the rewrite must not bring the bonus back.
    act(() => {
      queryClient.setQueryData<RewardsResponse>(REWARDS_KEY, (old) => (old ? { ...old } : old));
    });
    expect(currentToast()?.title).toBe('Daily Login Bonus!');
    const shown = currentToast()?.id;
    act(() => {
      queryClient.setQueryData<RewardsResponse>(REWARDS_KEY, (old) => (old ? { ...old } : old));
    });
    expect(currentToast()?.id).toBe(shown);
  });

  it('toasts a bonus that the Progress screen fetched itself, and keeps only one request', async () => {
    const calls = serve(makeRewards({ dailyReward: { coins: 10, newStreak: 2 } }));
    function ProgressScreen() {
      const { data } = useQuery(rewardsQuery());
      return <p>{data ? `coins ${data.user.coins}` : 'loading'}</p>;
    }
    renderWithProviders(
      <>
        <ProgressScreen />
        <Bonus />
      </>,
    );
    expect(await screen.findByText('coins 120')).toBeInTheDocument();
    await waitFor(() => expect(currentToast()?.title).toBe('Daily Login Bonus!'));
    expect(calls.count).toBe(1);
  });
});
