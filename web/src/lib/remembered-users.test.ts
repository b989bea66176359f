import { beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED_USERS,
  REMEMBERED_USERS_KEY,
  forgetUser,
  loadRememberedUsers,
  rememberUser,
  type RememberedUser,
} from './remembered-users';

function stored(): unknown {
  const raw = localStorage.getItem(REMEMBERED_USERS_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function entry(n: number): RememberedUser {
  return { username: `user${n}`, firstName: `First${n}`, rememberToken: `token${n}` };
}

beforeEach(() => localStorage.clear());

describe('loadRememberedUsers', () => {
  it('returns an empty list when nothing is stored', () => {
    expect(loadRememberedUsers()).toEqual([]);
    expect(localStorage.getItem(REMEMBERED_USERS_KEY)).toBeNull();
  });

  it('removes unparsable data', () => {
    localStorage.setItem(REMEMBERED_USERS_KEY, '{not json');
    expect(loadRememberedUsers()).toEqual([]);
    expect(localStorage.getItem(REMEMBERED_USERS_KEY)).toBeNull();
  });

  it('removes data that is not a list', () => {
    localStorage.setItem(REMEMBERED_USERS_KEY, JSON.stringify({ username: 'amy' }));
    expect(loadRememberedUsers()).toEqual([]);
    expect(localStorage.getItem(REMEMBERED_USERS_KEY)).toBeNull();
  });

  it('drops entries lacking a username or a token, and legacy password entries, then writes back', () => {
    localStorage.setItem(
      REMEMBERED_USERS_KEY,
      JSON.stringify([
        { username: 'amy', firstName: 'Amy', rememberToken: 't-amy' },
        { username: 'bob', firstName: 'Bob', password: 'hunter2' },
        { firstName: 'NoName', rememberToken: 't-x' },
        { username: 'cat', firstName: 'Cat', rememberToken: '' },
        null,
        'junk',
      ]),
    );
    const users = loadRememberedUsers();
    expect(users).toEqual([{ username: 'amy', firstName: 'Amy', rememberToken: 't-amy' }]);
    expect(stored()).toEqual(users);
    expect(JSON.stringify(stored())).not.toContain('hunter2');
  });

  it('never carries a password field forward, even on a complete entry', () => {
    localStorage.setItem(
      REMEMBERED_USERS_KEY,
      JSON.stringify([{ username: 'amy', firstName: 'Amy', rememberToken: 't', password: 'secret' }]),
    );
    expect(loadRememberedUsers()).toEqual([{ username: 'amy', firstName: 'Amy', rememberToken: 't' }]);
    expect(localStorage.getItem(REMEMBERED_USERS_KEY)).not.toContain('secret');
  });

  it('drops the special names admin and administrator', () => {
    localStorage.setItem(
      REMEMBERED_USERS_KEY,
      JSON.stringify([
        { username: 'admin', firstName: 'A', rememberToken: 't1' },
        { username: 'Administrator', firstName: 'B', rememberToken: 't2' },
        entry(1),
      ]),
    );
    expect(loadRememberedUsers()).toEqual([entry(1)]);
  });

  it('keeps at most 5 entries', () => {
    const many = Array.from({ length: 7 }, (_, i) => entry(i));
    localStorage.setItem(REMEMBERED_USERS_KEY, JSON.stringify(many));
    const users = loadRememberedUsers();
    expect(users).toHaveLength(MAX_REMEMBERED_USERS);
    expect(users).toEqual(many.slice(0, 5));
    expect(stored()).toEqual(many.slice(0, 5));
  });
});

describe('rememberUser', () => {
  it('puts the newest entry first', () => {
    rememberUser(entry(1));
    rememberUser(entry(2));
    expect(loadRememberedUsers().map((u) => u.username)).toEqual(['user2', 'user1']);
  });

  it('replaces an entry with the same username and moves it to the front', () => {
    rememberUser(entry(1));
    rememberUser(entry(2));
    rememberUser({ username: 'user1', firstName: 'First1', rememberToken: 'fresh' });
    expect(loadRememberedUsers()).toEqual([
      { username: 'user1', firstName: 'First1', rememberToken: 'fresh' },
      entry(2),
    ]);
  });

  it('drops the oldest entry beyond 5', () => {
    for (let i = 1; i <= 6; i += 1) rememberUser(entry(i));
    expect(loadRememberedUsers().map((u) => u.username)).toEqual([
      'user6',
      'user5',
      'user4',
      'user3',
      'user2',
    ]);
  });
});

describe('forgetUser', () => {
  it('removes only that username', () => {
    rememberUser(entry(1));
    rememberUser(entry(2));
    expect(forgetUser('user1')).toEqual([entry(2)]);
    expect(stored()).toEqual([entry(2)]);
  });
});
