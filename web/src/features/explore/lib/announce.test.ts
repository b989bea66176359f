// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { requestFailedToast, supportedToast, supportFailedToast } from './announce';

describe('what supporting says', () => {
  it('names the coins the answer gave', () => {
    expect(supportedToast({ coinsEarned: 25, coinsCapped: false })).toMatchObject({
      title: 'Project Supported!',
      description: 'You earned 25 coins for supporting this project.',
    });
  });

  it("past today's cap, says it earned nothing, naming supports", () => {
    expect(supportedToast({ coinsEarned: 0, coinsCapped: true }).description).toBe(
      "You've reached today's coin limit for supporting projects, so this one earned no coins.",
    );
  });

  it('never names an amount the answer did not give', () => {
    expect(supportedToast({ coinsEarned: 0, coinsCapped: false }).description).toBe(
      'Thanks for supporting this project.',
    );
  });

  it('too many tries (429) says how long to wait', () => {
    const limited = new ApiError(429, '', null, '', 42);
    expect(supportFailedToast(limited).description).toBe('Too many tries. Wait 42 s and try again.');
    expect(requestFailedToast(limited).description).toBe('Too many tries. Wait 42 s and try again.');
  });
});
