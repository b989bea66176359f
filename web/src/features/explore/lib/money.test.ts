// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MIN_PLEDGE_PENCE, poundsToPence, upfrontPence } from './money';

describe('poundsToPence', () => {
  it('turns pounds as typed into integer pence', () => {
    expect(poundsToPence('150')).toBe(15000);
    expect(poundsToPence('100')).toBe(10000);
    expect(poundsToPence('150.5')).toBe(15050);
    expect(poundsToPence('150.05')).toBe(15005);
    expect(poundsToPence('0.01')).toBe(1);
    expect(poundsToPence('.5')).toBe(50);
    expect(poundsToPence('150.')).toBe(15000);
    expect(poundsToPence(' 250.75 ')).toBe(25075);
    expect(poundsToPence('007')).toBe(700);
  });

  it('has no float rounding errors, where parseFloat × 100 has', () => {
    // 1.005 * 100 = 100.49999999999999, 4.35 * 100 = 434.99999999999994, 1001.1 * 100 = 100109.99999999999
    expect(poundsToPence('1.01')).toBe(101);
    expect(poundsToPence('4.35')).toBe(435);
    expect(poundsToPence('1001.1')).toBe(100110);
    expect(poundsToPence('150.29')).toBe(15029);
    expect(poundsToPence('19999999.99')).toBe(1999999999);
  });

  it('refuses anything that is not an amount in pennies', () => {
    for (const text of [
      '',
      ' ',
      '.',
      'abc',
      '£150',
      '-150',
      '+150',
      '1e3',
      '1,000',
      '150.555',
      '150.5.5',
      '0x10',
      'Infinity',
    ])
      expect(poundsToPence(text), text).toBeNull();
  });

  it('refuses an amount too large to count exactly', () => {
    expect(poundsToPence('99999999999999999')).toBeNull();
  });

  it('the minimum pledge is £100', () => {
    expect(MIN_PLEDGE_PENCE).toBe(poundsToPence('100'));
  });
});

describe('upfrontPence', () => {
  it('is 10 %, rounded half up to the penny', () => {
    expect(upfrontPence(15000)).toBe(1500);
    expect(upfrontPence(10000)).toBe(1000);
    expect(upfrontPence(15005)).toBe(1501);
    expect(upfrontPence(15004)).toBe(1500);
    expect(upfrontPence(10009)).toBe(1001);
  });
});
