// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance';

describe('formatDistance (spec 001 §9)', () => {
  it('claims no precision under 1 km that the 1 km grid does not have', () => {
    expect(formatDistance(0)).toBe('Under 1 km');
    expect(formatDistance(0.35)).toBe('Under 1 km');
    expect(formatDistance(0.9994)).toBe('Under 1 km');
  });

  it('shows one decimal under 10 km', () => {
    expect(formatDistance(1)).toBe('1.0 km');
    expect(formatDistance(2.44)).toBe('2.4 km');
    expect(formatDistance(9.94)).toBe('9.9 km');
  });

  it('shows whole kilometres from 10 km', () => {
    expect(formatDistance(10)).toBe('10 km');
    expect(formatDistance(12.6)).toBe('13 km');
    expect(formatDistance(343.5)).toBe('344 km');
  });

  it('does not show a distance that rounds into the next unit with the wrong one', () => {
    expect(formatDistance(9.97)).toBe('10 km');
  });

  it('gives nothing for an unknown distance', () => {
    expect(formatDistance(null)).toBeNull();
    expect(formatDistance(undefined)).toBeNull();
    expect(formatDistance(Number.NaN)).toBeNull();
    expect(formatDistance(-1)).toBeNull();
  });
});
