// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routeTitle } from '@/app/shell/route-title';

describe('routeTitle', () => {
  it.each([
    ['/', 'explorer', 'Explore'],
    ['/explore', 'explorer', 'Explore'],
    ['/search', 'explorer', 'Search'],
    ['/create', 'innovator', 'Create'],
    ['/create', 'investor', 'Invest'],
    ['/ideate', 'explorer', 'Ideate'],
    ['/rewards', 'explorer', 'Rewards'],
    ['/profile', 'explorer', 'Profile'],
    ['/design-system', 'explorer', 'Grow'],
    ['/join/3', 'explorer', 'Grow'],
  ] as const)('%s for an %s is titled %s', (path, role, title) => {
    expect(routeTitle(path, role)).toBe(title);
  });
});
