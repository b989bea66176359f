import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { makeRewards } from '@/test/fixtures';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { rewardsQuery } from './api/rewards';
import { rewardsLive } from './live';

setupMswServer();

const route = createFrameRouter([rewardsLive]);

describe('the rewards live handlers', () => {
  it('user_updated (a coin change) refetches the rewards on screen', async () => {
    let coins = 120;
    server.use(
      http.get('/api/rewards', () =>
        HttpResponse.json(makeRewards({ user: { ...makeRewards().user, coins } })),
      ),
    );
    function Coins() {
      const { data } = useQuery(rewardsQuery());
      return <p>{data ? `coins ${data.user.coins}` : 'loading'}</p>;
    }
    const { queryClient } = renderWithProviders(<Coins />);
    expect(await screen.findByText('coins 120')).toBeInTheDocument();
    coins = 145;
    route({ type: 'user_updated' }, { queryClient });
    await waitFor(() => expect(screen.getByText('coins 145')).toBeInTheDocument());
  });
});
