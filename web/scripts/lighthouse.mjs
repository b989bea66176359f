// Lighthouse audit of Grow's main screens in Debian's Chromium, as a phone sees them (issue "Scale").
//
//   npm run lighthouse -- [base URL]        (default http://127.0.0.1:5199; a running server with a built web app)
//
// Audits the sign-in page signed out, then signs a fresh person up through the API and audits the signed-in
// screens of the bottom navigation and the profile. Each page is loaded cold (Lighthouse clears the origin's
// service worker, caches and the HTTP cache first) with Lighthouse's mobile settings: a phone's screen and
// simulated slow 4G with a 4x slower CPU. Prints performance, accessibility and best-practices scores per screen.
// Lighthouse 12 removed the PWA category, so the installability checks it made are made here instead: the
// manifest, a service worker controlling the page, and the start URL answering 200 offline.
// The HTML reports are written to ../target/lighthouse/. About a minute in all: not part of the tests.
// package.json's "overrides" pin the two dependencies Lighthouse's trace engine asks for as "latest", or `npm ci`
// would refuse the lock file whenever either publishes a new version.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import chromiumSetup from '../e2e/chromium.json' with { type: 'json' };

const base = (process.argv[2] ?? process.env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:5199').replace(/\/$/, '');
const outDir = fileURLToPath(new URL('../../target/lighthouse/', import.meta.url));
const CHROME_PATH = process.env.CHROMIUM_PATH ?? chromiumSetup.executablePath;
const CHROME_FLAGS = chromiumSetup.args;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const OFFLINE_TEXT = "You're offline. Grow will reconnect when you're back online.";

/** The screens audited: the page a visitor lands on, then the signed-in app's main routes (src/app/routes.tsx). */
const SCREENS = [
  { name: 'sign-in (signed out)', path: '/', signedIn: false },
  { name: 'explore deck', path: '/', signedIn: true },
  { name: 'search', path: '/search', signedIn: true },
  { name: 'create', path: '/create', signedIn: true },
  { name: 'rewards', path: '/rewards', signedIn: true },
  { name: 'ideate', path: '/ideate', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
];

async function post(path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * A fresh account (POST /api/auth/signup), signed in (POST /api/auth/login): the cookies the login set (the
 * HttpOnly session and the `grow_signed_in` hint the app reads), as name and value.
 */
async function signUp() {
  const username = `lh${Date.now().toString(36)}`;
  const password = 'Sunflower42!';
  await post('/api/auth/signup', {
    username,
    email: `${username}@example.com`,
    password,
    firstName: 'Lena',
    lastName: 'Lighthouse',
  });
  const login = await post('/api/auth/login', { username, password });
  const cookies = login.headers.getSetCookie().map((line) => {
    const pair = line.split(';')[0];
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  if (!cookies.some((c) => c.name === 'grow_session'))
    throw new Error('POST /api/auth/login set no grow_session cookie');
  return cookies;
}

/**
 * Puts the signed-in person's cookies into the browser Lighthouse drives, as a browser that signed in holds them:
 * the app reads its hint cookie from `document.cookie`, which a request header alone would not give it.
 */
async function signInBrowser(port, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies(cookies.map((c) => ({ ...c, url: base })));
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run (mobile), in the browser as it is (signed in or not). */
async function audit(port, screen) {
  const url = `${base}${screen.path}`;
  const result = await lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    formFactor: 'mobile',
    onlyCategories: CATEGORIES,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const file = `${outDir}${screen.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.html`;
  writeFileSync(file, Array.isArray(result.report) ? result.report[0] : result.report);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
    ]),
  );
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${ref.id} (${Math.round((lhr.audits[ref.id]?.score ?? 0) * 100)})`),
  );
  const metric = (id) => lhr.audits[id]?.displayValue ?? '';
  return {
    ...scores,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing,
    file,
    version: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * What Lighthouse's PWA category checked before version 12 removed it, checked in the same Chromium: the manifest
 * (Chromium's own parse and installability verdict, and its name, start URL, display and 192/512 px icons), a
 * service worker that controls the page, and the start URL answering 200 with the network off.
 */
async function installability(port) {
  const checks = [];
  const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // The browser's own profile, not an incognito context (Chromium never offers to install from one), with the
    // origin's service worker and caches cleared: a first visit.
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(base).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await page.goto(`${base}/`, { waitUntil: 'load' });

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    check('manifest linked from the page', href, href ?? 'no <link rel="manifest">');
    const parsed = await cdp
      .send('Page.getAppManifest', {})
      .catch((error) => ({ errors: [{ message: String(error) }] }));
    const errors = (parsed.errors ?? []).map((e) => e.message);
    check('manifest parses without errors (Chromium)', parsed.url && errors.length === 0, errors.join('; '));
    const manifestResponse = await page.request.get(new URL(href ?? '/manifest.webmanifest', base).href);
    const manifest = manifestResponse.ok() ? await manifestResponse.json() : {};
    check(
      'manifest names the app',
      manifest.name === 'Grow' && manifest.short_name,
      `name "${manifest.name}"`,
    );
    check(
      'manifest display is standalone',
      ['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display),
      manifest.display,
    );
    for (const size of ['192x192', '512x512']) {
      const icon = (manifest.icons ?? []).find((i) => i.sizes === size && i.type === 'image/png');
      const status = icon ? (await page.request.get(new URL(icon.src, base).href)).status() : 'none';
      check(
        `manifest has a ${size} PNG icon`,
        icon && status === 200,
        icon ? `${icon.src}: ${status}` : 'missing',
      );
    }
    const verdict = await cdp.send('Page.getInstallabilityErrors').catch(() => null);
    if (verdict) {
      const problems = verdict.installabilityErrors.map((e) => e.errorId);
      check('Chromium finds it installable', problems.length === 0, problems.join(', '));
    }

    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    check('a service worker controls the page', controlled);

    const startUrl = new URL(manifest.start_url ?? '/', base).href;
    await context.setOffline(true);
    const offline = await page.goto(startUrl).catch(() => null);
    const served = offline?.fromServiceWorker() ? 'from the service worker' : 'not from the service worker';
    check(
      'offline, the start URL answers 200',
      offline?.status() === 200,
      `${offline?.status() ?? 'no answer'}, ${served}`,
    );
    const says = await page
      .getByText(OFFLINE_TEXT)
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    check('offline, the app renders and says it is offline', says);
    await context.setOffline(false);
    await page.close();
  } finally {
    await browser.close();
  }
  return checks;
}

function table(rows, columns) {
  const widths = columns.map(([key, title]) =>
    Math.max(title.length, ...rows.map((r) => String(r[key] ?? '').length)),
  );
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [
    line(columns.map(([, title]) => title)),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map((r) => line(columns.map(([key]) => r[key] ?? ''))),
  ].join('\n');
}

const ready = await fetch(`${base}/readyz`).catch(() => null);
if (!ready?.ok) {
  console.error(
    `No Grow server answers at ${base}/readyz: start one (\`grow serve\`, with web/dist built), or pass its URL.`,
  );
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const cookies = await signUp();
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
let failed = false;
try {
  const rows = [];
  // The signed-out screen comes first, before the browser holds the cookies.
  let signedIn = false;
  for (const screen of SCREENS) {
    if (screen.signedIn && !signedIn) {
      await signInBrowser(chrome.port, cookies);
      signedIn = true;
    }
    process.stderr.write(`auditing ${screen.name} (${screen.path})…\n`);
    const result = await audit(chrome.port, screen);
    rows.push({ screen: screen.name, path: screen.path, ...result });
  }
  const checks = await installability(chrome.port);
  failed = checks.some((c) => !c.ok);

  const { version, benchmarkIndex } = rows[0];
  console.log(
    `Lighthouse ${version}, mobile (simulated slow 4G, 4x CPU slowdown), ${base}, ${new Date().toISOString()}`,
  );
  console.log(`Chromium: ${CHROME_PATH}; this machine's benchmark index: ${benchmarkIndex}\n`);
  console.log(
    table(rows, [
      ['screen', 'screen'],
      ['path', 'path'],
      ['performance', 'performance'],
      ['accessibility', 'accessibility'],
      ['best-practices', 'best practices'],
      ['fcp', 'FCP'],
      ['lcp', 'LCP'],
      ['tbt', 'TBT'],
      ['cls', 'CLS'],
    ]),
  );
  const below = rows.filter((r) => r.failing.length > 0);
  if (below.length > 0) {
    console.log('\nAudits under 90 that count towards a score:');
    for (const r of below) console.log(`  ${r.screen}: ${r.failing.join(', ')}`);
  }
  console.log(
    `\nPWA: Lighthouse ${version} has no PWA category (removed in 12.0); its installability checks, made by this script:`,
  );
  for (const c of checks)
    console.log(`  ${c.ok ? 'pass' : 'FAIL'}  ${c.name}${c.detail ? `: ${c.detail}` : ''}`);
  console.log(`\nHTML reports: ${outDir}`);
} finally {
  chrome.kill();
}
process.exit(failed ? 1 : 0);
