import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isCheckableEmail,
  isCheckableUsername,
  useAvailability,
  type AvailabilityCheck,
} from './use-availability';

interface Call {
  value: string;
  signal: AbortSignal;
  resolve: (available: boolean) => void;
  reject: (error: unknown) => void;
}

/** A checker whose answers the test releases by hand. */
function manualCheck() {
  const calls: Call[] = [];
  const check = vi.fn<AvailabilityCheck>(
    (value, signal) =>
      new Promise<boolean>((resolve, reject) => {
        calls.push({ value, signal, resolve, reject });
      }),
  );
  return { calls, check };
}

function renderAvailability(check: AvailabilityCheck, initial = '', isCheckable = isCheckableUsername) {
  return renderHook(({ value }) => useAvailability(value, { isCheckable, check }), {
    initialProps: { value: initial },
  });
}

/** Answers a pending check inside act and lets the hook's promise handlers run. */
async function settle(answer: () => void) {
  await act(async () => {
    answer();
    await Promise.resolve();
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAvailability', () => {
  it('checks 1000 ms after typing stops, not before', async () => {
    const { calls, check } = manualCheck();
    const { result, rerender } = renderAvailability(check);
    rerender({ value: 'ada' });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(check).not.toHaveBeenCalled();
    expect(result.current).toBe('idle');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(check).toHaveBeenCalledTimes(1);
    expect(calls[0]?.value).toBe('ada');
    expect(result.current).toBe('checking');
    await settle(() => calls[0]?.resolve(false));
    expect(result.current).toBe('taken');
  });

  it('each keystroke cancels the pending timer, so only the last value is checked', async () => {
    const { calls, check } = manualCheck();
    const { result, rerender } = renderAvailability(check);
    rerender({ value: 'ada' });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    rerender({ value: 'adal' });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    rerender({ value: 'adalo' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(check).toHaveBeenCalledTimes(1);
    expect(calls[0]?.value).toBe('adalo');
    await settle(() => calls[0]?.resolve(true));
    expect(result.current).toBe('available');
  });

  it('a keystroke aborts the request in flight', () => {
    const { calls, check } = manualCheck();
    const { rerender } = renderAvailability(check);
    rerender({ value: 'ada' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(calls[0]?.signal.aborted).toBe(false);
    rerender({ value: 'adam' });
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('ignores a stale result for a value the field no longer holds', async () => {
    const { calls, check } = manualCheck();
    const { result, rerender } = renderAvailability(check);
    rerender({ value: 'ada' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    rerender({ value: 'adam' });
    // The old request answers anyway (a server that ignored the abort).
    await settle(() => calls[0]?.resolve(false));
    expect(result.current).toBe('idle');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(calls[1]?.value).toBe('adam');
    await settle(() => calls[1]?.resolve(true));
    expect(result.current).toBe('available');
  });

  it('treats a failed check as available', async () => {
    const { calls, check } = manualCheck();
    const { result, rerender } = renderAvailability(check);
    rerender({ value: 'ada' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await settle(() => calls[0]?.reject(new Error('500: {"message":"boom"}')));
    expect(result.current).toBe('available');
  });

  it('does not check a username shorter than 3 characters', () => {
    const { check } = manualCheck();
    const { result, rerender } = renderAvailability(check);
    rerender({ value: 'ad' });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(check).not.toHaveBeenCalled();
    expect(result.current).toBe('idle');
  });

  it('does not check an email lacking @ or a dot', () => {
    const { check } = manualCheck();
    const { rerender } = renderAvailability(check, '', isCheckableEmail);
    rerender({ value: 'ada@example' });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    rerender({ value: 'ada.example.com' });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(check).not.toHaveBeenCalled();
    rerender({ value: 'ada@example.com' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(check).toHaveBeenCalledWith('ada@example.com', expect.any(AbortSignal));
  });

  it('forgets a result once the value changes', async () => {
    const { calls, check } = manualCheck();
    const { result, rerender } = renderAvailability(check);
    rerender({ value: 'ada' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await settle(() => calls[0]?.resolve(false));
    expect(result.current).toBe('taken');
    rerender({ value: 'adam' });
    expect(result.current).toBe('idle');
  });
});
