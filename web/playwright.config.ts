import { defineConfig } from '@playwright/test';
// Debian's Chromium and the flags this machine needs (shared with scripts/lighthouse.mjs).
import chromium from './e2e/chromium.json' with { type: 'json' };
import { server, WORKERS } from './e2e/servers';

// The journeys run against the real server binary with a fresh data dir, in Debian's Chromium
// at a phone viewport (390x844). No browser is downloaded: the executable comes from the OS.
// GROW_BIN names the binary (default: the release build). A debug build reads web/dist from disk at run time,
// so `npm run build` first and it serves the latest web build.
const growBin = process.env.GROW_BIN ?? '../target/release/grow';

/** Server `index`, started fresh: the journeys of worker `index` run against it alone (./e2e/servers.ts). */
function webServer(index: number) {
  const { port, url, dataDir, log } = server(index);
  return {
    // The server's log is kept in a file: with no mail server configured, each mail's link is written there, and the
    // account journey follows the verification link from it as a person follows it from their inbox.
    command: `rm -rf ${dataDir} && ${growBin} serve > ${log} 2>&1`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // GROW_PUSH_ALLOW_LOOPBACK_HTTP is the test-only setting (README): the push journey's browser subscribes with a
    // loopback endpoint, which a real server refuses.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      GROW_DATA_DIR: dataDir,
      RUST_LOG: 'warn,grow::mail=info',
      NO_COLOR: '1',
      GROW_PUSH_ALLOW_LOOPBACK_HTTP: '1',
      // Every journey signs its people up from this one machine: more than one address's calls without a session.
      GROW_OPEN_CALLS: '100000',
      // A branch's web build against a server built from another checkout (README, GROW_WEB_DIST).
      ...(process.env.GROW_WEB_DIST ? { GROW_WEB_DIST: process.env.GROW_WEB_DIST } : {}),
    },
  };
}

/**
 * The journeys that take longest (a minute or most of one each, measured in `scripts/test`'s runs): they start first,
 * so that neither worker is left running one of them alone at the end while the other has finished. Playwright queues
 * its projects' files in the projects' order.
 */
const LONGEST = [
  'explore',
  'first-journey',
  'messaging',
  'profile',
  'projects',
  'safety',
  'touch',
  'xss',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts/results',
  // Two files at a time, each worker with a server of its own (./e2e/servers.ts): sharing one, a journey that reads
  // the deck's top card saw the other worker's newer project there.
  workers: WORKERS,
  // One more try for a journey that failed: the report still names it "flaky", with its first failure's screenshot and
  // its retry's trace kept, so a race in the app is seen and mended, while one lost to a loaded machine does not fail
  // the whole run.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  // The journeys audit every screen they reach (axe, tap targets), which takes a second or two each.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    // Each worker's own server (./e2e/fixtures.ts sets it per worker); this is the first's.
    baseURL: server(0).url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    // A trace is recorded on the retry of a journey that failed, not on every journey: recording one on every run
    // (DOM snapshots and a screencast of each step, kept only on failure) took a fifth of the journeys' time
    // (explore and profile: 64-66 s against 50-54 s, measured alternately). The first failure keeps its screenshot;
    // E2E_TRACE=retain-on-failure records every run's again.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath,
      args: chromium.args,
    },
  },
  projects: [
    { name: 'longest first', testMatch: LONGEST },
    { name: 'journeys', testIgnore: LONGEST },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => webServer(index)),
});
