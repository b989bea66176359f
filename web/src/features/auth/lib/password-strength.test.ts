// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPasswordStrongEnough, passwordScore, strengthMessage, strengthTone } from './password-strength';

describe('passwordScore', () => {
  it.each([
    ['', 0],
    ['abc', 1], // lowercase
    ['abcdefgh', 2], // length + lowercase
    ['Abcdefgh', 3], // + uppercase
    ['Abcdefg1', 4], // + digit
    ['Abcdef1!', 5], // + symbol
    ['ABC', 1],
    ['123', 1],
    ['@$!%*?&', 1],
    ['aB1@', 4], // every class but too short
    ['#########', 1], // '#' is not one of the counted symbols, only the length counts
  ])('scores %j as %i', (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it('counts each of the symbols @$!%*?&', () => {
    for (const symbol of '@$!%*?&') expect(passwordScore(symbol)).toBe(1);
  });
});

describe('strength messages and colours', () => {
  it.each([
    [0, 'Very weak - needs , lowercase, numbers, and symbols', 'red'],
    [1, 'Very weak - needs , lowercase, numbers, and symbols', 'red'],
    [2, 'Weak - missing some required character types', 'red'],
    [3, 'Moderate - add more character types', 'yellow'],
    [4, 'Strong - meets most requirements', 'blue'],
    [5, 'Very strong - meets all requirements', 'green'],
  ])('score %i reads %j in %s', (score, message, tone) => {
    expect(strengthMessage(score)).toBe(message);
    expect(strengthTone(score)).toBe(tone);
  });

  it('needs a score of at least 3', () => {
    expect(isPasswordStrongEnough('abcdefgh')).toBe(false);
    expect(isPasswordStrongEnough('Abcdefgh')).toBe(true);
  });
});
