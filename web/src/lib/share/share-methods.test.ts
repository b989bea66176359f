// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  copyLink,
  detectPlatform,
  deviceShareSupported,
  linksDevice,
  receivedLinkTarget,
  shareFromDevice,
  shareNotice,
  shareOrCopy,
  shareSteps,
  type NdefReaderLike,
  type ShareEnv,
} from './share-methods';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const LINK = 'https://grow.example/profile?connect=7';
const DATA = { title: 'Connect with me on Grow', text: 'Scan this QR code to connect with me' };

function abort(): Error {
  const error = new Error('Share canceled');
  error.name = 'AbortError';
  return error;
}

/** An NDEFReader whose scan and write do what the test says, recording the writes. */
function nfcReader(options: { scan?: () => Promise<void>; write?: () => Promise<void> } = {}) {
  const writes: unknown[] = [];
  class Reader implements NdefReaderLike {
    onreading: NdefReaderLike['onreading'] = null;
    scan() {
      return options.scan ? options.scan() : Promise.resolve();
    }
    write(message: unknown) {
      writes.push(message);
      return options.write ? options.write() : Promise.resolve();
    }
  }
  return { Reader, writes };
}

function env(overrides: Partial<ShareEnv> = {}): ShareEnv {
  return { userAgent: DESKTOP, maxTouchPoints: 0, wait: () => Promise.resolve(), ...overrides };
}

describe('detectPlatform', () => {
  it('knows iPhones, iPads asking for the desktop site, Android and the rest', () => {
    expect(detectPlatform(IPHONE)).toBe('ios');
    expect(detectPlatform(IPAD_DESKTOP, 5)).toBe('ios');
    expect(detectPlatform(IPAD_DESKTOP, 0)).toBe('other');
    expect(detectPlatform(ANDROID)).toBe('android');
    expect(detectPlatform(DESKTOP)).toBe('other');
  });
});

describe('deviceShareSupported', () => {
  it('is true with native sharing, Web NFC, or on iOS', () => {
    expect(deviceShareSupported(env({ share: vi.fn() }))).toBe(true);
    expect(deviceShareSupported(env({ userAgent: ANDROID, NDEFReader: nfcReader().Reader }))).toBe(true);
    expect(deviceShareSupported(env({ userAgent: IPHONE }))).toBe(true);
  });

  it('is false on a desktop browser with neither', () => {
    expect(deviceShareSupported(env({ writeText: vi.fn() }))).toBe(false);
  });
});

describe('shareSteps: the fallbacks in the spec’s order', () => {
  const all = { share: vi.fn(), writeText: vi.fn() };
  it('iOS: the share sheet, then the clipboard', () => {
    expect(shareSteps(env({ ...all, userAgent: IPHONE }))).toEqual(['share', 'clipboard']);
  });
  it('Android with NFC: NFC, then the share sheet, then the clipboard', () => {
    expect(shareSteps(env({ ...all, userAgent: ANDROID, NDEFReader: nfcReader().Reader }))).toEqual([
      'nfc',
      'share',
      'clipboard',
    ]);
  });
  it('anything else: the share sheet, the clipboard, then the link in a notice', () => {
    expect(shareSteps(env(all))).toEqual(['share', 'clipboard', 'notice']);
    expect(shareSteps(env({ ...all, userAgent: ANDROID }))).toEqual(['share', 'clipboard', 'notice']);
  });
  it('leaves out what the browser lacks', () => {
    expect(shareSteps(env({ userAgent: IPHONE }))).toEqual([]);
    expect(shareSteps(env())).toEqual(['notice']);
  });
});

describe('shareFromDevice', () => {
  it('Android: scans, says it is ready, waits 1 s, then writes the link as a url record', async () => {
    const { Reader, writes } = nfcReader();
    const wait = vi.fn(() => Promise.resolve());
    const onNfcReady = vi.fn();
    const outcome = await shareFromDevice(env({ userAgent: ANDROID, NDEFReader: Reader, wait }), LINK, DATA, {
      onNfcReady,
    });
    expect(outcome).toEqual({ kind: 'nfc-written' });
    expect(onNfcReady).toHaveBeenCalledOnce();
    expect(wait).toHaveBeenCalledWith(1000);
    expect(writes).toEqual([{ records: [{ recordType: 'url', data: LINK }] }]);
    expect(linksDevice(outcome)).toBe(true);
  });

  it('Android: a failed NFC write falls back to the share sheet', async () => {
    const { Reader } = nfcReader({ write: () => Promise.reject(new Error('Tag lost')) });
    const share = vi.fn(() => Promise.resolve());
    const outcome = await shareFromDevice(env({ userAgent: ANDROID, NDEFReader: Reader, share }), LINK, DATA);
    expect(outcome).toEqual({ kind: 'shared' });
    expect(share).toHaveBeenCalledWith({ ...DATA, url: LINK });
  });

  it('Android: NFC and sharing failing, the link is copied', async () => {
    const { Reader } = nfcReader({ scan: () => Promise.reject(new Error('NotAllowedError')) });
    const writeText = vi.fn(() => Promise.resolve());
    const outcome = await shareFromDevice(
      env({
        userAgent: ANDROID,
        NDEFReader: Reader,
        share: () => Promise.reject(new Error('nope')),
        writeText,
      }),
      LINK,
      DATA,
    );
    expect(outcome).toEqual({ kind: 'copied' });
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(linksDevice(outcome)).toBe(false);
  });

  it('Android: when everything fails, says why NFC failed', async () => {
    const scanFails = nfcReader({ scan: () => Promise.reject(new Error('no')) });
    expect(
      await shareFromDevice(env({ userAgent: ANDROID, NDEFReader: scanFails.Reader }), LINK, DATA),
    ).toEqual({
      kind: 'failed',
      nfc: { stage: 'prepare' },
    });
    const writeFails = nfcReader({ write: () => Promise.reject(new Error('NFC is off')) });
    expect(
      await shareFromDevice(env({ userAgent: ANDROID, NDEFReader: writeFails.Reader }), LINK, DATA),
    ).toEqual({
      kind: 'failed',
      nfc: { stage: 'write', message: 'NFC is off' },
    });
  });

  it('iOS: the share sheet; a refused one falls back to the clipboard', async () => {
    const share = vi.fn(() => Promise.resolve());
    expect(await shareFromDevice(env({ userAgent: IPHONE, share }), LINK, DATA)).toEqual({ kind: 'shared' });
    const writeText = vi.fn(() => Promise.resolve());
    expect(
      await shareFromDevice(
        env({ userAgent: IPHONE, share: () => Promise.reject(new Error('NotAllowed')), writeText }),
        LINK,
        DATA,
      ),
    ).toEqual({ kind: 'copied' });
  });

  it('a cancelled share sheet stops there: nothing is copied', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const outcome = await shareFromDevice(
      env({ userAgent: IPHONE, share: () => Promise.reject(abort()), writeText }),
      LINK,
      DATA,
    );
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('other devices: sharing and copying failing, the link is shown', async () => {
    const outcome = await shareFromDevice(
      env({ share: () => Promise.reject(new Error('x')), writeText: () => Promise.reject(new Error('y')) }),
      LINK,
      DATA,
    );
    expect(outcome).toEqual({ kind: 'shown' });
    expect(shareNotice(outcome, LINK, 'Profile')).toMatchObject({ description: LINK, duration: 10_000 });
  });

  it('iOS with nothing working: Copy failed', async () => {
    const outcome = await shareFromDevice(env({ userAgent: IPHONE }), LINK, DATA);
    expect(outcome).toEqual({ kind: 'failed', nfc: null });
    expect(shareNotice(outcome, LINK, 'Profile')).toMatchObject({
      title: 'Copy failed',
      description: 'Unable to copy link.',
    });
  });
});

describe('shareFromDevice, stopped', () => {
  it('a stop while the NFC write waits ends the scan: nothing is written, nothing falls back', async () => {
    const scans: ({ signal?: AbortSignal } | undefined)[] = [];
    const writes: unknown[] = [];
    const made: NdefReaderLike[] = [];
    class Reader implements NdefReaderLike {
      onreading: NdefReaderLike['onreading'] = null;
      constructor() {
        made.push(this);
      }
      scan(options?: { signal?: AbortSignal }) {
        scans.push(options);
        return Promise.resolve();
      }
      write(message: unknown) {
        writes.push(message);
        return Promise.resolve();
      }
    }
    const controller = new AbortController();
    const share = vi.fn(() => Promise.resolve());
    const onNfcRecords = vi.fn();
    const outcome = await shareFromDevice(
      env({ userAgent: ANDROID, NDEFReader: Reader, share, wait: () => Promise.resolve(controller.abort()) }),
      LINK,
      DATA,
      { signal: controller.signal, onNfcRecords },
    );
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(scans).toEqual([{ signal: controller.signal }]);
    expect(writes).toEqual([]);
    expect(share).not.toHaveBeenCalled();
    // A tag read after the stop is not reported.
    expect(made).toHaveLength(1);
    made[0]?.onreading?.({
      message: { records: [{ recordType: 'url', data: 'https://grow.example/join/1' }] },
    });
    expect(onNfcRecords).not.toHaveBeenCalled();
  });

  it('a scan aborted by the stop is no NFC failure: no notice-worthy outcome, no fallback', async () => {
    const controller = new AbortController();
    const { Reader } = nfcReader({
      scan: () => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    expect(
      await shareFromDevice(env({ userAgent: ANDROID, NDEFReader: Reader, writeText }), LINK, DATA, {
        signal: controller.signal,
      }),
    ).toEqual({ kind: 'cancelled' });
    expect(writeText).not.toHaveBeenCalled();
  });
});

describe('shareOrCopy and copyLink', () => {
  it('shares natively when it can, else copies', async () => {
    expect(await shareOrCopy(env({ share: () => Promise.resolve() }), LINK, DATA)).toEqual({
      kind: 'shared',
    });
    expect(await shareOrCopy(env({ writeText: () => Promise.resolve() }), LINK, DATA)).toEqual({
      kind: 'copied',
    });
    expect(await shareOrCopy(env({ share: () => Promise.reject(abort()) }), LINK, DATA)).toEqual({
      kind: 'cancelled',
    });
  });

  it('copy fails without a clipboard', async () => {
    expect(await copyLink(env(), LINK)).toEqual({ kind: 'failed', nfc: null });
    expect(await copyLink(env({ writeText: () => Promise.reject(new Error('denied')) }), LINK)).toEqual({
      kind: 'failed',
      nfc: null,
    });
  });
});

describe('shareNotice: the spec’s words', () => {
  it.each([
    [{ kind: 'nfc-written' } as const, 'NFC Tag Written!'],
    [{ kind: 'shared' } as const, 'Share Complete'],
    [{ kind: 'copied' } as const, 'Link Copied'],
    [{ kind: 'cancelled' } as const, 'Share Cancelled'],
  ])('%o → %s', (outcome, title) => {
    expect(shareNotice(outcome, LINK, 'Profile').title).toBe(title);
  });

  it('says why NFC failed', () => {
    expect(shareNotice({ kind: 'cancelled' }, LINK, 'Profile').description).toBe('You cancelled the share.');
    expect(shareNotice({ kind: 'failed', nfc: { stage: 'unsupported' } }, LINK, 'Profile')).toMatchObject({
      title: 'NFC Tags Not Supported',
      description: "Your browser doesn't support NFC tag writing.",
    });
    expect(shareNotice({ kind: 'failed', nfc: { stage: 'prepare' } }, LINK, 'Profile')).toMatchObject({
      title: 'NFC failed',
      description: 'Unable to prepare NFC sharing.',
    });
    expect(
      shareNotice({ kind: 'failed', nfc: { stage: 'write', message: null } }, LINK, 'Profile'),
    ).toMatchObject({
      title: 'NFC Write Failed',
      description: 'Could not write to NFC tag. Make sure NFC is enabled.',
    });
  });
});

describe('receivedLinkTarget', () => {
  const encode = (text: string) => new DataView(new TextEncoder().encode(text).buffer);
  const here = 'https://grow.example';
  it("opens only url records pointing at one of this app's projects, as a path within the app", () => {
    expect(
      receivedLinkTarget([{ recordType: 'url', data: encode('https://grow.example/join/12') }], here),
    ).toBe('/join/12');
    expect(receivedLinkTarget([{ recordType: 'url', data: 'https://grow.example/project/3' }], here)).toBe(
      '/project/3',
    );
  });

  it('ignores other records, other links, other schemes and every other site', () => {
    const target = (data: string) => receivedLinkTarget([{ recordType: 'url', data }], here);
    expect(
      receivedLinkTarget([{ recordType: 'text', data: 'https://grow.example/join/12' }], here),
    ).toBeNull();
    expect(target('https://grow.example/profile?connect=4')).toBeNull();
    expect(target('javascript:alert(1)//join/1')).toBeNull();
    expect(target('https://evil.example/join/12')).toBeNull();
    expect(target('https://evil.example/?next=https://grow.example/project/3')).toBeNull();
    expect(target('http://grow.example/join/12')).toBeNull();
    expect(target('https://grow.example.evil.example/join/12')).toBeNull();
  });
});
