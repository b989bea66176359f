import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  createFrameRouter,
  liveFeature,
  refreshLiveQueries,
  type EveryFrameHandled,
  type FeatureFrameType,
  type HandledBy,
} from '@/lib/live';
import type { ServerFrame } from '@/lib/ws';

/** A client holding a live-backed query and a plain one. */
async function arrange() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  await queryClient.fetchQuery({ queryKey: ['/api/live'], queryFn: () => 'x', meta: { live: true } });
  await queryClient.fetchQuery({ queryKey: ['/api/plain'], queryFn: () => 'y' });
  return queryClient;
}

describe('the frame router', () => {
  it('ready refreshes every live-backed query, and only those', async () => {
    const queryClient = await arrange();
    const route = createFrameRouter([]);
    route({ type: 'ready', userId: 7 }, { queryClient });
    expect(queryClient.getQueryState(['/api/live'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/plain'])?.isInvalidated).toBe(false);
  });

  it('refreshLiveQueries is the same refresh, for a reconnect noticed elsewhere', async () => {
    const queryClient = await arrange();
    await refreshLiveQueries(queryClient);
    expect(queryClient.getQueryState(['/api/live'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/plain'])?.isInvalidated).toBe(false);
  });

  it('hands a frame to every feature that takes its type, and ignores pong and unknown types', () => {
    const queryClient = new QueryClient();
    const first = vi.fn();
    const second = vi.fn();
    const route = createFrameRouter([
      liveFeature('one', { user_updated: first }),
      liveFeature('two', { user_updated: second }),
    ]);
    route({ type: 'user_updated' }, { queryClient });
    route({ type: 'pong' }, { queryClient });
    route({ type: 'from_the_future' } as unknown as ServerFrame, { queryClient });
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith({ type: 'user_updated' }, { queryClient });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('the composition type fails while a frame type has no handler', () => {
    const _auth = liveFeature('auth', {
      user_updated: () => {},
      session_ended: () => {},
      notification: () => {},
      notifications_changed: () => {},
      connection_request: () => {},
      connections_changed: () => {},
      project_changed: () => {},
      investments_changed: () => {},
      pledges_changed: () => {},
      chat_message: () => {},
      project_message: () => {},
      community_message: () => {},
      message_updated: () => {},
      message_deleted: () => {},
      typing: () => {},
      presence: () => {},
    });
    const handled: EveryFrameHandled<FeatureFrameType, HandledBy<typeof _auth>> = true;
    // A frame type the server might add: no feature takes it yet, so the check names it.
    // @ts-expect-error 'from_the_future' is handled by no feature
    const missing: EveryFrameHandled<FeatureFrameType | 'from_the_future', HandledBy<typeof _auth>> = true;
    expect([handled, missing]).toEqual([true, true]);
  });
});
