// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cappedText, coinCount, coinsSentence, paidOf, sentences } from './coins';

describe('coins in words', () => {
  it("names the kind whose daily cap was reached: 'this one earned no coins'", () => {
    expect(cappedText('task')).toBe(
      "You've reached today's coin limit for completing tasks, so this one earned no coins.",
    );
    expect(cappedText('project')).toContain('for creating projects');
    expect(cappedText('support')).toContain('for supporting projects');
    expect(cappedText('connection')).toContain('for new connections');
    expect(cappedText('join')).toContain('for joining projects');
  });

  it('says the amount the answer gave, with its reason', () => {
    expect(
      coinsSentence({ coinsEarned: 25, coinsCapped: false }, 'support', 'for supporting this project'),
    ).toBe('You earned 25 coins for supporting this project.');
    expect(coinsSentence({ coinsEarned: 1 }, 'task')).toBe('You earned 1 coin.');
    expect(coinCount(1250)).toBe('1,250 coins');
  });

  it('says the cap when the answer was capped, even with a reason', () => {
    expect(coinsSentence({ coinsEarned: 0, coinsCapped: true }, 'task', 'for completing "Lid"')).toBe(
      cappedText('task'),
    );
  });

  it('never makes up an amount: nothing said, or 0 without a cap, says nothing', () => {
    expect(coinsSentence({}, 'task')).toBeNull();
    expect(coinsSentence({ coinsEarned: 0, coinsCapped: false }, 'connection')).toBeNull();
    expect(coinsSentence({ coinsEarned: null }, 'join')).toBeNull();
    expect(paidOf({ coinsEarned: 35 })).toEqual({ kind: 'earned', coins: 35 });
  });

  it('joins sentences, leaving out the missing ones', () => {
    expect(sentences('"Lid" is done.', null, undefined, 'More.')).toBe('"Lid" is done. More.');
  });
});
