import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setMaxListeners } from 'node:events';
import { afterEach, beforeEach } from 'vitest';
import { resetEndedSession } from '@/lib/session';

// MSW's WebSocket mocking keeps one listener on a shared BroadcastChannel for each connection closed before it
// opened (src/test/live-server.ts refuses many, testing the reconnect backoff); the default warning limit is 10.
setMaxListeners(64);

// Each test starts as a browser the server once gave a session (its hint cookie, src/lib/last-user.ts), so the
// app asks who is signed in and the test's handlers answer; a signed-out test answers 401 like the server.
beforeEach(() => {
  document.cookie = 'grow_signed_in=1; Path=/';
});

afterEach(() => {
  cleanup();
  localStorage.removeItem('grow.lastUser');
  resetEndedSession();
});

// jsdom lacks these; Radix and our media-query hooks touch them.
if (!window.matchMedia) {
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
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
// jsdom logs "Not implemented" for scrollTo; the shell scrolls to the top on navigation.
window.scrollTo = () => {};
