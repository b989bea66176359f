import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast } from '@/lib/toast';
import { makeRewards, makeUser } from '@/test/fixtures';
import { http, notFromTheServer, type ErrorBody } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import type { RewardsResponse, SpendRequest } from './api/types';
import { REVEAL_MS } from './components/scratch-card';
import { LEVEL_UP_DELAY_MS } from './lib/announce';
import RewardsScreen from './rewards-screen';
import { achievement, earner, STORE, task } from './test-data';

setupMswServer();

beforeEach(() => {
  // jsdom has no 2D canvas: the foil stays blank and the button scratches (the drag is the e2e journey's).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.useRealTimers();
});

const me = makeUser({ id: 7 });

function serve(...answers: RewardsResponse[]) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/rewards', () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)]!;
      calls.count += 1;
      return HttpResponse.json(answer);
    }),
    http.get('/api/auth/user', () => HttpResponse.json(me)),
  );
  return calls;
}

function renderScreen() {
  return renderWithProviders(<RewardsScreen user={me} />, { path: '/rewards' });
}

/** Fake timers that MSW and user-event still work with. */
function fakeTimers(now = '2025-03-01T12:00:00Z') {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(now) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

describe('RewardsScreen: states', () => {
  it('shows the title, a skeleton while loading, then the screen', async () => {
    server.use(
      http.get('/api/rewards', async () => {
        await delay(50);
        return HttpResponse.json(makeRewards());
      }),
    );
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Progress', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('EARN COINS • CLAIM REWARDS • LEVEL UP')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading progress')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Your Coins')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading progress')).toBeNull();
  });

  it('shows an error with Retry, which asks again', async () => {
    let fail = true;
    server.use(
      http.get('/api/rewards', () =>
        fail ? HttpResponse.json({ message: 'Down' }, { status: 503 }) : HttpResponse.json(makeRewards()),
      ),
    );
    renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Your progress could not be loaded' }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your Coins')).toBeInTheDocument();
  });

  it('shows the four stat tiles (Approx. Mins = lifetime × 4)', async () => {
    serve(
      makeRewards({
        user: {
          coins: 1250,
          lifetimeCoins: 3400,
          scratchCardStreak: 2,
          lastScratchDate: null,
          streakDays: 6,
        },
      }),
    );
    renderScreen();
    const tile = async (label: string) => (await screen.findByText(label)).closest('div')!;
    expect(await tile('Your Coins')).toHaveTextContent('1,250');
    expect(await tile('Lifetime Coins')).toHaveTextContent('3,400');
    expect(await tile('Day Streak')).toHaveTextContent('6');
    expect(await tile('Approx. Mins')).toHaveTextContent('13,600');
  });

  it('shows the level bar: coins within the level over the span to the next', async () => {
    serve(
      makeRewards({
        user: {
          coins: 900,
          lifetimeCoins: 12_450,
          scratchCardStreak: 0,
          lastScratchDate: null,
          streakDays: 1,
        },
        level: {
          number: 3,
          name: 'Fresher III',
          floor: 10_000,
          nextFloor: 15_000,
          nextName: 'Impact Maker I',
        },
      }),
    );
    renderScreen();
    const bar = await screen.findByRole('progressbar', { name: 'Progress to Impact Maker I' });
    expect(bar).toHaveAttribute('aria-valuenow', '2450');
    expect(bar).toHaveAttribute('aria-valuemax', '5000');
    expect(screen.getByRole('heading', { name: 'Fresher III' })).toBeInTheDocument();
    expect(screen.getByText('2,450 / 5,000')).toBeInTheDocument();
    expect(screen.getByText(/to Impact Maker I/)).toHaveTextContent('2,550 to Impact Maker I');
  });

  it('reads MAX LEVEL at the top', async () => {
    serve(
      makeRewards({
        user: {
          coins: 900,
          lifetimeCoins: 151_000,
          scratchCardStreak: 0,
          lastScratchDate: null,
          streakDays: 1,
        },
        level: { number: 11, name: 'Legend', floor: 150_000, nextFloor: null, nextName: null },
      }),
    );
    renderScreen();
    expect(await screen.findByText('MAX LEVEL')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'MAX LEVEL' })).toHaveAttribute('aria-valuenow', '100');
  });

  it("opens 'Level System' with the eleven levels and the current one marked", async () => {
    serve(
      makeRewards({
        level: { number: 2, name: 'Fresher II', floor: 5000, nextFloor: 10_000, nextName: 'Fresher III' },
      }),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Level System' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level System' });
    const levels = within(dialog).getAllByRole('listitem');
    expect(levels).toHaveLength(11);
    expect(levels[1]).toHaveAttribute('aria-current', 'step');
    expect(levels[1]).toHaveTextContent('Fresher II');
    expect(levels[1]).toHaveTextContent('5,000');
    expect(levels[10]).toHaveTextContent('Legend150,000');
  });

  it("says 'NO LEADERBOARD DATA' when nobody has earned yet", async () => {
    serve(makeRewards({ leaderboard: [] }));
    renderScreen();
    expect(await screen.findByText('NO LEADERBOARD DATA')).toBeInTheDocument();
  });

  it('lists the top earners with initials for those without a photo, marking the viewer', async () => {
    serve(
      makeRewards({
        leaderboard: [
          earner(),
          earner({ id: 7, firstName: 'Ada', lastName: 'Lovelace', username: 'ada', coins: 120 }),
        ],
      }),
    );
    renderScreen();
    const list = await screen.findByRole('region', { name: 'Top earners, by coins' });
    expect(list).toHaveClass('max-h-64', 'overflow-y-auto');
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Rank 1');
    expect(rows[0]).toHaveTextContent('GH');
    expect(rows[0]).toHaveTextContent('Grace Hopper');
    expect(rows[0]).toHaveTextContent('9,400');
    expect(rows[1]).toHaveTextContent('Ada LovelaceYou');
  });

  it("shows today's tasks with today's progress", async () => {
    serve(
      makeRewards({
        dailyTasks: [
          task({ completedCount: 1 }),
          task({ id: 'connect', name: 'Say hello', maxDaily: 3, completedCount: 1 }),
        ],
      }),
    );
    renderScreen();
    const tasks = (await screen.findByRole('heading', { name: 'DAILY TASKS' })).closest('section')!;
    expect(tasks).toHaveTextContent('1/2 done');
    expect(within(tasks).getByText('Check in')).toHaveTextContent('Check in (done)');
    expect(within(tasks).getAllByRole('listitem')[1]).toHaveTextContent('1/3');
  });

  it('a daily task with completions to claim shows CLAIM; claiming posts rewards/claim, says the coins and updates the balance', async () => {
    const hello = task({
      id: 'connect',
      name: 'Say hello',
      reward: 10,
      maxDaily: 3,
      completedCount: 2,
      claimable: 2,
    });
    serve(
      makeRewards({ dailyTasks: [task({ completedCount: 0 }), hello] }),
      makeRewards({
        user: { ...makeRewards().user, coins: 140, lifetimeCoins: 140 },
        dailyTasks: [task({ completedCount: 0 }), { ...hello, claimable: 0 }],
      }),
    );
    const claimed: string[] = [];
    server.use(
      http.post('/api/rewards/claim/:name', ({ params }) => {
        claimed.push(String(params.name));
        return HttpResponse.json({ rewardName: 'Say hello', coinsEarned: 20, newBalance: 140 });
      }),
    );
    renderScreen();
    const tasks = (await screen.findByRole('heading', { name: 'DAILY TASKS' })).closest('section')!;
    // Only the task with something to claim has the button; an open one has none.
    expect(within(tasks).getAllByRole('button')).toHaveLength(1);
    const claim = within(tasks).getByRole('button', { name: 'CLAIM +20' });
    expect(claim).toHaveAccessibleDescription('Say hello');

    await userEvent.click(claim);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Reward Claimed!',
        description: 'Say hello: you earned 20 coins',
        variant: 'success',
      }),
    );
    expect(claimed).toEqual(['connect']);
    await waitFor(() => expect(within(tasks).queryByRole('button', { name: /CLAIM/ })).toBeNull());
    const coins = screen.getByText('Your Coins').closest('div')!;
    await waitFor(() => expect(coins).toHaveTextContent('140'));
  });

  it('a daily task without completions to claim has no CLAIM button', async () => {
    serve(makeRewards({ dailyTasks: [task({ completedCount: 1, claimable: 0 })] }));
    renderScreen();
    const tasks = (await screen.findByRole('heading', { name: 'DAILY TASKS' })).closest('section')!;
    expect(within(tasks).queryByRole('button')).toBeNull();
    expect(within(tasks).getByText('Check in')).toHaveTextContent('Check in (done)');
  });

  it('shows the earning guide and the pro tips', async () => {
    serve(makeRewards());
    renderScreen();
    const guide = (await screen.findByRole('heading', { name: 'HOW TO EARN COINS' })).closest('section')!;
    for (const [way, coins] of [
      ['Complete tasks', '15-30'],
      ['Create projects', '50-200'],
      ['Make connections', '25'],
      ['Daily login', '10'],
      ['Scratch cards', '10-100'],
      ['Join collaborations', '35'],
    ]) {
      expect(within(guide).getByText(way!).parentElement).toHaveTextContent(`${way}${coins} coins`);
    }
    expect(within(guide).getByRole('heading', { name: 'PRO TIPS' })).toBeInTheDocument();
  });
});

describe('RewardsScreen: the reward store', () => {
  function item(name: string) {
    return screen.getAllByTestId('store-item').find((el) => el.textContent?.includes(name))!;
  }

  it("enables CLAIM only when the balance covers the cost; otherwise the button reads 'NOT ENOUGH'", async () => {
    serve(
      makeRewards({
        user: {
          coins: 4000,
          lifetimeCoins: 4000,
          scratchCardStreak: 0,
          lastScratchDate: null,
          streakDays: 1,
        },
        store: STORE,
      }),
    );
    renderScreen();
    await screen.findByText('REWARD STORE');
    // Cheapest first.
    expect(screen.getAllByTestId('store-item').map((el) => el.querySelector('p')?.textContent)).toEqual([
      'Canva Pro',
      'GitHub Pro',
      'Figma Pro (1 month)',
    ]);
    expect(within(item('Canva Pro')).getByRole('button', { name: 'CLAIM' })).toBeEnabled();
    // Exactly the cost is enough.
    expect(within(item('GitHub Pro')).getByRole('button', { name: 'CLAIM' })).toBeEnabled();
    const figma = within(item('Figma Pro')).getByRole('button', { name: 'NOT ENOUGH' });
    expect(figma).toBeDisabled();
    expect(figma).toHaveAccessibleDescription('Figma Pro (1 month)');
    expect(within(item('Figma Pro')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4000');
  });

  it("claims a reward: posts spend-coins with its name and cost, then 'Reward Claimed!'", async () => {
    const rich = makeRewards({
      user: { coins: 3000, lifetimeCoins: 3000, scratchCardStreak: 0, lastScratchDate: null, streakDays: 1 },
      store: STORE,
    });
    const after = { ...rich, user: { ...rich.user, coins: 500 } };
    const calls = serve(rich, after);
    const bodies: SpendRequest[] = [];
    server.use(
      http.post('/api/user/spend-coins', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ newBalance: 500, rewardName: 'Canva Pro', spentAmount: 2500 });
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('REWARD STORE');
    await user.click(within(item('Canva Pro')).getByRole('button', { name: 'CLAIM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim Canva Pro?' });
    expect(dialog).toHaveTextContent('Left after500 coins');
    await user.click(within(dialog).getByRole('button', { name: 'CLAIM REWARD' }));

    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Reward Claimed!',
        description: 'You claimed Canva Pro for 2,500 coins',
      }),
    );
    expect(bodies).toEqual([{ rewardName: 'Canva Pro', amount: 2500 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(item('Canva Pro')).getByRole('button', { name: 'NOT ENOUGH' })).toBeDisabled();
    await waitFor(() => expect(calls.count).toBe(2));
  });

  it('shows the server message when a claim is refused, else the generic text', async () => {
    serve(
      makeRewards({
        user: {
          coins: 3000,
          lifetimeCoins: 3000,
          scratchCardStreak: 0,
          lastScratchDate: null,
          streakDays: 1,
        },
        store: STORE,
      }),
    );
    let body: ErrorBody | null = { message: 'Not enough coins: you have 120' };
    server.use(
      http.post('/api/user/spend-coins', () =>
        body
          ? HttpResponse.json(body, { status: 400 })
          : notFromTheServer(new HttpResponse('bad gateway', { status: 502 })),
      ),
    );
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('REWARD STORE');
    await user.click(within(item('Canva Pro')).getByRole('button', { name: 'CLAIM' }));
    await user.click(await screen.findByRole('button', { name: 'CLAIM REWARD' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Not enough coins: you have 120',
        variant: 'destructive',
      }),
    );

    body = null;
    await user.click(within(item('Canva Pro')).getByRole('button', { name: 'CLAIM' }));
    await user.click(await screen.findByRole('button', { name: 'CLAIM REWARD' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'Failed to spend coins' }),
    );
  });
});

describe('RewardsScreen: the daily scratch card', () => {
  it("scratches with the button: a 1.5 s reveal, then the server, the coins and 'Scratch Card Reward!'", async () => {
    const user = fakeTimers();
    const ready = makeRewards();
    serve(ready, {
      ...ready,
      canScratchToday: false,
      user: { ...ready.user, coins: 177, lifetimeCoins: 177, lastScratchDate: '2025-03-01T12:00:00Z' },
    });
    let scratched = 0;
    server.use(
      http.post('/api/rewards/scratch', () => {
        scratched += 1;
        return HttpResponse.json({ reward: 57, newTotal: 177, newLifetimeTotal: 177 });
      }),
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'SCRATCH NOW' }));
    expect(screen.getByRole('button', { name: 'SCRATCHING...' })).toBeDisabled();
    expect(screen.getByText('Revealing...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(REVEAL_MS - 100));
    expect(scratched).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(scratched).toBe(1));

    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Scratch Card Reward!',
        description: 'You earned 57 coins',
      }),
    );
    expect(screen.getByText('57 coins')).toBeInTheDocument();
    expect(screen.getByText('USED')).toBeInTheDocument();
    expect(screen.getByText('ALREADY SCRATCHED')).toBeInTheDocument();
    expect(screen.getByTestId('scratch-countdown')).toHaveTextContent(/^2[34]h \d{2}m \d{2}s$/);
    expect(screen.queryByRole('button', { name: 'SCRATCH NOW' })).toBeNull();
  });

  it('scratches by dragging across the foil too, calling the server once however long the drag', async () => {
    fakeTimers();
    // A 2D context whose foil reads as all scratched off.
    const ctx = new Proxy(
      {
        getImageData: (_x: number, _y: number, w: number, h: number) => ({
          data: new Uint8ClampedArray(w * h * 4),
        }),
      },
      {
        get: (target, key) =>
          key in target ? target[key as keyof typeof target] : () => ({ addColorStop() {} }),
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as RenderingContext);
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 320, height: 160 }),
    );
    serve(makeRewards());
    let scratched = 0;
    server.use(
      http.post('/api/rewards/scratch', () => {
        scratched += 1;
        return HttpResponse.json({ reward: 12, newTotal: 132, newLifetimeTotal: 132 });
      }),
    );
    renderScreen();
    const foil = await screen.findByTestId('scratch-foil');
    fireEvent.pointerDown(foil, { clientX: 5, clientY: 5, pointerId: 1 });
    for (let x = 10; x < 320; x += 10) fireEvent.pointerMove(foil, { clientX: x, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(foil, { clientX: 310, clientY: 40, pointerId: 1 });
    expect(screen.getByRole('button', { name: 'SCRATCHING...' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(REVEAL_MS));
    await waitFor(() => expect(currentToast()?.title).toBe('Scratch Card Reward!'));
    expect(scratched).toBe(1);
  });

  it("says 'Level Up!' first when the coins cross a level, and the reward 2 seconds later", async () => {
    const user = fakeTimers();
    serve(
      makeRewards({
        user: {
          coins: 4980,
          lifetimeCoins: 4980,
          scratchCardStreak: 0,
          lastScratchDate: null,
          streakDays: 1,
        },
      }),
    );
    server.use(
      http.post('/api/rewards/scratch', () =>
        HttpResponse.json({ reward: 40, newTotal: 5020, newLifetimeTotal: 5020 }),
      ),
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'SCRATCH NOW' }));
    await act(() => vi.advanceTimersByTimeAsync(REVEAL_MS));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Level Up!',
        description: 'Congratulations! You reached Fresher II',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(LEVEL_UP_DELAY_MS));
    expect(currentToast()).toMatchObject({
      title: 'Scratch Card Reward!',
      description: 'You earned 40 coins',
    });
  });

  it("shows 'Failed to process scratch card' when the server refuses, and the card again", async () => {
    const user = fakeTimers();
    serve(makeRewards());
    server.use(
      http.post('/api/rewards/scratch', () =>
        HttpResponse.json({ message: 'You can scratch again in 3 hours' }, { status: 400 }),
      ),
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'SCRATCH NOW' }));
    await act(() => vi.advanceTimersByTimeAsync(REVEAL_MS));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to process scratch card',
        variant: 'destructive',
      }),
    );
    expect(await screen.findByRole('button', { name: 'SCRATCH NOW' })).toBeEnabled();
  });

  it("counts down to 24 h after the last scratch, then says 'Ready!' and asks again", async () => {
    fakeTimers('2025-03-02T11:59:58Z');
    const used = makeRewards({
      canScratchToday: false,
      user: {
        coins: 60,
        lifetimeCoins: 60,
        scratchCardStreak: 1,
        lastScratchDate: '2025-03-01T12:00:00Z',
        streakDays: 1,
      },
    });
    const calls = serve(used, used);
    renderScreen();
    expect(await screen.findByText('ALREADY SCRATCHED')).toBeInTheDocument();
    expect(screen.getByText('USED')).toBeInTheDocument();
    expect(screen.getByTestId('scratch-countdown')).toHaveTextContent('00h 00m 02s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('scratch-countdown')).toHaveTextContent('00h 00m 01s');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Ready!')).toBeInTheDocument();
    await waitFor(() => expect(calls.count).toBe(2));
  });

  it('shows the card again when the server says it is back', async () => {
    fakeTimers('2025-03-02T11:59:59Z');
    const used = makeRewards({
      canScratchToday: false,
      user: {
        coins: 60,
        lifetimeCoins: 60,
        scratchCardStreak: 1,
        lastScratchDate: '2025-03-01T12:00:00Z',
        streakDays: 1,
      },
    });
    serve(used, { ...used, canScratchToday: true });
    renderScreen();
    await screen.findByText('ALREADY SCRATCHED');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByRole('button', { name: 'SCRATCH NOW' })).toBeEnabled();
  });

  it("says 'Check back tomorrow' when the card is not available and there is no last scratch date", async () => {
    serve(makeRewards({ canScratchToday: false }));
    renderScreen();
    expect(await screen.findByText('Check back tomorrow')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SCRATCH NOW' })).toBeNull();
  });
});

describe('RewardsScreen: achievements', () => {
  it('shows progress, and CLAIM for a completed, unclaimed one', async () => {
    serve(
      makeRewards({
        achievements: [
          achievement(),
          achievement({ id: 'first-login', name: 'First Steps', reward: 10, isCompleted: true, progress: 1 }),
          achievement({
            id: 'first-scratch',
            name: 'Lucky Break',
            isCompleted: true,
            claimed: true,
            progress: 1,
          }),
        ],
      }),
    );
    renderScreen();
    const section = (await screen.findByRole('heading', { name: 'ACHIEVEMENTS' })).closest('section')!;
    expect(section).toHaveTextContent('2/3');
    expect(within(section).getByRole('progressbar', { name: 'On Fire progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    const claim = within(section).getByRole('button', { name: 'CLAIM +10' });
    expect(claim).toHaveAccessibleDescription('First Steps');
    expect(within(section).getAllByRole('button')).toHaveLength(1);
    expect(within(section).getByText('Claimed')).toBeInTheDocument();
  });

  it("claims one: posts rewards/claim, then 'Reward Claimed!'", async () => {
    const firstSteps = achievement({ id: 'first-login', name: 'First Steps', reward: 10, isCompleted: true });
    serve(
      makeRewards({ achievements: [firstSteps] }),
      makeRewards({ achievements: [{ ...firstSteps, claimed: true }] }),
    );
    const claimed: string[] = [];
    server.use(
      http.post('/api/rewards/claim/:name', ({ params }) => {
        claimed.push(String(params.name));
        return HttpResponse.json({ rewardName: 'First Steps', coinsEarned: 10, newBalance: 130 });
      }),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'CLAIM +10' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Reward Claimed!',
        description: 'First Steps: you earned 10 coins',
      }),
    );
    expect(claimed).toEqual(['first-login']);
    expect(screen.queryByRole('button', { name: 'CLAIM +10' })).toBeNull();
    expect(screen.getByText('Claimed')).toBeInTheDocument();
  });

  it("shows 'Failed to claim reward' when a claim fails", async () => {
    serve(makeRewards({ achievements: [achievement({ id: 'first-login', isCompleted: true, reward: 10 })] }));
    server.use(
      http.post('/api/rewards/claim/:name', () =>
        HttpResponse.json({ message: 'Already claimed' }, { status: 400 }),
      ),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'CLAIM +10' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Error',
        description: 'Failed to claim reward',
        variant: 'destructive',
      }),
    );
  });
});

describe('RewardsScreen: many achievements', () => {
  it('shows the first four (and every one ready to claim), then all with SHOW ALL', async () => {
    const many = Array.from({ length: 7 }, (_, n) => achievement({ id: `a${n}`, name: `Achievement ${n}` }));
    serve(makeRewards({ achievements: many }));
    renderScreen();
    const section = (await screen.findByRole('heading', { name: 'ACHIEVEMENTS' })).closest('section')!;
    expect(within(section).getAllByRole('listitem')).toHaveLength(4);
    const more = within(section).getByRole('button', { name: 'SHOW ALL 7' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(section).getAllByRole('listitem')).toHaveLength(7);
    expect(within(section).getByRole('button', { name: 'SHOW FEWER' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
