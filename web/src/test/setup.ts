import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setMaxListeners } from 'node:events';
import { afterEach, beforeEach } from 'vitest';
import { resetEndedSession } from '@/lib/session';

// MSW's WebSocket mocking keeps one listener on a shared BroadcastChannel for each connection closed before it
// opened (src/test/live-server.ts refuses many, testing the reconnect backoff); the default warning limit is 10.
setMaxListeners(64);

// The files of plain logic run in Node (`// @vitest-environment node`: no jsdom to start); the rest of this file is
// the browser's.
const browser = typeof window !== 'undefined';

// Each test starts as a browser the server once gave a session (its hint cookie, src/lib/last-user.ts), so the
// app asks who is signed in and the test's handlers answer; a signed-out test answers 401 like the server.
beforeEach(() => {
  if (browser) document.cookie = 'grow_signed_in=1; Path=/';
});

afterEach(() => {
  if (!browser) return;
  cleanup();
  localStorage.removeItem('grow.lastUser');
  resetEndedSession();
});

// jsdom lacks these; Radix and our media-query hooks touch them.
if (browser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (browser && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
if (browser && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
if (browser && !Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
// jsdom logs "Not implemented" for scrollTo; the shell scrolls to the top on navigation.
if (browser) window.scrollTo = () => {};
