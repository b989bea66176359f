import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createFrameRouter } from '@/lib/live';
import { http } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { server, setupMswServer } from '@/test/server';
import { connectionsQuery } from '@/resources/connections';
import { collaborationRequestsQuery, connectionRequestsQuery } from './api/connections';
import type { ConnectionRequest } from './api/types';
import { usePendingRequestCount } from './hooks/use-pending-requests';
import { connectionsLive } from './live';
import { request } from './test-data';

setupMswServer();

/** What the header's avatar dot reads. */
function Dot() {
  const count = usePendingRequestCount();
  return <p>{count > 0 ? `dot: ${count} pending` : 'no dot'}</p>;
}

const route = createFrameRouter([connectionsLive]);

function serve(list: ConnectionRequest[]) {
  const state = { list };
  server.use(http.get('/api/connections/requests', () => HttpResponse.json(state.list)));
  return state;
}

describe('the header’s pending-requests dot, live', () => {
  it('appears when a connection_request frame arrives and goes when the request is answered elsewhere', async () => {
    const state = serve([]);
    const { queryClient } = renderWithProviders(<Dot />);
    expect(await screen.findByText('no dot')).toBeInTheDocument();

    state.list = [request(1, 'Grace Hopper')];
    route({ type: 'connection_request', id: 1 }, { queryClient });
    expect(await screen.findByText('dot: 1 pending')).toBeInTheDocument();

    state.list = [];
    route({ type: 'connections_changed' }, { queryClient });
    expect(await screen.findByText('no dot')).toBeInTheDocument();
  });

  it('the connection queries are live-backed, so a reconnect refetches them', () => {
    for (const query of [connectionRequestsQuery(), collaborationRequestsQuery(), connectionsQuery()])
      expect(query.meta).toEqual({ live: true });
  });
});
