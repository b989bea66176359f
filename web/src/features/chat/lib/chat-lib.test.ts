import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatFromSearch, chatHref, messagesPath } from './chat-ref';
import { clock, compactCount, membersLabel } from './format';
import { nextSortMode, sortEntries } from './sort';
import { noteTyping, resetTyping, stopTyping, TYPING_HOLD_MS, useTypists } from './typing';

describe('the chat named by the address', () => {
  it('reads ?chat, ?project and ?room, and nothing else', () => {
    expect(chatFromSearch('?chat=12')).toEqual({ kind: 'direct', userId: 12 });
    expect(chatFromSearch('project=5')).toEqual({ kind: 'project', projectId: 5 });
    expect(chatFromSearch('?room=tech')).toEqual({ kind: 'room', slug: 'tech' });
    expect(chatFromSearch('?chat=abc')).toBeNull();
    expect(chatFromSearch('?chat=-1')).toBeNull();
    expect(chatFromSearch('?room=../x')).toBeNull();
    expect(chatFromSearch('')).toBeNull();
  });

  it('gives each chat its address and messages path', () => {
    expect(chatHref({ kind: 'direct', userId: 3 })).toBe('/ideate?chat=3');
    expect(messagesPath({ kind: 'direct', userId: 3 })).toBe('/api/messages/3');
    expect(messagesPath({ kind: 'project', projectId: 4 })).toBe('/api/projects/4/messages');
    expect(messagesPath({ kind: 'room', slug: 'tech' })).toBe('/api/communities/tech/messages');
  });
});

describe('the sort toggle', () => {
  const entries = [
    { name: 'old unread', unread: true, time: 1 },
    { name: 'newest', unread: false, time: 3 },
    { name: 'middle', unread: false, time: 2 },
  ];
  const names = (list: typeof entries) => list.map((e) => e.name);

  it('cycles smart, newest, oldest', () => {
    expect(nextSortMode('smart')).toBe('newest');
    expect(nextSortMode('newest')).toBe('oldest');
    expect(nextSortMode('oldest')).toBe('smart');
  });

  it('smart puts unread first, then the latest; newest and oldest go by time only', () => {
    expect(names(sortEntries(entries, 'smart'))).toEqual(['old unread', 'newest', 'middle']);
    expect(names(sortEntries(entries, 'newest'))).toEqual(['newest', 'middle', 'old unread']);
    expect(names(sortEntries(entries, 'oldest'))).toEqual(['old unread', 'middle', 'newest']);
  });
});

describe('display helpers', () => {
  it('counts members compactly and clocks durations', () => {
    expect(compactCount(845)).toBe('845');
    expect(compactCount(1200)).toBe('1.2k');
    expect(compactCount(12_400)).toBe('12k');
    expect(membersLabel(1)).toBe('1 member');
    expect(membersLabel(623)).toBe('623 members');
    expect(clock(7)).toBe('0:07');
    expect(clock(75.9)).toBe('1:15');
  });
});

describe('typing…', () => {
  afterEach(() => {
    resetTyping();
    vi.useRealTimers();
  });

  it('is held for three seconds after the last frame, and ends at once with a message', () => {
    vi.useFakeTimers();
    const path = '/api/messages/8';
    const { result } = renderHook(() => useTypists(path));
    expect(result.current).toEqual([]);
    act(() => noteTyping(path, 8));
    expect(result.current).toEqual([8]);
    act(() => {
      vi.advanceTimersByTime(TYPING_HOLD_MS - 100);
    });
    act(() => noteTyping(path, 8));
    act(() => {
      vi.advanceTimersByTime(TYPING_HOLD_MS - 100);
    });
    expect(result.current).toEqual([8]);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(result.current).toEqual([]);
    act(() => noteTyping(path, 8));
    act(() => stopTyping(path, 8));
    expect(result.current).toEqual([]);
  });
});
