import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import {
  addRecent,
  forgetRecentOf,
  loadRecent,
  RECENT_LIMIT,
  recentKey,
  saveRecent,
} from './recent-searches';

afterEach(() => localStorage.clear());

describe('recent searches', () => {
  it('puts the newest first and moves a repeat (any case) to the front', () => {
    let list = addRecent([], 'react developers');
    list = addRecent(list, 'investors');
    list = addRecent(list, '  React   Developers ');
    expect(list).toEqual(['React Developers', 'investors']);
  });

  it(`keeps at most ${RECENT_LIMIT}`, () => {
    let list: string[] = [];
    for (let n = 1; n <= 12; n += 1) list = addRecent(list, `query ${n}`);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toBe('query 12');
    expect(list.at(-1)).toBe('query 5');
  });

  it('ignores a blank query', () => {
    expect(addRecent(['a'], '   ')).toEqual(['a']);
  });

  it('is kept per account on this device, and cleared', () => {
    saveRecent(7, ['designers', 'investors']);
    expect(loadRecent(7)).toEqual(['designers', 'investors']);
    expect(loadRecent(8)).toEqual([]);
    saveRecent(7, []);
    expect(localStorage.getItem(recentKey(7))).toBeNull();
  });

  it('reads an unreadable or tampered value as nothing, or as its clean strings', () => {
    localStorage.setItem(recentKey(7), 'not json');
    expect(loadRecent(7)).toEqual([]);
    localStorage.setItem(recentKey(7), JSON.stringify({ a: 1 }));
    expect(loadRecent(7)).toEqual([]);
    localStorage.setItem(recentKey(7), JSON.stringify(['ok', 3, '', 'OK', null, 'next']));
    expect(loadRecent(7)).toEqual(['ok', 'next']);
  });
});

describe('an account deleted', () => {
  it('takes its recent searches with it; a logout keeps them', () => {
    saveRecent(7, ['kites']);
    forgetRecentOf({ reason: 'logout', user: makeUser({ id: 7 }) });
    expect(loadRecent(7)).toEqual(['kites']);
    forgetRecentOf({ reason: 'deleted', user: makeUser({ id: 7 }) });
    expect(localStorage.getItem(recentKey(7))).toBeNull();
  });
});
