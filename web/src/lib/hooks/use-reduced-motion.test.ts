import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './use-reduced-motion';

/** A `matchMedia` whose reduced-motion answer the test turns, telling the listeners as a browser does. */
function fakeMotionSetting({ modernListeners = true } = {}) {
  let reduced = false;
  const listeners = new Set<() => void>();
  const list = () =>
    ({
      get matches() {
        return reduced;
      },
      media: '(prefers-reduced-motion: reduce)',
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      ...(modernListeners
        ? {
            addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
            removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
          }
        : {}),
    }) as unknown as MediaQueryList;
  vi.spyOn(window, 'matchMedia').mockImplementation(list);
  return {
    set(next: boolean) {
      reduced = next;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('usePrefersReducedMotion', () => {
  it('follows the setting while the page is open, and stops listening on unmount', () => {
    const setting = fakeMotionSetting();
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    setting.set(true);
    expect(result.current).toBe(true);
    setting.set(false);
    expect(result.current).toBe(false);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('follows it too in a browser with only the older listener methods (Safari before 14)', () => {
    const setting = fakeMotionSetting({ modernListeners: false });
    const { result } = renderHook(() => usePrefersReducedMotion());
    setting.set(true);
    expect(result.current).toBe(true);
  });

  it('is false where the browser cannot tell', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true, writable: true });
    try {
      const { result } = renderHook(() => usePrefersReducedMotion());
      expect(result.current).toBe(false);
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
    }
  });
});
