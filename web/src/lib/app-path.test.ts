// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appPath } from './app-path';

const ORIGIN = 'https://grow.example';

describe('appPath', () => {
  it.each([
    ['/projects/3', '/projects/3'],
    ['/ideate?chat=7', '/ideate?chat=7'],
    ['/profile#safety', '/profile#safety'],
    ['/', '/'],
  ])('accepts the same-origin path %s', (path, kept) => {
    expect(appPath(path, ORIGIN)).toBe(kept);
  });

  it.each([
    ['/\\evil.com'],
    ['/\\/evil.com'],
    ['//evil.com'],
    ['/\t/evil.com'],
    ['https://evil.com'],
    ['https://grow.example/projects/3'],
    ['javascript:alert(1)'],
    ['projects/3'],
    [''],
    [42],
    [null],
  ])('refuses %j', (value) => {
    expect(appPath(value, ORIGIN)).toBeNull();
  });
});
