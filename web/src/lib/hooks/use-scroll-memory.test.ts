import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollMemory } from './use-scroll-memory';

/** A window that scrolls: its position, a page 3000 px tall, and every scrollTo the hook asks for. */
function fakeScrolling() {
  let y = 0;
  const asked: number[] = [];
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(3000);
  window.scrollTo = ((options: ScrollToOptions) => {
    y = options.top ?? 0;
    asked.push(y);
  }) as typeof window.scrollTo;
  return {
    asked,
    /** The person scrolls to `top`. */
    scroll(top: number) {
      y = top;
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
    },
  };
}

async function back() {
  const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await landed;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/create');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useScrollMemory', () => {
  it('a list returned to with Back opens where it was left; one reached by a link starts at the top', async () => {
    const page = fakeScrolling();
    const { rerender } = renderHook(({ address }) => useScrollMemory(address), {
      initialProps: { address: '/create' },
    });
    page.scroll(1200);

    // A project's view, opened by a link: a new entry, at the top.
    window.history.pushState(null, '', '/create?manage=7');
    rerender({ address: '/create?manage=7' });
    expect(page.asked.at(-1)).toBe(0);
    page.scroll(300);

    // Back: the list where it was.
    await back();
    rerender({ address: '/create' });
    await waitFor(() => expect(page.asked.at(-1)).toBe(1200));

    // The same address opened again by a link is a new visit: the top.
    window.history.pushState(null, '', '/explore');
    rerender({ address: '/explore' });
    window.history.pushState(null, '', '/create');
    rerender({ address: '/create' });
    expect(page.asked.at(-1)).toBe(0);
  });

  it('waits for a list that is still loading before it restores the place', async () => {
    const page = fakeScrolling();
    const height = vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(3000);
    const { rerender } = renderHook(({ address }) => useScrollMemory(address), {
      initialProps: { address: '/create' },
    });
    page.scroll(2000);
    window.history.pushState(null, '', '/rewards');
    rerender({ address: '/rewards' });

    // Back to a list whose rows have not arrived yet: nothing to scroll to, so it waits.
    height.mockReturnValue(600);
    await back();
    rerender({ address: '/create' });
    expect(page.asked.at(-1)).toBe(0);
    height.mockReturnValue(3000);
    await waitFor(() => expect(page.asked.at(-1)).toBe(2000));
  });
});
