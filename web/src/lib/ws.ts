import { useSyncExternalStore } from 'react';
import type { components } from '@/lib/api/schema';

/**
 * The live channel (shared/API.md "Live channel"): one WebSocket to `/ws` per signed-in app. The server pushes
 * small JSON frames; `src/lib/live.ts` routes them to the features' handlers (composed in `src/app/live-frames.ts`).
 * This module only keeps the connection alive: it reconnects with capped, jittered exponential backoff (at once when
 * the network comes back or the page is shown again) and pings so proxies do not idle it out.
 */

export type ServerFrame = components['schemas']['ServerFrame'];
export type ClientFrame = components['schemas']['ClientFrame'];
/** `connecting`: a socket is being opened; `open`: frames flow; `closed`: stopped, or waiting to reconnect. */
export type LiveStatus = 'connecting' | 'open' | 'closed';
export type FrameListener = (frame: ServerFrame) => void;

export const PING_INTERVAL_MS = 25_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first after a drop): 1 s doubling up to 30 s, with
 * "equal jitter" (somewhere between half and all of that) so that clients dropped together by a server restart do
 * not all come back in the same instant, yet never retry sooner than half the step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(step / 2 + random() * (step / 2));
}

/** `ws://host/ws` on an http page, `wss://host/ws` on an https one (same origin, so the session cookie goes along). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** A frame from the server, or null for anything that is not a JSON object with a string `type` (ignored). */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { type?: unknown }).type === 'string'
    ) {
      // Frame types this build does not know yet reach the listeners too; the frame router ignores them.
      return value as ServerFrame;
    }
  } catch {
    // Not JSON: ignored.
  }
  return null;
}

/** Its functions need no `this`: pass them around freely (e.g. to useSyncExternalStore). */
export interface LiveChannel {
  /** Open the connection (and keep it open) until `stop()`. Calling it again while running does nothing. */
  start: () => void;
  /** Close the connection and stop reconnecting. */
  stop: () => void;
  /** Send a frame if the socket is open; false when it is not. */
  send: (frame: ClientFrame) => boolean;
  /** Receive every frame; returns the unsubscribe function. */
  subscribe: (listener: FrameListener) => () => void;
  getStatus: () => LiveStatus;
  subscribeStatus: (listener: () => void) => () => void;
}

export interface LiveChannelOptions {
  /** Where to connect; read at every (re)connect. */
  url?: () => string;
  /** The jitter source (tests pin it). */
  random?: () => number;
  /**
   * Where the `online` event (a window) and the `visibilitychange` event (a document) come from; null to listen
   * to neither. Defaults to the page's own.
   */
  environment?: {
    window: EventTarget;
    document: EventTarget & { visibilityState: DocumentVisibilityState };
  } | null;
}

/** A live channel. The app uses the one `liveChannel` below; tests may make their own. */
export function createLiveChannel({
  url = () => liveUrl(),
  random = Math.random,
  environment = typeof window === 'undefined' ? null : { window, document },
}: LiveChannelOptions = {}): LiveChannel {
  let running = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let status: LiveStatus = 'closed';
  const frameListeners = new Set<FrameListener>();
  const statusListeners = new Set<() => void>();

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  }

  function emit(frame: ServerFrame): void {
    for (const listener of [...frameListeners]) {
      try {
        listener(frame);
      } catch (error) {
        console.error('Live frame listener failed', error);
      }
    }
  }

  function send(frame: ClientFrame): boolean {
    if (!socket || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  function scheduleReconnect(): void {
    if (!running) return;
    const delay = reconnectDelay(attempt, random);
    attempt += 1;
    reconnectTimer = setTimeout(connect, delay);
  }

  function connect(): void {
    reconnectTimer = undefined;
    setStatus('connecting');
    let ws: WebSocket;
    try {
      // Looked up now, not at import: the test network layer (MSW) patches the global.
      ws = new globalThis.WebSocket(url());
    } catch (error) {
      console.error('Live channel could not connect', error);
      setStatus('closed');
      scheduleReconnect();
      return;
    }
    socket = ws;

    // Set when a ping goes out, cleared by any frame. Still set at the next ping: nothing came back for a whole
    // interval, so the connection is dead without having closed (a phone changing networks): drop it ourselves.
    let awaitingAnswer = false;
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      attempt = 0;
      setStatus('open');
      pingTimer = setInterval(() => {
        if (awaitingAnswer) {
          dropped(ws);
          ws.close(4000, 'no pong');
          return;
        }
        awaitingAnswer = send({ type: 'ping' });
      }, PING_INTERVAL_MS);
    });
    ws.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (socket !== ws) return;
      awaitingAnswer = false;
      const frame = parseServerFrame(event.data);
      if (frame) emit(frame);
    });
    // An 'error' is always followed by 'close', so 'close' alone drives the reconnect.
    ws.addEventListener('close', () => dropped(ws));
  }

  /**
   * The network is back (`online`) or the page is shown again (a phone woke up, a tab came to the front): a
   * socket that is neither open nor opening comes back now instead of after what is left of the backoff, and the
   * backoff starts over.
   */
  function reconnectNow(): void {
    if (!running || socket !== null) return;
    if (environment && environment.document.visibilityState === 'hidden') return;
    clearTimeout(reconnectTimer);
    attempt = 0;
    connect();
  }

  function onVisibilityChange(): void {
    if (environment?.document.visibilityState === 'visible') reconnectNow();
  }

  /** `ws` is gone: forget it, say so, and come back after the backoff. */
  function dropped(ws: WebSocket): void {
    if (socket !== ws) return;
    socket = null;
    clearInterval(pingTimer);
    pingTimer = undefined;
    setStatus('closed');
    scheduleReconnect();
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      environment?.window.addEventListener('online', reconnectNow);
      environment?.document.addEventListener('visibilitychange', onVisibilityChange);
      connect();
    },
    stop() {
      running = false;
      environment?.window.removeEventListener('online', reconnectNow);
      environment?.document.removeEventListener('visibilitychange', onVisibilityChange);
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      clearInterval(pingTimer);
      pingTimer = undefined;
      const ws = socket;
      socket = null;
      if (ws && ws.readyState !== ws.CLOSING && ws.readyState !== ws.CLOSED) ws.close(1000);
      setStatus('closed');
    },
    send,
    subscribe(listener) {
      frameListeners.add(listener);
      return () => {
        frameListeners.delete(listener);
      };
    },
    getStatus: () => status,
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}

/** The app's one live channel; `<LiveChannel />` (src/app) starts it while a user is signed in. */
export const liveChannel = createLiveChannel();

/** The state of a live channel (the app's by default), re-rendering on change. */
export function useLiveStatus(channel: LiveChannel = liveChannel): LiveStatus {
  return useSyncExternalStore(channel.subscribeStatus, channel.getStatus, channel.getStatus);
}
