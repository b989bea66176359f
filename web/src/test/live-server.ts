import { ws } from 'msw';
import { liveUrl, type ClientFrame, type ServerFrame } from '@/lib/ws';

/** The app's `/ws` as MSW intercepts it (jsdom's page is http://localhost:3000/, so ws://localhost:3000/ws). */
const liveLink = ws.link(liveUrl());

type Connection = Parameters<Parameters<typeof liveLink.addEventListener<'connection'>>[1]>[0];

/**
 * One MSW handler for the whole run, delegating to the latest `liveServer()` (every MSW link or listener adds a
 * listener to a shared BroadcastChannel, so one per test would pile up).
 */
let onConnection: (connection: Connection) => void = () => {};
const liveHandler = liveLink.addEventListener('connection', (connection) => onConnection(connection));

export interface LiveServerOptions {
  /** Sent in the `ready` frame. */
  userId?: number;
  /** Close every connection before it opens, as a refused upgrade (401, server down) looks to the browser. */
  refuse?: boolean;
}

/**
 * A stand-in for the server's `/ws` (src/realtime/socket.rs), on MSW's WebSocket interception: every connection is
 * greeted with `ready`, a `ping` is answered with `pong`, and the client's frames are recorded. Install it with
 * `server.use(live.handler)` (MSW drops it with the other handlers after each test).
 */
export function liveServer({ userId = 7, refuse = false }: LiveServerOptions = {}) {
  const open = new Set<Connection['client']>();
  const received: ClientFrame[] = [];
  let connections = 0;
  let refusing = refuse;
  let answering = true;

  onConnection = ({ client }) => {
    connections += 1;
    if (refusing) {
      client.close(1006, 'refused');
      return;
    }
    open.add(client);
    client.addEventListener('close', () => open.delete(client));
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const frame = JSON.parse(event.data) as ClientFrame;
      received.push(frame);
      if (answering && frame.type === 'ping')
        client.send(JSON.stringify({ type: 'pong' } satisfies ServerFrame));
    });
    client.send(JSON.stringify({ type: 'ready', userId } satisfies ServerFrame));
  };

  return {
    handler: liveHandler,
    /** Connections attempted so far (refused ones included). */
    connections: () => connections,
    /** Connections open now. */
    openCount: () => open.size,
    /** Frames the client sent, oldest first. */
    received,
    /** Push a frame (or any raw text) to every open connection. */
    push(frame: ServerFrame | string) {
      const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
      for (const client of open) client.send(data);
    },
    /** From now on refuse (true) or accept (false) new connections. */
    setRefusing(value: boolean) {
      refusing = value;
    },
    /** Stop (false) or resume (true) answering pings, as a connection that died without closing looks. */
    setAnswering(value: boolean) {
      answering = value;
    },
    /** Close every open connection from the server side (a restart, a proxy timeout). */
    dropAll() {
      for (const client of [...open]) client.close(1012, 'restart');
    },
  };
}
