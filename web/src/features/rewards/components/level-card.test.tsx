import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LevelCard } from './level-card';

const fresherI = { number: 1, name: 'Fresher I', floor: 0, nextFloor: 5000, nextName: 'Fresher II' };
const fresherII = { number: 2, name: 'Fresher II', floor: 5000, nextFloor: 10000, nextName: 'Fresher III' };

describe('LevelCard: the level-up burst', () => {
  it('bursts when the level goes up while the screen is open, not on the first showing', () => {
    const { rerender } = render(<LevelCard level={fresherI} lifetimeCoins={4980} />);
    expect(screen.queryByTestId('level-burst')).toBeNull();
    rerender(<LevelCard level={fresherII} lifetimeCoins={5020} />);
    expect(screen.getByTestId('level-burst')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fresher II' })).toBeInTheDocument();
  });

  it('does not burst under prefers-reduced-motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { rerender } = render(<LevelCard level={fresherI} lifetimeCoins={4980} />);
    rerender(<LevelCard level={fresherII} lifetimeCoins={5020} />);
    expect(screen.queryByTestId('level-burst')).toBeNull();
  });
});
