import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLiveChannel,
  liveUrl,
  parseServerFrame,
  reconnectDelay,
  useLiveStatus,
  type LiveChannel,
  type ServerFrame,
} from '@/lib/ws';
import { liveServer } from '@/test/live-server';
import { server, setupMswServer } from '@/test/server';

setupMswServer();

/** Let MSW's WebSocket interception (microtasks only) run to completion, without moving the fake clock. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Move the fake clock, then let the socket events that fall due run. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe('reconnectDelay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    const full = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 20, 1000].map((attempt) => reconnectDelay(attempt, full))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('spreads each step over its upper half (jitter)', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 0.5)).toBe(750);
    expect(reconnectDelay(10, () => 0)).toBe(15000);
  });
});

describe('liveUrl', () => {
  it('follows the page: ws on http, wss on https, always /ws on the same host', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(liveUrl({ protocol: 'https:', host: 'grow.example' })).toBe('wss://grow.example/ws');
  });
});

describe('parseServerFrame', () => {
  it('reads a JSON object with a type and ignores anything else', () => {
    expect(parseServerFrame('{"type":"user_updated"}')).toEqual({ type: 'user_updated' });
    expect(parseServerFrame('{"type":"ready","userId":3}')).toEqual({ type: 'ready', userId: 3 });
    for (const junk of ['', 'pong', '{', '[1]', 'null', '42', '{"kind":"pong"}', '{"type":7}']) {
      expect(parseServerFrame(junk)).toBeNull();
    }
    expect(parseServerFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe('live channel', () => {
  let channel: LiveChannel;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // The full step every time, so the backoff is exact.
    channel = createLiveChannel({ random: () => 1 });
  });
  afterEach(() => {
    channel.stop();
    vi.useRealTimers();
  });

  it('connects on start, reports its status and hands frames to subscribers', async () => {
    const live = liveServer({ userId: 42 });
    server.use(live.handler);
    const frames: ServerFrame[] = [];
    channel.subscribe((frame) => frames.push(frame));
    const { result } = renderHook(() => useLiveStatus(channel));
    expect(result.current).toBe('closed');

    act(() => channel.start());
    expect(result.current).toBe('connecting');
    await act(settle);
    expect(result.current).toBe('open');
    expect(live.connections()).toBe(1);
    expect(frames).toEqual([{ type: 'ready', userId: 42 }]);

    // Starting again while running does not open a second socket.
    act(() => channel.start());
    await settle();
    expect(live.connections()).toBe(1);
  });

  it('ignores frames it cannot read', async () => {
    const live = liveServer();
    server.use(live.handler);
    const frames: ServerFrame[] = [];
    channel.subscribe((frame) => frames.push(frame));
    channel.start();
    await settle();

    live.push('not json');
    live.push('[1,2]');
    live.push('{"no":"type"}');
    live.push({ type: 'user_updated' });
    await settle();
    expect(frames).toEqual([{ type: 'ready', userId: 7 }, { type: 'user_updated' }]);
    expect(channel.getStatus()).toBe('open');
  });

  it('stops delivering to a listener once it unsubscribes', async () => {
    const live = liveServer();
    server.use(live.handler);
    const frames: ServerFrame[] = [];
    const unsubscribe = channel.subscribe((frame) => frames.push(frame));
    channel.start();
    await settle();
    unsubscribe();
    live.push({ type: 'user_updated' });
    await settle();
    expect(frames).toEqual([{ type: 'ready', userId: 7 }]);
  });

  it('pings every 25 s while open and gets a pong back', async () => {
    const live = liveServer();
    server.use(live.handler);
    const frames: ServerFrame[] = [];
    channel.subscribe((frame) => frames.push(frame));
    channel.start();
    await settle();

    await advance(24_999);
    expect(live.received).toEqual([]);
    await advance(1);
    expect(live.received).toEqual([{ type: 'ping' }]);
    expect(frames.at(-1)).toEqual({ type: 'pong' });
    await advance(25_000);
    expect(live.received).toEqual([{ type: 'ping' }, { type: 'ping' }]);

    // No pings while the socket is down.
    live.setRefusing(true);
    live.dropAll();
    await settle();
    await advance(60_000);
    expect(live.received).toHaveLength(2);
  });

  it('drops and replaces a connection whose pings go unanswered', async () => {
    const live = liveServer();
    server.use(live.handler);
    channel.start();
    await settle();
    live.setAnswering(false);

    // The ping at 25 s gets no answer; at the next one (50 s) the socket is given up.
    await advance(49_999);
    expect(channel.getStatus()).toBe('open');
    await advance(1);
    expect(channel.getStatus()).toBe('closed');
    expect(live.openCount()).toBe(0);

    // The connection had opened fine, so the next try comes after the first step (1 s).
    live.setAnswering(true);
    await advance(1000);
    expect(live.connections()).toBe(2);
    expect(channel.getStatus()).toBe('open');

    // A live connection is kept: every ping is answered.
    await advance(120_000);
    expect(live.connections()).toBe(2);
    expect(channel.getStatus()).toBe('open');
  });

  it('reconnects with exponential backoff, and starts over from 1 s after a successful open', async () => {
    const live = liveServer({ refuse: true });
    server.use(live.handler);
    channel.start();
    await settle();
    expect(live.connections()).toBe(1);
    expect(channel.getStatus()).toBe('closed');

    // Retries after 1 s, 2 s, 4 s, 8 s ...
    for (const [delay, total] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
    ] as const) {
      await advance(delay - 1);
      expect(live.connections()).toBe(total - 1);
      await advance(1);
      expect(live.connections()).toBe(total);
    }

    // The server is back: the next attempt (16 s later) opens.
    live.setRefusing(false);
    await advance(16_000);
    expect(live.connections()).toBe(6);
    expect(channel.getStatus()).toBe('open');

    // Dropped after a good connection: the backoff starts over at 1 s.
    live.dropAll();
    await settle();
    expect(channel.getStatus()).toBe('closed');
    await advance(999);
    expect(live.connections()).toBe(6);
    await advance(1);
    expect(live.connections()).toBe(7);
    expect(channel.getStatus()).toBe('open');
  });

  it('never waits more than 30 s between attempts', async () => {
    const live = liveServer({ refuse: true });
    server.use(live.handler);
    channel.start();
    await settle();
    // 1 + 2 + 4 + 8 + 16 s, then 30 s steps.
    await advance(31_000);
    expect(live.connections()).toBe(6);
    await advance(30_000);
    expect(live.connections()).toBe(7);
    await advance(30_000);
    expect(live.connections()).toBe(8);
  });

  it('closes on stop and does not come back', async () => {
    const live = liveServer();
    server.use(live.handler);
    channel.start();
    await settle();
    expect(live.openCount()).toBe(1);

    channel.stop();
    expect(channel.getStatus()).toBe('closed');
    await settle();
    expect(live.openCount()).toBe(0);
    await advance(120_000);
    expect(live.connections()).toBe(1);
    expect(live.received).toEqual([]);
  });

  it('cancels a pending reconnect on stop', async () => {
    const live = liveServer({ refuse: true });
    server.use(live.handler);
    channel.start();
    await settle();
    channel.stop();
    await advance(120_000);
    expect(live.connections()).toBe(1);
  });

  describe('coming back at once', () => {
    /** A window and a document the test controls. */
    function makeEnvironment() {
      const win = new EventTarget();
      const visibility: { visibilityState: DocumentVisibilityState } = { visibilityState: 'visible' };
      const doc = Object.assign(new EventTarget(), visibility);
      return {
        environment: { window: win, document: doc },
        online: () => win.dispatchEvent(new Event('online')),
        show: () => {
          doc.visibilityState = 'visible';
          doc.dispatchEvent(new Event('visibilitychange'));
        },
        hide: () => {
          doc.visibilityState = 'hidden';
          doc.dispatchEvent(new Event('visibilitychange'));
        },
      };
    }

    it('reconnects at once when the network comes back, and the backoff starts over', async () => {
      const page = makeEnvironment();
      channel = createLiveChannel({ random: () => 1, environment: page.environment });
      const live = liveServer({ refuse: true });
      server.use(live.handler);
      channel.start();
      await settle();
      await advance(1000 + 2000 + 4000); // attempts 2, 3 and 4; the next one would come 8 s later
      expect(live.connections()).toBe(4);

      act(() => {
        page.online();
      });
      await settle();
      expect(live.connections()).toBe(5);
      // Still refused: the next try is 1 s away again, not 16 s.
      await advance(1000);
      expect(live.connections()).toBe(6);

      live.setRefusing(false);
      act(() => {
        page.online();
      });
      await settle();
      expect(channel.getStatus()).toBe('open');
      expect(live.connections()).toBe(7);
    });

    it('reconnects at once when the page is shown again, not while it is hidden', async () => {
      const page = makeEnvironment();
      channel = createLiveChannel({ random: () => 1, environment: page.environment });
      const live = liveServer({ refuse: true });
      server.use(live.handler);
      channel.start();
      await settle();
      await advance(1000 + 2000);
      expect(live.connections()).toBe(3);

      page.hide();
      page.online(); // a hidden page waits for its backoff
      await settle();
      expect(live.connections()).toBe(3);

      live.setRefusing(false);
      act(() => {
        page.show();
      });
      await settle();
      expect(live.connections()).toBe(4);
      expect(channel.getStatus()).toBe('open');
    });

    it('leaves an open socket alone, and listens no more once stopped', async () => {
      const page = makeEnvironment();
      channel = createLiveChannel({ random: () => 1, environment: page.environment });
      const live = liveServer();
      server.use(live.handler);
      channel.start();
      await settle();
      page.online();
      page.show();
      await settle();
      expect(live.connections()).toBe(1);

      channel.stop();
      page.online();
      page.show();
      await advance(60_000);
      expect(live.connections()).toBe(1);
      expect(channel.getStatus()).toBe('closed');
    });
  });
});
