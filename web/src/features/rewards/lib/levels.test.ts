// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCoins, LEVELS, levelNumberFor, levelProgress, levelReached } from './levels';

describe('levels (spec 000 §9)', () => {
  it('has the eleven levels at their floors', () => {
    expect(LEVELS).toHaveLength(11);
    expect(LEVELS.map((l) => l.floor)).toEqual([
      0, 5000, 10000, 15000, 25000, 35000, 45000, 60000, 80000, 100000, 150000,
    ]);
    expect(LEVELS[0]?.name).toBe('Fresher I');
    expect(LEVELS[10]?.name).toBe('Legend');
  });

  it('puts every boundary in the level that starts there', () => {
    LEVELS.forEach((level, index) => {
      expect(levelNumberFor(level.floor)).toBe(index + 1);
      if (level.floor > 0) expect(levelNumberFor(level.floor - 1)).toBe(index);
    });
    expect(levelNumberFor(2_000_000)).toBe(11);
  });

  it('names the level reached when a total crosses into a higher one, and nothing otherwise', () => {
    expect(levelReached(4990, 5040)).toBe('Fresher II');
    expect(levelReached(4900, 15000)).toBe('Impact Maker I');
    expect(levelReached(5000, 5100)).toBeNull();
    expect(levelReached(100, 100)).toBeNull();
  });
});

describe('levelProgress: the level bar', () => {
  it('counts the coins within the level over the span to the next', () => {
    expect(levelProgress(12_450, { floor: 10_000, nextFloor: 15_000 })).toEqual({
      within: 2450,
      span: 5000,
      remaining: 2550,
      percent: 49,
      isMax: false,
    });
  });

  it('is empty at a floor and nearly full just under the next', () => {
    expect(levelProgress(0, { floor: 0, nextFloor: 5000 })).toMatchObject({ within: 0, percent: 0 });
    expect(levelProgress(4999, { floor: 0, nextFloor: 5000 })).toMatchObject({
      within: 4999,
      remaining: 1,
      percent: 99.98,
    });
  });

  it('never leaves 0-100 when the total and the level disagree (a stale answer)', () => {
    expect(levelProgress(6000, { floor: 0, nextFloor: 5000 })).toMatchObject({ percent: 100, remaining: 0 });
    expect(levelProgress(10, { floor: 5000, nextFloor: 10000 })).toMatchObject({ percent: 0, within: 0 });
  });

  it('reads MAX LEVEL at the top: full, with nothing left to earn', () => {
    expect(levelProgress(180_000, { floor: 150_000, nextFloor: null })).toEqual({
      within: 30_000,
      span: 0,
      remaining: 0,
      percent: 100,
      isMax: true,
    });
    expect(levelProgress(150_000, { floor: 150_000 })).toMatchObject({ isMax: true, percent: 100 });
  });

  it('formats coins with thousands separators', () => {
    expect(formatCoins(12450)).toBe('12,450');
    expect(formatCoins(0)).toBe('0');
  });
});
