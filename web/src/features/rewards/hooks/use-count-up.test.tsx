import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountUp } from './use-count-up';

function Counter({ value, from }: { value: number; from?: number }) {
  const shown = useCountUp(value, from === undefined ? {} : { from });
  return <p>{shown}</p>;
}

function reducedMotion(on: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: on && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('useCountUp: the coin count-up', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the first value as it is, then counts to a new one', async () => {
    vi.useFakeTimers();
    reducedMotion(false);
    const { rerender } = render(<Counter value={100} />);
    expect(screen.getByText('100')).toBeInTheDocument();
    rerender(<Counter value={200} />);
    await act(() => vi.advanceTimersByTimeAsync(300));
    const midway = Number(screen.getByRole('paragraph').textContent);
    expect(midway).toBeGreaterThan(100);
    expect(midway).toBeLessThan(200);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('200')).toBeInTheDocument();
  });

  it('stops under prefers-reduced-motion: the final value at once', () => {
    reducedMotion(true);
    const { rerender } = render(<Counter value={0} from={0} />);
    rerender(<Counter value={57} from={0} />);
    expect(screen.getByText('57')).toBeInTheDocument();
  });
});
