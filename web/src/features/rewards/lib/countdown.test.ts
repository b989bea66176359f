// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeCountdown, formatCountdown, nextScratchTime, SCRATCH_COOLDOWN_MS } from './countdown';

describe('formatCountdown (spec 000 §4: hh mm ss)', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatCountdown(SCRATCH_COOLDOWN_MS)).toBe('24h 00m 00s');
    expect(formatCountdown((23 * 3600 + 5 * 60 + 9) * 1000)).toBe('23h 05m 09s');
    expect(formatCountdown(61_000)).toBe('00h 01m 01s');
  });

  it('rounds a part-second up, so it never reads zero while time remains', () => {
    expect(formatCountdown(1)).toBe('00h 00m 01s');
    expect(formatCountdown(59_001)).toBe('00h 01m 00s');
  });

  it('reads zero at and after the end', () => {
    expect(formatCountdown(0)).toBe('00h 00m 00s');
    expect(formatCountdown(-5000)).toBe('00h 00m 00s');
  });

  it('has words for screen readers', () => {
    expect(describeCountdown((23 * 3600 + 60 + 9) * 1000)).toBe('23 hours, 1 minute and 9 seconds');
  });
});

describe('nextScratchTime', () => {
  it('is 24 hours after the last scratch', () => {
    expect(nextScratchTime('2025-03-01T10:00:00Z')).toBe(Date.parse('2025-03-02T10:00:00Z'));
  });

  it('is unknown without a last scratch date (or with an unreadable one)', () => {
    expect(nextScratchTime(null)).toBeNull();
    expect(nextScratchTime(undefined)).toBeNull();
    expect(nextScratchTime('not a date')).toBeNull();
  });
});
