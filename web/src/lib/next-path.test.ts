// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextPathFrom, signInHref } from './next-path';

describe('nextPathFrom', () => {
  it('keeps a path of this app with its query', () => {
    expect(nextPathFrom('?next=%2Fproject%2F12')).toBe('/project/12');
    expect(nextPathFrom(`?next=${encodeURIComponent('/ideate?chat=3')}&tab=signup`)).toBe('/ideate?chat=3');
  });

  it('ignores anything that could lead out of the app', () => {
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(nextPathFrom(`?next=${encodeURIComponent(next)}`)).toBeNull();
    }
    expect(nextPathFrom('?connect=abc')).toBeNull();
    expect(nextPathFrom(`?next=${encodeURIComponent('/x\n//evil')}`)).toBeNull();
  });

  it('round-trips through the sign-in address', () => {
    const href = signInHref('/join/7', 'signup');
    expect(href.startsWith('/?')).toBe(true);
    const search = href.slice(1);
    expect(nextPathFrom(search)).toBe('/join/7');
    expect(new URLSearchParams(search).get('tab')).toBe('signup');
  });
});
