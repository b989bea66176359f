// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatPence } from './money';

describe('formatPence', () => {
  it('shows pence as pounds with two decimals and thousands separators', () => {
    expect(formatPence(1500)).toBe('£15.00');
    expect(formatPence(15000)).toBe('£150.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
  });
});
