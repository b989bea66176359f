// The servers the journeys run against: one per Playwright worker, each with its own data dir and log, so a
// journey on one worker never meets another's people or projects (the deck's top card, the newest project, the
// admin's reports). Read by playwright.config.ts (which starts them) and by ./fixtures.ts (which points each
// worker's pages at its own).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

/** How many journeys run at once (E2E_WORKERS): two on a two-core machine, each with its own server. */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 5199);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '../target/e2e-data';
const SERVER_LOG = process.env.E2E_SERVER_LOG ?? '../target/e2e-server.log';
/** Paths above are relative to web/, where Playwright runs. */
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The server binary (GROW_BIN; by default the release build). */
export const GROW_BIN = resolve(WEB_DIR, process.env.GROW_BIN ?? '../target/release/grow');

/** Server `index` (a worker's `parallelIndex`): its port, data dir and log (the first keeps the plain names). */
export function server(index: number) {
  const suffix = index === 0 ? '' : `-${index}`;
  return {
    port: FIRST_PORT + index,
    url: `http://127.0.0.1:${FIRST_PORT + index}`,
    dataDir: `${DATA_DIR}${suffix}`,
    log: SERVER_LOG.replace(/(\.log)?$/, `${suffix}$1`),
  };
}

/**
 * Runs the server binary's command line (`grow admin …`) against the data of the server the current journey's
 * worker uses, as an operator runs it beside a running server. Its output, or a thrown error naming what failed.
 */
export function growAdmin(args: readonly string[]): string {
  const dataDir = server(test.info().parallelIndex).dataDir;
  return execFileSync(GROW_BIN, ['admin', ...args], {
    env: { ...process.env, GROW_DATA_DIR: resolve(WEB_DIR, dataDir), RUST_LOG: 'warn' },
    encoding: 'utf8',
    stdio: 'pipe',
  });
}
