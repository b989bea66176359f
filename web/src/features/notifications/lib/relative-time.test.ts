// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime (spec 001 §9)', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000 + 59_999, '59m ago'],
    [3_600_000, '1h ago'],
    [23 * 3_600_000 + 3_599_999, '23h ago'],
    [86_400_000, '1d ago'],
    [45 * 86_400_000, '45d ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(text);
  });

  it('reads a time ahead of our clock as Just now', () => {
    expect(relativeTime(ago(-120_000), NOW)).toBe('Just now');
  });

  it('reads an unreadable time as Just now', () => {
    expect(relativeTime('not a date', NOW)).toBe('Just now');
  });
});
