// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismissToast, toast, toastAfterCurrent, TOAST_DURATION_MS } from './toast';

afterEach(() => {
  dismissToast();
  vi.useRealTimers();
});

describe('toastAfterCurrent', () => {
  it('waits for the toast on screen to have its time, then shows', () => {
    vi.useFakeTimers();
    toast({ title: 'Connected!' });
    toastAfterCurrent({ title: 'Daily Login Bonus!' });
    expect(currentToast()?.title).toBe('Connected!');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(currentToast()?.title).toBe('Daily Login Bonus!');
  });

  it('shows at once when nothing is on screen, and is dropped when toasts are cleared', () => {
    toastAfterCurrent({ title: 'Daily Login Bonus!' });
    expect(currentToast()?.title).toBe('Daily Login Bonus!');
    toast({ title: 'Connected!' });
    toastAfterCurrent({ title: 'Later' });
    dismissToast();
    expect(currentToast()).toBeNull();
  });
});
