import { describe, expect, it } from 'vitest';
import { notificationTarget } from './target';

const withData = (data: Record<string, unknown>) => ({ data });

describe('notificationTarget', () => {
  it('goes to the project when the notification names one', () => {
    expect(notificationTarget(withData({ projectId: 12, url: '/rewards' }))).toBe('/project/12');
  });

  it('else goes to data.url', () => {
    expect(notificationTarget(withData({ url: '/rewards' }))).toBe('/rewards');
  });

  it.each([
    ['https://evil.example/x'],
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['javascript:alert(1)'],
    [42],
  ])('never follows %s', (url) => {
    expect(notificationTarget(withData({ url }))).toBeNull();
  });

  it('goes nowhere without data', () => {
    expect(notificationTarget(withData({}))).toBeNull();
  });
});
