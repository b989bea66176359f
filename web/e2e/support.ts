import { deflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const SHOTS = 'e2e/.artifacts/screens';

/**
 * Screenshots are for a person to look at, so they are taken only when asked (`E2E_SHOTS=1 npx playwright test`);
 * the test command's run takes none. The journey around them runs the same either way.
 */
export async function snap(page: Page, name: string, fullPage = false) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

let counter = 0;
/** A name unique to this run: the journeys run on two workers, each counting its own names. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}w${process.env.TEST_WORKER_INDEX ?? 0}n${counter}`;
}

export const STRONG_PASSWORD = 'Sunflower42!';

/** Creates an account straight through the API (for arranging a test, not for testing sign-up);
 * `extra` sets more sign-up fields (lastName, role, …). */
export async function createAccount(
  request: APIRequestContext,
  firstName = 'Existing',
  extra: Record<string, unknown> = {},
) {
  const username = unique('e2e');
  const email = `${username}@example.com`;
  const response = await request.post('/api/auth/signup', {
    data: { username, email, password: STRONG_PASSWORD, firstName, lastName: 'Member', ...extra },
  });
  expect(response.status()).toBe(201);
  return { username, email, firstName };
}

/** Signs this request context (a page's, say) in as an existing account. */
export async function signIn(request: APIRequestContext, username: string) {
  const response = await request.post('/api/auth/login', { data: { username, password: STRONG_PASSWORD } });
  expect(response.status()).toBe(200);
}

/**
 * The connect code of the account this request context (a page's, say) is signed in as: its own `/api/auth/user`
 * carries it (shared/API.md "Limits and fair play"). Links and scans name people by it, never by id.
 */
export async function connectCodeOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  const { connectCode } = (await response.json()) as { connectCode?: string | null };
  expect(connectCode, 'the own user carries its connectCode').toBeTruthy();
  return connectCode!;
}

/** The one visible toast says this title and description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole('status').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/**
 * Lazy screens have replaced their loading states (a busy button is a control's state, not a screen loading), the
 * network is quiet and short animations have ended.
 */
export async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** A screenshot once the screen has settled. */
export async function shot(page: Page, name: string) {
  await settle(page);
  await snap(page, name);
}

/** WCAG 2.0 and 2.1, levels A and AA: what every screen must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's own script, read once. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations on the page as it is now. axe is put into the page once per document and run there again for
 * each audit: injected anew for every audit (as AxeBuilder does), parsing its half a megabyte took most of an
 * audit's time. The app has no frames, so the top document is all there is to check.
 */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    // Only the violations are gathered: the details of every passing check are not needed.
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations;
  }, WCAG_TAGS);
}

/** Runs axe on the page as it is now and fails on any violation, listing each one readably. */
export async function expectNoA11yViolations(page: Page, screen = page.url()) {
  await settle(page);
  const violations = await axeViolations(page);
  const report = violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}`,
        `  ${violation.helpUrl}`,
        ...violation.nodes.map(
          (node) =>
            `  - ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ') ?? ''}`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
  expect(violations, `axe found accessibility violations on ${screen}:\n\n${report}`).toEqual([]);
}

/** The smallest tap target we ship (shared/STYLE.md: 44 px, WCAG 2.5.5). */
export const MIN_TARGET_PX = 44;

/**
 * Measures every visible control a finger can tap (buttons, links, inputs, tabs, …) and fails on any smaller than
 * 44 × 44 px. The hit area counts an absolutely positioned ::before/::after that widens it (a 24 px checkbox in a
 * 44 px area); an input hidden behind its label is measured as that label; links inside running text are exempt,
 * as WCAG 2.5.8 exempts them. Controls behind an open dialog (aria-hidden, inert) cannot be tapped and are skipped.
 */
export async function expectTapTargets(page: Page, screen = page.url()) {
  await settle(page);
  const small = await page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
    ].join(',');
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : el.textContent) ??
        '';
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name.trim().slice(0, 40)}"`;
    };
    const inRunningText = (el: HTMLElement) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      return (
        parent !== null && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length
      );
    };
    const found: { control: string; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[hidden], [inert], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      let rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (inRunningText(el)) continue;
      if (el instanceof HTMLInputElement && (rect.width <= 1 || rect.height <= 1) && el.labels?.[0]) {
        rect = el.labels[0].getBoundingClientRect();
      }
      let { left, top, right, bottom } = rect;
      if (style.position !== 'static') {
        for (const pseudo of ['::before', '::after']) {
          const box = getComputedStyle(el, pseudo);
          if (box.content === 'none' || box.content === 'normal' || box.position !== 'absolute') continue;
          if (box.pointerEvents === 'none') continue;
          const [l, t, r, b] = [box.left, box.top, box.right, box.bottom].map(parseFloat);
          if (![l, t, r, b].every((n) => Number.isFinite(n))) continue;
          left = Math.min(left, rect.left + el.clientLeft + l!);
          top = Math.min(top, rect.top + el.clientTop + t!);
          right = Math.max(right, rect.right - el.clientLeft - r!);
          bottom = Math.max(bottom, rect.bottom - el.clientTop - b!);
        }
      }
      const width = Math.round(right - left);
      const height = Math.round(bottom - top);
      if (width < min || height < min) found.push({ control: describe(el), width, height });
    }
    return found;
  }, MIN_TARGET_PX);
  const report = small.map((s) => `  - ${s.control}: ${s.width} × ${s.height} px`).join('\n');
  expect(small, `tap targets under ${MIN_TARGET_PX} px on ${screen}:\n${report}`).toEqual([]);
}

/** Exactly one visible h1 on the screen. */
export async function expectOneH1(page: Page, screen = page.url()) {
  const headings = await page.locator('h1').filter({ visible: true }).allTextContents();
  expect(headings, `the h1 headings on ${screen}`).toHaveLength(1);
}

/**
 * Everything a screen must pass, checked where the journey stands: axe (WCAG 2 A and AA), tap targets, one h1.
 * Give the screen a name for the failure message (a dialog, a step, a tab).
 */
export async function audit(page: Page, screen: string) {
  await expectNoA11yViolations(page, screen);
  await expectTapTargets(page, screen);
  await expectOneH1(page, screen);
}

/** The toast on screen, closed (so a screenshot shows the screen itself). */
export async function closeToast(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  await close.click({ timeout: 2000 }).catch(() => {});
  await expect(close).toBeHidden();
}

/** Audited and screenshotted as `{SHOTS}/{file}-{light|dark}.png` in both themes (the page is left light). */
export async function captureBothThemes(page: Page, file: string, screen: string, fullPage = false) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await audit(page, `${screen} (${colorScheme})`);
    await settle(page);
    await snap(page, `${file}-${colorScheme}`, fullPage);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Reads the 200 px QR code image with this test id, from its pixels. */
export async function decodeQr(page: Page, testId: string): Promise<string | null> {
  const qr = page.getByTestId(testId);
  await expect(qr).toBeVisible();
  const pixels = await qr.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(data), width, height };
  });
  expect([pixels.width, pixels.height]).toEqual([200, 200]);
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

/**
 * An RGB PNG made here (tests need no fixture files), each pixel's colour given by `pixel(x, y)`; with `alpha`, an
 * RGBA one (`pixel` then gives four values, the last its opacity).
 */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => number[],
  alpha = false,
): Buffer {
  const channels = alpha ? 4 : 3;
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = alpha ? 6 : 2; // RGBA or RGB
  const rows = Buffer.alloc(height * (1 + width * channels));
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * channels);
    for (let x = 0; x < width; x += 1)
      rows.set(
        pixel(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        row + 1 + x * channels,
      );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
