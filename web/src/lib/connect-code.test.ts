// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { asConnectCode, connectCodeFromText, connectCodeOfSearch, connectLink } from './connect-code';

describe('connect codes', () => {
  it('builds the profile link from the code, never an id', () => {
    expect(connectLink('https://grow.example', 'k3J9-x_Qa')).toBe(
      'https://grow.example/profile?connect=k3J9-x_Qa',
    );
  });

  it('reads a pasted link from any origin, a root link, or a bare code', () => {
    expect(connectCodeFromText('https://grow.example/profile?connect=k3J9-x_Qa')).toBe('k3J9-x_Qa');
    expect(connectCodeFromText('  http://localhost:5000/?connect=abc123&x=1 ')).toBe('abc123');
    expect(connectCodeFromText('grow.example/profile?connect=abc123')).toBe('abc123');
    expect(connectCodeFromText('abc123')).toBe('abc123');
    expect(connectCodeFromText(' 3f9a0c7e1b2d4a5f8e6c9b0a1d2e3f4a ')).toBe(
      '3f9a0c7e1b2d4a5f8e6c9b0a1d2e3f4a',
    );
  });

  it('is null for text that is neither', () => {
    expect(connectCodeFromText('')).toBeNull();
    expect(connectCodeFromText('https://grow.example/profile')).toBeNull();
    expect(connectCodeFromText('hello world')).toBeNull();
    expect(connectCodeFromText('https://grow.example/profile?connect=a%2Fb')).toBeNull();
  });

  it('reads the ?connect= of a search string', () => {
    expect(connectCodeOfSearch('?connect=abc')).toBe('abc');
    expect(connectCodeOfSearch('?tab=x')).toBeNull();
    expect(asConnectCode('<b>')).toBeNull();
  });
});
