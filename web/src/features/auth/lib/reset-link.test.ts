// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressWithoutResetToken, parseResetToken } from './reset-link';

describe('parseResetToken', () => {
  it('reads the token, with or without the leading ?', () => {
    expect(parseResetToken('reset=abc123')).toBe('abc123');
    expect(parseResetToken('?reset=abc123')).toBe('abc123');
    expect(parseResetToken('connect=4&reset=%20tok-en_1%20')).toBe('tok-en_1');
  });

  it('is null when the token is missing or blank', () => {
    expect(parseResetToken('')).toBeNull();
    expect(parseResetToken('connect=4')).toBeNull();
    expect(parseResetToken('reset=')).toBeNull();
    expect(parseResetToken('reset=%20%20')).toBeNull();
  });
});

describe('addressWithoutResetToken', () => {
  it('drops reset and keeps the rest', () => {
    expect(addressWithoutResetToken('/', 'reset=abc')).toBe('/');
    expect(addressWithoutResetToken('/', 'reset=abc&connect=4')).toBe('/?connect=4');
    expect(addressWithoutResetToken('/profile', 'connect=4&reset=abc&x=1')).toBe('/profile?connect=4&x=1');
    expect(addressWithoutResetToken('/', '')).toBe('/');
  });
});
